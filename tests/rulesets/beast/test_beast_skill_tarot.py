"""Nysa's Tarot (rules: "Great Arcana (Nysa)" / Tarot Summoning: "randomly draw one of the Tarot
cards containing the 18 adversaries"; RULING HR-110: the 18 spirits are our own content)."""

from __future__ import annotations

from beastkit import battle
from test_skill_nysa import ALL_FORMED  # every formation at its top: the Great Arcana (HR-56)

from hauntkit.rulesets.beast.hunters.skills import carry_out


def _nysa(rs, hx):
    spec = {"nysa": {"x": 5, "y": 2}, "joe": {"x": 5, "y": 3}, "thug-1": {"x": 8, "y": 2}}
    return battle(rs, ["nysa", "joe"], ["thug"], spec, hands={"nysa": []}, hx={"nysa": hx})


def test_the_tarot_holds_18_spirits_each_on_its_own_card(rs):
    """Great Arcana: "the Tarot cards containing the 18 adversaries": 18 spirits, one per card,
    none of them one of the pack's enemies (the Tarot is its own deck, HR-110)."""
    assert len(rs.c.tarot) == 18
    assert len({s.card for s in rs.c.tarot.values()}) == 18
    assert not set(rs.c.tarot) & set(rs.c.enemies)
    assert len({s.name for s in rs.c.tarot.values()}) == 18


def test_each_spirit_gives_exactly_the_four_gifts_the_document_lists(rs):
    """Tarot Summoning: her Melee Attack set to the spirit's, the spirit's Range Attack, its
    Special 1 with a 2-round cool down and its Special 2 once per battle."""
    gained = rs.c.gained["nysa"]
    for sid, spirit in rs.c.tarot.items():
        assert gained[f"tarot-{sid}-s1"].cooldown == 2
        assert gained[f"tarot-{sid}-s2"].charges == 1
        assert (f"tarot-{sid}-range" in gained) == (spirit.ranged is not None)
        if spirit.ranged is not None:
            assert gained[f"tarot-{sid}-range"].attack == spirit.ranged.attack


def test_every_spirit_can_be_drawn(rs):
    """Tarot Summoning: the draw is random over the whole Tarot."""
    seen = set()
    for seed in range(300):
        g = _nysa(rs, {"arcana": ALL_FORMED})
        g.state["rng"]["s"] = seed
        g.act(0, {"type": "tarot", "unit": "nysa"})
        seen.add(g.state["hx"]["nysa"]["tarot"])
        if len(seen) == 18:
            break
    assert seen == set(rs.c.tarot)


def test_a_bound_spirit_lends_its_melee_and_specials_but_not_its_other_stats(rs):
    """Tarot Summoning: The Devil's spirit (melee 4, Hellfire Pact) sets Nysa's melee value and
    gives its Special 1 as her action with a 2-round cool down and Special 2 once a battle;
    "Nysa does not benefit from the Tarot Spirits other Stats" (her HP and defence stay); the
    bond rides with her record until she summons again."""
    g = _nysa(rs, {"arcana": ALL_FORMED, "tarot": "the-devil"})
    nysa = g.state["units"]["nysa"]
    assert rs.melee_value(g.state, nysa) == rs.c.tarot["the-devil"].melee == 4
    assert nysa["max"] == rs.c.hunters["nysa"].hp
    s1 = [a for a in g.legal_actions(0) if a.get("ability") == "tarot-the-devil-s1"]
    assert s1 and {a["target"] for a in s1} == {"thug-1"}
    g.act(0, s1[0])
    assert nysa["cd"]["tarot-the-devil-s1"] == 2
    assert any(e["type"] == "ability" and e.get("ability") == "tarot-the-devil-s1"
               for e in g.state["log"])
    assert carry_out(g.state)["nysa"]["tarot"] == "the-devil"
