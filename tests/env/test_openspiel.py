"""The OpenSpiel games (hauntkit.env.openspiel, docs/env.md "OpenSpiel"): OpenSpiel's own
random simulation test, the game type, the chance node, serialization, observations built
from the seat's view alone, resampling from an information state, OpenSpiel's ISMCTS playing
whole games, and the docs snippet."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import orjson
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from hauntkit.core.game import Game
from hauntkit.env import ActionCatalogue, seat_reward
from hauntkit.env.features import encoder_for
from hauntkit.env.openspiel import HauntkitState, ResampleError, game_name, load

DOC = Path(__file__).parents[2] / "docs" / "env.md"
# short games: the caps end a random game in a few dozen decisions
SHORT = {"betrayal": '{"max_turns": 12}', "legacy": '{"max_turns": 12}',
         "beast": '{"max_rounds": 3}'}
RULESETS = list(SHORT)
SEATS = {"betrayal": (3, 6), "legacy": (3, 5), "beast": (1, 4)}
RESAMPLED = {"beast": '{"enemies": ["thug", "thug", "cultist"]}'}


def play_random(state: HauntkitState, decisions: int, rng: random.Random) -> HauntkitState:
    """``state`` after the seed (if not drawn) and up to ``decisions`` random decisions."""
    if state.is_chance_node():
        state.apply_action(rng.randrange(len(state.chance_outcomes())))
    for _ in range(decisions):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def engine_state(state: HauntkitState) -> bytes:
    return orjson.dumps(state.position.state, option=orjson.OPT_SORT_KEYS)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_openspiel_random_sim_test_passes(ruleset):
    pyspiel.random_sim_test(load(ruleset, config=SHORT[ruleset]), num_sims=3, serialize=True,
                            verbose=False)


def test_random_sim_test_passes_on_games_cut_at_max_actions():
    pyspiel.random_sim_test(load("betrayal", max_actions=40), num_sims=2, serialize=True,
                            verbose=False)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_game_type_and_info_are_as_documented(ruleset):
    game = pyspiel.load_game(game_name(ruleset))
    kind = game.get_type()
    assert kind.short_name == f"python_hauntkit_{ruleset}"
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (kind.min_num_players, kind.max_num_players) == SEATS[ruleset]
    assert kind.provides_information_state_string and kind.provides_information_state_tensor
    assert kind.provides_observation_string and kind.provides_observation_tensor
    assert game.num_distinct_actions() == ActionCatalogue.for_ruleset(ruleset).size
    assert game.max_chance_outcomes() == 1024 and game.max_chance_nodes_in_history() == 1
    assert game.num_players() == 4
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert game.max_game_length() == 20_000
    other = load(ruleset, players=3, seeds=50, max_actions=300)
    assert (other.num_players(), other.max_chance_outcomes(), other.max_game_length()) == (
        3, 50, 300)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_first_node_draws_the_engine_seed_uniformly(ruleset):
    game = load(ruleset, seeds=16, config=SHORT[ruleset])
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(seed, 1 / 16) for seed in range(16)]
    state.apply_action(11)
    config = {"players": 4, **orjson.loads(SHORT[ruleset])}
    assert engine_state(state) == orjson.dumps(Game.new(ruleset, config, 11).state,
                                               option=orjson.OPT_SORT_KEYS)
    assert state.history() == [11]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_observation_names_the_seed(ruleset):
    state = play_random(load(ruleset).new_initial_state(), 10, random.Random(3))
    for player in range(4):
        assert '"seed"' not in state.information_state_string(player)
        assert '"rng"' not in state.information_state_string(player)


def test_a_game_cut_at_max_actions_is_terminal_with_zero_returns():
    game = load("betrayal", max_actions=5)
    state = play_random(game.new_initial_state(), 10, random.Random(0))
    assert state.is_terminal() and state.decisions == 5
    assert state.position.game.result() is None
    assert state.returns() == [0.0] * 4 and state.legal_actions() == []
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_returns_follow_the_winning_side():
    state = play_random(load("beast").new_initial_state(), 20_000, random.Random(2))
    result = state.position.game.result()
    assert state.is_terminal() and result is not None and result["winner"] is not None
    expected = [seat_reward(state.position.ruleset, state.position.state, seat)
                for seat in range(4)]
    assert state.returns() == expected and set(expected) <= {-1.0, 1.0}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_serialization_round_trips(ruleset):
    game = load(ruleset)
    state = play_random(game.new_initial_state(), 30, random.Random(5))
    text = pyspiel.serialize_game_and_state(game, state)
    assert text.split("[State]\n")[1].startswith(
        "history=" + ",".join(f"{pa.player}:{pa.action}" for pa in state.full_history()))
    copy_game, copy = pyspiel.deserialize_game_and_state(text)
    assert str(copy_game) == str(game)
    assert str(copy) == str(state) and copy.history() == state.history()
    assert copy.legal_actions() == state.legal_actions()
    for player in range(4):
        assert copy.information_state_string(player) == state.information_state_string(player)
    rng = random.Random(9)
    for _ in range(5):  # both go on alike
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        copy.apply_action(action)
        assert str(copy) == str(state) and copy.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_observation_tensors_are_the_features_of_the_seats_view(ruleset):
    rng = random.Random(1)
    state = play_random(load(ruleset, config=SHORT[ruleset]).new_initial_state(), 0, rng)
    encode = encoder_for(state.position.ruleset)
    checked = 0
    while not state.is_terminal():
        play_random(state, 3, rng)
        game = state.position.game
        for player in range(4):
            features = encode(game.view(player))
            assert np.array_equal(np.asarray(state.observation_tensor(player)), features)
            assert np.array_equal(np.asarray(state.information_state_tensor(player)), features)
            assert '"log"' not in state.observation_string(player)
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("ruleset", RULESETS)
def test_hidden_order_changes_no_seats_observation(ruleset):
    """Deck and stack orders and future dice are nobody's to see: permuting them changes no
    seat's tensors or strings (but does change the engine state)."""
    state = play_random(load(ruleset).new_initial_state(), 12, random.Random(3))
    twin = state.clone()
    twin.position.ruleset.shuffle_hidden(twin.position.state, random.Random(4))
    twin.position.state["rng"]["s"] ^= 0x5DEECE66D
    assert engine_state(twin) != engine_state(state)
    for player in range(4):
        assert twin.observation_tensor(player) == state.observation_tensor(player)
        assert twin.information_state_tensor(player) == state.information_state_tensor(player)
        assert twin.observation_string(player) == state.observation_string(player)
        assert twin.information_state_string(player) == state.information_state_string(player)
    assert twin.legal_actions() == state.legal_actions()


def sampler(seed: int) -> pyspiel.UniformProbabilitySampler:
    return pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_resampled_state_shows_the_seat_what_it_saw(ruleset):
    # beast: three enemies, as the Back Alley had. An interrupt window before the hunters'
    # first decision cannot be sampled (no view of it is rebuilt and there is nothing earlier
    # to look back to: docs/bots.md, "ismcts"); each enemy more adds such windows, and the
    # bound below is about the positions that can be sampled.
    game = load(ruleset, config=RESAMPLED.get(ruleset, "{}"))
    state = play_random(game.new_initial_state(), 0, random.Random(6))
    rng = random.Random(6)
    samples = failures = 0
    while not state.is_terminal() and samples < 60:
        player = state.current_player()
        try:
            sample = state.resample_from_infostate(player, sampler(samples))
        except ResampleError:
            failures += 1
        else:
            samples += 1
            assert sample.seed is None and sample.history() == []
            assert sample.current_player() == player
            assert sample.legal_actions() == state.legal_actions()
            assert sample.information_state_string(player) == \
                state.information_state_string(player)
            assert sample.observation_tensor(player) == state.observation_tensor(player)
            action = rng.choice(sample.legal_actions())  # it plays on
            sample.apply_action(action)
        state.apply_action(rng.choice(state.legal_actions()))
    assert samples >= 40 and failures <= samples // 10


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_sample_depends_only_on_what_the_seat_saw(ruleset):
    """Two real states that differ only in what nobody sees (deck and stack orders, dice) give
    the same sample: the sampler never reads the real state's hidden parts."""
    rng = random.Random(8)
    state = play_random(load(ruleset).new_initial_state(), 0, rng)
    compared = 0
    while not state.is_terminal() and compared < 15:
        play_random(state, 2, rng)
        if state.is_terminal():
            break
        twin = state.clone()
        twin.position.ruleset.shuffle_hidden(twin.position.state, random.Random(compared))
        twin.position.state["rng"]["s"] ^= 0x5DEECE66D
        player = state.current_player()
        try:
            sample = state.resample_from_infostate(player, sampler(compared))
        except ResampleError:
            with pytest.raises(ResampleError):
                twin.resample_from_infostate(player, sampler(compared))
            continue
        twin_sample = twin.resample_from_infostate(player, sampler(compared))
        assert engine_state(sample) == engine_state(twin_sample)
        assert sample.legal_actions() == twin_sample.legal_actions()
        compared += 1
    assert compared >= 10


def test_a_resampled_state_round_trips_through_serialization():
    game = load("betrayal")
    state = play_random(game.new_initial_state(), 25, random.Random(4))
    sample = state.resample_from_infostate(state.current_player(), sampler(1))
    copy_game, copy = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, sample))
    assert str(copy) == str(sample) and copy.legal_actions() == sample.legal_actions()
    player = sample.current_player()
    assert copy.information_state_string(player) == sample.information_state_string(player)


@pytest.mark.parametrize("ruleset,seed", [("beast", 1), ("betrayal", 2), ("legacy", 3)])
def test_openspiel_ismcts_plays_a_whole_game(ruleset, seed):
    """OpenSpiel's Python ISMCTS (random rollouts) plays seat 0 to the end; the other seats
    play at random. Where no consistent sample is found (rare, docs/env.md) seat 0 decides at
    random, as the docs example does."""
    game = load(ruleset, config=SHORT[ruleset])
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0,
                           max_simulations=8, random_state=rng)
    samples = sampler(seed)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, samples))
    state = game.new_initial_state()
    state.apply_action(seed)
    searched = unsampled = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            try:
                action = bot.step(state)
                searched += len(state.legal_actions()) > 1
            except ResampleError:
                unsampled += 1
                action = rng.choice(state.legal_actions())
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action_with_legality_check(action)
    assert searched >= 5 and unsampled <= searched // 4
    assert len(state.returns()) == 4


def test_importing_without_open_spiel_names_the_extra(run_without):
    out = run_without("pyspiel", "from hauntkit.core.errors import HauntkitError\n"
                                 "try:\n    import hauntkit.env.openspiel\n"
                                 "except HauntkitError as error:\n    print(repr(str(error)))\n")
    assert out.strip() == repr("hauntkit.env.openspiel needs OpenSpiel: "
                               "pip install 'hauntkit[openspiel]'")


def test_hauntkit_without_the_openspiel_module_never_imports_pyspiel():
    script = ("import sys\nimport hauntkit.env, hauntkit.cli.main, hauntkit.bots\n"
              "print('pyspiel' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "False"


def test_the_docs_snippet_runs(capsys):
    section = DOC.read_text().split("\n## OpenSpiel")[1]
    blocks = re.findall(r"```python\n(.*?)```", section, flags=re.S)
    assert len(blocks) == 1
    exec(compile(blocks[0], str(DOC), "exec"), {})  # noqa: S102
    assert "beast, seed" in capsys.readouterr().out
