"""``resample``: a full engine state consistent with everything one seat has seen.

The sample starts from the ruleset's determinizer (``Ruleset.determinize``, the one
hauntkit's own search bots use): a full state built from a seat's **view** alone, its
hidden parts (deck and stack orders, a hidden traitor, future dice) drawn at random. The seat's
log is copied into it (the events the seat was shown). A sample is kept when it shows the seat
what the real game shows it now: the same view and log, the same seats waited for, and the
seat's legal actions. A view leaves out some bookkeeping of the turn (betrayal: an item
already picked up; beast: a unit that has moved), so a sample may offer the seat **more**
actions than it has: such a sample is kept with the seat's real encoding pinned until its
first decision (``Sample.pinned``); deeper in, the sample's own bookkeeping applies.

A view in the middle of an effect (a choice pending) cannot be rebuilt: its continuation is
not in the view. Then the sample starts at an earlier position the seat saw (at most
``LOOK_BACK`` decisions back) and the decisions since are replayed on it: the seat's own as
they were (it knows them), another seat's by an action drawn among that seat's legal actions
in the sample whose events, as the seat sees them, are the ones it saw then. The real state
reaches a sample only through the seat's views, its own decisions, its legal actions and the
events it was shown; when no attempt passes, ``ResampleError`` (never the real state).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hauntkit.core.errors import HauntkitError
from hauntkit.core.game import Game, copy_state, deep_copy
from hauntkit.core.log import visible_log
from hauntkit.core.ruleset import Action, NotDeterminizable, Ruleset, State
from hauntkit.env.openspiel.engine import Position, canonical

ATTEMPTS = 8  # samples of the current view
ATTEMPTS_BACK = 8  # samples of each earlier view
STEP_ATTEMPTS = 32  # tries of each replayed decision (new hidden orders and dice each)
LOOK_BACK = 8
# keys of the view left out of the comparison: the log is compared as events, the legal
# actions as a set (views that list them list them in the engine's order)
UNCOMPARED = ("log", "legal")
# public parameters of the game that a determinizer does not read from a view
CONFIG_KEYS = ("config", "max_turns", "max_rounds")

Events = list[dict[str, Any]]


class ResampleError(HauntkitError):
    """No state consistent with the seat's information was found."""

    code = "resample_failed"


@dataclass(frozen=True)
class Sample:
    """A sampled engine state; ``pinned``: the seat's real action encoding, to keep until the
    sample's first decision (None: the sample's own legal actions are the seat's)."""

    state: State
    pinned: dict[int, Action] | None


@dataclass(frozen=True)
class Step:
    """One past decision: the position before it, who took it, what it was, and the log's
    length before and after it."""

    before: State
    seat: int
    action: Action
    log_before: int
    log_after: int


def resample(position: Position, start: Callable[[], Game], seat: int,
             rng: random.Random) -> Sample:
    """A state consistent with what ``seat`` has seen at ``position``. ``start()`` gives the
    game at the first position of ``position``'s history (the replay of the look-back)."""
    rs = position.ruleset
    sample = rs.determinize if rs.determinizable else None
    if sample is None:
        raise ResampleError(f"ruleset {rs.id!r} has no determinizer to sample from")
    target = _Target(position, seat)
    found = _from_view(sample, target, position.view(seat), [], rng, ATTEMPTS)
    steps: list[Step] = []
    if found is None:
        steps = position.memo("look_back", lambda: _look_back(position, start))
        found = _from_earlier(sample, target, steps, rng)
    if found is None:
        raise ResampleError(f"no state consistent with seat {seat}'s information was found "
                            f"(samples of its view and of {len(steps)} earlier ones)")
    found.state["history"] = []  # the sample's own history (and look-back) starts here
    return found


def _from_earlier(sample: Any, target: _Target, steps: list[Step],
                  rng: random.Random) -> Sample | None:
    """A sample of an earlier view, the latest first, with the decisions since replayed."""
    rs = target.rs
    for back in range(len(steps) - 1, -1, -1):
        before = Game(rs, copy_state(steps[back].before)).view(target.seat)
        replay = [(step.seat, step.action, target.seen(step)) for step in steps[back:]]
        found = _from_view(sample, target, before, replay, rng, ATTEMPTS_BACK)
        if found is not None:
            return found
    return None


def _compared(view: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key not in UNCOMPARED}


class _Target:
    """What ``seat`` knows at the position to match."""

    def __init__(self, position: Position, seat: int) -> None:
        self.rs = position.ruleset
        self.seat = seat
        self.position = position
        view = position.view(seat)
        self.view = _compared(view)
        self.log = view.get("log", [])
        self.to_act = position.game.to_act()
        self.legal = _legal_keys(self.rs, position.state, seat, self.to_act)

    def seen(self, step: Step) -> Events:
        """The events of ``step`` as ``seat`` saw them."""
        return visible_log(self.position.state["log"][step.log_before:step.log_after],
                           self.seat)

    def accept(self, state: State) -> Sample | None:
        """``state`` as a sample when the seat cannot tell it from the real position."""
        rs = self.rs
        to_act = rs.to_act(state)
        if to_act != self.to_act:
            return None
        view = rs.view(state, self.seat)
        if view.get("log", []) != self.log or _compared(view) != self.view:
            return None
        legal = _legal_keys(rs, state, self.seat, to_act)
        if legal == self.legal:
            return Sample(state, None)
        if legal > self.legal and to_act and to_act[0] == self.seat:
            return Sample(state, dict(self.position.encoded()))
        return None


def _legal_keys(rs: Ruleset, state: State, seat: int, to_act: list[int]) -> set[bytes]:
    if state["result"] is not None or seat not in to_act:
        return set()
    return {canonical(action) for action in rs.legal_actions(state, seat)}


def _from_view(sample: Any, target: _Target, view: dict[str, Any],
               replay: list[tuple[int, Action, Events]], rng: random.Random,
               attempts: int) -> Sample | None:
    """A sample of ``view`` that, after ``replay``, the target accepts; None after
    ``attempts`` misses or when ``view`` cannot be rebuilt."""
    real = target.position.state
    for _ in range(attempts):
        try:
            state = sample(view, rng)
        except NotDeterminizable:
            return None
        for key in CONFIG_KEYS:
            if key in real:
                state[key] = deep_copy(real[key])
        state["log"] = list(view.get("log", []))
        state["history"] = []
        try:
            replayed = _replay(target.rs, state, target.seat, replay, rng)
        except HauntkitError:  # a sample the replayed decisions do not fit
            continue
        found = None if replayed is None else target.accept(replayed)
        if found is not None:
            return found
    return None


def _replay(rs: Ruleset, state: State, seat: int, replay: list[tuple[int, Action, Events]],
            rng: random.Random) -> State | None:
    """``state`` after the decisions of ``replay`` (see the module docstring); None when one
    does not fit."""
    for actor, action, seen in replay:
        after = _step(rs, state, seat, actor, action, seen, rng)
        if after is None:
            return None
        state = after
    return state


def _step(rs: Ruleset, state: State, seat: int, actor: int, action: Action, seen: Events,
          rng: random.Random) -> State | None:
    """``state`` after ``actor``'s decision, showing ``seat`` the events ``seen``: ``seat``'s
    own ``action``, or an action of ``actor`` drawn at random that shows those events. Each
    retry first permutes what nobody sees (the ruleset's ``shuffle_hidden``: deck and stack
    orders, given everything seen so far) and draws new dice."""
    shuffle_hidden = getattr(rs, "shuffle_hidden", None)
    own = canonical(action) if actor == seat else None
    for attempt in range(STEP_ATTEMPTS):
        base = copy_state(state)
        if attempt:
            if shuffle_hidden is not None:
                shuffle_hidden(base, rng)
            base["rng"]["s"] = rng.getrandbits(64)
        if base["result"] is not None or actor not in rs.to_act(base):
            return None
        legal = rs.legal_actions(base, actor)
        if own is not None:
            options = [option for option in legal if canonical(option) == own]
        else:
            options = list(legal)
            rng.shuffle(options)
        for option in options:
            trial = copy_state(base) if len(options) > 1 else base
            start = len(trial["log"])
            Game(rs, trial).act_trusted(actor, option)
            if visible_log(trial["log"][start:], seat) == seen:
                return trial
    return None


def _look_back(position: Position, start: Callable[[], Game]) -> list[Step]:
    """The last ``LOOK_BACK`` decisions of ``position``'s history, replayed from ``start()``."""
    game = start()
    history = position.state["history"]
    first = max(0, len(history) - LOOK_BACK)
    steps = []
    for index, (seat, action) in enumerate(history):
        before = copy_state(game.state) if index >= first else None
        log_before = len(game.state["log"])
        game.act_trusted(seat, action)
        if before is not None:
            steps.append(Step(before, seat, action, log_before, len(game.state["log"])))
    return steps
