"""Running many games with bots in every seat, in one process or several."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hauntkit.bots import get_bot
from hauntkit.core.ruleset import Ruleset, get_ruleset
from hauntkit.sim.parallel import run_ordered
from hauntkit.sim.report import summarize
from hauntkit.sim.runner import DEFAULT_MAX_ACTIONS, GameRecord, play_game
from hauntkit.sim.workers import default_workers


@dataclass
class SimSpec:
    """Everything that determines a simulation's output."""

    ruleset: str
    games: int = 10
    seed: int = 0
    players: int | None = None
    config: dict[str, Any] = field(default_factory=dict)
    content: list[str] = field(default_factory=list)
    replace_starter: bool = False
    bot: str = "default"
    max_actions: int = DEFAULT_MAX_ACTIONS
    check_invariants: bool = False
    save_dir: str | None = None

    def game_config(self) -> dict[str, Any]:
        config = dict(self.config)
        if self.players is not None:
            config["players"] = self.players
        return config

    def header(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "seed": self.seed, "players": self.players,
                "config": self.game_config(), "bot": self.bot, "max_actions": self.max_actions,
                "content": list(self.content), "replace_starter": self.replace_starter}


_WORKER: dict[str, Any] = {}


def _ruleset_for(spec: SimSpec, loaded: Ruleset | None = None) -> Ruleset:
    """The spec's ruleset, loaded once per process (``loaded``: one the caller has already,
    kept for the workers that fork from this process)."""
    key = (spec.ruleset, tuple(spec.content), spec.replace_starter)
    if loaded is not None or _WORKER.get("key") != key:
        _WORKER["key"] = key
        _WORKER["ruleset"] = loaded or get_ruleset(spec.ruleset, list(spec.content),
                                                   spec.replace_starter)
    return _WORKER["ruleset"]  # type: ignore[no-any-return]


def run_one(spec: SimSpec, index: int, ruleset: Ruleset | None = None) -> GameRecord:
    """Play game ``index`` of ``spec`` (seed ``spec.seed + index``); write its save if asked."""
    rs = ruleset or _ruleset_for(spec)
    seed = spec.seed + index
    game, record = play_game(rs, spec.game_config(), seed, get_bot(spec.bot, rs), index=index,
                             max_actions=spec.max_actions,
                             check_invariants=spec.check_invariants)
    if spec.save_dir:
        folder = Path(spec.save_dir)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{spec.ruleset}-seed{seed}.json").write_bytes(game.to_json())
    return record


def _run_indexed(args: tuple[SimSpec, int]) -> GameRecord:
    return run_one(*args)


def iter_records(spec: SimSpec, workers: int | None = 1, ruleset: Ruleset | None = None,
                 ray_address: str | None = None) -> Iterator[GameRecord]:
    """Each game's record, in game order whatever the number of workers (``None``: the
    idle cores, see ``workers.default_workers``) or backend (``ray_address``, see
    ``parallel.run_ordered``)."""
    rs = _ruleset_for(spec, ruleset)  # loaded here once: forked workers inherit it
    count = default_workers(spec.games) if workers is None else workers
    if count == 1 and ray_address is None:
        for index in range(spec.games):
            yield run_one(spec, index, rs)
        return
    yield from run_ordered(_run_indexed, [(spec, i) for i in range(spec.games)], count,
                           ray_address)


def simulate(spec: SimSpec, workers: int | None = 1, ruleset: Ruleset | None = None,
             progress: Callable[[GameRecord], None] | None = None,
             ray_address: str | None = None) -> dict[str, Any]:
    """Play ``spec.games`` games and return the totals (see ``report.summarize``)."""
    records = []
    for record in iter_records(spec, workers, ruleset, ray_address):
        records.append(record)
        if progress is not None:
            progress(record)
    return summarize(records, spec.header())
