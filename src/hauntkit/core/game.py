"""``Game``: one game in progress: a ruleset, its state, and the checked way to change it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson

from hauntkit.core.actions import malformed, matching_action
from hauntkit.core.errors import (
    ActionError,
    GameOverError,
    HauntkitError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
)
from hauntkit.core.ruleset import Action, Ruleset, State, starter_ruleset
from hauntkit.core.saves import SAVE_FORMAT, check_save

# Keys of the state that only ever grow by appending immutable entries: clone() shares their
# entries instead of copying them.
_APPEND_ONLY = ("log", "history")


_loads = orjson.loads
_dumps = orjson.dumps


# Per ruleset id: (key, copier) pairs that copy_state applies instead of the orjson round trip.
_COPY_PLANS: dict[str, tuple[tuple[str, Callable[[Any], Any]], ...]] = {}
# Per ruleset id: the top-level keys the compiled copy copies one level only (their entries
# are shared: append-only lists of immutable entries, a ruleset's immutable values).
_SHALLOW: dict[str, dict[str, bool]] = {}
_DEFAULT_SHALLOW = dict.fromkeys(_APPEND_ONLY, True)

try:  # the compiled deep copy (setup.py builds it where a C compiler is); optional
    from hauntkit.core._fastcopy import copy_state as _compiled_copy
except ImportError:  # pragma: no cover - a machine without a C compiler
    _compiled_copy = None

COMPILED_COPY = _compiled_copy is not None


def register_copy_plan(ruleset_id: str, plan: dict[str, Callable[[Any], Any]],
                       shallow: tuple[str, ...] = ()) -> None:
    """Let ``copy_state`` copy these top-level keys of ``ruleset_id`` states with the given
    functions (each must return an equal copy sharing no container with its argument, except
    for the keys in ``shallow``, whose entries are immutable and may be shared); the other
    keys still go through orjson. Worth it for large containers of a fixed shape. The
    compiled copy uses ``shallow`` only (it copies everything else itself)."""
    _COPY_PLANS[ruleset_id] = tuple(plan.items()) + tuple((k, list.copy) for k in _APPEND_ONLY)
    _SHALLOW[ruleset_id] = {**_DEFAULT_SHALLOW, **dict.fromkeys(shallow, True)}


def deep_copy(value: Any) -> Any:
    """A copy of JSON data sharing no dict or list with ``value`` (copy plans' fallback for
    a shape they do not know)."""
    t = type(value)
    if t is dict:
        return {k: deep_copy(v) for k, v in value.items()}
    if t is list:
        return [deep_copy(v) for v in value]
    return value


def copy_state(state: State) -> State:
    """A deep copy of a state, sharing the immutable entries of the append-only lists (and of
    the keys a ruleset's copy plan names ``shallow``).

    Keys keep their order, so a clone serialises to the same bytes as its original. Where
    the compiled copy (``hauntkit.core._fastcopy``, built by ``make``) is there, it does the
    whole copy (betrayal mid-game: ~91k instructions against ~161k). Otherwise
    ``copy_state_python``.
    """
    if _compiled_copy is not None:
        return _compiled_copy(state, _SHALLOW.get(state.get("ruleset"), _DEFAULT_SHALLOW))
    return copy_state_python(state)


def copy_state_python(state: State) -> State:
    """``copy_state`` in pure Python (equal copies, also tested where the compiled one is).

    An orjson round trip measured faster than a hand-written recursive copy of dicts and
    lists (which also tried ``dict.copy``/``list[:]`` for flat containers), pickle, msgspec
    and ormsgpack: on a mid-game betrayal state about 26 us against 60 us for the recursive
    copy. A ruleset may register a plan (``register_copy_plan``) for its large fixed-shape
    containers: Python copies those (cheaper than through JSON), orjson the rest (betrayal:
    ~38 -> ~27 us).
    """
    plan = _COPY_PLANS.get(state.get("ruleset"))  # type: ignore[arg-type]
    if plan is not None:
        return _copy_planned(state, plan)
    body = state.copy()
    shared = [(key, body.pop(key)) for key in _APPEND_ONLY if key in body]
    out = _loads(_dumps(body))
    for key, entries in shared:
        out[key] = entries[:]
    tail = reversed(state)
    for key, _ in reversed(shared):
        if next(tail) != key:
            # log/history are not the last keys (a state built outside Game.new): reorder
            return {k: out[k] for k in state}
    return out


def _copy_planned(state: State, plan: tuple[tuple[str, Callable[[Any], Any]], ...]) -> State:
    body = state.copy()
    for key, _ in plan:
        if key in body:
            body[key] = None  # a placeholder keeps the key order
    out = _loads(_dumps(body))
    for key, copy in plan:
        value = state.get(key)
        if value is not None:
            out[key] = copy(value)
    return out


class Game:
    """A game: ``legal_actions`` to see the choices, ``act`` to make one.

    The state is plain JSON data. The engine keeps in it ``seed``, ``rng``, ``log`` and
    ``history`` (every accepted ``[seat, action]``), so that seed and history replay it exactly.
    """

    __slots__ = ("ruleset", "state", "_legal_cache", "_undo")

    def __init__(self, ruleset: Ruleset, state: State) -> None:
        self.ruleset = ruleset
        self.state = state
        self._legal_cache: tuple[int, int, list[Action]] | None = None
        # With undo tracking on: per applied action, (state without log/history as JSON,
        # log length, history length) from just before it.
        self._undo: list[tuple[bytes, int, int]] | None = None

    # -- creation -------------------------------------------------------------------------
    @classmethod
    def new(cls, ruleset: Ruleset | str, config: dict[str, Any] | None = None,
            seed: int = 0, carry_in: dict[str, Any] | None = None) -> Game:
        """A new game. ``ruleset``: an instance, or a ruleset id for the one shared instance
        on its starter pack (``starter_ruleset``: the content is loaded once per process).
        ``carry_in``: a campaign's persistent data, kept in the state as ``carry_in`` and
        handed to the ruleset's ``carry_in`` hook before any action."""
        rs = starter_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        config = rs.validate_config(dict(config or {}))
        state = rs.new_state(config, seed)
        state["ruleset"] = rs.id
        state["seed"] = seed
        state["config"] = config
        state.setdefault("version", 0)
        if carry_in is not None:
            state["carry_in"] = _loads(_dumps(carry_in))
            rs.carry_in(state, state["carry_in"])
        # The append-only lists go last: copy_state then needs no reordering.
        state["log"] = state.pop("log", [])
        state["history"] = state.pop("history", [])
        return cls(rs, state)

    # -- queries ----------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        return self.ruleset.to_act(self.state)

    def legal_actions(self, seat: int) -> list[Action]:
        version = self.state["version"]
        cached = self._legal_cache
        if cached is not None and cached[0] == version and cached[1] == seat:
            return cached[2]
        actions = self.ruleset.legal_actions(self.state, seat)
        self._legal_cache = (version, seat, actions)
        return actions

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.ruleset.view(self.state, seat)

    def result(self) -> dict[str, Any] | None:
        return self.ruleset.result(self.state)

    @property
    def over(self) -> bool:
        return self.ruleset.result(self.state) is not None

    # -- the one way to change the state --------------------------------------------------
    def act(self, seat: int, action: Any) -> list[dict[str, Any]]:
        """Check and apply ``action`` for ``seat``; return the new log events.

        Raises a subclass of ``ActionError`` (state untouched) when the action is refused.
        """
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise MalformedActionError(f"seat must be an integer, got {seat!r}")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise MalformedActionError(
                f"an action must be a JSON object with a string 'type', got {action!r}"
            )
        if self.result() is not None:
            raise GameOverError("the game is over; no more actions are accepted")
        waiting = self.to_act()
        if seat not in waiting:
            raise NotYourTurnError(
                f"seat {seat} has no decision to make now; waiting for seat(s) {waiting}"
            )
        legal = self.legal_actions(seat)
        chosen = matching_action(action, legal)
        if chosen is None:  # a text a player writes (a name): the ruleset checks it
            chosen = self.ruleset.written_action(self.state, seat, action, legal)
        if chosen is None:
            explained = self._explain(seat, action, legal)
            if isinstance(explained, MalformedActionError):  # the ruleset's own words
                raise explained
            raise malformed(action, legal) or explained
        return self.act_trusted(seat, chosen)

    def _explain(self, seat: int, action: Action, legal: list[Action]) -> ActionError:
        """The ruleset's reason for refusing ``action``; a generic refusal if the explainer
        itself fails on an odd action (a refusal must never become a crash)."""
        try:  # on a copy: whatever the explainer does, a refusal leaves the state as it was
            error = self.ruleset.explain_illegal(copy_state(self.state), seat, action)
        except Exception:  # noqa: BLE001 - the action is refused whatever went wrong here
            error = None
        if isinstance(error, ActionError):
            return error
        types = sorted({a["type"] for a in legal})
        return IllegalActionError(
            f"action {action!r} is not legal now; legal action types: {', '.join(types)}")

    def state_changed(self) -> None:
        """Call after changing ``state`` outside ``act`` (a scenario set-up, a test): cached
        legal actions are dropped."""
        self._legal_cache = None

    def act_trusted(self, seat: int, action: Action) -> list[dict[str, Any]]:
        """Apply an action taken from ``legal_actions(seat)`` without re-checking it (bots,
        simulations: the one call per action, no forwarding); ``act`` applies through it."""
        state = self.state
        start = len(state["log"])
        if self._undo is not None:
            body = state.copy()
            body["log"] = body["history"] = None  # placeholders keep the key order
            self._undo.append((_dumps(body), start, len(state["history"])))
        self.ruleset.apply(state, seat, action)
        state["history"].append([seat, action])
        state["version"] += 1
        self._legal_cache = None
        return state["log"][start:]

    # -- search, saves, replay -------------------------------------------------------------
    def track_undo(self, on: bool = True) -> Game:
        """Start (or stop, dropping it) keeping the undo stack that ``undo`` pops; returns
        the game. Each action applied while tracking costs one JSON dump of the state
        without its log and history (cheaper than ``clone``)."""
        self._undo = [] if on else None
        return self

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    def undo(self) -> None:
        """Take back the last action applied since ``track_undo``: the state becomes
        byte-identical to what it was before it (the same dict object, updated in place;
        log and history are cut back to their earlier length)."""
        if not self._undo:
            raise HauntkitError("nothing to undo: no action applied since track_undo()"
                                if self._undo is not None else
                                "undo is off for this game: call track_undo() first")
        body, log_len, history_len = self._undo.pop()
        state = self.state
        log, history = state["log"], state["history"]
        del log[log_len:]
        del history[history_len:]
        restored = _loads(body)
        restored["log"] = log
        restored["history"] = history
        state.clear()
        state.update(restored)
        self._legal_cache = None

    def clone(self) -> Game:
        """A copy sharing nothing mutable; it tracks undo (from an empty stack) if this
        game does."""
        game = Game(self.ruleset, copy_state(self.state))
        if self._undo is not None:
            game._undo = []
        return game

    def save(self) -> dict[str, Any]:
        """A save: the format, the state, and what replays it (seed, config, a campaign's
        carried-in data, history)."""
        save = {
            "format": SAVE_FORMAT,
            "ruleset": self.ruleset.id,
            "seed": self.state["seed"],
            "config": self.state["config"],
            "history": self.state["history"],
            "state": self.state,
        }
        if "carry_in" in self.state:
            save["carry_in"] = self.state["carry_in"]
        return save

    def to_json(self) -> bytes:
        return orjson.dumps(self.save())

    @classmethod
    def load(cls, save: dict[str, Any], ruleset: Ruleset | None = None) -> Game:
        check_save(save, needs_state=True)
        rs = ruleset or starter_ruleset(save["ruleset"])
        return cls.stored(rs, orjson.loads(orjson.dumps(save["state"])))

    @classmethod
    def stored(cls, ruleset: Ruleset, state: State) -> Game:
        """A game from a state that was stored (a database row, a save), brought to today's
        shape by the ruleset (``Ruleset.upgrade_state``)."""
        return cls(ruleset, ruleset.upgrade_state(state))

    @classmethod
    def replay(cls, save: dict[str, Any], ruleset: Ruleset | None = None,
               to: int | None = None) -> Game:
        """Rebuild a game from its seed, config and history (the first ``to`` actions)."""
        check_save(save, needs_format=False)
        rs = ruleset or starter_ruleset(save["ruleset"])
        game = cls.new(rs, save["config"], save["seed"], save.get("carry_in"))
        history = save["history"] if to is None else save["history"][:to]
        for seat, action in history:
            game.act(seat, action)
        return game
