"""Playing full games with bots in every seat, for simulation, benchmarks and property tests."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hauntkit.bots import Bot, bot_rng, bot_seat, get_bot
from hauntkit.bots.base import bot_seed
from hauntkit.core.errors import HauntkitError
from hauntkit.core.game import Game
from hauntkit.core.ruleset import Ruleset

DEFAULT_MAX_ACTIONS = 100_000


class SimulationError(HauntkitError):
    """A game raised, broke an invariant or got stuck. Names the seed that reproduces it."""

    code = "simulation_error"

    def __init__(self, message: str, seed: int, actions: int) -> None:
        self.seed = seed
        self.actions = actions
        super().__init__(message)

    def __reduce__(self) -> tuple[Any, ...]:  # survives the trip back from a worker process
        return type(self), (str(self), self.seed, self.actions)


@dataclass
class GameRecord:
    """The outcome of one simulated game."""

    index: int
    seed: int
    actions: int
    capped: bool
    result: dict[str, Any] | None
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def outcome(self) -> str:
        """``"capped"``, else the winner named by ``stats`` or ``result``, else ``"no winner"``
        (a draw, or the ruleset's own turn or round limit)."""
        if self.capped:
            return "capped"
        for source in (self.stats, self.result or {}):
            winner = source.get("winner")
            if winner is not None:
                return str(winner)
        return "no winner"

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "seed": self.seed, "outcome": self.outcome,
                "actions": self.actions, "capped": self.capped, "result": self.result,
                "stats": self.stats}


def pick_seat(waiting: list[int], driver: random.Random) -> int:
    """Which of several waiting seats acts first, drawn from ``driver`` (benchmarks and
    property tests; full bot games use ``bot_seat``, as the server does)."""
    return waiting[0] if len(waiting) == 1 else waiting[driver.randrange(len(waiting))]


def _decide(bot: Bot, game: Game, seat: int, legal: list[dict[str, Any]], seed: int,
            version: int) -> dict[str, Any]:
    """The bot's action, as ``bot.choose(view, legal, bot_rng(seed, seat, version))`` gives
    it, by the cheapest way that gives the same one: a forced move needs no bot (bots are
    stateless and return one of the legal actions), a bot that ignores its view gets none,
    and a bot with ``choose_keyed`` (``bots.simple``) reseeds its own Random."""
    if len(legal) == 1:
        return legal[0]
    if not legal:
        raise HauntkitError(f"seat {seat} must act but has no legal action")
    keyed = getattr(bot, "choose_keyed", None)
    if keyed is not None:
        return keyed(legal, bot_seed(seed, seat, version))  # type: ignore[no-any-return]
    view = game.view(seat) if bot.uses_view else {}
    return bot.choose(view, legal, bot_rng(seed, seat, version))


def play_game(ruleset: Ruleset, config: dict[str, Any], seed: int,
              bots: Bot | dict[int, Bot] | None = None, *, index: int = 0,
              max_actions: int = DEFAULT_MAX_ACTIONS, check_invariants: bool = False,
              on_action: Callable[[Game, int, dict[str, Any]], None] | None = None,
              on_decision: Callable[[Game, int, list[dict[str, Any]], dict[str, Any]], None]
              | None = None,
              ) -> tuple[Game, GameRecord]:
    """Play one game to its end (or ``max_actions``) with bots in every seat.

    Any exception from the ruleset, a broken invariant (with ``check_invariants``) or a game
    that stops asking for actions before it has a result raises ``SimulationError`` naming the
    seed, chained to the original exception. ``on_decision(game, seat, legal, action)`` is
    called before each action is applied (the blunder audit), ``on_action(game, seat,
    action)`` after it. Seats and bot randomness follow the one rule of
    ``hauntkit.bots`` (``bot_seat``, ``bot_rng``), so the server plays the same game.
    """
    bots = bots if bots is not None else get_bot("default")
    one = bots if isinstance(bots, Bot) else None
    for bot in [bots] if one is not None else bots.values():  # type: ignore[union-attr]
        bot.bind(ruleset)
    actions = 0
    game: Game | None = None
    # The loop asks the ruleset directly (``Game.to_act``/``legal_actions`` only forward, and
    # each position's legal actions are asked once) and resolves the bot's fast path once.
    to_act = ruleset.to_act
    legal_of = ruleset.legal_actions
    keyed = getattr(one, "choose_keyed", None)
    try:
        game = Game.new(ruleset, config, seed)
        state = game.state
        apply = game.act_trusted
        while actions < max_actions:
            waiting = to_act(state)
            if not waiting:
                if game.result() is None:
                    raise HauntkitError("no seat has a decision to make but the game is not over")
                break
            version = state["version"]
            seat = waiting[0] if len(waiting) == 1 else bot_seat(waiting, seed, version)
            legal = legal_of(state, seat)
            if len(legal) == 1:  # forced: no bot needed (see ``_decide``)
                action = legal[0]
            elif keyed is not None and legal:
                action = keyed(legal, bot_seed(seed, seat, version))
            else:
                action = _decide(one or bots[seat], game, seat, legal,  # type: ignore[index]
                                 seed, version)
            if on_decision is not None:
                on_decision(game, seat, legal, action)
            apply(seat, action)
            actions += 1
            if on_action is not None:
                on_action(game, seat, action)
                state = game.state
            if check_invariants:
                broken = ruleset.invariants(state)
                if broken:
                    raise HauntkitError(f"invariant broken after {seat}: {action}: "
                                        + "; ".join(broken))
        result = game.result()
        stats = ruleset.stats(game.state)
    except SimulationError:
        raise
    except Exception as exc:
        raise SimulationError(
            f"game {index} (seed {seed}) failed after {actions} actions: "
            f"{type(exc).__name__}: {exc}", seed, actions) from exc
    return game, GameRecord(index, seed, actions, result is None, result, stats)
