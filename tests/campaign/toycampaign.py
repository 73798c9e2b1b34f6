"""The tiny campaign-capable ruleset of the campaign tests: "Lantern league" (defined in
tests/server/toyrules.py so that the test server process offers it too).

Each game is a race of the server tests' toy ruleset (``toyrules.Lanterns``). The campaign
keeps each seat's wins and a head start: every seat that did not win a game starts the next
one a step further on (its ``bonus``). The league ends after ``games`` games (config, default
3) or as soon as a seat has ``to_win`` wins (default 2).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from toyrules import LanternLeague  # noqa: E402

__all__ = ["LanternLeague"]
