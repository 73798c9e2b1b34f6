"""Simulation: full bot games, caps, failures reported with their seed, totals."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from minirace import Race

from hauntkit.bots import get_bot
from hauntkit.core import Game
from hauntkit.sim.report import summarize, wilson
from hauntkit.sim.runner import GameRecord, SimulationError, play_game
from hauntkit.sim.simulate import SimSpec, simulate


class CrashingRace(Race):
    """Raises on the fifth bump."""

    def apply(self, state, seat, action):
        if action["type"] == "bump" and state["bumps"] == 4:
            raise KeyError("boom")
        super().apply(state, seat, action)


class StuckRace(Race):
    def to_act(self, state):
        return [] if state["turns"] >= 3 else super().to_act(state)


class LeakyRace(Race):
    def apply(self, state, seat, action):
        super().apply(state, seat, action)
        if state["turns"] == 5:
            state["pos"][0] = -1


def test_play_game_plays_to_a_result():
    game, record = play_game(Race(), {"players": 4}, 3)
    assert game.result() is not None and not record.capped
    assert record.actions == len(game.state["history"])
    assert record.outcome == game.result()["winner"]
    assert record.stats["turns"] == game.state["turns"]


def test_a_cap_is_reported_as_capped():
    _, record = play_game(Race(), {"players": 2}, 3, max_actions=5)
    assert record.capped and record.outcome == "capped" and record.actions == 5
    summary = summarize([record], {})
    assert summary["capped"] == 1 and summary["outcomes"]["capped"]["games"] == 1


@pytest.mark.parametrize(("ruleset", "message"), [
    (CrashingRace(), "KeyError: 'boom'"),
    (StuckRace(), "no seat has a decision to make"),
])
def test_a_failing_game_names_its_seed(ruleset, message):
    with pytest.raises(SimulationError) as info:
        for seed in range(20):
            play_game(ruleset, {"players": 3}, seed, get_bot("random"), index=seed)
    assert message in str(info.value)
    assert f"(seed {info.value.seed})" in str(info.value)
    # the seed reproduces it
    with pytest.raises(SimulationError):
        play_game(ruleset, {"players": 3}, info.value.seed, get_bot("random"))


def test_invariant_checks_catch_a_broken_state():
    play_game(LeakyRace(), {"players": 3}, 1)  # unchecked: goes unnoticed
    with pytest.raises(SimulationError, match="invariant broken.*pos\\[0\\]=-1"):
        play_game(LeakyRace(), {"players": 3}, 1, check_invariants=True)


def test_wilson_interval_known_values():
    low, high = wilson(5, 10)
    assert round(low, 4) == 0.2366 and round(high, 4) == 0.7634
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_summary_aggregates_numbers_booleans_and_strings():
    records = [
        GameRecord(0, 0, 10, False, {"winner": "heroes"},
                   {"winner": "heroes", "turns": 4, "haunt": "bride", "deaths": {"heroes": 1},
                    "haunt_started": True}),
        GameRecord(1, 1, 30, False, {"winner": "traitor"},
                   {"winner": "traitor", "turns": 8, "haunt": "bride", "deaths": {"heroes": 3},
                    "haunt_started": False}),
        GameRecord(2, 2, 20, False, {"winner": "house"},
                   {"winner": "house", "turns": 6, "haunt": None, "deaths": {"heroes": 0},
                    "haunt_started": False}),
    ]
    s = summarize(records, {"ruleset": "x"})
    assert s["outcomes"]["heroes"]["games"] == 1
    assert s["outcomes"]["heroes"]["rate"] == pytest.approx(1 / 3, abs=1e-4)
    assert s["figures"]["turns"] == {"mean": 6.0, "min": 4, "max": 8, "total": 18}
    assert s["figures"]["deaths.heroes"]["total"] == 4
    assert s["figures"]["haunt_started"] == {"games": 3, "true": 1, "rate": 0.3333}
    assert s["counts"]["haunt"] == {"None": 1, "bride": 2}
    assert s["figures"]["games with a haunt"] == {"games": 3, "true": 2, "rate": 0.6667}
    assert s["actions"]["mean"] == 20.0


def test_workers_give_the_same_totals_as_one_process(tmp_path: Path):
    spec = SimSpec("race", games=6, seed=10, players=3)
    one = simulate(spec, 1, Race())
    spec_saves = SimSpec("race", games=6, seed=10, players=3, save_dir=str(tmp_path))
    two = simulate(spec_saves, 2)
    one.pop("per_game"), two.pop("per_game")
    assert one == two
    saves = sorted(tmp_path.glob("*.json"))
    assert len(saves) == 6
    save = orjson.loads(saves[0].read_bytes())
    assert Game.replay(save, Race()).state == save["state"]


def test_a_game_ended_without_a_winner_is_reported_as_such():
    game, record = play_game(Race(), {"players": 2, "max_turns": 3, "length": 90}, 1)
    assert game.result() == {"winner": "draw", "reason": "turn limit"}
    assert record.outcome == "draw" and not record.capped
    nobody = GameRecord(0, 0, 5, False, {"reason": "round limit"}, {"winner": None})
    assert nobody.outcome == "no winner"
