"""The vector environment: N games in one call, on one process or several, giving exactly the
trajectories of the single environment for the same seeds (docs/env.md, "Many games at
once")."""

from __future__ import annotations

import numpy as np
import pytest

from hauntkit.core.errors import HauntkitError
from hauntkit.env import env
from hauntkit.env.vector import HauntkitVectorEnv


def _random_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    scores = rng.random(mask.shape) * mask
    return scores.argmax(axis=1)


def _single_trajectory(ruleset: str, seed: int, actions: list[int], max_actions: int):
    """Observations, masks and deciding seats of the AEC env for ``actions`` from ``seed``,
    and each step's rewards by seat."""
    game = env(ruleset, max_actions=max_actions)
    game.reset(seed=seed)
    trail = []
    for action in actions:
        agent = game.agent_selection
        obs = game.observe(agent)
        trail.append((obs["observation"].copy(), obs["action_mask"].copy(),
                      game.agent_seat[agent]))
        game.step(action)
        if all(game.terminations.values()) or all(game.truncations.values()):
            rewards = [game.rewards[a] for a in game.possible_agents]
            return trail, rewards
    return trail, None


@pytest.mark.parametrize("ruleset,workers", [("betrayal", 2), ("legacy", 1), ("beast", 2)])
def test_each_sub_environment_plays_the_single_envs_game_of_its_seed(ruleset, workers):
    envs, steps, max_actions = 3, 150, 60  # short games: several ends and autoresets
    vector = HauntkitVectorEnv(ruleset, num_envs=envs, workers=workers,
                               max_actions=max_actions)
    rng = np.random.default_rng(7)
    try:
        obs, infos = vector.reset(seed=40)
        assert infos["episode_seed"].tolist() == [40, 41, 42]
        record = {i: [[]] for i in range(envs)}  # per sub-env: per episode (obs, mask, seat, a)
        seeds = {i: [40 + i] for i in range(envs)}
        ends = {i: [] for i in range(envs)}
        for _ in range(steps):
            actions = _random_actions(obs["action_mask"], rng)
            for i in range(envs):
                record[i][-1].append((obs["observation"][i].copy(),
                                      obs["action_mask"][i].copy(), int(obs["seat"][i]),
                                      int(actions[i])))
            obs, rewards, terminated, truncated, infos = vector.step(actions)
            for i in range(envs):
                if terminated[i] or truncated[i]:
                    ends[i].append((bool(terminated[i]), rewards[i].tolist()))
                    record[i].append([])
                    seeds[i].append(int(infos["episode_seed"][i]))
                else:
                    assert not rewards[i].any()
    finally:
        vector.close()
    assert any(ends.values()), "no game ended: the autoreset was not exercised"
    for i in range(envs):
        assert seeds[i] == [40 + i + envs * k for k in range(len(seeds[i]))]
        for episode, seed in enumerate(seeds[i]):
            steps_here = record[i][episode]
            if not steps_here:
                continue
            trail, final = _single_trajectory(ruleset, seed, [a for *_, a in steps_here],
                                              max_actions)
            assert len(trail) == len(steps_here)
            for (obs_single, mask_single, seat_single), (obs_vec, mask_vec, seat_vec, _) in \
                    zip(trail, steps_here, strict=True):
                assert seat_single == seat_vec
                assert np.array_equal(obs_single, obs_vec)
                assert np.array_equal(mask_single, mask_vec)
            if episode < len(ends[i]):
                terminated_here, rewards_here = ends[i][episode]
                if terminated_here:
                    assert final == rewards_here


def test_an_illegal_action_is_refused_and_no_game_moves():
    vector = HauntkitVectorEnv("betrayal", num_envs=4, workers=2)
    try:
        obs, _ = vector.reset(seed=1)
        before = obs["observation"].copy()
        actions = _random_actions(obs["action_mask"], np.random.default_rng(0))
        illegal = int(np.flatnonzero(obs["action_mask"][2] == 0)[0])
        actions[2] = illegal
        with pytest.raises(HauntkitError, match="not legal in sub-environment 2"):
            vector.step(actions)
        with pytest.raises(HauntkitError, match="4 integers"):
            vector.step(np.zeros(4, dtype=np.float64))
        with pytest.raises(HauntkitError, match="4 integers"):
            vector.step([0, 0])
        actions[2] = int(np.flatnonzero(obs["action_mask"][2])[0])
        again, *_ = vector.step(actions)  # the refusals changed nothing: the games go on
        assert again["observation"].shape == before.shape
    finally:
        vector.close()


def test_closing_frees_the_workers_and_the_shared_memory():
    vector = HauntkitVectorEnv("beast", num_envs=2, workers=2)
    vector.reset(seed=0)
    processes = list(vector._processes)
    names = list(vector._batch.names().values())
    vector.close()
    assert all(not p.is_alive() for p in processes)
    from multiprocessing.shared_memory import SharedMemory

    for name in names:
        with pytest.raises(FileNotFoundError):
            SharedMemory(name=name)
    with pytest.raises(HauntkitError, match="closed"):
        vector.reset(seed=0)


def test_spaces_describe_the_batch():
    vector = HauntkitVectorEnv("betrayal", num_envs=3, workers=1)
    try:
        obs, _ = vector.reset(seed=0)
        assert vector.observation_space.contains(obs)
        assert obs["observation"].shape == (3, vector.single_observation_space[
            "observation"].shape[0])
        assert (obs["seat"] >= 0).all()
        assert (obs["action_mask"].sum(axis=1) >= 1).all()
    finally:
        vector.close()
