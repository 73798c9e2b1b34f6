"""Speed figures of random play on one core: actions/s, games/s, clone() time, peak memory.

Times are this process's CPU time (``time.process_time``), not wall time: on a shared, busy
machine wall time counts the waits for a core too. Instruction counts (``instructions``)
are steadier still."""

from __future__ import annotations

import platform
import random
import resource
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

import orjson

from hauntkit import compiled
from hauntkit.core.errors import HauntkitError
from hauntkit.core.game import Game, copy_state
from hauntkit.core.ruleset import Ruleset
from hauntkit.sim import instructions
from hauntkit.sim.runner import DEFAULT_MAX_ACTIONS, pick_seat

_clock = time.process_time


def _random_game(ruleset: Ruleset, config: dict[str, Any], seed: int, deadline: float,
                 max_actions: int, samples: list[dict[str, Any]] | None,
                 sample_every: int) -> tuple[int, bool, Game]:
    """Play one game with uniformly random actions; return (actions, finished, game)."""
    game = Game.new(ruleset, config, seed)
    rng = random.Random(seed)
    randrange = rng.randrange
    actions = 0
    while actions < max_actions:
        waiting = game.to_act()
        if not waiting:
            return actions, True, game
        seat = pick_seat(waiting, rng)
        legal = game.legal_actions(seat)
        game.act_trusted(seat, legal[randrange(len(legal))])
        actions += 1
        if actions % sample_every == 0:
            if samples is not None and len(samples) < 400:
                samples.append(copy_state(game.state))
            if _clock() > deadline:
                return actions, False, game
    return actions, False, game


def run_bench(ruleset: Ruleset, config: dict[str, Any], seconds: float = 5.0, seed: int = 0,
              max_actions: int = DEFAULT_MAX_ACTIONS) -> dict[str, Any]:
    """Random play for ``seconds`` of CPU time, then clone timing on mid-game states and a replay check."""
    samples: list[dict[str, Any]] = []
    total_actions = games = capped = 0
    saves: list[dict[str, Any]] = []
    start = _clock()
    deadline = start + seconds
    while _clock() < deadline:
        n, finished, game = _random_game(ruleset, config, seed + games, deadline, max_actions,
                                         samples, 37)
        total_actions += n
        if finished:
            games += 1
            if len(saves) < 5:
                saves.append(game.save())
        elif n >= max_actions:
            games += 1
            capped += 1
    elapsed = _clock() - start

    clone_us = state_kb = 0.0
    if samples:
        reps = max(1, 20_000 // len(samples))
        t0 = _clock()
        for state in samples:
            for _ in range(reps):
                copy_state(state)
        clone_us = (_clock() - t0) / (reps * len(samples)) * 1e6
        state_kb = sum(len(orjson.dumps({k: v for k, v in s.items() if k not in ("log",
                       "history")})) for s in samples) / len(samples) / 1024

    replay_rate = 0.0
    if saves:
        t0 = _clock()
        replayed = 0
        for save in saves:
            Game.replay(save, ruleset)
            replayed += len(save["history"])
        replay_rate = replayed / max(1e-9, _clock() - t0)

    tracemalloc.start()
    _random_game(ruleset, config, seed, float("inf"), max_actions, None, 1 << 30)
    _, traced_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    rss_mb = rss / (1024 * 1024) if sys.platform == "darwin" else rss / 1024
    return {
        "ruleset": ruleset.id,
        "config": config,
        # the build measured (the instruction probe inherits this environment: same build)
        "compiled": compiled.status()["summary"],
        "seconds": round(elapsed, 2),
        "actions": total_actions,
        "games": games,
        "capped": capped,
        "actions_per_second": round(total_actions / elapsed),
        "games_per_second": round(games / elapsed, 2),
        "actions_per_game": round(total_actions / games, 1) if games else None,
        "clone_us": round(clone_us, 2),
        "clone_samples": len(samples),
        "state_kb": round(state_kb, 2),
        "replay_actions_per_second": round(replay_rate),
        "peak_rss_mb": round(rss_mb, 1),
        "peak_traced_mb_one_game": round(traced_peak / (1024 * 1024), 2),
    }


# ------------------------------------------------------------ instruction-count baseline
TOLERANCE = 0.10  # a rise of more than 10% in instructions is a regression
BASELINE_RULESETS: dict[str, dict[str, Any]] = {"betrayal": {}, "beast": {}}
_COUNTED = ("instructions_per_action", "instructions_per_clone")


def write_baseline(path: Path, rulesets: dict[str, dict[str, Any]] | None = None) -> dict:
    """Count instructions for each ruleset (with its config) and write them to ``path``."""
    rulesets = rulesets if rulesets is not None else BASELINE_RULESETS
    tool = instructions.available_tool()
    if tool is None:
        raise HauntkitError(NO_TOOL)
    data: dict[str, Any] = {"tool": tool, "python": platform.python_version(),
                            "compiled": _compiled_build(),
                            "actions": instructions.ACTIONS, "clones": instructions.CLONES,
                            "tolerance": TOLERANCE, "rulesets": {}}
    for rid, config in rulesets.items():
        figures = instructions.count(rid, config, tool=tool)
        assert figures is not None
        data["rulesets"][rid] = {"config": config,
                                 **{k: figures[k] for k in _COUNTED}}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(orjson.dumps(data, option=orjson.OPT_INDENT_2) + b"\n")
    return data


def check_baseline(path: Path) -> list[dict[str, Any]]:
    """Count instructions again for every ruleset of the baseline at ``path``; one row per
    (ruleset, figure) with ``baseline``, ``now``, ``ratio`` and ``regressed`` (ratio above
    1 + tolerance)."""
    try:
        data = orjson.loads(path.read_bytes())
        tolerance = float(data.get("tolerance", TOLERANCE))
        entries = data["rulesets"]
        sizes = {"actions": int(data["actions"]), "clones": int(data["clones"])}
    except (OSError, orjson.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
        raise HauntkitError(f"{path}: not a bench baseline ({exc})") from exc
    recorded, now_compiled = data.get("compiled"), _compiled_build()
    if recorded is not None and bool(recorded) != now_compiled:
        builds = ("the mypyc-compiled build", "pure Python")
        raise HauntkitError(
            f"{path} was recorded on {builds[0] if recorded else builds[1]} and this is "
            f"{builds[0] if now_compiled else builds[1]} ({compiled.status()['summary']}): "
            "instruction counts of the two are not comparable; run `make install` (or unset "
            "HAUNTKIT_PURE_PYTHON) and check again")
    tool = instructions.available_tool()
    if tool is None:
        raise HauntkitError(NO_TOOL)
    rows = []
    for rid, entry in entries.items():
        figures = instructions.count(rid, entry.get("config", {}), tool=tool, **sizes)
        assert figures is not None
        for key in _COUNTED:
            base, now = entry[key], figures[key]
            ratio = now / base if base else float("inf")
            rows.append({"ruleset": rid, "figure": key, "baseline": base, "now": now,
                         "ratio": round(ratio, 4), "regressed": ratio > 1 + tolerance,
                         "tool": tool, "baseline_tool": data.get("tool")})
    return rows


def _compiled_build() -> bool:
    """Whether this process runs the mypyc-compiled hot paths (a baseline is of one build)."""
    return bool(compiled.status()["compiled"])


NO_TOOL = ("cannot count instructions here: `perf stat -e instructions:u` is not permitted "
           "and valgrind is not installed")
