"""Find ``x is None`` / ``x is not None`` tests that mypyc may compile as a constant.

mypy narrows a subscript or attribute (``s["k"]``, ``obj.attr``) after an ``is None`` test
and does not forget the narrowing after a call that may change it. Where the operand's type
at the test is exactly ``None``, or cannot be ``None``, mypyc is entitled to fold the test
to a constant, so the compiled module can behave differently from the pure-Python one.
This lists every such test in the given files (run from the repository root), e.g.::

    .venv/bin/python scripts/mypyc_none_checks.py $(sed 's/#.*//' mypyc_modules.txt | sed 's|^|src/|')

Exit status 1 when it finds one. Keep a finding only when the value truly cannot change
between the two tests; otherwise read it into a local first, or re-read it through a helper.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from mypy import build
from mypy.find_sources import create_source_list
from mypy.nodes import ComparisonExpr, Expression, IndexExpr, MemberExpr, NameExpr
from mypy.options import Options
from mypy.types import AnyType, NoneType, Type, UnionType, get_proper_type


def _suspicious(t: Type | None) -> str | None:
    p = get_proper_type(t) if t is not None else None
    if p is None or isinstance(p, AnyType):
        return None
    if isinstance(p, NoneType):
        return "always None here"
    if isinstance(p, UnionType):
        if any(isinstance(get_proper_type(i), (NoneType, AnyType)) for i in p.items):
            return None
        return f"never None here ({p})"
    if getattr(p, "type", None) is not None and p.type.fullname == "builtins.object":
        return None
    return f"never None here ({p})"


def _is_none(e: Expression) -> bool:
    return isinstance(e, NameExpr) and e.fullname == "builtins.None"


def _shape(e: ast.expr | Expression) -> str:
    """A rough fingerprint of an operand, the same for Python's ast and mypy's nodes."""
    if isinstance(e, ast.Name):
        return f"name {e.id}"
    if isinstance(e, NameExpr):
        return f"name {e.name}"
    if isinstance(e, ast.Attribute) or isinstance(e, MemberExpr):
        return f"attr {e.attr if isinstance(e, ast.Attribute) else e.name}"
    if isinstance(e, (ast.Subscript, IndexExpr)):
        return "index"
    return "other"


def _candidates(path: str) -> dict[tuple[int, int, str], str]:
    """The ``... is [not] None`` comparisons of the file by (line, column, left operand's
    shape) (Python's ast: mypy's compiled visitors cannot be subclassed from a script)."""
    tree = ast.parse(Path(path).read_text(), path)
    return {(n.lineno, n.col_offset, _shape(n.left)): path for n in ast.walk(tree)
            if isinstance(n, ast.Compare)
            and any(isinstance(op, (ast.Is, ast.IsNot)) for op in n.ops)}


def main(paths: list[str]) -> int:
    options = Options()
    options.ignore_missing_imports = True
    options.follow_imports = "silent"
    options.preserve_asts = True
    options.export_types = True
    options.incremental = False
    sources = create_source_list(paths, options)
    result = build.build(sources, options)
    wanted: dict[tuple[int, int, str], str] = {}
    for path in paths:
        wanted.update(_candidates(path))
    found: set[str] = set()
    for expr in list(result.types):
        if not isinstance(expr, ComparisonExpr):
            continue
        path = wanted.get((expr.line, expr.column, _shape(expr.operands[0])))
        if path is None:
            continue
        for op, left, right in zip(expr.operators, expr.operands, expr.operands[1:],
                                   strict=False):
            for a, b in ((left, right), (right, left)):
                if op in ("is", "is not") and _is_none(b) and isinstance(
                        a, (IndexExpr, MemberExpr, NameExpr)) and not _is_none(a):
                    why = _suspicious(result.types.get(a))
                    if why:
                        found.add(f"{path}:{expr.line}: `{op} None` on a value {why}")
    for line in sorted(found):
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
