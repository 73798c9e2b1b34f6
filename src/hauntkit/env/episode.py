"""``Episode``: one game as the environments see it, shared by the AEC env and the vector env.

It knows whose decision it is, that seat's legal actions under the fixed encoding
(actions.py), the observation features of any seat (features.py), the action mask, and the
rewards at the end. Both environments step through it, so the same seed and the same action
indices give the same trajectory in either.
"""

from __future__ import annotations

import operator
from typing import Any

import numpy

from hauntkit.core.errors import HauntkitError
from hauntkit.core.game import Game
from hauntkit.core.ruleset import Ruleset, starter_ruleset
from hauntkit.env.actions import ActionCatalogue
from hauntkit.env.features import encoder_for

DEFAULT_PLAYERS = {"betrayal": 4, "legacy": 4, "beast": 4}
Action = dict[str, Any]


def seat_reward(rs: Ruleset, state: dict[str, Any], seat: int) -> float:
    """+1 if ``seat``'s side won, -1 if another side won, 0 without a winner."""
    result = rs.result(state) or {}
    winner = result.get("winner")
    if winner is None or winner == "draw":
        return 0.0
    if rs.id in ("betrayal", "legacy"):
        side = state["explorers"][seat]["side"] or "heroes"
    else:  # every seat of beast plays the hunters
        side = "hunters"
    return 1.0 if side == winner else -1.0


def resolve_ruleset(ruleset: str | Ruleset) -> Ruleset:
    """A ruleset instance: an id gives the one shared instance on its starter pack (the content
    is loaded once per process, not once per environment)."""
    return starter_ruleset(ruleset) if isinstance(ruleset, str) else ruleset


class Episode:
    """One game of ``ruleset`` with ``players`` seats, under the env's encodings."""

    def __init__(self, ruleset: str | Ruleset, config: dict[str, Any] | None = None,
                 max_actions: int = 20_000) -> None:
        self.rs = resolve_ruleset(ruleset)
        self.config = dict(config or {})
        self.players = int(self.config.get("players", DEFAULT_PLAYERS.get(self.rs.id, 4)))
        self.max_actions = max_actions
        self.encoder = encoder_for(self.rs)
        self.catalogue = ActionCatalogue.for_ruleset(self.rs.id)
        self.action_count = self.catalogue.size
        self.feature_count = self.encoder.size
        self._features = self.encoder.observe
        self.game: Game | None = None
        self.steps = 0
        self.seat: int | None = None  # the seat to decide; None once the game is over or cut
        # index -> legal action of ``seat`` (a new dict at each position: callers may keep it)
        self.actions: dict[int, Action] = {}
        self.waiting: list[int] = []
        self.finished = False  # the game has a result
        self.truncated = False  # cut at max_actions

    def reset(self, seed: int) -> None:
        """A new game from ``seed``."""
        self.game = Game.new(self.rs, {"players": self.players, **self.config}, seed)
        self.steps = 0
        self.finished = self.truncated = False
        self._select()

    def _select(self) -> None:
        """Whose decision it is now and their encoded legal actions; a game with nobody to
        act is finished (or cut, in the odd case that it has no result)."""
        game = self.game
        assert game is not None
        state = game.state
        waiting = self.waiting = self.rs.to_act(state)
        if not waiting:
            self.finished = self.rs.result(state) is not None
            self.truncated = self.truncated or not self.finished
        elif self.steps >= self.max_actions:
            self.truncated = True
        if self.finished or self.truncated:
            self.seat, self.actions = None, {}
            return
        seat = self.seat = waiting[0]
        self.actions = self.catalogue.encode(game.legal_actions(seat))

    def act(self, index: Any) -> None:
        """Apply the acting seat's action number ``index`` (an int: a float or bool is
        refused); an index that names no legal action raises ``HauntkitError``."""
        game = self.game
        assert game is not None
        try:
            if isinstance(index, bool):
                raise TypeError
            chosen = self.actions[operator.index(index)]
        except (KeyError, TypeError):
            raise HauntkitError(f"action index {index!r} is not legal for seat {self.seat} "
                                f"now; legal: {sorted(self.actions)}") from None
        assert self.seat is not None
        game.act_trusted(self.seat, chosen)  # taken from legal_actions: no re-check
        self.steps += 1
        self._select()

    def observation(self, seat: int | None) -> numpy.ndarray:
        """The features of ``seat``'s view of the current position (float32)."""
        assert self.game is not None
        return self._features(self.game.state, seat, self.waiting)

    def mask(self, seat: int | None) -> numpy.ndarray:
        """1 at each action number ``seat`` may choose now (int8; all 0 but for the acting
        seat)."""
        mask = numpy.zeros(self.action_count, dtype=numpy.int8)
        if seat is not None and seat == self.seat:
            for index in self.actions:
                mask[index] = 1
        return mask

    def rewards(self) -> list[float]:
        """Each seat's reward now: +1/-1/0 once the game has a result, else 0."""
        if not self.finished:
            return [0.0] * self.players
        assert self.game is not None
        return [seat_reward(self.rs, self.game.state, seat) for seat in range(self.players)]
