"""Bots against bots: seats rotated, win rates with Wilson 95% intervals.

Competitive rulesets (``betrayal``): game ``g`` gives seat ``i`` the bot ``bots[(i + g) % k]``,
so every bot sits in every seat and plays every side equally often. A bot's record is over its
*seat-games*: a seat wins when its side wins (the house's win counts for the traitor side).
Seats of one game share the outcome, so the interval is a little optimistic; the per-game
paired figures are in the JSON.

Cooperative rulesets (``beast``: every seat is a hunter against the rules' own enemies): each
bot takes every seat of the same games (same seeds), and its record is the hunters' wins.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hauntkit.bots.base import Bot, get_bot
from hauntkit.core.ruleset import Ruleset
from hauntkit.sim.report import wilson
from hauntkit.sim.runner import play_game

COOPERATIVE = {"beast"}


@dataclass
class BotRecord:
    name: str
    seat_games: int = 0
    wins: int = 0
    by_side: dict[str, list[int]] = field(default_factory=dict)  # side -> [games, wins]
    turns: list[int] = field(default_factory=list)
    cpu: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.seat_games)
        rate = self.wins / self.seat_games if self.seat_games else 0.0
        return {"bot": self.name, "seat_games": self.seat_games, "wins": self.wins,
                "rate": round(rate, 4), "low": round(low, 4), "high": round(high, 4),
                "by_side": {k: {"games": g, "wins": w, "rate": round(w / g, 4) if g else 0.0}
                            for k, (g, w) in sorted(self.by_side.items())},
                "mean_turns": round(sum(self.turns) / len(self.turns), 2) if self.turns
                else None}


def make_bot(name: str, rs: Ruleset, options: dict[str, Any] | None = None) -> Bot:
    """A bot from the registry, bound to ``rs``'s content, with search options applied."""
    bot = get_bot(name)
    bind = getattr(bot, "bind", None)
    if callable(bind):
        bind(rs)
    for key, value in (options or {}).items():
        if value is not None and hasattr(bot, key):
            setattr(bot, key, value)
    return bot


def _length(stats: dict[str, Any]) -> int:
    return int(stats.get("turns", stats.get("rounds", 0)) or 0)


def run_tournament(rs: Ruleset, bot_names: list[str], games: int, seed: int = 0,
                   config: dict[str, Any] | None = None,
                   options: dict[str, Any] | None = None, max_actions: int = 20_000,
                   progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Play the tournament; return its report (plain JSON data)."""
    config = dict(config or {})
    bots = {n: make_bot(n, rs, options) for n in dict.fromkeys(bot_names)}
    records = {n: BotRecord(n) for n in bots}
    per_game: list[dict[str, Any]] = []
    coop = rs.id in COOPERATIVE
    plays = [(g, [n]) for g in range(games) for n in bots] if coop else [
        (g, None) for g in range(games)]
    for k, (g, team) in enumerate(plays):
        game_seed = seed + g
        if team is not None:
            lineup: dict[int, Bot] | Bot = bots[team[0]]
            names = team
        else:
            n_seats = _seats(rs, config, game_seed)
            names = [bot_names[(i + g) % len(bot_names)] for i in range(n_seats)]
            lineup = {i: bots[name] for i, name in enumerate(names)}
        start = time.process_time()
        game, record = play_game(rs, config, game_seed, lineup, index=g,
                                 max_actions=max_actions)
        spent = time.process_time() - start
        stats = record.stats
        outcome = record.outcome
        turns = _length(stats)
        if team is not None:
            rec = records[team[0]]
            won = outcome == "hunters"
            rec.seat_games += 1
            rec.wins += won
            side = rec.by_side.setdefault("hunters", [0, 0])
            side[0] += 1
            side[1] += won
            rec.turns.append(turns)
            rec.cpu += spent
            per_game.append({"game": g, "seed": game_seed, "bot": team[0],
                             "outcome": outcome, "turns": turns})
        else:
            sides = [e["side"] for e in game.state["ex"]]
            winner = "traitor" if outcome == "house" else outcome
            for i, name in enumerate(names):
                rec = records[name]
                won = sides[i] is not None and sides[i] == winner
                rec.seat_games += 1
                rec.wins += won
                side = rec.by_side.setdefault(str(sides[i]), [0, 0])
                side[0] += 1
                side[1] += won
                rec.cpu += spent / len(names)
            for name in dict.fromkeys(names):
                records[name].turns.append(turns)
            per_game.append({"game": g, "seed": game_seed, "seats": names, "sides": sides,
                             "outcome": outcome, "haunt": stats.get("haunt"), "turns": turns})
        if progress is not None:
            progress(k + 1)
    return {"ruleset": rs.id, "bots": list(bots), "games": games, "seed": seed,
            "config": config, "mode": "cooperative" if coop else "seats rotated",
            "options": {k: v for k, v in (options or {}).items() if v is not None},
            "results": [records[n].to_dict() for n in bots], "per_game": per_game}


def _seats(rs: Ruleset, config: dict[str, Any], seed: int) -> int:
    from hauntkit.core.game import Game

    return len(Game.new(rs, config, seed).state.get("ex", [])) or 1


def haunt_lengths(report: dict[str, Any]) -> dict[str, dict[str, float]]:
    """Average turns per game for each haunt in a betrayal report."""
    out: dict[str, list[int]] = {}
    for g in report["per_game"]:
        out.setdefault(str(g.get("haunt")), []).append(g["turns"])
    return {h: {"games": len(v), "mean_turns": round(sum(v) / len(v), 2)}
            for h, v in sorted(out.items())}
