"""The scenario runner: every step kind, every expectation operator, and its failure reports."""

from __future__ import annotations

from pathlib import Path

import minirace  # noqa: F401 - registers the test-only "race" ruleset
import pytest

from hauntkit.core.errors import ScriptedDiceError
from hauntkit.sim.scenario import assert_scenario, run_scenario, scenario_params

HERE = Path(__file__).parent


@pytest.mark.parametrize("path", scenario_params(HERE / "scenarios"))
def test_scenario_files(path):
    assert_scenario(path)


def write(tmp_path: Path, text: str, name: str = "s.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


HEAD = "ruleset: race\nplayers: 3\nsetup: {pos: [1, 2, 3]}\n"


@pytest.mark.parametrize(("expect", "ok"), [
    ("pos: [1, 2, 3]", True),
    ("pos: [1, 2, 4]", False),
    ("pos.2: {$gt: 2, $lt: 4}", True),
    ("pos.2: {$gte: 4}", False),
    ("pos.-1: 3", True),
    ("pos.9: {$absent: true}", True),
    ("pos.0: {$absent: true}", False),
    ("pos.9: 3", False),
    ("pos: {$contains: [1, 3]}", True),
    ("pos: {$contains: 7}", False),
    ("pos.0: {$in: [0, 1]}", True),
    ("pos.0: {$ne: 1}", False),
    ("pos: {$len: {$gte: 3}}", True),
    ("legal.0: [roll, pass]", True),
    ("legal.0: advance", False),
    ("legal.0: {$not: advance}", True),
    ("legal.1: {$len: 0}", True),
    ("legal_types.0: [pass, roll]", True),
    ("to_act: [0]", True),
    ("result: null", True),
    ("view.spectator.hand: null", True),
    ("view.0.deck_size: 10", True),
    ("view.0.deck: {$absent: true}", True),
    ("log_text: {$contains: begins}", False),
    ("log_text.0: {$contains: begins}", True),
    ("log_types: [start]", True),
    ("invariants: []", True),
])
def test_expectations(tmp_path, expect, ok):
    result = run_scenario(write(tmp_path, HEAD + f"steps:\n  - expect: {{{expect}}}\n"))
    assert result.ok is ok, result.failure


@pytest.mark.parametrize(("expect", "ok"), [
    # matchers inside lists and mappings (docs/scenarios.md, "Expected values")
    ("pos: [1, {$gt: 1}, {$in: [3, 4]}]", True),
    ("pos: [1, {$gt: 2}, 3]", False),
    ("pos: [1, {$gt: 1}]", False),                       # a list has exactly these elements
    ("pos: [{$not: 0}, {$ne: 0}, {$lte: 3}]", True),
    ("rng: {s: {$gte: 0}, script: []}", True),
    ("rng: {s: {$gte: 0}}", False),                      # a mapping has exactly these keys
    ("rng: {s: {$lt: 0}, script: []}", False),
    ("pos: {$contains: {$gt: 2}}", True),                # some element meets the matcher
    ("pos: {$contains: {$gt: 3}}", False),
    ("pos: {$not: {$contains: {$gt: 3}}}", True),
    ("legal.0: {type: {$in: [roll, fly]}}", True),       # a field of a legal action
    ("legal.0: {$not: {type: {$in: [fly, jump]}}}", True),
    ("log: [{type: start, text: {$contains: race}}]", True),
    ("log: {$contains: {type: start, text: {$contains: 3 players}}}", True),
    ("pos.0: {$in: [{$gt: 5}, 1]}", True),
])
def test_matchers_inside_lists_and_mappings(tmp_path, expect, ok):
    result = run_scenario(write(tmp_path, HEAD + f"steps:\n  - expect: {{{expect}}}\n"))
    assert result.ok is ok, result.failure


RACE_PLAY = HEAD + "dice: [4]\nsteps:\n  - act: {seat: 0, action: roll}\n" \
                   "  - act: {seat: 0, action: advance}\n"


def test_state_hash_is_printed_and_checked(tmp_path):
    first = run_scenario(write(tmp_path, RACE_PLAY))
    assert first.ok and len(first.state_hash) == 16
    pinned = RACE_PLAY + f"  - expect: {{state_hash: {first.state_hash}}}\n"
    assert run_scenario(write(tmp_path, pinned)).ok
    moved = pinned.replace("dice: [4]", "dice: [3]")
    result = run_scenario(write(tmp_path, moved))
    assert f"state_hash: expected \"{first.state_hash}\", got" in result.failure


def test_check_determinism_plays_the_scenario_twice(tmp_path):
    assert run_scenario(write(tmp_path, RACE_PLAY + "check_determinism: true\n")).ok


def test_check_determinism_catches_a_ruleset_that_is_not(tmp_path, monkeypatch):
    import itertools

    from minirace import Race

    calls = itertools.count()
    apply = Race.apply

    def leaky(self, state, seat, action):  # keeps a count outside the state
        apply(self, state, seat, action)
        state["calls"] = next(calls)

    monkeypatch.setattr(Race, "apply", leaky)
    path = write(tmp_path, RACE_PLAY + "check_determinism: true\n")
    result = run_scenario(path)
    assert not result.ok
    assert result.failure.startswith(f"{path}:8: check_determinism: the second play ended in "
                                     "another state (hash ")
    assert result.failure.endswith("first difference at calls: 1 vs 3")


def test_first_failure_names_file_line_expected_and_actual(tmp_path):
    path = write(tmp_path, HEAD + "steps:\n  - expect:\n      pos.0: 1\n      pos.1: 5\n"
                                  "      pos.2: 9\n")
    result = run_scenario(path)
    assert not result.ok
    assert result.failure == f"{path}:7: step 1 (expect): pos.1: expected 5, got 2"


def test_a_refused_act_is_a_failure_with_its_code(tmp_path):
    result = run_scenario(write(tmp_path, HEAD + "steps:\n  - act: {seat: 1, action: roll}\n"))
    assert "was refused: not_your_turn" in result.failure


def test_expect_error_wrong_code_and_accepted_action(tmp_path):
    wrong = run_scenario(write(tmp_path, HEAD + "steps:\n  - expect_error: "
                                                "{seat: 1, action: roll, error: illegal_action}\n"))
    assert "expected error 'illegal_action', got 'not_your_turn'" in wrong.failure
    accepted = run_scenario(write(tmp_path, HEAD + "steps:\n  - expect_error: "
                                                   "{seat: 0, action: roll}\n"))
    assert "was accepted" in accepted.failure
    message = run_scenario(write(tmp_path, HEAD + "steps:\n  - expect_error: {seat: 1, "
                                                  "action: roll, message: 'waiting for seat'}\n"))
    assert message.ok, message.failure


def test_step_dice_and_top_level_dice_queue_in_order(tmp_path):
    text = HEAD + "dice: [3]\nsteps:\n  - dice: [5]\n  - act: {action: roll}\n" \
                  "  - expect: {pending.die: 3, rng.script: [5]}\n"
    assert run_scenario(write(tmp_path, text)).ok


@pytest.mark.parametrize(("text", "message"), [
    ("ruleset: race\nbogus: 1\n", "bogus: unknown key"),
    ("players: 2\n", "ruleset: missing"),
    ("ruleset: race\nsetup: {colour: red}\n", "setup: setup.colour: unknown field"),
    ("ruleset: race\nsteps:\n  - act: {seat: 0, action: roll}\n    expect: {}\n",
     "expected exactly one of"),
    ("ruleset: race\nsteps:\n  - dice: [x]\n", "dice: expected a list of die faces"),
    ("ruleset: race\nsteps:\n  - expect: {pos: {$near: 1}}\n", "unknown operator '$near'"),
    ("ruleset: nope\n", "unknown ruleset 'nope'"),
    ("ruleset: [unclosed\n", "cannot read"),
    ("ruleset: race\nplayers: 9\n", "s.yaml:2: players: players: race is played with 2 to 6 seats, got 9"),
])
def test_malformed_scenarios_are_reported(tmp_path, text, message):
    result = run_scenario(write(tmp_path, text))
    assert not result.ok
    assert message in result.failure


def test_a_duplicate_key_fails_the_scenario_before_it_runs(tmp_path):
    # issue 8: the second "pos" used to win silently and the first check never ran
    path = write(tmp_path, HEAD + "steps:\n  - expect:\n      pos: [9, 9, 9]\n"
                                  "      pos: [1, 2, 3]\n")
    result = run_scenario(path)
    assert not result.ok and result.steps_run == 0
    assert result.failure == (f"{path}:7: pos: duplicate key (first on line 6); a key may "
                              "appear only once in a mapping")


def test_a_ruleset_exception_is_kept_for_the_traceback(tmp_path):
    text = "ruleset: race\ndice: [9]\nsteps:\n  - act: {seat: 0, action: roll}\n"
    result = run_scenario(write(tmp_path, text))
    assert not result.ok and "raised ScriptedDiceError" in result.failure
    with pytest.raises(AssertionError) as info:
        assert_scenario(tmp_path / "s.yaml")
    assert isinstance(info.value.__cause__, ScriptedDiceError)


def test_invariants_are_checked_after_every_act(tmp_path):
    text = "ruleset: race\nsetup: {pos: [1, 99]}\nsteps:\n  - act: {seat: 0, action: pass}\n"
    result = run_scenario(write(tmp_path, text))
    assert "invariant broken: pos[1]=99 off the track" in result.failure
    off = run_scenario(write(tmp_path, text + "check_invariants: false\n"))
    assert off.ok, off.failure


@pytest.mark.parametrize(("step", "message"), [
    ("act: {seet: 1, action: roll}", "step 1 (act): seet: unknown key; expected one of seat, "
                                     "action, dice"),
    ("expect_error: {seat: 1, action: roll, eror: illegal_action}",
     "step 1 (expect_error): eror: unknown key; expected one of seat, action, error, message"),
])
def test_a_mistyped_step_key_is_refused_with_its_line(tmp_path, step, message):
    """A typo in a step (``seet: 1``) would run the step for the seat that is waiting, and a
    typo in ``expect_error`` (``eror:``) would accept any refusal: both are refused, naming
    the key and the file's line (docs/scenarios.md, "Steps")."""
    path = write(tmp_path, HEAD + "steps:\n  - " + step + "\n")
    result = run_scenario(path)
    assert not result.ok
    assert message in result.failure
    assert f"{path}:5" in str(result)
