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
from hauntkit.env.state_features import StateObserver

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
        self.observer: StateObserver = self.encoder.observer
        self.float32: Any = numpy.float32
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
            if type(index) is not int:  # numpy integers pass; a bool or a float does not
                if isinstance(index, bool):
                    raise TypeError
                index = operator.index(index)
            chosen = self.actions[index]
        except (KeyError, TypeError):
            raise HauntkitError(f"action index {index!r} is not legal for seat {self.seat} "
                                f"now; legal: {sorted(self.actions)}") from None
        assert self.seat is not None
        game.act_trusted(self.seat, chosen)  # taken from legal_actions: no re-check
        self.steps += 1
        self._select()

    def packed_features(self, seat: int | None) -> bytes:
        """The features of ``seat``'s view of the current position, packed as float32."""
        assert self.game is not None
        return self.observer.packed(self.game.state, seat, self.waiting)

    def observation(self, seat: int | None) -> numpy.ndarray:
        """The features of ``seat``'s view of the current position (a new, writable float32
        array)."""
        return numpy.frombuffer(bytearray(self.packed_features(seat)), self.float32)

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


class GameSlice:
    """Games ``first`` .. ``first + count - 1`` of a batch, stepped together and written
    straight into the batch's buffers (memoryviews over shared memory, cast to their types):
    features packed in one write per game, the mask's changed bytes, seat, rewards, ends and
    seeds. The vector env's workers run one each (vector.py)."""

    def __init__(self, episodes: list[Episode], first: int, envs: int,
                 buffers: dict[str, Any]) -> None:
        self.episodes = episodes
        self.first = first
        self.envs = envs
        self.row_bytes = episodes[0].feature_count * 4
        self.action_count = episodes[0].action_count
        self.players = episodes[0].players
        self.observation: Any = buffers["observation"]  # bytes
        self.mask: Any = buffers["action_mask"]  # int8
        self.seat: Any = buffers["seat"]  # int16
        self.rewards: Any = buffers["rewards"]  # float32, players per game
        self.terminated: Any = buffers["terminated"]  # bool
        self.truncated: Any = buffers["truncated"]  # bool
        self.actions: Any = buffers["actions"]  # int64
        self.seeds: Any = buffers["episode_seed"]  # int64
        self.in_mask: list[list[int]] = [[] for _ in episodes]  # the mask's 1s, per game
        self.flagged: list[int] = []  # games whose end the last step reported

    def reset(self, seed: int) -> None:
        """New games: game ``i`` of the batch plays seed ``seed + i``."""
        self._clear_flags()
        for k, episode in enumerate(self.episodes):
            i = self.first + k
            self._clear_end(i)
            self.seeds[i] = seed + i
            episode.reset(seed + i)
            self._write(k, episode)

    def step(self) -> None:
        """Each game plays its action from the batch's ``actions``; a game that ends reports
        its end and rewards and starts its next seed (``seed + envs``) in the same step."""
        self._clear_flags()
        first = self.first
        actions: list[int] = self.actions[first:first + len(self.episodes)].tolist()
        for k, episode in enumerate(self.episodes):
            episode.act(actions[k])
            if episode.finished or episode.truncated:
                i = first + k
                self.terminated[i] = episode.finished
                self.truncated[i] = episode.truncated
                at = i * self.players
                for seat, reward in enumerate(episode.rewards()):
                    self.rewards[at + seat] = reward
                self.flagged.append(i)
                seed: int = self.seeds[i] + self.envs
                self.seeds[i] = seed
                episode.reset(seed)
            self._write(k, episode)

    def _clear_flags(self) -> None:
        for i in self.flagged:  # an end is reported in its own step only
            self._clear_end(i)
        self.flagged = []

    def _clear_end(self, i: int) -> None:
        self.terminated[i] = False
        self.truncated[i] = False
        at = i * self.players
        for seat in range(self.players):
            self.rewards[at + seat] = 0.0

    def _write(self, k: int, episode: Episode) -> None:
        i = self.first + k
        seat = episode.seat
        self.seat[i] = -1 if seat is None else seat
        start = i * self.row_bytes
        self.observation[start:start + self.row_bytes] = episode.packed_features(seat)
        mask, row = self.mask, i * self.action_count
        for index in self.in_mask[k]:
            mask[row + index] = 0
        indices = list(episode.actions)
        for index in indices:
            mask[row + index] = 1
        self.in_mask[k] = indices
