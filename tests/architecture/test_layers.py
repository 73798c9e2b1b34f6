"""The layers of src/hauntkit (docs/architecture.md, "Layers"): a module imports only from its
own layer or a lower one. The import graph is the one of test_import_graph.py (built with
``ast``; imports inside functions and ``TYPE_CHECKING`` blocks count too), with the line of
every import, so that a failure names each offending import: module, line and target."""

from __future__ import annotations

from pathlib import Path

from test_import_graph import PACKAGE, imports, modules

# Bottom to top: each layer, the top-level parts of the package it holds, and why it sits
# where it does (what it needs from the layers below).
LAYERS: list[tuple[str, tuple[str, ...], str]] = [
    ("root", ("", "compiled", "web"),
     "the package itself and compiled.py, which decides before anything else whether the "
     "compiled modules may load; web/ is static files (its __init__ imports nothing)"),
    ("core", ("core",), "the engine: actions, decisions, randomness, views, the log, the "
                        "content loader, the ruleset contract and registry; no game rules"),
    ("content", ("content",), "the starter packs, as data the rulesets load"),
    ("rulesets", ("rulesets",), "the games, each on the core contract, with its content"),
    ("bots", ("bots",), "bots choose from views and legal actions; a ruleset's own policy "
                        "reads its ruleset's data"),
    ("sim", ("sim",), "plays games with bots: simulation, tournaments, balance, benchmarks"),
    ("env", ("env",), "multi-agent environments on the game API, for learning agents"),
    ("testing", ("testing",), "the conformance checks any ruleset can run"),
    ("server", ("server",), "the game server: games, their bot seats, persistence"),
    ("cli", ("cli",), "the `hauntkit` command, on top of everything"),
]

RANK: dict[str, int] = {part: rank for rank, (_, parts, _) in enumerate(LAYERS) for part in parts}
NAMES: list[str] = [name for name, _, _ in LAYERS]


def part_of(module: str) -> str:
    """The top-level part of the package a module belongs to ("" for the package itself)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def layer_of(module: str) -> int | None:
    return RANK.get(part_of(module))


def source_file(module: str, path: Path) -> str:
    """The module's file, relative to the repository (``src/hauntkit/...``)."""
    stem = module.replace(".", "/")
    return f"src/{stem}/__init__.py" if path.name == "__init__.py" else f"src/{stem}.py"


def upward_imports(known: dict[str, Path]) -> list[str]:
    """Every import of a module from a higher layer, as ``path:line: module imports target
    (layer -> higher layer)``."""
    found = []
    for name, path in known.items():
        rank = layer_of(name)
        if rank is None:
            continue
        for line, target in imports(name, path, known):
            to = layer_of(target)
            if to is not None and to > rank:
                found.append(f"{source_file(name, path)}:{line}: {name} imports {target} "
                             f"({NAMES[rank]} -> {NAMES[to]})")
    return found


def test_every_part_of_the_package_has_a_layer() -> None:
    unplaced = sorted({part_of(m) for m in modules() if layer_of(m) is None})
    assert not unplaced, (f"parts of {PACKAGE} in no layer (add them to LAYERS, in order): "
                          + ", ".join(unplaced))


def test_no_module_imports_from_a_higher_layer() -> None:
    found = upward_imports(modules())
    assert not found, ("imports from a higher layer (order, bottom to top: "
                       + " -> ".join(NAMES) + "):\n" + "\n".join(found))


def test_an_upward_import_is_found(tmp_path: Path) -> None:
    (tmp_path / PACKAGE / "core").mkdir(parents=True)
    (tmp_path / PACKAGE / "sim").mkdir()
    low = tmp_path / PACKAGE / "core" / "low.py"
    high = tmp_path / PACKAGE / "sim" / "high.py"
    low.write_text("import os\n\n\ndef f():\n    from hauntkit.sim import high\n")
    high.write_text("from hauntkit.core import low\n")
    known = {"hauntkit.core.low": low, "hauntkit.sim.high": high}
    assert upward_imports(known) == [
        "src/hauntkit/core/low.py:5: hauntkit.core.low imports hauntkit.sim.high (core -> sim)"]
