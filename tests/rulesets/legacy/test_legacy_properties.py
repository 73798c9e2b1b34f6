"""Hypothesis: random legal play of Legacy games keeps the rules that hold at every moment."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hauntkit.core.game import Game
from hauntkit.core.ruleset import get_ruleset

RS = get_ruleset("legacy")


def _check(s: dict, rs) -> None:
    # "Ten Ways" 2: no discard piles, nothing set aside (buried instead)
    assert all(not pile for pile in s["discard"].values())
    assert s["aside"] == []
    t = s["turn"]
    # "Actions": each action word at most once a turn
    assert len(t.get("words", [])) == len(set(t.get("words", [])))
    # "Monsters": they never carry anything
    assert all(not m["cards"] for m in s["monsters"].values())
    if s["haunt"] is None:
        # "Critical Traits" (B2): nobody dies and no trait leaves its track before the haunt
        assert all(e["alive"] and min(e["traits"].values()) >= 0 for e in s["explorers"])
    for seat in rs.to_act(s):
        legal = rs.legal_actions(s, seat)
        if s["choice"] is None and s["haunt"] is None:
            assert not any(a["type"] == "attack" for a in legal)  # "Attack": not before
        used = s["explorers"][seat]["used"] if s["turn"]["who"] == seat else []
        for a in legal:  # only unused cards are used, dropped or given
            if a["type"] in ("use", "drop", "give") and s["choice"] is None:
                assert a["card"] not in used or a["card"] not in RS.ix.cards


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4, 5]), data=st.data())
def test_random_play_keeps_the_legacy_rules(seed, players, data):
    g = Game.new(RS, {"players": players}, seed=seed)
    for _ in range(400):
        s = g.state
        if s["result"] is not None:
            break
        _check(s, RS)
        seat = RS.to_act(s)[0]
        legal = RS.legal_actions(s, seat)
        g.act(seat, legal[data.draw(st.integers(0, len(legal) - 1))])
    _check(g.state, RS)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4, 5]),
       haunt=st.sampled_from(["the_changeling", "the_moth_swarm", "the_heart_in_the_jar"]),
       data=st.data())
def test_random_play_of_the_haunt_variants(seed, players, haunt, data):
    """The hidden-traitor, no-traitor (swarm) and dead-monster haunts (rulebook "Hidden
    Traitor", "Monsters") keep the rules too, and a hidden traitor stays out of the others'
    views until revealed."""
    g = Game.new(RS, {"players": players, "haunt": haunt, "haunt_threshold": 1}, seed=seed)
    for _ in range(500):
        s = g.state
        if s["result"] is not None:
            break
        _check(s, RS)
        h = s["haunt"]
        if h is not None and h["hidden"] and not h["revealed"]:
            for seat in range(players):
                if seat != h["traitor"]:
                    view = RS.view(s, seat)
                    assert view["haunt"]["traitor"] is None
                    assert all(e["side"] != "traitor" for e in view["explorers"])
        seat = RS.to_act(s)[0]
        legal = RS.legal_actions(s, seat)
        g.act(seat, legal[data.draw(st.integers(0, len(legal) - 1))])
    _check(g.state, RS)
