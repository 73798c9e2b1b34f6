"""The compiled hot paths (issue 13): the modules of mypyc_modules.txt are compiled in the test
environment, HAUNTKIT_PURE_PYTHON=1 runs them as pure Python with the very same games, and
a stale build (a .py edited after it) never runs (hauntkit/compiled.py, docs/performance.md)."""

from __future__ import annotations

import importlib.machinery
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import orjson

from hauntkit import compiled
from hauntkit.compiled import PURE_ENV, decide, parse_list, stale_reason

ROOT = Path(__file__).resolve().parents[2]
LISTED = parse_list((ROOT / "mypyc_modules.txt").read_text())
MODULES = [compiled.module_name(p) for p in LISTED]
SO = importlib.machinery.EXTENSION_SUFFIXES[0]


def _run(code: str, pure: bool) -> Any:
    """Run ``code`` (which prints one JSON value) in a fresh interpreter; return that value."""
    env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
    if pure:
        env[PURE_ENV] = "1"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         cwd=ROOT, check=False, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "stale" not in run.stderr, run.stderr  # no warning: the build matches its sources
    return orjson.loads(run.stdout.strip().splitlines()[-1])


ORIGINS = f"""
import importlib, orjson
mods = {MODULES!r}
files = [importlib.import_module(m).__file__ for m in mods]
import hauntkit.compiled as c, sys
print(orjson.dumps({{"files": files, "status": c.status(),
                    "shared": [m for m in sys.modules if m.endswith("__mypyc")]}}).decode())
"""


def test_the_listed_modules_are_compiled_in_the_test_environment() -> None:
    """`make install` compiled every listed module: a build that silently fell back to pure
    Python (mypyc missing, a type error, no compiler) or a stale one fails here."""
    assert MODULES, "mypyc_modules.txt lists no module"
    got = _run(ORIGINS, pure=False)
    not_compiled = [f for f in got["files"] if not f.endswith(SO)]
    assert not not_compiled, (f"not compiled: {not_compiled} (`make install` rebuilds; its "
                              "output says why mypyc failed)")
    # one shared library per ruleset with listed modules, one for the others (setup.groups)
    assert sorted(got["shared"]) == sorted({
        f"hauntkit_{p.split('/')[2]}__mypyc" if p.startswith("hauntkit/rulesets/")
        else "hauntkit__mypyc" for p in LISTED})
    assert got["status"]["summary"] == f"mypyc: {len(MODULES)} modules"
    assert sorted(got["status"]["compiled"]) == sorted(MODULES)


def test_pure_python_mode_imports_no_compiled_module() -> None:
    got = _run(ORIGINS, pure=True)
    assert all(f.endswith(".py") for f in got["files"]), got["files"]
    assert got["shared"] == []
    assert got["status"] == {"compiled": [], "pure_reason": f"{PURE_ENV}=1",
                             "summary": f"no (pure Python: {PURE_ENV}=1)"}


# Rulesets whose games run through compiled code, with the fingerprint cases that cover them.
SEEDS = (0, 1, 2)
FINGERPRINTS = f"""
import sys, orjson
sys.path.insert(0, "tests/core")
from test_fingerprints import CASES, _key, fingerprint
listed = {LISTED!r}
out = {{}}
for rid, cfg in CASES:
    if not any(p.startswith((f"hauntkit/rulesets/{{rid}}/", "hauntkit/core/")) for p in listed):
        continue
    for bot in ("random", "default"):
        for seed in {SEEDS!r}:
            out[_key(rid, cfg, bot, seed)] = fingerprint(rid, cfg, bot, seed)
print(orjson.dumps(out).decode())
"""


def test_pure_python_and_compiled_builds_play_the_same_games() -> None:
    """The fallback gives identical games: the fingerprints of the same seeds (every case
    of test_fingerprints whose ruleset has compiled modules) from a pure-Python run equal a
    compiled run's and the ones recorded before the speed work."""
    recorded = orjson.loads((ROOT / "tests/core/fingerprints.json").read_bytes())
    pure = _run(FINGERPRINTS, pure=True)
    compiled_run = _run(FINGERPRINTS, pure=False)
    assert pure, "no fingerprint case covers a compiled ruleset"
    assert any(k.startswith("betrayal ") for k in pure)
    assert any(k.startswith("beast ") for k in pure)
    assert pure == compiled_run
    assert pure == {k: recorded[k] for k in pure}


# ---------------------------------------------------------------- the stale guard's decision
def _checkout(tmp: Path, modules: dict[str, tuple[float, float | None]]) -> str:
    """A fake source checkout: ``{path: (mtime of .py, mtime of its extension or None)}``."""
    src = tmp / "src"
    (tmp / "mypyc_modules.txt").write_text("# compiled\n" + "".join(
        f"{p}  # hot\n" for p in modules))
    for path, (py_time, so_time) in modules.items():
        py = src / path
        py.parent.mkdir(parents=True, exist_ok=True)
        py.write_text("x = 1\n")
        os.utime(py, (py_time, py_time))
        if so_time is not None:
            so = py.with_name(py.stem + SO)
            so.write_bytes(b"")
            os.utime(so, (so_time, so_time))
    return str(src)


def test_a_build_newer_than_its_sources_is_not_stale(tmp_path: Path) -> None:
    src = _checkout(tmp_path, {"hauntkit/a.py": (1000, 2000), "hauntkit/b/c.py": (1000, 2000)})
    assert decide({}, src) is None


def test_a_source_edited_after_the_build_makes_all_of_hauntkit_pure(tmp_path: Path) -> None:
    src = _checkout(tmp_path, {"hauntkit/a.py": (1000, 2000), "hauntkit/b/c.py": (3000, 2000)})
    assert decide({}, src) == "stale build: hauntkit/b/c.py was edited after its compiled build"


def test_a_module_listed_after_the_build_is_stale(tmp_path: Path) -> None:
    src = _checkout(tmp_path, {"hauntkit/a.py": (1000, 2000), "hauntkit/new.py": (1000, None)})
    reason = decide({}, src)
    assert reason is not None and reason.startswith("stale build: hauntkit/new.py is listed")


def test_a_build_without_compiled_modules_is_pure_python_but_not_stale(tmp_path: Path) -> None:
    src = _checkout(tmp_path, {"hauntkit/a.py": (1000, None), "hauntkit/b.py": (1000, None)})
    assert decide({}, src) is None
    assert stale_reason(src, ["hauntkit/a.py", "hauntkit/b.py"]) is None


def test_the_environment_forces_pure_python_and_outside_a_checkout_nothing_is_stale(
        tmp_path: Path) -> None:
    src = _checkout(tmp_path, {"hauntkit/a.py": (3000, 2000)})
    assert decide({PURE_ENV: "1"}, src) == f"{PURE_ENV}=1"
    assert decide({PURE_ENV: "0"}, src) is not None  # "0" does not ask; the build is stale
    site = tmp_path / "site-packages"  # an installed wheel: no mypyc_modules.txt above it
    site.mkdir()
    assert decide({}, str(site)) is None


def test_the_stale_guard_warns_once_and_loads_every_module_from_source(tmp_path: Path) -> None:
    """A copy of the package in a fake checkout with one edited module: a fresh process
    warns once, naming the module and `make install`, and imports only .py files."""
    src = tmp_path / "src"
    shutil.copytree(ROOT / "src" / "hauntkit", src / "hauntkit",
                    ignore=shutil.ignore_patterns("__pycache__"))  # mtimes kept
    (tmp_path / "mypyc_modules.txt").write_text("\n".join(LISTED) + "\n")
    edited = src / LISTED[0]
    # newer than its extension however long after the checkout the build ran
    newest = max(p.stat().st_mtime for p in edited.parent.iterdir())
    os.utime(edited, (newest + 3600,) * 2)
    code = (f"import sys; sys.path.insert(0, {str(src)!r})\n"
            "import importlib, hauntkit, orjson\n"
            f"print(orjson.dumps([importlib.import_module(m).__file__ for m in {MODULES!r}])"
            ".decode())")
    env = {k: v for k, v in os.environ.items() if k not in (PURE_ENV, "PYTHONPATH")}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, cwd=tmp_path, check=False, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    files = orjson.loads(run.stdout.strip().splitlines()[-1])
    assert all(f.startswith(str(src)) and f.endswith(".py") for f in files), files
    warnings = [line for line in run.stderr.splitlines() if "edited after" in line]
    assert len(warnings) == 1 and LISTED[0] in warnings[0] and "make install" in warnings[0]
