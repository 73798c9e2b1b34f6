"""Bots against bots: seats rotated, win rates with Wilson 95% intervals.

Competitive rulesets (``betrayal``, ``legacy``): game ``g`` gives seat ``i`` the bot
``bots[(i + g) % k]``, so every bot sits in every seat and plays every side equally often. A bot's record is over its
*seat-games*: a seat wins when its side wins (the house's win counts for the traitor side).
Seats of one game share the outcome, so the interval is a little optimistic; the per-game
paired figures are in the JSON.

Sides mode (``betrayal``, ``legacy``, for close duels): every seat plays ``opening`` before the
haunt; after it, bot A plays every seat of one side and bot B the other, and the same seed is played again
with A and B swapped. Both games reach the same haunt (same opening, same seeds), so the pair
differs only in how each bot played its side. A bot's record is over its games.

Cooperative rulesets (``beast``: every seat is a hunter against the rules' own enemies): each
bot takes every seat of the same games (same seeds), and its record is the hunters' wins.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from hauntkit.bots.base import Action, Bot, make_bot
from hauntkit.core.errors import HauntkitError
from hauntkit.core.ruleset import Ruleset
from hauntkit.sim import blunders
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


class SideBot(Bot):
    """Plays ``opening`` until the haunt, then the bot of the side its view says it is on."""

    name: ClassVar[str] = "sides"
    uses_view: ClassVar[bool] = True

    def __init__(self, opening: Bot, heroes: Bot, traitor: Bot) -> None:
        self.opening = opening
        self.by_side = {"heroes": heroes, "traitor": traitor}

    def choose(self, view: dict[str, Any], legal_actions: list[Action],
               rng: random.Random) -> Action:
        h = view.get("haunt")
        side = h.get("my_side") if h else None
        bot = self.by_side.get(side, self.opening) if side else self.opening
        return bot.choose(view, legal_actions, rng)


def _length(stats: dict[str, Any]) -> int:
    return int(stats.get("turns", stats.get("rounds", 0)) or 0)


def run_tournament(rs: Ruleset, bot_names: list[str], games: int, seed: int = 0,
                   config: dict[str, Any] | None = None,
                   options: dict[str, Any] | None = None, max_actions: int = 20_000,
                   progress: Callable[[int], None] | None = None, mode: str = "seats",
                   opening: str = "heuristic") -> dict[str, Any]:
    """Play the tournament; return its report (plain JSON data). ``mode``: ``seats``
    (rotated) or ``sides`` (two bots, swapped sides on the same seed); cooperative rulesets
    always play ``cooperative``."""
    config = dict(config or {})
    bots = {n: make_bot(n, rs, options) for n in dict.fromkeys(bot_names)}
    records = {n: BotRecord(n) for n in bots}
    per_game: list[dict[str, Any]] = []
    if rs.id in COOPERATIVE:
        mode = "cooperative"
    if mode == "sides" and len(bots) != 2:
        raise HauntkitError("sides mode pits exactly two different bots against each other")
    plan = _plan(rs, list(bots), bot_names, games, seed, config, mode)
    first = make_bot(opening, rs, options) if mode == "sides" else None
    audits: list[dict[str, Any]] = []
    played: dict[str, int] = dict.fromkeys(bots, 0)
    for k, (g, names, lineup_names) in enumerate(plan):
        game_seed = seed + g
        if mode == "cooperative":
            lineup: dict[int, Bot] | Bot = bots[names[0]]
        elif mode == "sides":
            heroes, traitor = names
            lineup = SideBot(first, bots[heroes], bots[traitor])  # type: ignore[arg-type]
        else:
            lineup = {i: bots[name] for i, name in enumerate(lineup_names)}
        auditor = blunders.auditor_for(rs, _blunder_credit(mode, names, lineup_names))
        start = time.process_time()
        game, record = play_game(rs, config, game_seed, lineup, index=g,
                                 max_actions=max_actions, on_decision=auditor.hook)
        spent = time.process_time() - start
        audit = blunders.game_summary(auditor.close(game), game_seed)
        audits.append(audit)
        for name in dict.fromkeys(names if mode != "seats" else lineup_names):
            played[name] += 1
        entry = {"game": g, "seed": game_seed, "outcome": record.outcome,
                 "turns": _length(record.stats), "blunders": audit["counts"]}
        if mode == "cooperative":
            _credit(records[names[0]], "hunters", record.outcome == "hunters", entry, spent)
            entry["bot"] = names[0]
        else:
            sides = [e["side"] for e in game.state["explorers"]]
            winner = "traitor" if record.outcome == "house" else record.outcome
            entry.update(haunt=record.stats.get("haunt"), sides=sides)
            if mode == "sides":
                entry["heroes"], entry["traitor"] = names
                for name, side in zip(names, ("heroes", "traitor"), strict=True):
                    _credit(records[name], side, winner == side, entry, spent / 2)
            else:
                entry["seats"] = lineup_names
                for i, name in enumerate(lineup_names):
                    _credit(records[name], sides[i] or "no haunt", sides[i] is not None
                            and sides[i] == winner, None, spent / len(lineup_names))
                for name in dict.fromkeys(lineup_names):
                    records[name].turns.append(entry["turns"])
        per_game.append(entry)
        if progress is not None:
            progress(k + 1)
    return {"ruleset": rs.id, "bots": list(bots), "games": games, "seed": seed,
            "config": config, "mode": mode,
            "options": {k: v for k, v in (options or {}).items() if v is not None},
            "results": [records[n].to_dict() for n in bots], "per_game": per_game,
            "blunders": blunders.per_hundred(audits, played.__getitem__, bots),
            "blunder_examples": blunders.worst_examples(audits)}


def _blunder_credit(mode: str, names: list[str], lineup: list[str]) -> Any:
    """Who a seat's blunder is credited to: the seat's bot (cooperative: the one bot; sides:
    the bot of the seat's side, nobody before the haunt, when the opening bot plays)."""
    def credit(state: dict[str, Any], seat: int) -> str | None:
        if mode == "cooperative":
            return names[0]
        if mode == "sides":
            side = state["explorers"][seat]["side"]
            return None if side is None else names[0] if side == "heroes" else names[1]
        return lineup[seat]
    return credit


def _plan(rs: Ruleset, names: list[str], order: list[str], games: int, seed: int,
          config: dict[str, Any], mode: str) -> list[tuple[int, list[str], list[str]]]:
    """(game index, bots of the game, bot per seat) for every game to play."""
    if mode == "cooperative":
        return [(g, [n], []) for g in range(games) for n in names]
    if mode == "sides":
        a, b = names
        return [(g, pair, []) for g in range(games) for pair in ([a, b], [b, a])]
    if mode != "seats":
        raise HauntkitError(f"unknown tournament mode {mode!r}: seats or sides")
    out = []
    for g in range(games):
        n_seats = _seats(rs, config, seed + g)
        out.append((g, names, [order[(i + g) % len(order)] for i in range(n_seats)]))
    return out


def _credit(rec: BotRecord, side: str, won: bool, entry: dict[str, Any] | None,
            spent: float) -> None:
    rec.seat_games += 1
    rec.wins += won
    tally = rec.by_side.setdefault(side, [0, 0])
    tally[0] += 1
    tally[1] += won
    rec.cpu += spent
    if entry is not None:
        rec.turns.append(entry["turns"])


def _seats(rs: Ruleset, config: dict[str, Any], seed: int) -> int:
    from hauntkit.core.game import Game

    return len(Game.new(rs, config, seed).state.get("explorers", [])) or 1


def haunt_lengths(report: dict[str, Any]) -> dict[str, dict[str, float]]:
    """Average turns per game for each haunt in a betrayal report."""
    out: dict[str, list[int]] = {}
    for g in report["per_game"]:
        out.setdefault(str(g.get("haunt")), []).append(g["turns"])
    return {h: {"games": len(v), "mean_turns": round(sum(v) / len(v), 2)}
            for h, v in sorted(out.items())}
