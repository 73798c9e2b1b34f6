"""The command lines the docs show work as written: docs/legacy-campaign.md's campaign start
(it named families that the box does not have)."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parents[2] / "docs"
HAUNTKIT = Path(sys.executable).parent / "hauntkit"


def _commands(doc: Path, start: str) -> list[list[str]]:
    """The shell commands of ``doc``'s code blocks that begin with ``start`` (continuation
    lines joined, comments dropped)."""
    text = doc.read_text().replace("\\\n", " ")
    out = []
    for block in re.findall(r"```[a-z]*\n(.*?)```", text, flags=re.S):
        for line in block.splitlines():
            if line.strip().startswith(start):
                out.append(shlex.split(line, comments=True))
    return out


def test_the_legacy_campaign_example_starts_a_campaign(tmp_path: Path) -> None:
    (command,) = _commands(DOCS / "legacy-campaign.md", "hauntkit campaign new")
    run = subprocess.run([str(HAUNTKIT), *command[1:]], capture_output=True, text=True,
                         cwd=tmp_path, timeout=300)
    assert run.returncode == 0, run.stderr
    campaign_id = run.stdout.strip().splitlines()[-1]
    status = subprocess.run([str(HAUNTKIT), "campaign", "status", campaign_id, "--json"],
                            capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert status.returncode == 0, status.stderr
    families = next(arg for arg in command if arg.startswith("families="))
    assert json.loads(status.stdout)["config"]["families"] == json.loads(
        families.split("=", 1)[1])
