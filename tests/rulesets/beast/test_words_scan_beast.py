"""The words a player reads in Riddle of the Beast, scanned over random games (HR-90, HR-91:
names, never ids, constants or raw values; every label unique among its prompt's choices).

Random legal actions play battles on every map (random hunters, seats and kits) and whole hunts
leg by leg, carried as a campaign carries them (every phase: shop, investigate, battle, loot,
mystery, rest; Renown and Infamy ranks given at the start so that Penance, Tagging In and Let's
Fight are offered). Every label of every decision, every prompt shown and every log line any
seat or a spectator can read, and the hunt's campaign summary after each leg, go through
``hauntkit.testing.wording``."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from hauntkit.core import Game
from hauntkit.core.ruleset import starter_ruleset
from hauntkit.rulesets.beast import BeastRuleset
from hauntkit.testing.wording import Scan, scan_play

BATTLES = 160  # 40 on each of the 4 maps
HUNTS = 60  # 30 of each starter hunt, each played to its end (up to 5 legs)
RANKS = (0, 0, 3, 8, 15, 25)  # Renown/Infamy points at the start: ranks 0 to 5


@pytest.fixture(scope="module")
def rs() -> BeastRuleset:
    ruleset = starter_ruleset("beast")
    assert isinstance(ruleset, BeastRuleset)
    return ruleset


def moving_on(pick: random.Random, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A random choice that says done a third of the time when it may (the shop ends)."""
    done = [a for a in legal if a.get("type") == "done"]
    if done and pick.random() < 0.35:
        return done[0]
    return pick.choice(legal)


def play(rs: BeastRuleset, game: Game, scan: Scan, pick: random.Random,
         phases: Counter[str], max_actions: int = 3000) -> None:
    """Play ``game`` out, scanning each decision's labels and prompt, then every log line;
    ``phases`` counts the decisions of each phase."""
    def count(game: Game) -> None:
        phases[str(game.state.get("phase", "battle"))] += 1

    scan_play(rs, game, scan, pick, moving_on, max_actions, before=count)


def kit(pick: random.Random, rs: BeastRuleset, hunters: list[str]) -> Any:
    """No gear, the pack's full loadout, or an arsenal per hunter."""
    roll = pick.random()
    if roll < 0.3:
        return None
    if roll < 0.6:
        return "full"
    return {h: pick.choice(sorted(rs.c.gear.arsenals)) for h in hunters}


def scan_battles(rs: BeastRuleset, scan: Scan, phases: Counter[str]) -> set[str]:
    maps = rs.scenario_ids()
    played = set()
    for seed in range(BATTLES):
        pick = random.Random(seed)
        hunters = (list(rs.c.hunters)[:4] if seed % 5 == 0
                   else pick.sample(list(rs.c.hunters), pick.randint(1, 4)))
        cfg: dict[str, Any] = {"map": maps[seed % len(maps)], "hunters": hunters,
                               "players": pick.randint(1, len(hunters))}
        loadout = kit(pick, rs, hunters)
        if loadout:
            cfg["loadout"] = loadout
        play(rs, Game.new(rs, cfg, seed), scan, pick, phases)
        played.add(cfg["map"])
    return played


def scan_hunts(rs: BeastRuleset, scan: Scan, phases: Counter[str]) -> None:
    hunts = sorted(rs.c.hunts)
    for seed in range(HUNTS):
        pick = random.Random(1000 + seed)
        start: dict[str, Any] = {"hunt": hunts[seed % len(hunts)]}
        if seed % 3:
            start["hunters"] = pick.sample(list(rs.c.hunters), pick.randint(1, 4))
        party = start.get("hunters") or rs.c.hunts[start["hunt"]].hunters
        start["players"] = pick.randint(1, len(party))
        data = rs.campaign_start(start)
        data["run"].update(renown=pick.choice(RANKS), infamy=pick.choice(RANKS))
        leg = 0
        while (cfg := rs.campaign_next({}, data, [])) is not None:
            cfg.update(players=start["players"], hunters=[r["hunter"] for r in data["party"]])
            game = Game.new(rs, cfg, seed * 31 + leg, carry_in=data)
            play(rs, game, scan, pick, phases)
            data = rs.carry_out(game.state)
            scan_summary(rs.campaign_summary(data), scan)
            leg += 1


def scan_summary(summary: dict[str, Any], scan: Scan) -> None:
    """The campaign page and ``hauntkit campaign status``: every value and cell it shows."""
    for section in summary["sections"]:
        for row in section.get("rows", []):
            scan.check("summary", f"{row['label']}: {row['value']}")
        for line in section.get("table", []):
            for cell in line:
                if cell is not None:
                    scan.check("summary", str(cell))


def test_every_word_of_random_battles_and_hunts_reads_as_words(rs: BeastRuleset) -> None:
    """HR-90/HR-91: no id, snake_case word, placeholder, ``(key: value)`` pair, broken number
    case ("heals 0", "1 rounds", "+0 Sanity") or repeated label in any prompt, over battles on
    every map and hunts through every phase."""
    scan, phases = Scan(), Counter[str]()
    maps = scan_battles(rs, scan, phases)
    scan_hunts(rs, scan, phases)
    assert maps == set(rs.scenario_ids())
    assert set(phases) >= {"shop", "investigate", "battle", "loot", "mystery", "rest"}, phases
    assert scan.lines["label"] > 100_000 and scan.lines["log"] > 50_000, scan.lines
    assert scan.total == 0, scan.report()
