"""Madness (rules: "Mystery Table" Order 6 "roll for Madness", "A Dark World": darkness is where
hunters are "at their greatest risk of madness"; RULING HR-50)."""

from __future__ import annotations

from beastkit import battle, events
from hypothesis import given, settings
from hypothesis import strategies as st

from hauntkit.rulesets.beast.battle import madness


def _litany(rs, san: int, dice: list[int], lights=None, **units):
    spec = {"fei": {"x": 5, "y": 2, "san": san, "ch": {"paralyze": 0}},
            "cultist-1": {"x": 7, "y": 2}}
    spec.update(units)
    g = battle(rs, ["fei"], ["cultist"], spec, lights=lights, cards=["wrath"], dice=dice)
    g.act(0, {"type": "end_turn"})
    return g


def test_zero_sanity_no_longer_just_leaves_the_battle(rs):
    """HR-50: terror (2-3): the hunter stays, at 1 Sanity, PARALYZED for 1 turn."""
    g = _litany(rs, 2, [4, 4])  # check 4-1 fails; Madness 4-1 = 3: terror
    fei = g.state["units"]["fei"]
    assert events(g, "madness")[-1]["outcome"] == "terror"
    assert fei["alive"] and fei["san"] == 1 and "PARALYZE" in fei["st"]
    assert g.state["hx"]["fei"]["mad"] == 1
    assert g.result() is None


def test_frenzy_gives_berserk_and_lowers_defence(rs):
    """HR-50: frenzy (4-5): BERSERK and DEF_DOWN 1 for 2 turns."""
    g = _litany(rs, 1, [4, 6])  # Madness 6-1 = 5 in darkness: frenzy
    fei = g.state["units"]["fei"]
    assert events(g, "madness")[-1]["outcome"] == "frenzy"
    assert "BERSERK" in fei["st"] and fei["st"]["DEF_DOWN"][1] == 1


def test_light_spares_the_darkness_penalty_and_clarity_costs_no_point(rs):
    """HR-50 and "A Dark World": the -1 applies only in darkness; a 6 is clarity."""
    g = _litany(rs, 2, [3, 6], lights=[[5, 1]])  # lit tile: check 3 < 4 fails; Madness 6
    fei = g.state["units"]["fei"]
    assert events(g, "madness")[-1]["outcome"] == "clarity"
    assert fei["alive"] and fei["san"] == 1 and fei["st"] == {}
    assert g.state["hx"]["fei"]["mad"] == 0


def test_the_third_madness_point_breaks_the_hunter(rs):
    """HR-50: a hunter reaching 3 madness points is broken whatever it rolls."""
    g = battle(rs, ["fei"], ["cultist"],
               {"fei": {"x": 5, "y": 2, "san": 2, "ch": {"paralyze": 0}},
                "cultist-1": {"x": 7, "y": 2}}, cards=["wrath"], dice=[4, 6])
    g.state["hx"] = {"fei": {"mad": 2}}
    g.act(0, {"type": "end_turn"})
    assert events(g, "madness")[-1]["outcome"] == "broken"
    assert not g.state["units"]["fei"]["alive"]


def test_madness_points_are_public_in_every_view(rs):
    g = _litany(rs, 2, [4, 4])
    assert g.view(0)["hx"] == {"fei": {"mad": 1}} == g.view(None)["hx"]


def test_roll_for_madness_between_battles_updates_the_party_record():
    """Mystery Table, Order 6: 'must roll for Madness' outside a battle (HR-50)."""
    rec = {"hunter": "joe", "sanity": 0, "madness": 0}
    assert madness.roll_for_record(rec, 3) == "terror"
    assert rec == {"hunter": "joe", "sanity": 1, "madness": 1}
    assert madness.roll_for_record(rec, 2, dark=True) == "broken"  # 2 - 1 = 1
    assert rec["broken"] is True and rec["madness"] == 2


@settings(max_examples=40, deadline=None)
@given(roll=st.integers(1, 6), mod=st.integers(-1, 0), pts=st.integers(0, 2))
def test_the_madness_table_is_monotonic_and_capped(roll, mod, pts):
    """HR-50: higher totals are never worse; points never exceed the cap."""
    order = madness.OUTCOMES
    result, new = madness.resolve(roll, mod, pts)
    assert new <= madness.MAX_POINTS
    assert new == pts + (result != "clarity") or result == "broken"
    if roll < 6:
        better, _ = madness.resolve(roll + 1, mod, pts)
        assert order.index(better) >= order.index(result)
