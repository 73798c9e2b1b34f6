"""``python tests/campaign/run_cli.py ARGS``: the hauntkit command line with the test rulesets
(``toy``, ``toyleague``) registered, for tests that run (and kill) it in its own process."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import toycampaign  # noqa: E402,F401 - registers "toyleague" (and "toy")

from hauntkit.cli.main import app  # noqa: E402

if __name__ == "__main__":
    app()
