"""The blunder audit's pieces every ruleset's detectors share: the kinds, the thresholds, a
``Blunder`` and the ``Auditor`` base class (docs/balance.md, "The blunder audit"; the
registry and the tallies are in ``sim.blunders``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

from hauntkit.core.game import Game
from hauntkit.core.ruleset import Ruleset

Action = dict[str, Any]

HOPELESS = "hopeless_attack"
OSCILLATION = "oscillation"
OWN_SIDE = "own_side"
UNUSED_BOOK = "unused_book_action"
KINDS = (HOPELESS, OSCILLATION, OWN_SIDE, UNUSED_BOOK)
LABELS = {HOPELESS: "hopeless attacks", OSCILLATION: "back and forth",
          OWN_SIDE: "harm to own side", UNUSED_BOOK: "book actions never used"}
ONE = {HOPELESS: "hopeless attack", OSCILLATION: "back and forth",
       OWN_SIDE: "harm to own side", UNUSED_BOOK: "book action never used"}
SHORT = {HOPELESS: "hopeless", OSCILLATION: "back&forth", OWN_SIDE: "own side",
         UNUSED_BOOK: "unused book"}
LOSS_THRESHOLD = Fraction(7, 10)  # an attack lost this often or more is hopeless


@dataclass(frozen=True)
class Blunder:
    """One bad decision: its kind, the seat that made it, the turn (beast: round), a sentence
    in display names, and how bad it was (a hopeless attack: its chance of losing; else 1)."""

    kind: str
    seat: int
    turn: int
    text: str
    weight: float = 1.0
    bot: str = ""
    turn_word: str = "turn"


def nobody(_state: dict[str, Any], _seat: int) -> str | None:
    return ""


@dataclass
class Auditor:
    """Watches one game; ``blunders`` fills as it goes and at ``finish``. The base class
    finds nothing (a ruleset without detectors).

    ``credit(state, seat)`` names the bot that made a seat's decision in that position
    (``None``: not counted, e.g. the idle side of the idle-side probe). Pass ``hook`` to
    ``play_game(on_decision=...)`` and call ``close`` after the game."""

    turn_word: ClassVar[str] = "turn"  # what ``Blunder.turn`` counts (beast: round)

    ruleset: Ruleset
    credit: Callable[[dict[str, Any], int], str | None] = nobody
    blunders: list[Blunder] = field(default_factory=list)
    game: Game | None = None

    def hook(self, game: Game, seat: int, legal: list[Action], action: Action) -> None:
        """``play_game``'s ``on_decision``."""
        self.game = game
        self.on_decision(game, seat, legal, action)

    def close(self, game: Game) -> list[Blunder]:
        """The game is over: run the end-of-game detectors; the game's blunders."""
        self.game = game
        self.finish(game)
        return self.blunders

    def on_decision(self, game: Game, seat: int, legal: list[Action], action: Action) -> None:
        """Before ``action`` of ``seat`` is applied (``legal``: what the seat could do)."""

    def finish(self, game: Game) -> None:
        """After the game's last action."""

    def note(self, kind: str, seat: int, turn: int, text: str, weight: float = 1.0) -> None:
        """Record a blunder of ``seat`` (credited to its bot in the current position)."""
        bot = self.credit(self.game.state, seat) if self.game is not None else ""
        if bot is not None:
            self.blunders.append(Blunder(kind, seat, turn, text, weight, bot, self.turn_word))
