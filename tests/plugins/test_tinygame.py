"""The ruleset boundary (issue 8): a ruleset in its own installed package (the entry point
``tiny`` of tests/plugins/hauntkit-tinygame) is played from the CLI, from the server over HTTP
and real websockets, and (tests/web/test_plugin_page.py) from the web page, with nothing in
hauntkit's own code naming it."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import httpx
from harness import ServerProcess

from hauntkit.bots import get_bot
from hauntkit.core.ruleset import get_ruleset, installed_ruleset_ids
from hauntkit.sim.runner import play_game

SRC = Path(__file__).resolve().parents[2] / "src"


def hauntkit(*args: str) -> subprocess.CompletedProcess[str]:
    """The installed ``hauntkit`` command, as a user runs it."""
    return subprocess.run([sys.executable, "-m", "hauntkit.cli.main", *args],
                          capture_output=True, text=True, timeout=120)


def test_the_plugin_is_found_through_its_entry_point_and_named_nowhere_in_src() -> None:
    assert "tiny" in installed_ruleset_ids()
    assert type(get_ruleset("tiny")).__module__ == "hauntkit_tinygame"
    for path in SRC.rglob("*"):
        if path.is_file() and path.suffix in {".py", ".js", ".html", ".css", ".yaml", ".toml"}:
            text = path.read_text(encoding="utf-8")
            assert "tinygame" not in text and '"tiny"' not in text, path


def test_simulate_plays_the_plugin_from_the_cli() -> None:
    done = hauntkit("simulate", "--ruleset", "tiny", "--games", "5", "--seed", "3",
                    "--players", "3", "--config", "goal=8", "--json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["games"] == 5 and summary["config"] == {"goal": 8, "players": 3}
    assert sum(o["games"] for o in summary["outcomes"].values()) == 5
    again = hauntkit("simulate", "--ruleset", "tiny", "--games", "5", "--seed", "3",
                     "--players", "3", "--config", "goal=8", "--json")
    assert again.stdout == done.stdout
    listed = hauntkit("rulesets")
    assert "tiny: Tiny: race to the well (2 to 4 seats)" in listed.stdout
    assert "goal: integer, default 6" in listed.stdout


def test_the_cli_refuses_out_of_range_seats_and_bad_config_in_one_line() -> None:
    for args, message in [
        (["--players", "5"], "players: tiny is played with 2 to 4 seats, got 5"),
        (["--players", "1"], "players: tiny is played with 2 to 4 seats, got 1"),
        (["--config", "goal=0"], "config.goal: Input should be greater than 0"),
        (["--config", "goal=[3]"], "config.goal: Input should be a valid integer"),
        (["--config", "goal=.nan"], "config.goal: Input should be a valid integer"),
        (["--config", "colour=red"], "config.colour: unknown config field"),
        (["--bot", "nobody"], "unknown bot 'nobody'"),
    ]:
        done = hauntkit("simulate", "--ruleset", "tiny", "--games", "1", *args)
        assert done.returncode == 2, (args, done.stdout)
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), (args, done.stderr)
        assert message in lines[0], (args, done.stderr)
        assert "Traceback" not in done.stderr


def test_the_server_offers_creates_and_plays_the_plugin_over_websockets(
        server: ServerProcess) -> None:
    info = httpx.get(server.url + "/api/info", timeout=60).json()
    tiny = next(r for r in info["rulesets"] if r["id"] == "tiny")
    assert (tiny["name"], tiny["min_seats"], tiny["max_seats"]) == (
        "Tiny: race to the well", 2, 4)
    assert {o["key"]: o["type"] for o in tiny["options"]} == {"goal": "int", "max_turns": "int"}
    assert tiny["config_schema"]["properties"]["goal"]["default"] == 6
    cat = httpx.get(server.url + "/api/rulesets/tiny/catalog", timeout=30).json()
    assert cat["pieces"]["well"]["name"] == "The well"
    for seats in (1, 5):
        r = httpx.post(server.url + "/api/games", json={"ruleset": "tiny",
                                                         "seats": [{}] * seats}, timeout=30)
        assert r.status_code == 422 and r.json()["field"] == "seats", r.text
        assert "2 to 4 seats" in r.json()["message"]

    made = server.create("tiny", seats=[{"kind": "human"}] * 2, seed=11, config={"goal": 4})
    clients = [server.ws(made["id"], s["token"]) for s in made["seats"]]
    spectator = server.ws(made["id"])
    for _ in range(100):
        msg = next(c.last for c in clients if c.last["legal_actions"])
        seat = msg["you"]
        assert msg["labels"][0].startswith("Take one step (")  # the plugin's describe_action
        clients[seat].send({"type": "act", "action": {"type": "step"},
                            "version": msg["version"], "id": f"s{msg['version']}"})
        for c in clients:
            while c.last["version"] <= msg["version"]:
                c.recv(timeout=20)
        st = clients[0].last
        if st["result"] is not None:
            break
    assert st["version"] == 7  # seat 0 steps 4 times, seat 1 three
    assert st["result"] == {"winner": 0, "reason": "reached the well first"}
    end = spectator.recv_until(lambda m: m["type"] == "state" and m["result"] is not None)
    assert end["view"]["pos"] == [4, 3]


def test_simulate_and_the_server_play_the_same_game(server: ServerProcess) -> None:
    """One bot registry, one seeding rule: the same seed and bots give the same history."""
    for seed in (1, 2):
        rs = get_ruleset("tiny")
        game, _ = play_game(rs, {"players": 3, "goal": 9}, seed, get_bot("default", rs))
        made = server.create("tiny", seats=[{"kind": "bot", "bot": "default"}] * 3, seed=seed,
                             config={"goal": 9})
        deadline = time.monotonic() + 60
        while httpx.get(f"{server.url}/api/games/{made['id']}", timeout=30).json()["status"] != "finished":
            assert time.monotonic() < deadline, "the server's bots did not finish"
            time.sleep(0.1)
        save = httpx.get(f"{server.url}/api/games/{made['id']}/save",
                         headers={"Authorization": f"Bearer {made['host_token']}"}, timeout=30).json()
        assert save["history"] == game.state["history"]
        assert save["state"]["pos"] == game.state["pos"]
        assert save["state"]["winner"] == game.state["winner"]
