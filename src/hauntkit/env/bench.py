"""Speed of the environments beside the engine, measured side by side in one run.

For each ruleset, random play through the engine (``act_trusted`` on a random legal action,
as ``hauntkit bench``) and random play through the AEC env (``last()`` then ``step()`` with a
random action number from ``info["actions"]``) take turns in short slices of CPU time, so that
whatever else the machine does weighs on both alike. Then the vector env (wall time, all its
workers) and PettingZoo's ``connect_four_v3`` (the same AEC loop, a random action from its
mask), for scale. Needs the ``env`` extra.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from hauntkit.core.game import Game
from hauntkit.core.ruleset import starter_ruleset
from hauntkit.sim.runner import pick_seat

ENV_RULESETS = ("betrayal", "legacy", "beast")
SLICE = 0.25  # CPU seconds per turn of each side


class EngineStepper:
    """Random play through the engine, resumable between slices."""

    def __init__(self, ruleset_id: str) -> None:
        self.ruleset = starter_ruleset(ruleset_id)
        self.seed = 0
        self.rng = random.Random(0)
        self.game = Game.new(self.ruleset, {}, self.seed)

    def run(self, seconds: float) -> int:
        deadline = time.process_time() + seconds
        game, rng, actions = self.game, self.rng, 0
        randrange = rng.randrange
        while True:
            waiting = game.to_act()
            if not waiting:
                self.seed += 1
                game = self.game = Game.new(self.ruleset, {}, self.seed)
                continue
            seat = pick_seat(waiting, rng)
            legal = game.legal_actions(seat)
            game.act_trusted(seat, legal[randrange(len(legal))])
            actions += 1
            if actions % 64 == 0 and time.process_time() > deadline:
                return actions


class AecStepper:
    """Random play through an AEC env, resumable between slices. ``from_info``: pick among
    ``info["actions"]`` (hauntkit); otherwise among the mask's ones (any PettingZoo env)."""

    def __init__(self, environment: Any, from_info: bool) -> None:
        import numpy

        self.env = environment
        self.from_info = from_info
        self.rng = random.Random(0)
        self.flatnonzero = numpy.flatnonzero
        self.seed = 0
        self.env.reset(seed=self.seed)

    def run(self, seconds: float) -> int:
        deadline = time.process_time() + seconds
        environment, rng, steps = self.env, self.rng, 0
        randrange = rng.randrange
        while True:
            for _agent in environment.agent_iter():
                obs, _reward, terminated, truncated, info = environment.last()
                if terminated or truncated:
                    environment.step(None)
                    continue
                if self.from_info:
                    legal = list(info["actions"])
                else:
                    legal = self.flatnonzero(obs["action_mask"]).tolist()
                environment.step(legal[randrange(len(legal))])
                steps += 1
                if steps % 64 == 0 and time.process_time() > deadline:
                    return steps
            self.seed += 1
            environment.reset(seed=self.seed)


def side_by_side(first: Any, second: Any, seconds: float) -> tuple[float, float]:
    """Per-CPU-second rates of two steppers run in alternating slices for ``seconds`` each."""
    counts, spent = [0, 0], [0.0, 0.0]
    while min(spent) < seconds:
        for k, stepper in enumerate((first, second)):
            start = time.process_time()
            counts[k] += stepper.run(SLICE)
            spent[k] += time.process_time() - start
    return counts[0] / spent[0], counts[1] / spent[1]


@dataclass
class VectorFigure:
    ruleset: str
    envs: int
    workers: int
    steps_per_second: float


def vector_rate(ruleset_id: str, seconds: float, envs: int = 64,
                workers: int | None = None) -> VectorFigure:
    """Steps per wall second of the vector env with a vectorised random agent."""
    import numpy

    from hauntkit.env.vector import HauntkitVectorEnv

    vector = HauntkitVectorEnv(ruleset_id, num_envs=envs, workers=workers, copy=False)
    try:
        rng = numpy.random.default_rng(0)
        obs, _ = vector.reset(seed=0)
        for _ in range(3):  # warm-up: the workers' first steps
            obs, *_ = vector.step((rng.random(obs["action_mask"].shape, dtype=numpy.float32)
                                   * obs["action_mask"]).argmax(axis=1))
        steps, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            scores = rng.random(obs["action_mask"].shape, dtype=numpy.float32)
            scores *= obs["action_mask"]
            obs, *_ = vector.step(scores.argmax(axis=1))
            steps += envs
        elapsed = time.perf_counter() - start
    finally:
        vector.close()
    return VectorFigure(ruleset_id, envs, vector.workers, steps / elapsed)


def run_env_bench(seconds: float = 3.0, rulesets: tuple[str, ...] = ENV_RULESETS,
                  vector_envs: int = 64, vector_workers: int | None = None) -> dict[str, Any]:
    """Every figure of ``hauntkit bench --env``: per ruleset the engine's actions/s, the env's
    steps/s and their ratio; the vector env's steps/s for betrayal; connect_four_v3's."""
    from hauntkit.env import env

    rows = []
    for ruleset_id in rulesets:
        engine, environment = side_by_side(EngineStepper(ruleset_id),
                                           AecStepper(env(ruleset_id), from_info=True),
                                           seconds)
        engine_rate, env_rate = round(engine), round(environment)
        # the ratio of the figures as printed (of the unrounded rates it could differ in the
        # last digit from what a reader computes from the table)
        rows.append({"ruleset": ruleset_id, "engine_actions_per_second": engine_rate,
                     "env_steps_per_second": env_rate,
                     "ratio": round(env_rate / max(engine_rate, 1), 3)})
    vector = vector_rate("betrayal", seconds, vector_envs, vector_workers)
    return {"rulesets": rows,
            "vector": {"ruleset": vector.ruleset, "envs": vector.envs,
                       "workers": vector.workers,
                       "steps_per_second": round(vector.steps_per_second)},
            "connect_four_v3_steps_per_second": round(connect_four_rate(seconds))}


def connect_four_rate(seconds: float) -> float:
    """PettingZoo's connect_four_v3 under the same AEC loop, steps per CPU second."""
    from pettingzoo.classic import connect_four_v3

    stepper = AecStepper(connect_four_v3.env(), from_info=False)
    start = time.process_time()
    steps = stepper.run(seconds)
    return steps / (time.process_time() - start)


def markdown(figures: dict[str, Any]) -> str:
    """The figures as one markdown table (docs/env.md): a row per ruleset, then the vector
    env and connect_four_v3, which have no engine figure beside them."""
    lines = ["| environment | engine actions/s | env steps/s | env / engine |",
             "|---|---:|---:|---:|"]
    for row in figures["rulesets"]:
        lines.append(f"| {row['ruleset']}, one env (CPU) | {row['engine_actions_per_second']:,} | "
                     f"{row['env_steps_per_second']:,} | {row['ratio']:.0%} |")
    vector = figures["vector"]
    workers = f"{vector['workers']} worker{'s' if vector['workers'] != 1 else ''}"
    lines += [f"| vector env, {vector['ruleset']}, {vector['envs']} games on {workers} (wall) "
              f"| - | {vector['steps_per_second']:,} | - |",
              f"| PettingZoo connect_four_v3, one env (CPU) | - | "
              f"{figures['connect_four_v3_steps_per_second']:,} | - |"]
    return "\n".join(lines)
