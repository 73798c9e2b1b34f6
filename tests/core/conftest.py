"""Make the test-only ``minirace`` ruleset importable from every core/sim/cli/bots test."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
