"""A phase of a hunt's leg and what other modules plug into it (docs/hunt.md "Phases").

A handler is a ``Phase``: it lists the seats to act, each seat's options, and applies them.
Every between-battle phase offers each acting seat ``{"type": "done"}``; the phase ends when
every seat that must act has said done (or when the phase's own ``finished`` says so), and the
next phase of the plan is entered (phases.py). Other modules add actions to a phase without
editing its handler through ``EXTRAS`` (an ``Extra`` lists its action types, options and how to
apply them): e.g. equipping gear in the shop and at a rest, or a hunter's skill while
investigating.

Hooks run around each battle of a hunt: ``BATTLE_START`` after the party's units are placed
(carry gear and skills from ``state["party"]`` onto the units), ``BATTLE_END`` after the
battle's result is known and before the party's records are written back; and around a
location's events, at a leg's end and at an investigation's end (below).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hauntkit.core.errors import IllegalActionError
from hauntkit.core.log import emit
from hauntkit.rulesets.beast.action_labels import seat_words
from hauntkit.rulesets.beast.hunt.party import active

State = dict[str, Any]
Action = dict[str, Any]
RS = Any  # the BeastRuleset (kept loose: handlers live in modules it imports)

PHASES = ("shop", "investigate", "battle", "loot", "mystery", "rest")
TITLES = {"shop": "shopping", "investigate": "investigation", "battle": "battle",
          "loot": "looting", "mystery": "mystery", "rest": "rest"}  # for log lines
DONE: Action = {"type": "done"}


def phase_of(state: State) -> str:
    """The current phase; a state without one is a battle."""
    return state.get("phase", "battle")


def party_seats(state: State) -> list[int]:
    """Seats that control at least one hunter still in the hunt (not dead, not mad)."""
    return sorted({r["seat"] for r in active(state)})


@dataclass(frozen=True)
class Extra:
    """Actions another module adds to a phase: their ``types``, a seat's ``options`` and
    ``act`` (which applies one; it must check nothing: only listed options reach it)."""

    types: frozenset[str]
    options: Callable[[RS, State, int], list[Action]]
    act: Callable[[RS, State, int, Action], None]


class Phase:
    """A between-battle phase. Subclasses override ``enter``, ``options``, ``act`` and, when
    not every party seat must say done, ``seats``."""

    name = ""

    def enter(self, rs: RS, state: State) -> None:
        """Called once when the phase begins."""

    def seats(self, rs: RS, state: State) -> list[int]:
        """Seats that must act before the phase can end (default: every party seat)."""
        return party_seats(state)

    def options(self, rs: RS, state: State, seat: int) -> list[Action]:
        """``seat``'s actions besides ``done`` and the extras."""
        return []

    def act(self, rs: RS, state: State, seat: int, action: Action) -> None:
        """Apply one of ``options``."""
        raise IllegalActionError(f"{self.name}: no action {action.get('type')!r}")

    def can_be_done(self, rs: RS, state: State, seat: int) -> bool:
        """Whether ``seat`` may say done now (e.g. not while a choice is still open)."""
        return True

    # -- the dispatch used by the ruleset (not meant to be overridden) ------------------
    def to_act(self, rs: RS, state: State) -> list[int]:
        done = state["hunt"]["done"]
        return [s for s in self.seats(rs, state) if s not in done]

    def legal_actions(self, rs: RS, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(rs, state):
            return []
        out = list(self.options(rs, state, seat))
        for extra in EXTRAS.get(self.name, ()):
            out.extend(extra.options(rs, state, seat))
        if self.can_be_done(rs, state, seat):
            out.append(dict(DONE))
        return out

    def apply(self, rs: RS, state: State, seat: int, action: Action) -> None:
        """Apply ``action`` (``phases.apply`` then ends the phase when nobody is left to act)."""
        kind = action["type"]
        if kind == "done":
            state["hunt"]["done"].append(seat)
            emit(state, "phase_done", f"{seat_words(rs, state, seat)}: done with the "
                 f"{TITLES[self.name]}.", seat=seat, phase=self.name)
        else:
            extra = next((e for e in EXTRAS.get(self.name, ()) if kind in e.types), None)
            if extra is not None:
                extra.act(rs, state, seat, action)
            else:
                self.act(rs, state, seat, action)


EXTRAS: dict[str, list[Extra]] = {name: [] for name in PHASES}
BATTLE_START: list[Callable[[RS, State], None]] = []
BATTLE_END: list[Callable[[RS, State], None]] = []
# before each event of a location resolves (e.g. the Clash card drawn before each Event):
# hook(rs, state, event_id)
BEFORE_EVENT: list[Callable[[RS, State, str], None]] = []
# after each event's own effects (e.g. 7 turns counting Events down): hook(rs, state, event_id)
AFTER_EVENT: list[Callable[[RS, State, str], None]] = []
# when a leg ends, before its result (e.g. an Abducted hunter's absence): hook(rs, state)
LEG_END: list[Callable[[RS, State], None]] = []
# when an investigation ends, after its rewards, before Renown and Infamy are reset (e.g. loot
# that lasts "the length of the investigation", pets' ranks): hook(rs, state, success)
INVESTIGATION_END: list[Callable[[RS, State, bool], None]] = []

__all__ = ["AFTER_EVENT", "BATTLE_END", "BATTLE_START", "BEFORE_EVENT", "DONE", "EXTRAS",
           "INVESTIGATION_END", "LEG_END", "PHASES", "TITLES", "Extra", "Phase", "party_seats",
           "phase_of"]
