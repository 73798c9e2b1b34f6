"""After the game (issue 12, the end screen): a seat downloads the game's save, which
``hauntkit replay`` opens and replays to the same state, and a rematch makes one new game with
the same ruleset, config and seats, in which every player who asks gets their own seat."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from harness import ServerProcess

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"},
         {"kind": "bot", "name": "Robo", "bot": "default"}]


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _finish(server: ServerProcess, made: dict[str, Any]) -> dict[str, Any]:
    """People end their turns (bots play theirs) until the turn cap ends the game."""
    gid = made["id"]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for seat in made["seats"][:2]:
            state = server.state(gid, seat["token"])
            if state["result"] is not None:
                return state
            ends = [a for a in state["legal_actions"] if a["type"] == "end_turn"]
            action = ends[0] if ends else (state["legal_actions"] or [None])[0]
            if action is not None:
                httpx.post(f"{server.url}/api/games/{gid}/act", headers=_auth(seat["token"]),
                           json={"action": action, "version": state["version"]}, timeout=60)
        time.sleep(0.05)
    raise AssertionError("the game did not end")


def test_save_download_opens_in_hauntkit_replay(server: ServerProcess, tmp_path: Path) -> None:
    made = server.create("betrayal", seats=SEATS, seed=11, config={"max_turns": 3})
    gid, ann = made["id"], made["seats"][0]["token"]
    url = f"{server.url}/api/games/{gid}/save"
    # while the game runs the save holds every secret: only the host may take it
    r = httpx.get(url, headers=_auth(ann), timeout=60)
    assert r.status_code == 403 and r.json()["code"] == "not_over"
    assert httpx.get(url, timeout=60).status_code == 403
    assert httpx.get(url, headers=_auth("wrong"), timeout=60).status_code == 403
    assert httpx.get(url, headers=_auth(made["host_token"]), timeout=60).status_code == 200
    end = _finish(server, made)
    assert end["result"]["reason"] == "turn cap reached"
    r = httpx.get(url, headers=_auth(ann), timeout=60)
    assert r.status_code == 200, r.text
    assert f"hauntkit-{gid}.json" in r.headers["content-disposition"]
    save = r.json()
    assert save["ruleset"] == "betrayal" and save["seed"] == 11 and save["history"]
    path = tmp_path / "game.json"
    path.write_bytes(r.content)
    hauntkit = Path(sys.executable).parent / "hauntkit"  # the installed command
    out = subprocess.run([str(hauntkit), "replay", str(path)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "turn cap reached" in out.stdout
    assert "differs" not in out.stderr


def test_rematch_makes_one_new_game_with_the_same_table(server: ServerProcess) -> None:
    made = server.create("betrayal", seats=SEATS, seed=5, title="Friday",
                         config={"max_turns": 2})
    gid = made["id"]
    ann, ben = made["seats"][0]["token"], made["seats"][1]["token"]
    url = f"{server.url}/api/games/{gid}/rematch"
    r = httpx.post(url, headers=_auth(ann), timeout=60)
    assert r.status_code == 409 and r.json()["code"] == "not_over"
    _finish(server, made)
    assert httpx.post(url, headers=_auth("wrong"), timeout=60).status_code == 403
    assert httpx.post(url, timeout=60).status_code == 403
    first = httpx.post(url, headers=_auth(ann), timeout=30).json()
    second = httpx.post(url, headers=_auth(ben), timeout=30).json()
    hosted = httpx.post(url, headers=_auth(made["host_token"]), timeout=30).json()
    assert first["id"] == second["id"] == hosted["id"] != gid
    assert (first["seat"], second["seat"]) == (0, 1)
    assert first["url"].endswith(f"/game/{first['id']}#t={first['token']}")
    new = httpx.get(f"{server.url}/api/games/{first['id']}", timeout=60).json()
    assert new["ruleset"] == "betrayal" and new["title"] == "Rematch: Friday"
    assert new["status"] == "active"
    assert [(s["name"], s["bot"]) for s in new["seats"]] == [("Ann", None), ("Ben", None),
                                                             ("Robo", "default")]
    # each player's new token opens their own seat there, with the same config
    assert server.state(first["id"], first["token"])["you"] == 0
    assert server.state(first["id"], second["token"])["you"] == 1
    save = httpx.get(f"{server.url}/api/games/{first['id']}/save",
                     headers=_auth(hosted["host_token"]), timeout=60).json()
    assert save["config"]["max_turns"] == 2 and save["config"]["players"] == 3


def test_a_dev_games_save_is_told_from_its_state(server: ServerProcess, tmp_path: Path) -> None:
    """A game with a scenario set-up cannot be rebuilt from its seed; replay tells its story from
    the saved state and says so, and refuses --to in one line."""
    made = server.create("betrayal", seats=SEATS[:2] + [{"kind": "human"}], seed=2,
                         setup={"explorers": {"0": {"room": "upper_landing"}},
                                "turn": {"seat": 0, "moves": 4}})
    r = httpx.get(f"{server.url}/api/games/{made['id']}/save",
                  headers=_auth(made["host_token"]), timeout=10)
    assert r.status_code == 200 and r.json()["dev"] is True
    path = tmp_path / "dev.json"
    path.write_bytes(r.content)
    hauntkit = Path(sys.executable).parent / "hauntkit"
    out = subprocess.run([str(hauntkit), "replay", str(path)], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert "explorers enter the house." in out.stdout
    assert "told from its saved state" in out.stderr
    out = subprocess.run([str(hauntkit), "replay", str(path), "--to", "1"], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 1 and len(out.stderr.strip().splitlines()) == 1
    assert "cannot be replayed" in out.stderr
