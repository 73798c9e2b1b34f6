"""The PettingZoo environment: PettingZoo's own api_test and seed_test, rewards, the action
encoding, and the docs/env.md snippets (run here so they cannot rot)."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from hauntkit.core.errors import HauntkitError
from hauntkit.env import ActionCatalogue, env

DOC = Path(__file__).parents[2] / "docs" / "env.md"


@pytest.mark.parametrize("ruleset", ["betrayal", "legacy", "beast"])
def test_pettingzoo_api_test_and_seed_test_pass(ruleset):
    with warnings.catch_warnings():
        # a Dict observation with an action mask is PettingZoo's own convention
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent")
        api_test(env(ruleset), num_cycles=300)
        seed_test(lambda: env(ruleset), num_cycles=100)


def play_random(game, seed: int, rng: np.random.Generator):
    game.reset(seed=seed)
    final = {}
    for agent in game.agent_iter():
        obs, reward, terminated, truncated, info = game.last()
        if terminated or truncated:
            final[agent] = (reward, terminated, truncated)
            game.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert set(info["actions"]) == set(legal.tolist())
        seat = game.agent_seat[agent]
        assert all(a in game.game.legal_actions(seat) for a in info["actions"].values())
        assert info["view"]["seat"] == seat
        game.step(int(rng.choice(legal)))
    return final


@pytest.mark.parametrize("ruleset,seed", [("betrayal", 3), ("legacy", 2), ("beast", 4)])
def test_rewards_at_the_end_follow_the_winning_side(ruleset, seed):
    game = env(ruleset)
    final = play_random(game, seed, np.random.default_rng(seed))
    state, result = game.game.state, game.game.result()
    assert result is not None and set(final) == set(game.possible_agents)
    for agent, (reward, terminated, truncated) in final.items():
        assert terminated and not truncated
        seat = game.agent_seat[agent]
        side = state["explorers"][seat]["side"] if ruleset != "beast" else "hunters"
        expected = 0.0 if result["winner"] is None else (
            1.0 if side == result["winner"] else -1.0)
        assert reward == expected
    assert game.agents == []


def test_a_capped_game_is_truncated_for_every_agent():
    game = env("betrayal", max_actions=30)
    final = play_random(game, 1, np.random.default_rng(1))
    assert all(trunc and not term and reward == 0.0 for reward, term, trunc in final.values())
    assert game.steps == 30


def test_an_illegal_index_is_refused_with_the_legal_ones():
    game = env("betrayal")
    game.reset(seed=2)
    obs, *_ = game.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(HauntkitError, match=f"action index {illegal} is not legal"):
        game.step(illegal)


def test_observations_do_not_depend_on_hidden_order():
    # a view never shows deck or room-stack order (docs/architecture.md), nor do features
    game = env("betrayal")
    game.reset(seed=5)
    before = game.observe(game.agent_selection)["observation"]
    state = game.game.state
    for pile in (state["stack"], *state["decks"].values()):
        pile.reverse()
    after = game.observe(game.agent_selection)["observation"]
    assert np.array_equal(before, after)
    assert np.all((before >= 0) & (before <= 1))


def test_legacy_observations_do_not_depend_on_hidden_order():
    """Legacy's hidden order is the cards behind each public back (``shuffle_hidden``)."""
    import random

    game = env("legacy")
    game.reset(seed=5)
    before = game.observe(game.agent_selection)["observation"]
    game.rs.shuffle_hidden(game.game.state, random.Random(1))
    assert np.array_equal(before, game.observe(game.agent_selection)["observation"])
    assert np.all((before >= 0) & (before <= 1))
    assert game.observation_space(game.agent_selection)["observation"].shape == before.shape


def test_the_encoding_is_fixed_by_type_then_canonical_order():
    cat = ActionCatalogue.for_ruleset("betrayal")
    offsets = cat.offsets()
    legal = [{"type": "explore", "dir": "w"}, {"type": "end_turn"},
             {"type": "explore", "dir": "n"}, {"type": "novel", "x": 1}]
    enc = cat.encode(legal)
    first = offsets["explore"][0]
    assert enc == {0: {"type": "end_turn"}, first: {"type": "explore", "dir": "n"},
                   first + 1: {"type": "explore", "dir": "w"},
                   offsets["other"][0]: {"type": "novel", "x": 1}}
    assert cat.size == 604 and ActionCatalogue.for_ruleset("beast").size == 446
    legacy = ActionCatalogue.for_ruleset("legacy")
    assert legacy.size == 612
    permit = legacy.offsets()["permit"][0]
    assert legacy.encode([{"type": "permit", "allow": True}, {"type": "permit", "allow": False}]
                         ) == {permit: {"type": "permit", "allow": False},
                               permit + 1: {"type": "permit", "allow": True}}


def test_the_docs_snippets_run():
    pettingzoo_part = DOC.read_text().split("\n## OpenSpiel")[0]  # test_openspiel runs the rest
    blocks = re.findall(r"```python\n(.*?)```", pettingzoo_part, flags=re.S)
    assert len(blocks) == 3
    scopes = []
    for code in blocks:
        scope: dict[str, object] = {}
        exec(compile(code, str(DOC), "exec"), scope)  # noqa: S102
        scopes.append(scope)
    assert scopes[1]["W"].any()  # the training loop changed the weights
    assert scopes[2]["obs"]["observation"].shape[0] == 64  # the vector env's batch


@pytest.mark.parametrize("ruleset", ["betrayal", "beast"])
def test_a_view_is_built_only_when_read_and_once_per_position(ruleset, monkeypatch):
    """The observation never builds a view (the features come from the state); reading
    ``info["view"]`` builds it once for that position, and a stale info is refused (a view is
    most of an environment step's cost)."""
    e = env(ruleset)
    e.reset(seed=3)
    built = []
    real = type(e.game.ruleset).view

    def counted(self, state, seat):
        built.append((state["version"], seat))
        return real(self, state, seat)

    monkeypatch.setattr(type(e.game.ruleset), "view", counted)
    rng = np.random.default_rng(0)
    steps = 0
    while steps < 60:
        obs, _reward, term, trunc, info = e.last()
        if term or trunc:
            break
        if steps % 10 == 0:
            seat = e.agent_seat[e.agent_selection]
            assert info["view"]["seat"] == seat and "view" in info
            assert info.get("view") is info["view"]  # read twice, built once
            stale = info
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert len(built) == len(set(built)) == 6
    fresh = e.infos[e.agent_selection]
    e.step(next(iter(fresh["actions"])))
    with pytest.raises(HauntkitError, match="earlier position"):
        fresh["view"]
    assert "view" in stale  # the one read before its step stays readable


def test_without_the_env_extra_the_error_names_it_in_one_line(run_without):
    """hauntkit without pettingzoo: the environments say which extra to install."""
    out = run_without("pettingzoo", "from hauntkit.core.errors import HauntkitError\n"
                                    "from hauntkit.env import env\n"
                                    "try:\n    env('betrayal')\n"
                                    "except HauntkitError as exc:\n    print(exc)\n")
    assert out.startswith("hauntkit's environments need the env extra: "
                          "pip install 'hauntkit[env]'")
    assert len(out.strip().splitlines()) == 1
