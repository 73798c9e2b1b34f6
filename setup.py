"""Builds hauntkit's compiled parts; metadata lives in pyproject.toml.

- ``hauntkit.core._fastcopy`` (src/hauntkit/core/_fastcopy.c): the compiled deep copy behind
  ``copy_state``.
- ``hauntkit.bots._keyedrng`` (src/hauntkit/bots/_keyedrng.c) gives the simple bots'
  per-decision ``random.Random(key)`` draws for less than a reseeding each.
- The hot rule modules listed in ``mypyc_modules.txt``, compiled with mypyc (one shared library,
  ``hauntkit__mypyc``, plus one small extension per module next to its ``.py``).

All are optional: without a C compiler, or without mypyc, or when mypyc rejects a module
(a type error), the build goes on without them (a warning for mypyc's), and hauntkit runs as
pure Python (the same games, slower). ``tests/core/test_compiled_build.py`` fails when the test
environment's build lost its compiled modules. docs/performance.md explains the mechanism.
"""

from __future__ import annotations

import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
MODULE_LIST = ROOT / "mypyc_modules.txt"
# The options `make lint` type-checks the listed modules with (keep both in step).
MYPY_OPTIONS = ["--ignore-missing-imports", "--follow-imports=silent"]
GROUP = "hauntkit"  # shared libraries: top-level modules hauntkit[_<ruleset>]__mypyc
# HAUNTKIT_NO_MYPYC=1 at build time skips the mypyc compile (the pure-Python package).
SKIP_ENV = "HAUNTKIT_NO_MYPYC"


def listed_modules() -> list[str]:
    """The paths (relative to src/) in mypyc_modules.txt, comments and blank lines left out."""
    if not MODULE_LIST.exists():
        return []
    lines = (line.split("#", 1)[0].strip() for line in MODULE_LIST.read_text().splitlines())
    return [line for line in lines if line]


def groups(paths: list[str], files: list[str]) -> list[tuple[list[str], str | None]]:
    """mypyc's groups: one shared library per ruleset (``hauntkit_betrayal__mypyc``, ...) and
    one for the other modules (``hauntkit__mypyc``). Calls inside a group are direct C calls;
    groups compile in parallel (the rulesets do not call one another)."""
    by_group: dict[str, list[str]] = {}
    for path, file in zip(paths, files, strict=True):
        parts = path.split("/")
        name = f"{GROUP}_{parts[2]}" if parts[:2] == ["hauntkit", "rulesets"] else GROUP
        by_group.setdefault(name, []).append(file)
    return [(members, name) for name, members in by_group.items()]


def _warn(message: str) -> None:
    bar = "*" * 78
    sys.stderr.write(f"\n{bar}\nWARNING (hauntkit build): {message}\nhauntkit will run the "
                     f"listed modules as pure Python: the same games, slower.\n{bar}\n\n")


class BuildExt(build_ext):
    """build_ext that adds the mypyc extensions when it runs (so that pip's metadata steps
    do not run mypyc) and drops all of them, with a warning, when any fails to build."""

    mypyc_names: set[str] = set()

    def run(self) -> None:
        if self.inplace or getattr(self, "editable_mode", False):
            _remove_inplace_builds()  # an earlier build's modules must not outlive the list
        extensions = self._mypyc_extensions()
        for ext in extensions:  # what setuptools' finalize_options does for each extension
            ext._full_name = self.get_ext_fullname(ext.name)
            ext._links_to_dynamic = ext._needs_stub = False
            ext._file_name = self.get_ext_filename(ext._full_name)
            self.ext_map[ext._full_name] = ext
        self.mypyc_names = {ext.name for ext in extensions}
        self.extensions = [*self.extensions, *extensions]
        super().run()
        if self.inplace or getattr(self, "editable_mode", False):
            self._touch_inplace()

    def _mypyc_extensions(self) -> list[Extension]:
        paths = listed_modules()
        if not paths:
            return []
        if os.environ.get(SKIP_ENV):
            _warn(f"{SKIP_ENV} is set: the modules of mypyc_modules.txt are not compiled.")
            return []
        try:
            from mypyc.build import mypycify
        except ImportError as exc:
            _warn(f"mypyc is not installed ({exc}); the modules of mypyc_modules.txt are not "
                  "compiled (pyproject.toml's build requirements pin mypy).")
            return []
        target = os.path.abspath(os.path.join(self.build_temp, "mypyc"))
        started = time.time()
        files = [str(ROOT / "src" / p) for p in paths]
        try:  # module names come from the paths: src/ has no __init__.py
            extensions = mypycify([*MYPY_OPTIONS, f"--cache-dir={target}/.mypy_cache", *files],
                                  opt_level="3", separate=groups(paths, files),
                                  target_dir=target)
        except (Exception, SystemExit) as exc:  # mypyc exits on a type error
            _warn(f"mypyc could not compile mypyc_modules.txt ({exc!r}; its messages are "
                  "above). `make lint` shows the type errors.")
            return []
        print(f"mypyc: generated C for {len(paths)} modules in {time.time() - started:.1f} s")
        return extensions

    def build_extensions(self) -> None:
        mypyc = [e for e in self.extensions if e.name in self.mypyc_names]
        others = [e for e in self.extensions if e.name not in self.mypyc_names]
        self.extensions = others
        super().build_extensions()
        if not mypyc:
            return
        started = time.time()
        try:  # in parallel threads, as setuptools' own --parallel does
            with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
                for done in [pool.submit(self.build_extension, ext) for ext in mypyc]:
                    done.result()
        except Exception as exc:  # no compiler, a compile or link error
            for ext in mypyc:
                output = self.get_ext_fullpath(ext.name)
                if os.path.exists(output):
                    os.remove(output)
            _warn(f"compiling the mypyc modules failed ({exc}).")
            return
        self.extensions = others + mypyc
        print(f"mypyc: compiled {len(mypyc)} extensions in {time.time() - started:.1f} s")

    def _touch_inplace(self) -> None:
        """The copies next to the sources get the build's time: hauntkit's stale guard
        compares them with their .py (setuptools keeps the build folder's mtime)."""
        build_py = self.get_finalized_command("build_py")
        now = time.time()
        for ext in self.extensions:
            if ext.name in self.mypyc_names:
                inplace, _ = self._get_inplace_equivalent(build_py, ext)
                if os.path.exists(inplace):
                    os.utime(inplace, (now, now))


def _remove_inplace_builds() -> None:
    """Delete the compiled modules of an earlier in-place (editable) build from src/: every
    extension next to a .py of the same name, and the shared library."""
    src = ROOT / "src"
    for so in [*src.glob(f"{GROUP}*__mypyc.*"), *(src / "hauntkit").rglob("*.so"),
               *(src / "hauntkit").rglob("*.pyd")]:
        if so.parent == src or so.with_name(so.name.split(".", 1)[0] + ".py").exists():
            so.unlink()


setup(ext_modules=[Extension("hauntkit.core._fastcopy", ["src/hauntkit/core/_fastcopy.c"],
                             optional=True),
                   Extension("hauntkit.bots._keyedrng", ["src/hauntkit/bots/_keyedrng.c"],
                             optional=True)],
      cmdclass={"build_ext": BuildExt})
