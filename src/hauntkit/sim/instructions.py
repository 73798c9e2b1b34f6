"""Instructions per action and per ``clone()``: engine cost that a busy machine cannot blur.

Counted by ``perf stat`` where the kernel allows it, else by valgrind's callgrind. The
workload is fixed (random play from seeds 0, 1, ... with the bench's policy), so on the same
Python and libraries the figures repeat to within a fraction of a percent.

- callgrind: one run; the probe turns counting on only around the measured part (after a
  warm-up), then dumps the totals of each part.
- perf: runs of different length; their differences cancel start-up and import.

``python -m hauntkit.sim.instructions RULESET ACTIONS CLONES`` is the probe run under the tool.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import orjson

from hauntkit.core.errors import HauntkitError


class InstructionCountError(HauntkitError):
    """perf or callgrind ran but gave no count (the message says what it printed)."""


WARMUP = 300  # actions played before counting (caches filled, code paths warm)
ACTIONS = 1500  # counted actions
CLONES = 300  # counted clone() calls (on states sampled during the counted play)
PERF = "/usr/bin/perf"


def available_tool() -> str | None:
    """``"perf"`` when ``perf stat`` can count user instructions here, else ``"callgrind"``
    when valgrind is installed, else ``None``."""
    perf = shutil.which("perf") or (PERF if os.path.exists(PERF) else None)
    if perf:
        probe = subprocess.run([perf, "stat", "-x,", "-e", "instructions:u", "true"],
                               capture_output=True, text=True, check=False)
        if probe.returncode == 0 and _perf_count(probe.stderr) is not None:
            return "perf"
    if shutil.which("valgrind") and shutil.which("callgrind_control"):
        return "callgrind"
    return None


def count(ruleset_id: str, config: dict[str, Any] | None = None, actions: int = ACTIONS,
          clones: int = CLONES, tool: str | None = None) -> dict[str, Any] | None:
    """``{"tool", "instructions_per_action", "instructions_per_clone"}`` for ``ruleset_id``
    (``None`` when neither perf nor valgrind can count here)."""
    tool = tool or available_tool()
    config = config or {}
    if tool == "callgrind":
        per_action, per_clone = _callgrind(ruleset_id, config, actions, clones)
    elif tool == "perf":
        per_action, per_clone = _perf(ruleset_id, config, actions, clones)
    else:
        return None
    return {"tool": tool, "instructions_per_action": round(per_action),
            "instructions_per_clone": round(per_clone)}


def _probe_cmd(ruleset_id: str, config: dict[str, Any], actions: int, clones: int,
               toggles: bool) -> list[str]:
    return [sys.executable, "-m", "hauntkit.sim.instructions", ruleset_id,
            orjson.dumps(config).decode(), str(actions), str(clones), "1" if toggles else "0"]


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONHASHSEED": "0"}  # set and dict order repeat exactly


def _callgrind(ruleset_id: str, config: dict[str, Any], actions: int, clones: int
               ) -> tuple[float, float]:
    with tempfile.TemporaryDirectory(prefix="hauntkit-callgrind-") as tmp:
        out = Path(tmp) / "callgrind.out"
        cmd = ["valgrind", "--tool=callgrind", "--instr-atstart=no",
               f"--callgrind-out-file={out}",
               *_probe_cmd(ruleset_id, config, actions, clones, toggles=True)]
        run = subprocess.run(cmd, capture_output=True, text=True, env=_env(), check=False)
        if run.returncode != 0:
            raise InstructionCountError(f"callgrind probe failed: {run.stderr.strip()[-400:]}")
        parts = [_callgrind_total(p) for p in sorted(Path(tmp).glob("callgrind.out.*"),
                                                     key=lambda p: int(p.suffix[1:]))]
    if len(parts) < 2:
        raise InstructionCountError(f"callgrind wrote {len(parts)} dumps, expected 2")
    return parts[0] / actions, parts[1] / max(1, clones)


def _callgrind_total(path: Path) -> int:
    text = path.read_text()
    match = re.search(r"^totals:\s*(\d+)", text, re.M)
    if match is None:
        raise InstructionCountError(f"no totals in callgrind dump {path.name}")
    return int(match.group(1))


def _perf(ruleset_id: str, config: dict[str, Any], actions: int, clones: int
          ) -> tuple[float, float]:
    perf = shutil.which("perf") or PERF

    def instructions(n_actions: int, n_clones: int) -> int:
        cmd = [perf, "stat", "-x,", "-e", "instructions:u",
               *_probe_cmd(ruleset_id, config, n_actions, n_clones, toggles=False)]
        run = subprocess.run(cmd, capture_output=True, text=True, env=_env(), check=False)
        n = _perf_count(run.stderr)
        if run.returncode != 0 or n is None:
            raise InstructionCountError(f"perf probe failed: {run.stderr.strip()[-400:]}")
        return n

    base = instructions(0, 0)
    played = instructions(actions, 0)
    cloned = instructions(actions, clones)
    cloned_twice = instructions(actions, 2 * clones)
    return (played - base) / actions, (cloned_twice - cloned) / max(1, clones)


def _perf_count(stderr: str) -> int | None:
    for line in stderr.splitlines():
        fields = line.split(",")
        if len(fields) > 2 and fields[2].startswith("instructions") and fields[0].isdigit():
            return int(fields[0])
    return None


# ------------------------------------------------------------------------------ the probe
def _callgrind_control(*args: str) -> None:
    subprocess.run(["callgrind_control", *args, str(os.getpid())], capture_output=True,
                   check=False)


def probe(ruleset_id: str, config: dict[str, Any], actions: int, clones: int,
          toggles: bool) -> None:
    """The measured workload: ``WARMUP`` actions, then ``actions`` counted actions, then
    ``clones`` counted clones of states sampled during them. With ``toggles``, callgrind
    counts only the two counted parts and dumps each."""
    from hauntkit.core.game import Game
    from hauntkit.core.ruleset import get_ruleset
    from hauntkit.sim.runner import pick_seat

    ruleset = get_ruleset(ruleset_id)
    samples: list[Game] = []
    state = {"seed": 0, "game": Game.new(ruleset, config, 0)}
    driver = [random.Random(0)]

    def play(n: int, sample: bool) -> None:
        for i in range(n):
            game = state["game"]
            waiting = game.to_act()
            while not waiting:
                state["seed"] += 1
                game = state["game"] = Game.new(ruleset, config, state["seed"])
                driver[0] = random.Random(state["seed"])
                waiting = game.to_act()
            seat = pick_seat(waiting, driver[0])
            legal = game.legal_actions(seat)
            game.act_trusted(seat, legal[driver[0].randrange(len(legal))])
            if sample and i % 37 == 0:
                samples.append(game.clone())

    play(WARMUP, False)
    if toggles:
        _callgrind_control("-i", "on")
    play(actions, False)
    if toggles:
        _callgrind_control("-i", "off")
        _callgrind_control("-d")
    if clones:
        play(400, True)  # states to clone, not counted
    if toggles:
        _callgrind_control("-z")
        _callgrind_control("-i", "on")
    for i in range(clones):
        samples[i % len(samples)].clone()
    if toggles:
        _callgrind_control("-i", "off")
        _callgrind_control("-d")


if __name__ == "__main__":
    rid, cfg, n_actions, n_clones, use_toggles = sys.argv[1:6]
    probe(rid, orjson.loads(cfg), int(n_actions), int(n_clones), use_toggles == "1")
