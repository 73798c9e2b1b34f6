"""`hauntkit tournament` (issue 11): bots against bots, seats rotated, Wilson 95% intervals."""

from __future__ import annotations

import orjson
from typer.testing import CliRunner

from hauntkit.cli.main import app
from hauntkit.sim.report import wilson


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def test_json_report_rotates_seats_and_gives_intervals():
    result = run("tournament", "--ruleset", "betrayal", "--bots", "heuristic,random",
                 "--games", "4", "--json")
    assert result.exit_code == 0, result.output
    report = orjson.loads(result.stdout)
    assert report["mode"] == "seats"
    by_bot = {r["bot"]: r for r in report["results"]}
    assert set(by_bot) == {"heuristic", "random"}
    for r in by_bot.values():
        assert r["seat_games"] == 8  # 4 games x 2 of the 4 seats each
        low, high = wilson(r["wins"], r["seat_games"])
        assert (r["low"], r["high"]) == (round(low, 4), round(high, 4))
        assert r["low"] <= r["rate"] <= r["high"]
    # rotation: game g gives seat i the bot (i + g) % 2
    for g in report["per_game"]:
        assert g["seats"] == [["heuristic", "random"][(i + g["game"]) % 2] for i in range(4)]
    assert sum(h["games"] for h in report["haunts"].values()) == 4


def test_same_seed_same_bytes_and_a_table():
    args = ("tournament", "--ruleset", "betrayal", "--bots", "heuristic,random", "--games",
            "2", "--seed", "7")
    first, again = run(*args), run(*args)
    assert first.exit_code == 0, first.output
    assert first.stdout == again.stdout
    assert "95% interval" in first.stdout and "heuristic" in first.stdout
    assert "turns per game by haunt" in first.stdout


def test_cooperative_beast_gives_each_bot_every_seat():
    result = run("tournament", "--ruleset", "beast", "--bots", "heuristic,random", "--games",
                 "3", "--json")
    assert result.exit_code == 0, result.output
    report = orjson.loads(result.stdout)
    assert report["mode"] == "cooperative"
    assert [r["seat_games"] for r in report["results"]] == [3, 3]
    seeds = {g["bot"]: [x["seed"] for x in report["per_game"] if x["bot"] == g["bot"]]
             for g in report["per_game"]}
    assert seeds["heuristic"] == seeds["random"]  # paired: the same games


def test_ismcts_options_reach_the_bot():
    result = run("tournament", "--ruleset", "beast", "--bots", "ismcts", "--games", "1",
                 "--iterations", "5", "--rollout", "2", "--json")
    assert result.exit_code == 0, result.output
    assert orjson.loads(result.stdout)["options"] == {"iterations": 5, "rollout": 2}


def test_unknown_bot_is_one_clear_line():
    result = run("tournament", "--bots", "heuristic,nosuchbot")
    assert result.exit_code == 2
    assert "unknown bot(s) ['nosuchbot']" in result.output
    assert "Traceback" not in result.output


def test_sides_mode_swaps_the_sides_on_the_same_haunt():
    result = run("tournament", "--ruleset", "betrayal", "--mode", "sides", "--bots",
                 "random,heuristic", "--games", "2", "--json")
    assert result.exit_code == 0, result.output
    report = orjson.loads(result.stdout)
    games = report["per_game"]
    assert len(games) == 4
    for first, second in (games[0:2], games[2:4]):
        assert first["seed"] == second["seed"]
        assert first["haunt"] == second["haunt"]  # same opening: the same haunt
        assert (first["heroes"], first["traitor"]) == (second["traitor"], second["heroes"])
    assert [r["seat_games"] for r in report["results"]] == [4, 4]


def test_sides_mode_needs_two_bots():
    result = run("tournament", "--mode", "sides", "--bots", "heuristic")
    assert result.exit_code == 2
    assert "exactly two different bots" in result.output


def test_bot_speed_prints_iterations_per_second():
    result = run("bot-speed", "--ruleset", "beast", "--decisions", "2", "--iterations", "20",
                 "--json")
    assert result.exit_code == 0, result.output
    fig = orjson.loads(result.stdout)
    assert fig["decisions"] == 2 and fig["iterations"] == 20
    assert fig["iterations_per_cpu_second"] > 0 and fig["cpu_seconds_per_decision"] > 0


def test_legacy_sides_mode_pairs_each_seed_and_names_its_haunts():
    """Legacy is competitive like betrayal: in sides mode each seed is played twice with the
    bots' sides swapped, every game reaches one of the free-play haunts."""
    result = run("tournament", "--ruleset", "legacy", "--bots", "heuristic,random",
                 "--mode", "sides", "--games", "2", "--json")
    assert result.exit_code == 0, result.output
    report = orjson.loads(result.stdout)
    assert report["ruleset"] == "legacy" and report["mode"] == "sides"
    assert [r["seat_games"] for r in report["results"]] == [4, 4]
    assert [(g["seed"], g["heroes"]) for g in report["per_game"]] == [
        (0, "heuristic"), (0, "random"), (1, "heuristic"), (1, "random")]
    assert set(report["haunts"]) <= {"ashes_of_the_chapel", "the_hollow_man",
                                     "the_hungry_well"}
    assert sum(h["games"] for h in report["haunts"].values()) == 4
