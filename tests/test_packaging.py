"""What a user installs: the wheel carries the built extensions and the package's data, never
the C sources it was built from; ``hauntkit --version`` names the installed version."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from importlib.metadata import version
from pathlib import Path

from typer.testing import CliRunner

from hauntkit.cli.main import app

ROOT = Path(__file__).resolve().parents[1]


def test_the_wheel_has_no_c_sources(tmp_path: Path) -> None:
    env = dict(os.environ, HAUNTKIT_NO_MYPYC="1")  # the C helpers only: quick
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                    "-q", "-w", str(tmp_path), str(ROOT)], check=True, env=env, cwd=tmp_path,
                   timeout=600)
    (wheel,) = tmp_path.glob("hauntkit-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert not [n for n in names if n.endswith(".c")]
    assert any(n.endswith(".so") for n in names)  # the helpers, compiled
    assert "hauntkit/web/game.html" in names
    # the rules summaries the rules page reads (core/rules_summary.py)
    assert {f"hauntkit/content/{game}/rules.yaml" for game in ("betrayal", "legacy", "beast")} \
        <= set(names)


def test_version() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"hauntkit {version('hauntkit')}"
