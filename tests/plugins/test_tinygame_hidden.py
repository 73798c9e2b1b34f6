"""The test plugin is installed for the tests only (issue 12, "a player should not see a test
plugin"): ``make install`` puts it in ``.venv/test-plugins``, which tests/conftest.py adds to
the path; a player's ``hauntkit`` (``make play``) lists and offers the three real rulesets."""

from __future__ import annotations

import os
import subprocess
import sys

from hauntkit.core.ruleset import ruleset_ids

PLAYER_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
LIST = "from hauntkit.core.ruleset import ruleset_ids; print(','.join(ruleset_ids()))"


def _player(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, env=PLAYER_ENV, timeout=300)


def test_the_tests_see_the_plugin() -> None:
    assert "tiny" in ruleset_ids()
    shown = subprocess.run([sys.executable, "-c", LIST], capture_output=True, text=True,
                           timeout=300)
    assert shown.stdout.strip().split(",") == ["beast", "betrayal", "legacy", "tiny"]


def test_a_player_sees_the_real_rulesets_only() -> None:
    shown = _player(sys.executable, "-c", LIST)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.strip().split(",") == ["beast", "betrayal", "legacy"]


def test_a_player_cannot_start_the_test_game() -> None:
    hauntkit = os.path.join(os.path.dirname(sys.executable), "hauntkit")
    ran = _player(hauntkit, "simulate", "--ruleset", "tiny", "--games", "1")
    assert ran.returncode != 0
    assert "unknown ruleset 'tiny'" in ran.stderr + ran.stdout
    assert "Traceback" not in ran.stderr
