"""Which actions a searching bot may play instead of the heuristic's choice.

The heuristic (``normal``) scores every legal action; its refusals are rules of the bot, not
guesses: a negative score is an action it will not take (an attack at bad odds, a walk away
from every goal or straight back, dropping a card, harming its own side). A search that
overrides the heuristic compares only **acceptable** alternatives:

- of an action type the ruleset lets a search judge (its declared ``search_actions.judged``:
  in betrayal attacks, book actions, powers, items, walks, picking up, ending the turn), never
  an answer or a hand-over (giving a card, letting someone TAKE one, accepting an offer: those
  the heuristic answers alone);
- scored zero or more by the heuristic (walks, ``search_actions.walks``: more than zero, i.e.
  closer to a goal, never back);
- among the heuristic's ``width`` best such actions.

The heuristic's own choice is always the first candidate. A decision is worth a search only
when some candidate is a contest (``search_actions.contests``: an attack, a book action, a
power or an item), so walks are left to the heuristic's breadth-first paths.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from hauntkit.core.ruleset import SearchActions

Action = dict[str, Any]


@dataclass(frozen=True)
class Ranking:
    """The heuristic's ``choice`` and the acceptable ``candidates`` (the choice first)."""

    choice: Action
    candidates: list[Action]
    contests: frozenset[str] = frozenset()

    @property
    def contested(self) -> bool:
        """More than one candidate, one of them a contest: a decision worth searching."""
        return len(self.candidates) > 1 and any(a["type"] in self.contests
                                                for a in self.candidates)


def heuristic_choice(legal: list[Action], scores: list[float], rng: random.Random) -> Action:
    """A best-scored action, ties broken by ``rng`` exactly as ``ScoringPolicy.choose`` does
    (so a bot that plays this is the heuristic bot, draw for draw)."""
    best = max(scores)
    picks = [a for a, s in zip(legal, scores, strict=True) if s == best]
    return picks[rng.randrange(len(picks))]


def acceptable(action: Action, score: float, search: SearchActions) -> bool:
    """The heuristic does not refuse ``action``, and ``search`` lets a search judge its type
    (see the module docstring)."""
    kind = action["type"]
    if kind not in search.judged:
        return False
    return score > 0 if kind in search.walks else score >= 0


def rank(legal: list[Action], scores: list[float], rng: random.Random, search: SearchActions,
         width: int = 3) -> Ranking:
    """The heuristic's choice (drawn as the heuristic draws it) and up to ``width``
    candidates: the choice, then the best-scored acceptable others (``search``: the
    ruleset's declared ``search_actions``)."""
    choice = heuristic_choice(legal, scores, rng)
    others = sorted(((s, i) for i, (a, s) in enumerate(zip(legal, scores, strict=True))
                     if a is not choice and acceptable(a, s, search)),
                    key=lambda si: (-si[0], si[1]))
    return Ranking(choice, [choice] + [legal[i] for _s, i in others[:max(0, width - 1)]],
                   search.contests)
