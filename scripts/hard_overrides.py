"""Are Hard's overrides of the heuristic right? Re-judge each one with many more rollouts.

Plays sides tournaments of Hard against Normal (``hauntkit tournament --mode sides``) and
records every decision where Hard played another action than the heuristic's choice. Each of
those decisions is then judged again from the same view: ``--judge`` fresh paired rollouts of
the heuristic's choice and of Hard's (new samples of the hidden state, new dice). An override
is "better" when its mean gain is above two standard errors, "worse" when below minus two,
else "even". Overrides that are mostly "even" or "worse" are noise, not judgement.

Usage: python scripts/hard_overrides.py [--ruleset legacy] [--seeds 4] [--seed 700]
       [--judge 96] [--first-look-only]

``--first-look-only`` judges the overrides Hard's first comparison made, before its
confirmation (``RolloutBot.confirm`` set to 0).
"""

from __future__ import annotations

import argparse
import math
import random
from copy import deepcopy
from typing import Any

from hauntkit.bots import rollout
from hauntkit.bots.searchkit import determinizer
from hauntkit.core.game import copy_state
from hauntkit.core.ruleset import Ruleset, get_ruleset
from hauntkit.sim.tournament import run_tournament

Action = dict[str, Any]
Override = tuple[dict[str, Any], Action, Action]  # the view, the heuristic's choice, Hard's


def collect(rs: Ruleset, seeds: int, seed: int, first_look_only: bool) -> list[Override]:
    """Every override Hard makes in ``seeds`` sides tournaments' seeds (two games each)."""
    found: list[Override] = []
    decide = rollout.RolloutBot.decide

    def watched(bot: rollout.RolloutBot, view: dict[str, Any], legal: list[Action],
                rng: random.Random) -> Action:
        if first_look_only:
            bot.confirm = 0
        twin = random.Random()
        twin.setstate(rng.getstate())  # the heuristic draws its choice as Hard's ranking does
        heuristic = bot.heuristic.choose(view, legal, twin)
        choice = decide(bot, view, legal, rng)
        if bot.last_iterations and choice != heuristic:
            found.append((deepcopy(view), heuristic, choice))
        return choice

    rollout.RolloutBot.decide = watched  # type: ignore[method-assign]
    try:
        run_tournament(rs, ["hard", "normal"], seeds, seed=seed, mode="sides")
    finally:
        rollout.RolloutBot.decide = decide  # type: ignore[method-assign]
    return found


def judge(rs: Ruleset, override: Override, rollouts: int, rng: random.Random
          ) -> tuple[float, float]:
    """The mean paired gain of Hard's action over the heuristic's, and its standard error."""
    view, heuristic, choice = override
    sample = determinizer(rs)
    assert sample is not None
    bot = rollout.RolloutBot().bind(rs)
    gains = []
    for _ in range(rollouts):
        base = sample(view, rng)
        dice = rng.getrandbits(64)
        values = []
        for action in (heuristic, choice):
            state = copy_state(base)
            state["rng"] = {"s": dice, "script": []}
            values.append(bot.playout(rs, state, view["seat"], action, random.Random(dice)))
        gains.append(values[1] - values[0])
    mean = sum(gains) / len(gains)
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (len(gains) - 1) / len(gains))
    return mean, spread


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ruleset", default="legacy")
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument("--seed", type=int, default=700)
    parser.add_argument("--judge", type=int, default=96)
    parser.add_argument("--first-look-only", action="store_true")
    args = parser.parse_args()
    rs = get_ruleset(args.ruleset)
    overrides = collect(rs, args.seeds, args.seed, args.first_look_only)
    verdicts = {"better": 0, "even": 0, "worse": 0}
    for k, override in enumerate(overrides):
        mean, spread = judge(rs, override, args.judge, random.Random(1000 + k))
        verdict = "better" if mean > 2 * spread else "worse" if mean < -2 * spread else "even"
        verdicts[verdict] += 1
        print(f"{override[1]['type']} -> {override[2]['type']}: gain {mean:+.3f} "
              f"(standard error {spread:.3f}): {verdict}", flush=True)
    print(f"{len(overrides)} overrides in {2 * args.seeds} games: "
          + ", ".join(f"{n} {v}" for v, n in verdicts.items()))


if __name__ == "__main__":
    main()
