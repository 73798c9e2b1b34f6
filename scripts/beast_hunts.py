"""Play whole beast hunts with bots and count how often the hunters win them, and their battles.

Each hunt is played as a campaign (docs/hunt.md): leg after leg, the party's records carried
from one to the next, a bot in every seat (``--bot``, default ``heuristic``). Seats and bot
randomness follow the rule of ``hauntkit.bots`` (``bot_seat``, ``bot_rng``), as in
``hauntkit simulate``. The report gives, per hunt, the hunts won and the battles won, each
with its 95% Wilson interval, and per location the battles fought there won.

Usage: python scripts/beast_hunts.py [--hunts 200] [--players 2] [--bot heuristic]
       [--seed 0] [HUNT ...]
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

from hauntkit.bots.base import bot_rng, bot_seat, get_bot
from hauntkit.core.campaign import finish_game, new_campaign, next_game
from hauntkit.core.ruleset import get_ruleset
from hauntkit.sim.report import wilson

MAX_ACTIONS = 20000  # per leg; a leg longer than this is broken, not long


def play_hunt(rs: Any, hunt: str, players: int, seed: int, bot_name: str) -> dict[str, Any]:
    """One whole hunt: whether it was won, and each battle's location and winner."""
    bot = get_bot(bot_name, rs)
    camp = new_campaign(rs, {"hunt": hunt, "players": players}, seed,
                        [{"bot": bot_name}] * players, f"hunt-{seed}")
    battles: list[tuple[str, bool]] = []
    index = 0
    while camp["status"] == "active":
        game = next_game(rs, camp, f"leg-{index}")
        for _ in range(MAX_ACTIONS):
            waiting = game.to_act()
            if not waiting:
                break
            version = game.state["version"]
            seat = waiting[0] if len(waiting) == 1 else bot_seat(waiting, game.state["seed"], version)
            legal = game.legal_actions(seat)
            action = legal[0] if len(legal) == 1 else bot.choose(
                game.view(seat), legal, bot_rng(game.state["seed"], seat, version))
            game.act(seat, action)
        else:
            raise RuntimeError(f"hunt {hunt} seed {seed} leg {index}: no end after "
                               f"{MAX_ACTIONS} actions")
        battle = (game.result() or {}).get("battle")
        if battle is not None:
            leg = game.state["hunt"]
            where = leg["bounty"]["location"] if leg.get("bounty") else leg["location"]
            enemies = sum(1 for u in game.state["units"].values() if u["side"] == "enemies")
            fled = sum(1 for e in game.state["log"] if e["type"] == "fled")
            battles.append((rs.c.locations[where].name, battle.get("winner") == "hunters",
                            fled < enemies))
        finish_game(rs, camp, game, f"leg-{index}")
        index += 1
    return {"won": camp["data"].get("status") == "won", "battles": battles}


def percent(wins: int, games: int) -> str:
    low, high = wilson(wins, games)
    rate = wins / games if games else 0.0
    return f"{wins}/{games} = {rate:.1%} (95%: {low:.1%} - {high:.1%})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("hunts_to_play", nargs="*", metavar="HUNT",
                        help="hunt ids (default: every hunt of the starter pack)")
    parser.add_argument("--hunts", type=int, default=200, help="hunts played per hunt id")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rs = get_ruleset("beast")
    ids = args.hunts_to_play or list(rs.c.hunts)  # type: ignore[attr-defined]
    for hunt in ids:
        won = 0
        per_place: Counter[str] = Counter()
        per_place_won: Counter[str] = Counter()
        stood: Counter[bool] = Counter()  # battles where an enemy stayed to fight (True)
        stood_won: Counter[bool] = Counter()
        for i in range(args.hunts):
            out = play_hunt(rs, hunt, args.players, args.seed * 100003 + i, args.bot)
            won += out["won"]
            for place, hunters_won, fought in out["battles"]:
                per_place[place] += 1
                per_place_won[place] += hunters_won
                stood[fought] += 1
                stood_won[fought] += hunters_won and fought
        fought, fought_won = sum(per_place.values()), sum(per_place_won.values())
        print(f"{hunt}: hunts won {percent(won, args.hunts)}; "
              f"battles won {percent(fought_won, fought)}; where an enemy stayed to fight "
              f"(not every one talked away, Renown's Let's Talk) "
              f"{percent(stood_won[True], stood[True])}")
        for place in sorted(per_place):
            print(f"  {place}: battles won {percent(per_place_won[place], per_place[place])}")


if __name__ == "__main__":
    main()
