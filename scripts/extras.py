"""Print the requirements of the named optional extras of pyproject.toml, one a line (the
Makefile installs them next to an installed hauntkit without building it again)."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def main(names: list[str]) -> int:
    extras = tomllib.loads(PYPROJECT.read_text())["project"]["optional-dependencies"]
    unknown = [name for name in names if name not in extras]
    if unknown:
        print(f"extras.py: no extra {unknown[0]!r} in pyproject.toml (known: "
              f"{', '.join(sorted(extras))})", file=sys.stderr)
        return 2
    for name in names:
        for requirement in extras[name]:
            print(requirement)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
