"""The blunder audit: watching bot games for plainly bad decisions (docs/balance.md, "The
blunder audit").

An auditor watches one game through ``play_game``'s ``on_decision`` hook (called before each
action is applied, with the seat's legal actions) and may read the true state: it is not a
player. Each ruleset registers its auditor (``AUDITORS``); the detectors' ruleset knowledge
lives in the ruleset's own audit module (``blunders_betrayal``, ``blunders_beast``).

Kinds (``KINDS``): a hopeless attack, going back and forth, harm to one's own side, and a
book action a losing side never used. A blunder belongs to the seat that decided; the balance
lab and the tournament credit it to that seat's bot.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import asdict
from typing import Any

from hauntkit.core.ruleset import Ruleset
from hauntkit.sim.audit import (
    HOPELESS,
    KINDS,
    LABELS,
    ONE,
    OSCILLATION,
    OWN_SIDE,
    SHORT,
    UNUSED_BOOK,
    Auditor,
    Blunder,
    nobody,
)

__all__ = ["HOPELESS", "KINDS", "LABELS", "ONE", "OSCILLATION", "OWN_SIDE", "SHORT",
           "UNUSED_BOOK", "Auditor", "Blunder", "auditor_for", "register_auditor"]

NO_BLUNDERS: dict[str, Any] = {"counts": {}, "examples": []}  # a game summary with none
EXAMPLES = 5  # examples of each kind a report keeps (the worst first)

AUDITORS: dict[str, Callable[[Ruleset], Auditor]] = {}


def register_auditor(ruleset_id: str, factory: Callable[[Ruleset], Auditor]) -> None:
    """Make ``factory`` the auditor of ``ruleset_id``'s games."""
    AUDITORS[ruleset_id] = factory


def auditor_for(ruleset: Ruleset,
                credit: Callable[[dict[str, Any], int], str | None] = nobody) -> Auditor:
    """A fresh auditor for one game of ``ruleset`` (one that finds nothing when the ruleset
    registered none); ``credit``: see ``Auditor``."""
    _load_builtin()
    auditor = AUDITORS.get(ruleset.id, Auditor)(ruleset)
    auditor.credit = credit
    return auditor


def _load_builtin() -> None:
    if not AUDITORS:
        from hauntkit.sim import blunders_beast, blunders_betrayal

        register_auditor("betrayal", blunders_betrayal.BetrayalAuditor)
        register_auditor("legacy", blunders_betrayal.BetrayalAuditor)
        register_auditor("beast", blunders_beast.BeastAuditor)


# ------------------------------------------------------------------------------ tallies
def game_summary(blunders: Iterable[Blunder], seed: int) -> dict[str, Any]:
    """One game's blunders as plain data: counts per bot and kind, and the worst example of
    each kind per bot, with the game's seed."""
    counts: dict[str, Counter[str]] = {}
    worst: dict[tuple[str, str], Blunder] = {}
    for blunder in blunders:
        bot = blunder.bot
        counts.setdefault(bot, Counter())[blunder.kind] += 1
        key = (bot, blunder.kind)
        if key not in worst or blunder.weight > worst[key].weight:
            worst[key] = blunder
    return {"counts": {bot: dict(sorted(c.items())) for bot, c in sorted(counts.items())},
            "examples": [{**asdict(b), "seed": seed} for _key, b in sorted(worst.items())]}


def per_hundred(summaries: list[dict[str, Any]], games_of: Callable[[str], int],
                bots: Iterable[str]) -> dict[str, dict[str, Any]]:
    """Blunders per 100 games per bot and kind (``games_of``: a bot's games, the
    denominator), with the totals."""
    out: dict[str, dict[str, Any]] = {}
    for bot in bots:
        totals: Counter[str] = Counter()
        for summary in summaries:
            totals.update(summary["counts"].get(bot, {}))
        games = games_of(bot)
        out[bot] = {"games": games,
                    "per_100_games": {k: round(100 * totals[k] / games, 1) if games else 0.0
                                      for k in KINDS},
                    "total": {k: totals[k] for k in KINDS}}
    return out


def worst_examples(summaries: list[dict[str, Any]],
                   limit: int = EXAMPLES) -> dict[str, list[dict[str, Any]]]:
    """The worst examples of each kind over ``summaries`` (by weight, then game order)."""
    out: dict[str, list[dict[str, Any]]] = {}
    for kind in KINDS:
        found = [e for s in summaries for e in s["examples"] if e["kind"] == kind]
        found.sort(key=lambda e: -e["weight"])  # stable: ties keep the games' order
        out[kind] = found[:limit]
    return out


def rates_text(rates: dict[str, Any]) -> list[str]:
    """A bot's blunders per 100 games as table cells, one per kind."""
    return [f"{rates['per_100_games'][k]:g}" for k in KINDS]


def column_names() -> list[str]:
    """The table columns of the blunder counts (per 100 games)."""
    return [f"{SHORT[k]} /100" for k in KINDS]


def example_lines(examples: dict[str, list[dict[str, Any]]], per_kind: int = 1) -> list[str]:
    """The worst examples as lines a person reads: kind, bot, seed, turn and the sentence."""
    lines = []
    for kind in KINDS:
        for example in examples.get(kind, [])[:per_kind]:
            lines.append(f"worst {ONE[kind]} ({example_place(example)}): {example['text']}")
    return lines


def example_place(example: dict[str, Any]) -> str:
    """Where to look: ``"heuristic, seed 123, turn 7"``."""
    return (f"{example['bot']}, seed {example['seed']}, {example.get('turn_word', 'turn')} "
            f"{example['turn']}")
