"""The balance lab: N bot games per scenario (betrayal: haunt) and player count, and a report.

Every game is named by (scenario, players, index); its seed comes from the run's seed and that
name only, so a run's games, and its JSON report, are the same for any number of workers, on
local processes or Ray, and one haunt's games are the same whether it is played alone or with
``--haunt all``. See docs/balance.md.
"""

from __future__ import annotations

import hashlib
import statistics
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from typing import Any

from hauntkit.bots import Bot, get_bot
from hauntkit.bots.base import make_bot
from hauntkit.core.errors import HauntkitError
from hauntkit.core.ruleset import Ruleset, get_ruleset
from hauntkit.sim import blunders
from hauntkit.sim.idle import REACH, WINS_OF, IdleSideBot, active_side
from hauntkit.sim.parallel import run_ordered
from hauntkit.sim.report import wilson
from hauntkit.sim.runner import DEFAULT_MAX_ACTIONS, play_game

# the side whose win rate the fairness band is about
FAIR_SIDE = {"betrayal": "heroes", "legacy": "heroes", "beast": "hunters"}
LENGTH_KEYS = ("turns", "rounds")  # the first a ruleset's stats give is the game length
DEATH_KEYS = ("deaths", "hunters_lost")
BIN = 25  # width of the length histogram's bins


@dataclass(frozen=True)
class BalanceSpec:
    """Everything that determines a balance run's games and its JSON report."""

    ruleset: str = "betrayal"
    scenarios: tuple[str, ...] = ()
    players: tuple[int | None, ...] = (None,)
    games: int = 20
    seed: int = 0
    bot: str = "default"
    content: tuple[str, ...] = ()
    replace_starter: bool = False
    max_actions: int = DEFAULT_MAX_ACTIONS
    band: tuple[float, float] = (0.35, 0.65)
    side: str = "heroes"
    iterations: int | None = None  # ISMCTS iterations per decision (None: the bot's default)
    seconds: float | None = None  # ISMCTS CPU seconds per decision (not reproducible)
    idle_side: str | None = None  # the idle-side probe: this side does nothing after the haunt

    def jobs(self) -> list[tuple[BalanceSpec, str, int | None, int]]:
        """Every game of the run, in report order: scenario, then player count, then index."""
        return [(self, sc, n, i) for sc in self.scenarios for n in self.players
                for i in range(self.games)]


def game_seed(seed: int, scenario: str, players: int | None, index: int) -> int:
    """A game's seed from the run's seed and the game's name (stable across runs)."""
    digest = hashlib.blake2b(f"{seed}/{scenario}/{players}/{index}".encode(),
                             digest_size=6).digest()
    return int.from_bytes(digest, "big")


def parse_band(text: str) -> tuple[float, float]:
    """``"0.35-0.65"`` -> (0.35, 0.65); anything else raises ``HauntkitError``."""
    low, sep, high = text.partition("-")
    try:
        band = (float(low), float(high))
    except ValueError:
        band = (-1.0, -1.0)
    if not sep or not 0 <= band[0] < band[1] <= 1:
        raise HauntkitError(f"--band must be LOW-HIGH with 0 <= LOW < HIGH <= 1, got {text!r}")
    return band


def make_spec(rs: Ruleset, scenarios: str, games: int, players: list[int] | None = None,
              **options: Any) -> BalanceSpec:
    """A spec for ``rs``: ``scenarios`` is an id, a comma-separated list, or ``all``; player
    counts default to every count the ruleset supports."""
    known = rs.scenario_ids()
    if not known:
        raise HauntkitError(f"ruleset {rs.id!r} has no haunts or scenarios to balance")
    wanted = known if scenarios == "all" else [s.strip() for s in scenarios.split(",")]
    unknown = [s for s in wanted if s not in known]
    if unknown:
        raise HauntkitError(f"--haunt: unknown {', '.join(map(repr, unknown))}; known: "
                            f"{', '.join(known)} (or all)")
    counts: tuple[int | None, ...] = tuple(players or rs.player_counts() or [None])
    options.setdefault("side", FAIR_SIDE.get(rs.id, "heroes"))
    return BalanceSpec(ruleset=rs.id, scenarios=tuple(wanted), players=counts, games=games,
                       **options)


def search_options(spec: BalanceSpec) -> dict[str, Any]:
    """The spec's search budget as bot attributes (only those given)."""
    return {k: v for k, v in (("iterations", spec.iterations), ("seconds", spec.seconds))
            if v is not None}


def check_bot(spec: BalanceSpec) -> None:
    """Refuse, before any game, an unknown bot or a search budget the bot does not take."""
    bot = get_bot(spec.bot)
    taken = [k for k in search_options(spec) if not hasattr(bot, k)]
    if taken:
        flags = ", ".join("--time-per-decision" if k == "seconds" else f"--{k}" for k in taken)
        raise HauntkitError(f"{flags}: bot {spec.bot!r} does not search; only a searching bot "
                            f"(ismcts) takes a budget per decision")
    if spec.seconds is not None and spec.seconds <= 0:
        raise HauntkitError(f"--time-per-decision must be above 0, got {spec.seconds}")


# ------------------------------------------------------------------------------ playing
_CACHE: dict[str, Any] = {}


def _ruleset_and_bot(spec: BalanceSpec, loaded: Ruleset | None = None) -> tuple[Ruleset, Bot]:
    """The run's ruleset and bot, made once per process (``loaded``: the caller's ruleset for
    this spec, kept for the workers that fork from this process)."""
    key = (spec.ruleset, spec.content, spec.replace_starter, spec.bot, spec.iterations,
           spec.seconds)
    if loaded is not None or _CACHE.get("key") != key:
        rs = loaded or get_ruleset(spec.ruleset, list(spec.content), spec.replace_starter)
        # bound to the pack's content (heuristic, ismcts), with the search budget applied
        bot = make_bot(spec.bot, rs, search_options(spec))
        if spec.idle_side is not None:
            bot = IdleSideBot(bot, spec.idle_side).bind(rs)
        _CACHE.update(key=key, ruleset=rs, bot=bot)
    return _CACHE["ruleset"], _CACHE["bot"]


def play_one(job: tuple[BalanceSpec, str, int | None, int]) -> dict[str, Any]:
    """Play one game of a run; its record is small plain data."""
    spec, scenario, players, index = job
    rs, bot = _ruleset_and_bot(spec)
    config = rs.scenario_config(scenario)
    if players is not None:
        config["players"] = players
    seed = game_seed(spec.seed, scenario, players, index)
    auditor = blunders.auditor_for(rs, _credit(spec))
    game, rec = play_game(rs, config, seed, bot, index=index, max_actions=spec.max_actions,
                          on_decision=auditor.hook)
    audit = blunders.game_summary(auditor.close(game), seed)
    stats = rec.stats
    result = rec.result or {}
    length = next((stats[k] for k in LENGTH_KEYS if k in stats), rec.actions)
    deaths = next((stats[k] for k in DEATH_KEYS if k in stats), 0)
    goal = stats.get("goal") or ("capped: action cap reached" if rec.capped else
                                 f"{result.get('winner') or 'nobody'}: "
                                 f"{result.get('reason', 'no reason given')}")
    started = stats.get("haunt", scenario) == scenario if "haunt" in stats else True
    return {"scenario": scenario, "players": players, "index": index, "seed": seed,
            "outcome": rec.outcome, "goal": goal, "length": length, "actions": rec.actions,
            "deaths": deaths, "started": started, "blunders": audit}


def _credit(spec: BalanceSpec) -> Any:
    """Who a seat's blunder is credited to: the run's bot; in the idle-side probe, nobody for
    the idle side (it does nothing on purpose)."""
    idle = spec.idle_side

    def credit(state: dict[str, Any], seat: int) -> str | None:
        if idle is not None:
            explorers = state.get("explorers") or []
            if seat < len(explorers) and explorers[seat].get("side") == idle:
                return None
        return spec.bot
    return credit


def iter_games(spec: BalanceSpec, workers: int | None = None,
               ray_address: str | None = None,
               ruleset: Ruleset | None = None) -> Iterator[dict[str, Any]]:
    """Every game's record, in report order, for any worker count or backend. ``ruleset``:
    the spec's, if the caller has it loaded already."""
    _ruleset_and_bot(spec, ruleset)  # loaded here once: forked workers inherit it
    yield from run_ordered(play_one, spec.jobs(), workers, ray_address)


def run_balance(spec: BalanceSpec, workers: int | None = None, ray_address: str | None = None,
                progress: Callable[[dict[str, Any]], None] | None = None,
                ruleset: Ruleset | None = None,
                ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play the run; return the report and the per-game records."""
    games = []
    for record in iter_games(spec, workers, ray_address, ruleset):
        games.append(record)
        if progress is not None:
            progress(record)
    rs = _ruleset_and_bot(spec, ruleset)[0]
    names = {sc: rs.scenario_name(sc) for sc in spec.scenarios}
    return build_report(spec, games, names), games


# ------------------------------------------------------------------------------ the report
def _rate(k: int, n: int) -> dict[str, Any]:
    low, high = wilson(k, n)
    return {"games": k, "rate": round(k / n, 4) if n else 0.0, "low": round(low, 4),
            "high": round(high, 4)}


def _numbers(values: list[float]) -> dict[str, Any]:
    if not values:
        return {}
    return {"mean": round(statistics.fmean(values), 3), "median": statistics.median(values),
            "min": min(values), "max": max(values)}


def _histogram(values: list[int]) -> dict[str, int]:
    bins = Counter((v // BIN) * BIN for v in values)
    return {f"{b}-{b + BIN - 1}": bins[b] for b in sorted(bins)}


def _group(spec: BalanceSpec, games: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(games)
    outcomes = Counter(g["outcome"] for g in games)
    side = _rate(outcomes.get(spec.side, 0), n)
    low, high = spec.band
    return {
        "games": n,
        "outcomes": {o: _rate(outcomes[o], n) for o in sorted(outcomes)},
        "side_win": side,
        "outside_band": not low <= side["rate"] <= high,
        "clearly_outside_band": side["high"] < low or side["low"] > high,
        "length": _numbers([g["length"] for g in games]),
        "length_histogram": _histogram([g["length"] for g in games]),
        "actions": _numbers([g["actions"] for g in games]),
        "deaths": {**_numbers([g["deaths"] for g in games]),
                   "total": sum(g["deaths"] for g in games)},
        "goals": dict(sorted(Counter(g["goal"] for g in games).items())),
        "started": _rate(sum(g["started"] for g in games), n),
        "blunders": blunders.per_hundred([_audit(g) for g in games], lambda _bot: n,
                                         [spec.bot])[spec.bot],
        **({"idle_probe": _idle_probe(spec.idle_side, games)} if spec.idle_side else {}),
    }


def _audit(game: dict[str, Any]) -> dict[str, Any]:
    """A game record's blunder audit (none in a record made without one)."""
    return game.get("blunders") or blunders.NO_BLUNDERS


def _idle_probe(idle: str, games: list[dict[str, Any]]) -> dict[str, Any]:
    """The idle-side probe of a group: the active side's win rate over the games whose haunt
    began; below ``REACH`` its goals may be unreachable."""
    active = active_side(idle)
    started = [g for g in games if g["started"]]
    won = sum(g["outcome"] in WINS_OF[active] for g in started)
    rate = _rate(won, len(started))
    return {"idle": idle, "active": active, "active_win": rate, "started": len(started),
            "unreachable": bool(started) and rate["rate"] < REACH}


def build_report(spec: BalanceSpec, games: list[dict[str, Any]],
                 names: dict[str, str] | None = None) -> dict[str, Any]:
    """The JSON report: per scenario (and per player count within it), and overall. Each
    scenario's entry has its display ``name`` (``names``, by id; default: the id)."""
    per: dict[str, Any] = {}
    for sc in spec.scenarios:
        mine = [g for g in games if g["scenario"] == sc]
        entry = _group(spec, mine)
        entry["name"] = (names or {}).get(sc, sc)
        entry["by_players"] = {str(n): _group(spec, [g for g in mine if g["players"] == n])
                               for n in spec.players}
        per[sc] = entry
    header = asdict(spec)
    header["band"] = list(spec.band)
    return {
        "spec": header,
        "scenarios": per,
        "by_players": {str(n): _group(spec, [g for g in games if g["players"] == n])
                       for n in spec.players},
        "overall": _group(spec, games),
        "flagged": [sc for sc, e in per.items() if e["outside_band"]],
        "blunder_examples": blunders.worst_examples([_audit(g) for g in games]),
        **({"unreachable": [sc for sc, e in per.items() if e["idle_probe"]["unreachable"]]}
           if spec.idle_side else {}),
    }
