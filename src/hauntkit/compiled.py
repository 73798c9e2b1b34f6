"""Which hauntkit modules run compiled (mypyc), and the switch back to pure Python.

setup.py compiles the modules listed in ``mypyc_modules.txt`` (repository root) into
extensions that sit next to their ``.py``; Python imports an extension before a ``.py`` of the
same name. This module, imported first by ``hauntkit/__init__.py``, installs a small import
finder that loads every hauntkit module from its ``.py`` instead when:

- ``HAUNTKIT_PURE_PYTHON=1`` is set (the fallback: the same games, slower), or
- the build is stale (source checkout only): a listed module's ``.py`` is newer than its
  compiled extension, or a listed module has none while others do. Compiled modules call one
  another natively, so a mix of fresh ``.py`` and old compiled code would be wrong: ALL of
  hauntkit goes pure, with one warning on stderr (``make install`` rebuilds).

It stays cheap at import: one small file read and two ``stat`` calls per listed module, and only
in a source checkout. docs/performance.md ("Compiled hot paths") has the whole story.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

PURE_ENV = "HAUNTKIT_PURE_PYTHON"
PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
SRC_DIR = os.path.dirname(PACKAGE_DIR)

_reason: str | None = None  # why hauntkit runs pure Python (None: it does not force it)


def parse_list(text: str) -> list[str]:
    """The module paths of a mypyc_modules.txt (relative to src/), without comments."""
    lines = (line.split("#", 1)[0].strip() for line in text.splitlines())
    return [line for line in lines if line]


def module_name(path: str) -> str:
    """``hauntkit/rulesets/betrayal/actions.py`` -> ``hauntkit.rulesets.betrayal.actions``."""
    return path.removesuffix(".py").replace("/", ".")


def compiled_file(py: str) -> tuple[str, float] | None:
    """The compiled extension next to ``py`` (``actions.cpython-311-...so``) and its mtime."""
    stem = py[:-3]
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        try:
            return stem + suffix, os.stat(stem + suffix).st_mtime
        except OSError:
            continue
    return None


def stale_reason(src: str, paths: Sequence[str]) -> str | None:
    """Why the compiled build under the folder ``src`` no longer matches its sources, or None.

    Stale: a listed ``.py`` is newer than its extension (edited after the build), or some
    listed modules are compiled and others not (the list changed after the build). None
    when every listed module is compiled and older than its extension, or none is
    compiled (a pure-Python build: nothing to mix)."""
    missing: list[str] = []
    compiled = 0
    for path in paths:
        py = os.path.join(src, path)
        so = compiled_file(py)
        if so is None:
            missing.append(path)
            continue
        compiled += 1
        try:
            if os.stat(py).st_mtime > so[1]:
                return f"{path} was edited after its compiled build"
        except FileNotFoundError:
            return f"{path} is listed in mypyc_modules.txt but does not exist"
    if compiled and missing:
        return (f"{missing[0]} is listed in mypyc_modules.txt but not compiled (the list "
                "changed after the build)")
    return None


class PurePythonFinder:
    """Finds every ``hauntkit.*`` module that has a ``.py`` as that ``.py`` (source loader),
    so that no compiled extension is imported."""

    @classmethod
    def find_spec(cls, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> Any:
        if not fullname.startswith("hauntkit.") or not path:
            return None
        leaf = fullname.rpartition(".")[2]
        for folder in path:
            py = os.path.join(folder, leaf + ".py")
            if os.path.isfile(py):
                return importlib.util.spec_from_file_location(
                    fullname, py, loader=importlib.machinery.SourceFileLoader(fullname, py))
            if os.path.isdir(os.path.join(folder, leaf)):
                return None  # a package: the usual finders load its __init__.py
        return None


def decide(environ: Mapping[str, str], src_dir: str) -> str | None:
    """Why hauntkit (its package in ``src_dir``) must run as pure Python, or None: the
    environment asks for it, or (in a source checkout, where mypyc_modules.txt sits next to
    ``src_dir``) the compiled build is stale; a stale reason starts with ``"stale build: "``."""
    if environ.get(PURE_ENV, "") not in ("", "0"):
        return f"{PURE_ENV}={environ[PURE_ENV]}"
    listing = os.path.join(os.path.dirname(src_dir), "mypyc_modules.txt")
    if os.path.basename(src_dir) != "src" or not os.path.exists(listing):
        return None  # an installed wheel: no sources are edited there
    with open(listing, encoding="utf-8") as f:
        stale = stale_reason(src_dir, parse_list(f.read()))
    return f"stale build: {stale}" if stale else None


def _install() -> None:
    global _reason
    _reason = decide(os.environ, SRC_DIR)
    if _reason is not None and _reason.startswith("stale build: "):
        sys.stderr.write(f"hauntkit: {_reason.removeprefix('stale build: ')}; running ALL "
                         "compiled modules as pure Python (slower, same games). `make install` "
                         "rebuilds them.\n")
    if _reason is not None and PurePythonFinder not in sys.meta_path:
        sys.meta_path.insert(0, PurePythonFinder)


def pure_reason() -> str | None:
    """Why this process runs hauntkit as pure Python (env or stale build), or None."""
    return _reason


def status() -> dict[str, Any]:
    """``{"compiled": [module names], "pure_reason": str | None, "summary": str}``: which
    hauntkit modules this process imports from a mypyc extension (found on disk next to their
    ``.py``, whether imported yet or not)."""
    compiled: list[str] = []
    if _reason is None:
        for folder, _, files in sorted(os.walk(PACKAGE_DIR)):
            package = os.path.relpath(folder, SRC_DIR).replace(os.sep, ".")
            for name in sorted(files):
                stem = name.split(".", 1)[0]
                if name.endswith((".so", ".pyd")) and f"{stem}.py" in files:
                    compiled.append(f"{package}.{stem}")
    if compiled:
        summary = f"mypyc: {len(compiled)} modules"
    elif _reason is not None:
        summary = f"no (pure Python: {_reason})"
    else:
        summary = "no (pure Python: built without mypyc)"
    return {"compiled": compiled, "pure_reason": _reason, "summary": summary}


_install()
