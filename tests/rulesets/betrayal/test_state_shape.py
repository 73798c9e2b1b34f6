"""The state's shape is written once (rulesets/betrayal/state.py): docs/state.md is generated
from it, the states of real games (betrayal and legacy, random bots) have exactly its keys, and
``upgrade_state`` turns a state saved with the old keys into today's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest

from hauntkit.bots import get_bot
from hauntkit.core.game import Game
from hauntkit.core.ruleset import get_ruleset
from hauntkit.rulesets.betrayal.state import (
    DOC_PATH,
    BetrayalState,
    Choice,
    Explorer,
    Frame,
    HauntInPlay,
    LegacyState,
    Monster,
    MonsterTurn,
    Result,
    Turn,
    state_doc,
    upgrade_state,
)
from hauntkit.sim.runner import play_game


def test_state_doc_is_up_to_date() -> None:
    assert DOC_PATH.read_text() == state_doc(), \
        "docs/state.md is out of date: run `python -m hauntkit.rulesets.betrayal.state`"


def _fits(value: dict[str, Any], shape: Any, where: str) -> None:
    keys = set(value)
    missing = shape.__required_keys__ - keys
    unknown = keys - shape.__required_keys__ - shape.__optional_keys__
    assert not missing and not unknown, f"{where}: missing {missing}, unknown {unknown}"


def _check(state: dict[str, Any], shape: Any) -> None:
    _fits(state, shape, "state")
    for i, e in enumerate(state["explorers"]):
        _fits(e, Explorer, f"explorers.{i}")
    for mid, m in state["monsters"].items():
        _fits(m, Monster, f"monsters.{mid}")
    _fits(state["turn"], Turn, "turn")
    for mid, mt in state["turn"]["monster_turns"].items():
        _fits(mt, MonsterTurn, f"turn.monster_turns.{mid}")
    if state["haunt"] is not None:
        _fits(state["haunt"], HauntInPlay, "haunt")
    for frame in state["effect_stack"]:
        if frame["op"] == "fx":
            _fits(frame, Frame, "effect_stack frame")
    if state["choice"] is not None:
        assert Choice.__required_keys__ <= set(state["choice"])
    if state["result"] is not None:
        _fits(state["result"], Result, "result")


@pytest.mark.parametrize(("ruleset_id", "shape"), [("betrayal", BetrayalState),
                                                   ("legacy", LegacyState)])
@pytest.mark.parametrize("seed", [0, 1])
def test_game_states_have_the_declared_keys(ruleset_id: str, shape: Any, seed: int) -> None:
    def on_action(game: Any, seat: int, action: dict[str, Any]) -> None:
        _check(game.state, shape)

    game, _ = play_game(get_ruleset(ruleset_id), {}, seed, get_bot("random"),
                        on_action=on_action)
    _check(game.state, shape)


def answer_what_the_old_rules_never_asked(game: Game) -> None:
    """Answer the questions today's rules ask and the rules of the saved games did not, as
    those rules decided: the receiver of a GIVE takes the card (RULING HB-26); a drop or pick
    up of one card stops there (RULING HB-2); a new Legacy heirloom takes the suggested name
    (RULING HL-26)."""
    while (ch := game.state["choice"]) is not None and ch["kind"] in ("accept", "drop",
                                                                        "pick_up",
                                                                        "name_heirloom"):
        if ch["kind"] == "accept":
            game.act(ch["seat"], {"type": "accept", "accept": True})
        elif ch["kind"] == "name_heirloom":
            game.act(ch["seat"], ch["opts"][0])
        else:
            game.act(ch["seat"], {"type": ch["kind"], "card": None})


def test_upgrade_state_renames_the_keys_of_states_saved_before_the_rename() -> None:
    """States saved mid-game with the old keys (``ex``, ``mon``, ``fx``...; log left out) become,
    once upgraded, exactly the states today's engine reaches by replaying their history: the
    same keys in the same order and the same values. (The legacy state is its saved game after
    8 actions: later ones were played under rules since changed, the free-play haunt chart and
    the Sewing Room's cost, RULINGS HL-20, HL-22; up to there both codes reach the same state.)"""
    saved = orjson.loads((Path(__file__).with_name("fixtures")
                          / "states_with_old_keys.json").read_bytes())
    for old in saved:
        assert "ex" in old and "explorers" not in old
        game = Game.new(get_ruleset(old["ruleset"]), old["config"], old["seed"])
        for seat, action in old["history"]:
            game.act(seat, action)
            answer_what_the_old_rules_never_asked(game)
        now = {k: v for k, v in game.state.items() if k != "log"}
        expected = upgrade_state(old)
        # the answers added to the history (and counted in its version) are today's rules'
        expected["history"], expected["version"] = now["history"], now["version"]
        for key in ("names", "boxes_used"):  # Legacy's later bookkeeping: names given by
            if key in now.get("legacy", {}):  # those answers (HL-26), haunt boxes used (HL-25)
                expected["legacy"][key] = now["legacy"][key]
        # Legacy's family members' first names and ages came later (HL-28): a state saved
        # before has none (its explorers are named by family alone)
        now_then = {**now, "explorers": [{k: v for k, v in e.items()
                                          if k not in ("given_name", "age")}
                                         for e in now["explorers"]]}
        assert orjson.dumps(expected) == orjson.dumps(now_then)
        assert upgrade_state(now) is now  # today's keys: unchanged


def test_a_game_stored_with_the_old_keys_restores() -> None:
    """A game stored by a server before the rename (its snapshot with the old keys, its later
    moves as action rows) is restored in today's shape and plays on (``Game.stored``, used by
    the server's ``restore`` and by ``Game.load``)."""
    from hauntkit.server.db import GameRecord
    from hauntkit.server.rooms import restore

    old = orjson.loads((Path(__file__).with_name("fixtures")
                        / "states_with_old_keys.json").read_bytes())[0]
    rs = get_ruleset(old["ruleset"])
    snapshot = {**old, "log": []}
    replayed = Game.new(rs, old["config"], old["seed"])
    for seat, action in old["history"]:
        replayed.act(seat, action)
        answer_what_the_old_rules_never_asked(replayed)
    rows = []
    for n in range(3):  # three moves after the snapshot, stored as rows
        seat = replayed.to_act()[0]
        action = replayed.legal_actions(seat)[0]
        replayed.act(seat, action)
        # versions count from the snapshot's (the replay above also holds today's answers)
        rows.append({"n": n + 1, "seat": seat, "action": action,
                     "version": old["version"] + n + 1})
    rec = GameRecord(id="g", ruleset=rs.id, title="", status="active", seats=[],
                     host_token_hash="x", config=old["config"], seed=old["seed"],
                     version=old["version"] + 3, state=snapshot, result=None,
                     dev=False, created=0.0, updated=0.0)
    game = restore(rs, rec, rows)
    assert "explorers" in game.state and "ex" not in game.state
    counts = ("log", "history", "version")  # the answers today's rules add are not in the row
    assert {k: v for k, v in game.state.items() if k not in counts} == \
        {k: v for k, v in replayed.state.items() if k not in counts}
    loaded = Game.load({"format": 1, "ruleset": rs.id, "seed": old["seed"],
                        "config": old["config"], "history": old["history"],
                        "state": snapshot})
    assert "explorers" in loaded.state
