"""Make the test-only ``minirace`` ruleset (tests/core/minirace.py) importable."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "core"))
