"""A tiny but complete test-only ruleset: a dice race with a pending choice.

Rules of "race" (used only by the core, bot, sim and CLI tests; never shipped in src):
- ``players`` seats (default 2) race along a track of ``length`` squares (default 12).
- On your turn you either ``roll`` a d6 or ``pass`` (end the turn without moving).
- After a roll you must choose (a pending decision): ``advance`` by the die, or ``bump`` another
  seat (``target``) back by the die (not below 0). A 6 also draws the top card of a hidden deck:
  the card is told only to you (a private log event) and kept in your secret hand.
- The first seat to reach ``length`` wins. The game also ends after ``max_turns`` turns with no
  winner (a draw).
"""

from __future__ import annotations

from typing import Any, ClassVar

from hauntkit.core import rng as R
from hauntkit.core.errors import HauntkitError, IllegalActionError, UnknownIdError
from hauntkit.core.log import emit, visible_log
from hauntkit.core.ruleset import Action, Ruleset, RulesetConfig, State, register_ruleset

FACES = (1, 2, 3, 4, 5, 6)


class RaceConfig(RulesetConfig):
    length: int = 12
    max_turns: int = 200


@register_ruleset
class Race(Ruleset):
    """The dice race."""

    id: ClassVar[str] = "race"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 6
    Config = RaceConfig
    end_action_types: ClassVar[frozenset[str]] = frozenset({"pass"})

    @classmethod
    def from_content(cls, paths: list[str], replace_starter: bool = False) -> Race:
        return cls()

    def new_state(self, config: dict[str, Any], seed: int) -> State:
        n = int(config.get("players", 2))
        if not 2 <= n <= 6:
            raise HauntkitError(f"players: expected 2 to 6, got {n}")
        rng = R.new_rng(seed)
        deck = [f"card{i}" for i in range(10)]
        R.shuffle(rng, deck)
        state: State = {
            "rng": rng,
            "log": [],
            "length": int(config.get("length", 12)),
            "max_turns": int(config.get("max_turns", 200)),
            "pos": [0] * n,
            "hands": [[] for _ in range(n)],
            "deck": deck,
            "turn": 0,
            "turns": 0,
            "bumps": 0,
            "pending": None,
            "winner": None,
        }
        emit(state, "start", f"A race of {n} players begins.")
        return state

    def to_act(self, state: State) -> list[int]:
        if self.result(state) is not None:
            return []
        return [state["turn"]]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state["pending"] is not None:
            others = [s for s in range(len(state["pos"])) if s != seat]
            return [{"type": "advance"}] + [{"type": "bump", "target": s} for s in others]
        return [{"type": "roll"}, {"type": "pass"}]

    def apply(self, state: State, seat: int, action: Action) -> None:
        kind = action["type"]
        if kind == "roll":
            die = R.roll_die(state["rng"], FACES)
            state["pending"] = {"die": die}
            emit(state, "roll", f"Seat {seat} rolls a {die}.", seat=seat, die=die)
            if die == 6 and state["deck"]:
                card = state["deck"].pop(0)
                state["hands"][seat].append(card)
                emit(state, "draw", f"You draw {card}.", to=[seat], card=card)
            return
        if kind == "pass":
            emit(state, "pass", f"Seat {seat} passes.", seat=seat)
            self._end_turn(state)
            return
        die = state["pending"]["die"]
        state["pending"] = None
        if kind == "advance":
            state["pos"][seat] = min(state["length"], state["pos"][seat] + die)
            emit(state, "advance", f"Seat {seat} advances to {state['pos'][seat]}.", seat=seat)
            if state["pos"][seat] >= state["length"]:
                state["winner"] = seat
                emit(state, "win", f"Seat {seat} wins the race.", seat=seat)
                return
        else:
            target = action["target"]
            state["pos"][target] = max(0, state["pos"][target] - die)
            state["bumps"] += 1
            emit(state, "bump", f"Seat {seat} bumps seat {target} back.", seat=seat,
                 target=target)
        self._end_turn(state)

    def _end_turn(self, state: State) -> None:
        state["turns"] += 1
        state["turn"] = (state["turn"] + 1) % len(state["pos"])

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {
            "pos": list(state["pos"]),
            "turn": state["turn"],
            "pending": state["pending"],
            "deck_size": len(state["deck"]),
            "hand": list(state["hands"][seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in state["hands"]],
            "log": visible_log(state["log"], seat),
        }

    def result(self, state: State) -> dict[str, Any] | None:
        if state["winner"] is not None:
            return {"winner": str(state["winner"]), "reason": "reached the end"}
        if state["turns"] >= state["max_turns"]:
            return {"winner": "draw", "reason": "turn limit"}
        return None

    def explain_illegal(self, state: State, seat: int, action: Action) -> HauntkitError:
        if action.get("type") == "bump" and action.get("target") not in range(len(state["pos"])):
            return UnknownIdError(f"bump: no seat {action.get('target')!r} in this race")
        return IllegalActionError(f"{action!r} is not legal now")

    def apply_setup(self, state: State, setup: dict[str, Any]) -> None:
        for key, value in setup.items():
            if key == "pos":
                state["pos"] = list(value)
            elif key == "turn":
                state["turn"] = int(value)
            elif key == "deck":
                state["deck"] = list(value)
            else:
                raise HauntkitError(f"setup.{key}: unknown field; expected pos, turn or deck")

    def shuffle_hidden(self, state: State, rng: Any) -> None:
        """The deck's order is the race's only hidden information."""
        rng.shuffle(state["deck"])

    def invariants(self, state: State) -> list[str]:
        bad = [f"pos[{i}]={p} off the track" for i, p in enumerate(state["pos"])
               if not 0 <= p <= state["length"]]
        cards = state["deck"] + [c for h in state["hands"] for c in h]
        if sorted(cards) != sorted(f"card{i}" for i in range(10)):
            bad.append("a card is missing or duplicated")
        return bad

    def stats(self, state: State) -> dict[str, Any]:
        res = self.result(state)
        return {"winner": res["winner"] if res else None, "turns": state["turns"],
                "bumps": state["bumps"]}
