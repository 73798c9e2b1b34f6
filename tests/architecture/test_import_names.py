"""Imports are named (docs/architecture.md, "Layers"): no module of src/hauntkit imports
anything under an alias of one or two letters (``import x as C``, ``import numpy as np``);
a reader sees which module a name comes from."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "hauntkit"
SHORTEST_ALIAS = 3


def short_aliases(path: Path, root: Path = SRC.parent) -> list[str]:
    """``file:line: import x as y`` for each alias shorter than ``SHORTEST_ALIAS`` (the file
    named relative to ``root``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import | ast.ImportFrom):
            for alias in node.names:
                if alias.asname is not None and len(alias.asname) < SHORTEST_ALIAS:
                    found.append(f"{path.relative_to(root)}:{node.lineno}: "
                                 f"{alias.name} as {alias.asname}")
    return found


def test_no_short_import_aliases() -> None:
    found = [line for path in sorted(SRC.rglob("*.py")) for line in short_aliases(path)]
    assert not found, "short import aliases:\n" + "\n".join(found)


def test_the_check_finds_one(tmp_path: Path) -> None:
    module = tmp_path / "x.py"
    module.write_text("import numpy as np\nfrom a import b as C\nimport json as jsonlib\n")
    assert short_aliases(module, tmp_path) == ["x.py:1: numpy as np", "x.py:2: b as C"]
