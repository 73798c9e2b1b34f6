"""The bots players meet: ``easy``, ``normal`` and ``hard``, each for every ruleset.

``normal`` is the heuristic policy; ``easy`` is the same policy making a beginner's choice (the
``default`` bot's) a fixed share of its non-forced decisions; ``hard`` is ISMCTS with a budget
that keeps a decision well under a second. Each is deterministic from the decision's seeded
``random.Random`` (``bot_rng``), like every bot, so a game replays the same everywhere.

The research bots (``random``, ``default``, ``heuristic``, ``ismcts``) stay registered for
scripts and measurements; ``bot_title`` gives every bot the words a page shows for it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from hauntkit.bots.base import Action, register_bot
from hauntkit.bots.heuristic import HeuristicBot
from hauntkit.bots.rollout import RolloutBot
from hauntkit.bots.simple import DefaultBot
from hauntkit.core.ruleset import Ruleset

# The share of easy's non-forced decisions that are a beginner's (the ``default`` bot's).
EASY_SLIP = 0.65
# Hard's search budget: rollouts per candidate at a decision that matters. A count, not CPU
# seconds, so that a game replays the same on any machine; docs/bots.md ("Strengths")
# measures the seconds a decision takes.
HARD_ROLLOUTS = 12


@dataclass(frozen=True)
class BotTitle:
    """What a player reads about a bot: its registry ``name``, a ``title`` and one line."""

    name: str
    title: str
    description: str


STRENGTHS: tuple[BotTitle, ...] = (
    BotTitle("easy", "Easy",
             "plays toward its goals now and then, but mostly makes a beginner's choice"),
    BotTitle("normal", "Normal",
             "plays toward its side's goals every time"),
    BotTitle("hard", "Hard",
             "thinks ahead: tries its moves against the cards and dice it cannot see"),
)
DEFAULT_STRENGTH = "normal"

RESEARCH_BOTS: tuple[BotTitle, ...] = (
    BotTitle("random", "Random", "any legal move, at random"),
    BotTitle("default", "Beginner",
             "a kind of move at random, then a move of that kind; ends its turn now and then"),
    BotTitle("heuristic", "Normal", "the heuristic policy (what Normal plays)"),
    BotTitle("ismcts", "Search",
             "information-set Monte Carlo tree search with the budget it is given"),
)

_TITLES = {bot.name: bot for bot in (*STRENGTHS, *RESEARCH_BOTS)}


def bot_title(name: str) -> str:
    """The words a page shows for the bot registered as ``name`` (``"Hard"``)."""
    known = _TITLES.get(name)
    return known.title if known is not None else name


def strengths() -> list[dict[str, str]]:
    """The strengths in order of strength: name, title and description of each."""
    return [{"name": bot.name, "title": bot.title, "description": bot.description}
            for bot in STRENGTHS]


class EasyBot(HeuristicBot):
    """The heuristic policy, except that on a decision with a choice it plays like the
    ``default`` bot with probability ``slip`` (drawn first from the decision's own rng)."""

    name: ClassVar[str] = "easy"

    def __init__(self, slip: float = EASY_SLIP,
                 rulesets: dict[str, Ruleset] | None = None) -> None:
        super().__init__(rulesets)
        self.slip = slip
        self.beginner = DefaultBot()

    def bind(self, ruleset: Ruleset) -> EasyBot:
        super().bind(ruleset)
        self.beginner.bind(ruleset)
        return self

    def choose(self, view: dict[str, Any], legal_actions: list[Action],
               rng: random.Random) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        if rng.random() < self.slip:
            return self.beginner.choose(view, legal_actions, rng)
        return super().choose(view, legal_actions, rng)


class NormalBot(HeuristicBot):
    """The heuristic policy, under the name players meet it by."""

    name: ClassVar[str] = "normal"


class HardBot(RolloutBot):
    """The heuristic improved by ``HARD_ROLLOUTS`` rollouts per candidate at the decisions
    that matter (``bots.rollout``; options may change the budget). A view that does not name
    its ruleset (a plugin's) cannot be searched: the heuristic decides."""

    name: ClassVar[str] = "hard"

    def __init__(self, rollouts: int = HARD_ROLLOUTS, **options: Any) -> None:
        super().__init__(rollouts=rollouts, **options)


for _bot in (EasyBot, NormalBot, HardBot):
    register_bot(_bot.name, _bot)
