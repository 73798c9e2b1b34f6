"""A leak scan over whole games of every ruleset, played by bots on a real server: every
state message a seat's socket (or a spectator's) receives is exactly that seat's own view at
that version, its readable log and its own legal actions, and nothing else (docs/protocol.md:
"a client receives only its own view"). The games are rebuilt from the host's save and each
seat's view is computed again to compare."""

from __future__ import annotations

import time
from typing import Any

import httpx
import orjson
import pytest
from harness import Client, ServerProcess
from soak import rounds

from hauntkit.core import Game
from hauntkit.core.log import visible_log

# (ruleset, players, config): betrayal also with a hidden traitor (The Poisoner), whose
# identity only the traitor may learn until the reveal
GAMES = [("betrayal", 4, {}), ("betrayal", 4, {"haunt": "the_poisoner"}), ("legacy", 3, {}),
         ("beast", 2, {})]


def _views_by_version(save: dict[str, Any], seats: list[int | None]
                      ) -> dict[tuple[int | None, int], dict[str, Any]]:
    """(seat, version) -> what that seat may see then: view, readable log, legal actions."""
    game = Game.new(save["ruleset"], save["config"], save["seed"])
    out: dict[tuple[int | None, int], dict[str, Any]] = {}

    def record() -> None:
        version = game.state["version"]
        for seat in seats:
            view = orjson.loads(orjson.dumps(game.view(seat)))  # as sent, at this version
            readable = view.pop("log") if isinstance(view, dict) and isinstance(
                view.get("log"), list) else visible_log(game.state["log"], seat)
            legal = game.legal_actions(seat) if (
                seat is not None and game.result() is None and seat in game.to_act()) else []
            out[(seat, version)] = {"view": view, "log": readable, "legal": legal}

    record()
    for seat, action in save["history"]:
        game.act(seat, action)
        record()
    return out


@pytest.mark.parametrize(("ruleset", "players", "config"), GAMES,
                         ids=["betrayal", "betrayal-hidden-traitor", "legacy", "beast"])
def test_every_message_is_that_seats_own_view(reliable_server: ServerProcess, ruleset: str,
                                              players: int, config: dict[str, Any]) -> None:
    server = reliable_server
    for seed in range(rounds(1, 8)):
        made = server.create(ruleset=ruleset, seed=100 + seed, bot_delay=0.0, config=config,
                             seats=[{"kind": "human"}]
                             + [{"kind": "bot", "bot": "default"}] * (players - 1))
        gid, host = made["id"], made["host_token"]
        clients: dict[int | None, Client] = {
            seat: server.ws(gid, made["seats"][seat]["token"]) for seat in range(players)}
        clients[None] = server.ws(gid)
        r = httpx.post(f"{server.url}/api/games/{gid}/seats/0/bot", json={"bot": "random"},
                       headers={"Authorization": f"Bearer {host}"}, timeout=60)
        assert r.status_code == 200, r.text
        for client in clients.values():
            client.state_when(lambda m: m["result"] is not None, timeout=300)
        save = httpx.get(f"{server.url}/api/games/{gid}/save",
                         headers={"Authorization": f"Bearer {host}"}, timeout=60).json()
        if config.get("haunt"):  # the hidden traitor's haunt did begin
            assert save["state"]["haunt"]["hidden"], "the haunt never began: pick a seed"
        expected = _views_by_version(save, list(clients))
        for seat, client in clients.items():
            read = 0
            states = [m for m in client.received if m["type"] == "state"]
            assert states, f"seat {seat} heard nothing"
            for msg in states:
                want = expected[(seat, msg["version"])]
                assert msg["you"] == seat
                assert msg["view"] == want["view"], f"seat {seat}, version {msg['version']}"
                if msg["reason"] in ("hello", "sync"):
                    read = 0
                assert msg["events"] == want["log"][read:], f"seat {seat} {msg['version']}"
                read = msg["log_size"]
                assert msg["legal_actions"] == want["legal"]
            for client_msg in client.raw:
                assert '"rng"' not in client_msg and '"history"' not in client_msg
        for client in clients.values():
            client.close()
        time.sleep(0.05)
