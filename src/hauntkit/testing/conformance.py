"""``check_ruleset``: the conformance suite every ruleset runs (hypothesis, random legal play).

Each example plays one game: a config and a seed, then up to ``max_actions`` actions, each
drawn from ``legal_actions`` of a seat in ``to_act``. Because every choice is drawn by
hypothesis (``strategies.data()``), a failing game shrinks to a short list of actions, which the
failure report prints. Along the game it checks that:

- no legal action raises, and a game that is not over always has a seat with a legal action;
- the state (and every view) survives a JSON round trip unchanged, after every action;
- illegal actions (a legal one with a field changed, removed or added, an unknown type, a seat
  that is not to act, something that is not an action) are refused with an ``ActionError`` and
  leave the state byte for byte as it was;
- every seat's and the spectator's view stay byte-identical when the hidden information is
  permuted: the ruleset's ``shuffle_hidden(state, rng)`` (deck and stack order) and the
  generator's state;
- a save taken at a random point loads to the same state and, given the remaining actions,
  reaches the same final state; ``Game.replay`` of the final save rebuilds it exactly, and so
  does a second game from the same config and seed (determinism);
- the ruleset's invariants hold at those random points.
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from typing import Any

import orjson
from hypothesis import HealthCheck, given, note, settings, strategies

from hauntkit.core.actions import written_variant
from hauntkit.core.errors import ActionError
from hauntkit.core.game import Game
from hauntkit.core.ruleset import Action, Ruleset, get_ruleset

JUNK: tuple[Any, ...] = (None, -1, 999, "nope", "", True, 1.5, [], {}, ["x"], {"id": "x"})


class ConformanceError(AssertionError):
    """A ruleset broke a rule of the conformance suite (the message says which, and where)."""


def _dumps(value: Any) -> bytes:
    return orjson.dumps(value)


def _seats(game: Game, seen: set[int]) -> list[int | None]:
    players = game.state.get("config", {}).get("players")
    seats = set(range(players)) if isinstance(players, int) else set()
    return [None, *sorted(seats | seen)]


def _views(game: Game, seats: Sequence[int | None]) -> dict[int | None, bytes]:
    return {seat: _dumps(game.ruleset.view(game.state, seat)) for seat in seats}


def _round_trip(what: str, value: Any) -> None:
    if orjson.loads(_dumps(value)) != value:
        raise ConformanceError(f"{what} does not survive a JSON round trip (a tuple, a set, a "
                               "non-string key or another non-JSON value is in it)")


def _illegal_candidates(data: strategies.DataObject, game: Game, seat: int, legal: list[Action],
                        pool: list[Any]) -> list[tuple[int, Any]]:
    """A few actions that are probably illegal now: drawn mutations of legal ones."""
    out: list[tuple[int, Any]] = []
    base = dict(data.draw(strategies.sampled_from(legal), label="illegal: base action"))
    fields = sorted(k for k in base if k != "type")
    how = data.draw(strategies.sampled_from(["change", "remove", "add", "type", "seat", "shape"]),
                    label="illegal: how")
    if how == "change" and fields:
        field = data.draw(strategies.sampled_from(fields), label="illegal: field")
        base[field] = data.draw(strategies.sampled_from([*pool, *JUNK]), label="illegal: value")
        out.append((seat, base))
    elif how == "remove" and fields:
        base.pop(data.draw(strategies.sampled_from(fields), label="illegal: field"))
        out.append((seat, base))
    elif how == "add":
        base["zz_extra"] = 1
        out.append((seat, base))
    elif how == "type":
        base["type"] = data.draw(strategies.sampled_from(["zz_no_such_action", "", "END_TURN"]),
                                 label="illegal: type")
        out.append((seat, base))
    elif how == "seat":
        waiting = set(game.to_act())
        others = [s for s in range(max(waiting, default=0) + 3) if s not in waiting]
        out.append((data.draw(strategies.sampled_from(others), label="illegal: seat"), base))
    else:
        out.append((seat, data.draw(strategies.sampled_from([None, "end_turn", [base], {"type": 1},
                                                             {"type": None}]),
                                    label="illegal: shape")))
    return out


def _check_refusal(game: Game, seat: int, action: Any) -> None:
    waiting = game.to_act()
    if seat in waiting and isinstance(action, dict) and action in game.legal_actions(seat):
        return  # the mutation happened to be legal
    if seat in waiting and written_variant(type(game.ruleset).written_fields, action,
                                           game.legal_actions(seat)):
        return  # other text a player may write there: the ruleset's written_action decides
    before = _dumps(game.state)
    try:
        game.act(seat, action)
    except ActionError as exc:
        if not str(exc):
            raise ConformanceError(f"seat {seat} {action!r}: refused without a reason") from None
    except Exception as exc:
        raise ConformanceError(f"seat {seat} {action!r} (illegal) raised "
                               f"{type(exc).__name__}: {exc} instead of an ActionError") from exc
    else:
        raise ConformanceError(f"seat {seat} {action!r} is not a legal action but was accepted")
    if _dumps(game.state) != before:
        raise ConformanceError(f"refusing seat {seat} {action!r} changed the state")
    # Game hands the explainer a copy, so a mutating explainer cannot hurt a game; it is
    # still a broken ruleset (a bot or a tool may call it directly): call it on the state
    if isinstance(action, dict) and isinstance(action.get("type"), str):
        try:
            game.ruleset.explain_illegal(game.state, seat, action)
        except Exception:  # noqa: BLE001 - an explainer that fails is caught by Game
            pass
        if _dumps(game.state) != before:
            game.state = orjson.loads(before)
            game.state_changed()
            raise ConformanceError(f"explaining why seat {seat} {action!r} is refused "
                                   "changed the state")


def _check_hidden(game: Game, seats: Sequence[int | None], seed: int) -> None:
    shuffle_hidden = getattr(game.ruleset, "shuffle_hidden", None)
    before = _views(game, seats)
    twin = game.clone()
    if shuffle_hidden is not None:
        shuffle_hidden(twin.state, random.Random(seed))
    rng = twin.state.get("rng")
    if isinstance(rng, dict) and "s" in rng:
        rng["s"] = random.Random(seed).getrandbits(64)  # the generator's state is hidden too
    after = _views(twin, seats)
    for seat in seats:
        if before[seat] != after[seat]:
            who = "the spectator" if seat is None else f"seat {seat}"
            raise ConformanceError(f"the view of {who} changed when only hidden information "
                                   "was permuted (deck or stack order, the generator's state): "
                                   "it leaks what it may not show")


def _check_save_point(game: Game) -> dict[str, Any]:
    save = orjson.loads(game.to_json())
    loaded = Game.load(save, game.ruleset)
    if _dumps(loaded.state) != _dumps(game.state):
        raise ConformanceError("a save loaded back is not the saved state")
    replayed = Game.replay(save, game.ruleset)
    if _dumps(replayed.state) != _dumps(game.state):
        raise ConformanceError(f"replaying the save's history ({len(save['history'])} actions "
                               "from the seed) does not rebuild the saved state")
    broken = game.ruleset.invariants(game.state)
    if broken:
        raise ConformanceError(f"invariants broken: {'; '.join(broken)}")
    return save


def play_and_check(ruleset: Ruleset, data: strategies.DataObject, configs: Sequence[dict[str, Any]],
                   max_actions: int) -> Game:
    """One example of the suite (see the module docstring); returns the game it played."""
    config = dict(data.draw(strategies.sampled_from(list(configs)), label="config"))
    seed = data.draw(strategies.integers(0, 2**32 - 1), label="seed")
    game = Game.new(ruleset, config, seed)
    _round_trip("the initial state", game.state)
    length = data.draw(strategies.integers(0, max_actions), label="actions to play")
    saves: list[dict[str, Any]] = []
    seen: set[int] = set()
    pool: list[Any] = []
    for step in range(length):
        if game.over:
            break
        waiting = game.to_act()
        if not waiting:
            raise ConformanceError(f"after {step} actions no seat is to act, but the game is "
                                   "not over")
        seen.update(waiting)
        seat = data.draw(strategies.sampled_from(waiting), label="seat")
        legal = game.legal_actions(seat)
        if not legal:
            raise ConformanceError(f"after {step} actions seat {seat} is to act but has no "
                                   "legal action")
        for a in legal[:20]:
            pool.extend(v for k, v in a.items() if k != "type" and v not in pool)
        if data.draw(strategies.integers(0, 7), label="check refusals here (0: yes)") == 0:
            for s, bad in _illegal_candidates(data, game, seat, legal, pool[-40:]):
                _check_refusal(game, s, bad)
        if data.draw(strategies.integers(0, 9),
                     label="check hidden information here (0: yes)") == 0:
            _check_hidden(game, _seats(game, seen), seed + step)
        if data.draw(strategies.integers(0, 11), label="save here (0: yes)") == 0:
            saves.append(_check_save_point(game))
        action = data.draw(strategies.sampled_from(legal), label="action")
        note(f"action {step + 1}: seat {seat} {action}")
        try:
            game.act(seat, action)
        except Exception as exc:
            raise ConformanceError(f"action {step + 1}: seat {seat} {action!r}, a legal action, "
                                   f"raised {type(exc).__name__}: {exc}") from exc
        _round_trip(f"the state after action {step + 1}", game.state)
    for seat in _seats(game, seen):
        _round_trip(f"the view of seat {seat}", game.view(seat))
    _check_hidden(game, _seats(game, seen), seed)
    final = _dumps(game.state)
    history = game.state["history"]
    for save in saves:
        resumed = Game.load(save, ruleset)
        for seat, action in history[len(save["history"]):]:
            resumed.act(seat, action)
        if _dumps(resumed.state) != final:
            raise ConformanceError(f"a game saved after {len(save['history'])} actions, loaded "
                                   "and given the same actions, ends in another state")
    again = Game.new(ruleset, config, seed)
    for seat, action in history:
        again.act(seat, action)
    if _dumps(again.state) != final:
        raise ConformanceError("the same config, seed and actions gave another state (the "
                               "ruleset is not deterministic)")
    return game


def examples(default: int) -> int:
    """``HAUNTKIT_EXAMPLES`` from the environment (for deeper runs), else ``default``."""
    return int(os.environ.get("HAUNTKIT_EXAMPLES", default))


def check_ruleset(ruleset: Ruleset | str, configs: Sequence[dict[str, Any]] | None = None, *,
                  max_examples: int | None = None, max_actions: int = 80,
                  derandomize: bool = False) -> None:
    """Run the conformance suite on ``ruleset`` (an instance or a registered id).

    ``configs``: the game configs to draw from (default: ``[{}]``). ``max_examples``: games to
    play (default 25, or ``HAUNTKIT_EXAMPLES``). ``max_actions``: the longest game prefix.
    Raises an ``AssertionError`` (a ``ConformanceError`` for a broken rule) with the shrunk
    seed and action list of the first failing game. Needs the ``test`` extra (hypothesis).

    A ruleset with hidden information (deck order, a stack) implements
    ``shuffle_hidden(state, rng: random.Random) -> None``, which permutes it in place; views
    must not change. One without any may leave it out.
    """
    rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    configs = list(configs) if configs else [{}]

    @settings(max_examples=max_examples or examples(25), deadline=None, derandomize=derandomize,
              suppress_health_check=list(HealthCheck), database=None, print_blob=True,
              report_multiple_bugs=False)
    @given(data=strategies.data())
    def conformance(data: strategies.DataObject) -> None:
        play_and_check(rs, data, configs, max_actions)

    conformance()
