"""Rollout policy improvement over the heuristic policy: what ``hard`` plays (registered
under that name by ``bots.strengths``).

At a trivial decision the bot plays the heuristic's choice (``normal``'s, draw for draw). At
a decision that matters (``candidates.Ranking.contested``: an attack, a book action, a power
or an item among the heuristic's acceptable best few) it compares the heuristic's top
candidates by determinized rollouts: each rollout samples a full state **from the view**
(the ruleset's ``determinize``: unseen cards and tiles shuffled, a hidden traitor sampled,
fresh dice), plays the candidate, then lets the heuristic play every seat for ``depth``
actions (or to the end), and scores the position with ``searchkit.rewards``. Every candidate
gets the same samples and the same dice (common random numbers), so the comparison is paired;
another candidate replaces the heuristic's choice only when it did better by ``margin`` on
average and by more than its noise, and then did so again in ``confirm`` fresh rollouts (new
samples, new dice) by two standard errors: the first look's winner is biased upward. A
rollout algorithm whose base policy is its default does at least as well as the base policy
in expectation (Bertsekas, *Rollout algorithms*), and the candidates never include an action
the heuristic refuses (``candidates``).

The budget is ``rollouts`` per candidate (a count, not seconds, so that a game replays the same
on any machine); ``last_iterations`` and ``last_seconds`` report the rollouts played and their
CPU seconds for ``hauntkit bot-speed``. The bot has no ``iterations``: the server's and the
tournament's ISMCTS iteration counts (up to thousands) are not rollout counts.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, ClassVar

from hauntkit.bots.base import Action
from hauntkit.bots.candidates import rank
from hauntkit.bots.scoring import ScoringPolicy
from hauntkit.bots.searchbot import SearchBot
from hauntkit.bots.searchkit import determinizer, not_determinizable, rewards
from hauntkit.core.game import copy_state
from hauntkit.core.ruleset import Ruleset

State = dict[str, Any]


class RolloutBot(SearchBot):
    """The heuristic, improved by rollouts at the decisions that matter. ``rollouts`` per
    candidate, ``depth`` actions per rollout, ``width`` candidates at most, ``pool``
    determinizations per decision (reused with fresh dice), ``margin`` the mean reward another
    candidate must gain over the heuristic's choice, ``noise`` how many standard errors;
    ``confirm`` fresh rollouts test an override again, by ``confirm_noise`` standard errors."""

    name: ClassVar[str] = "rollout"

    def __init__(self, rollouts: int = 12, depth: int = 60, width: int = 3, pool: int = 12,
                 margin: float = 0.02, noise: float = 1.0, confirm: int = 24,
                 confirm_noise: float = 2.0, rulesets: dict[str, Ruleset] | None = None) -> None:
        self.rollouts = rollouts
        self.depth = depth
        self.width = width
        self.pool = pool
        self.margin = margin
        self.noise = noise
        self.confirm = confirm
        self.confirm_noise = confirm_noise
        super().__init__(rulesets)

    def decide(self, view: dict[str, Any], legal_actions: list[Action],
               rng: random.Random) -> Action:
        ruleset_id = view.get("ruleset")
        policy = self.heuristic.policy(ruleset_id) if ruleset_id is not None else None
        if not isinstance(policy, ScoringPolicy):
            return self.heuristic.choose(view, legal_actions, rng)
        rs = self.ruleset(ruleset_id)  # type: ignore[arg-type]
        ranking = rank(legal_actions, policy.scores(view, legal_actions), rng,
                       rs.search_actions, self.width)
        if not ranking.contested:
            return ranking.choice
        sample = determinizer(rs)
        if sample is None:
            return ranking.choice
        start = time.process_time()
        try:
            samples = [sample(view, rng) for _ in range(min(self.pool, self.rollouts))]
            choice = self.compare(rs, view, ranking.candidates, samples, rng)
            if choice is not ranking.choice and self.confirm:
                choice = self.confirmed(rs, view, ranking.choice, choice, sample, rng)
        except not_determinizable():
            return ranking.choice
        self.last_seconds = time.process_time() - start  # sampling and rollouts
        return choice

    def compare(self, rs: Ruleset, view: dict[str, Any], candidates: list[Action],
                samples: list[State], rng: random.Random) -> Action:
        """The candidate with the best paired rollout value (the first, the heuristic's
        choice, unless another is clearly better)."""
        values = self.values(rs, view, candidates, samples, self.rollouts, rng)
        self.last_iterations += self.rollouts * len(candidates)
        return candidates[self.best(values)]

    def confirmed(self, rs: Ruleset, view: dict[str, Any], heuristic: Action,
                  challenger: Action, sample: Any, rng: random.Random) -> Action:
        """``challenger`` if ``confirm`` fresh paired rollouts (new samples, new dice) find it
        better than ``heuristic`` again, by ``margin`` and ``confirm_noise`` standard errors,
        else ``heuristic``. The first comparison
        picked the best of several noisy means, so its winner's lead is biased upward (the
        winner's curse); only rollouts that played no part in the pick can test it."""
        samples = [sample(view, rng) for _ in range(min(self.pool, self.confirm))]
        values = self.values(rs, view, [heuristic, challenger], samples, self.confirm, rng)
        self.last_iterations += 2 * self.confirm
        return challenger if self.best(values, self.confirm_noise) == 1 else heuristic

    def values(self, rs: Ruleset, view: dict[str, Any], candidates: list[Action],
               samples: list[State], rollouts: int, rng: random.Random) -> list[list[float]]:
        """``rollouts`` paired values of each candidate: every candidate plays from the same
        sample with the same dice."""
        seat = view["seat"]
        values: list[list[float]] = [[] for _ in candidates]
        for j in range(rollouts):
            base = samples[j % len(samples)]
            dice = rng.getrandbits(64)
            for i, candidate in enumerate(candidates):
                state = copy_state(base)
                state["rng"] = {"s": dice, "script": []}
                values[i].append(self.playout(rs, state, seat, candidate, random.Random(dice)))
        return values

    def best(self, values: list[list[float]], noise: float | None = None) -> int:
        """The index of the candidate to play: 0 unless another's mean gain over candidate 0
        exceeds ``margin`` and ``noise`` (default: the bot's) standard errors of that gain."""
        noise = self.noise if noise is None else noise
        best, best_gain = 0, self.margin
        for i in range(1, len(values)):
            gains = [v - v0 for v, v0 in zip(values[i], values[0], strict=True)]
            n = len(gains)
            mean = sum(gains) / n
            spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / max(1, n - 1) / n)
            if mean > best_gain and mean > noise * spread:
                best, best_gain = i, mean
        return best

    def playout(self, rs: Ruleset, state: State, seat: int, first: Action,
                rng: random.Random) -> float:
        """``seat``'s value after ``first`` and ``depth`` actions of the heuristic."""
        rs.apply(state, seat, first)
        heuristic = self.heuristic
        for _ in range(self.depth):
            if state["result"] is not None:
                break
            waiting = rs.to_act(state)
            if not waiting:
                break
            actor = waiting[0] if len(waiting) == 1 else waiting[rng.randrange(len(waiting))]
            legal = rs.legal_actions(state, actor)
            if not legal:
                break
            action = legal[0] if len(legal) == 1 else \
                heuristic.choose(rs.view(state, actor), legal, rng)
            rs.apply(state, actor, action)
        n_seats = len(state["explorers"]) if "explorers" in state else max(1, state.get(
            "players", 1))
        values = rewards(rs, state, max(n_seats, seat + 1))
        return values[seat]

