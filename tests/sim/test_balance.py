"""The balance lab: games per haunt and player count, a report that repeats byte for byte."""

from __future__ import annotations

import orjson
import pytest
from typer.testing import CliRunner

from hauntkit.bots import get_bot
from hauntkit.cli.main import app
from hauntkit.core.errors import HauntkitError
from hauntkit.core.game import Game
from hauntkit.core.ruleset import get_ruleset
from hauntkit.sim.balance import build_report, game_seed, make_spec, parse_band, run_balance
from hauntkit.sim.runner import play_game

BASE = ["balance", "--haunt", "the_bride,magpie", "--players", "3,5", "--games", "2",
        "--bots", "default", "--seed", "7", "--max-actions", "4000", "--json"]


@pytest.fixture(scope="module")
def betrayal():
    return get_ruleset("betrayal")


def test_json_report_is_byte_identical_with_one_and_two_workers(tmp_path):
    runner = CliRunner()
    one = runner.invoke(app, [*BASE, "--workers", "1", "--out", str(tmp_path / "a")])
    two = runner.invoke(app, [*BASE, "--workers", "2", "--out", str(tmp_path / "b")])
    assert one.exit_code == 0, one.output
    assert two.exit_code == 0, two.output
    assert one.stdout == two.stdout
    assert (tmp_path / "a" / "balance.json").read_bytes() == one.stdout.encode()
    report = orjson.loads(one.stdout)
    assert sorted(report["scenarios"]) == ["magpie", "the_bride"]
    bride = report["scenarios"]["the_bride"]
    assert bride["name"] == "The Bride"  # what the tables, the page and its plots show
    assert bride["games"] == 4 and set(bride["by_players"]) == {"3", "5"}
    assert sum(o["games"] for o in bride["outcomes"].values()) == 4
    assert 0 <= bride["side_win"]["low"] <= bride["side_win"]["rate"] <= bride["side_win"][
        "high"] <= 1
    assert sum(bride["goals"].values()) == 4
    page = (tmp_path / "a" / "balance.html").read_text()
    assert page.count("data:image/png;base64,") == 3
    for title in ("Win rate per haunt", "Game length", "Win rate by player count"):
        assert title in page


def test_the_table_names_each_haunt_and_the_flagged_ones(tmp_path):
    args = [a for a in BASE if a != "--json"]
    result = CliRunner().invoke(app, [*args, "--workers", "1", "--band", "0.99-1",
                                      "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "The Bride" in result.stdout and "The Magpie" in result.stdout
    assert "outside the band 0.99-1.0: The Bride, The Magpie" in result.stdout
    assert "balance.html" in result.stdout


def test_config_haunt_makes_the_haunt_roll_start_that_haunt(betrayal):
    # docs/balance.md: config.haunt overrides the chart (betrayal-haunt rules, RULING B13)
    for hid in ("magpie", "seance"):
        game, record = play_game(betrayal, {"players": 4, "haunt": hid}, 3, get_bot("default"))
        assert record.stats["haunt"] == hid
        # the game-over line, then the winners' ending when the game was won
        assert "game_over" in [e["type"] for e in game.state["log"][-2:]]
    with pytest.raises(HauntkitError, match="config.haunt: unknown haunt 'nope'"):
        Game.new(betrayal, {"haunt": "nope"}, 1)


def test_the_deciding_goal_names_the_winner_and_the_books_condition(betrayal):
    spec = make_spec(betrayal, "ghoul_pack,magpie", 3, [4], seed=2, max_actions=4000)
    report, games = run_balance(spec, workers=1)
    for g in games:
        side, _, why = g["goal"].partition(": ")
        assert side == (g["outcome"] if g["outcome"] in ("heroes", "traitor", "house")
                        else side)
        assert why
    goals = set(report["scenarios"]["ghoul_pack"]["goals"])
    assert goals <= {"heroes: the traitor is dead", "traitor: every hero is dead",
                     "heroes: an effect", "traitor: an effect", "nobody: turn cap reached"}


def test_report_flags_haunts_outside_the_band_with_wilson_intervals(betrayal):
    spec = make_spec(betrayal, "the_bride,magpie", 10, [4], band=(0.35, 0.65))
    games = [{"scenario": sc, "players": 4, "index": i, "seed": 0, "length": 100 + i,
              "actions": 300, "deaths": 1, "started": True, "goal": "x: y",
              "outcome": "heroes" if (sc == "magpie" and i < 5) or i < 1 else "traitor"}
             for sc in spec.scenarios for i in range(10)]
    report = build_report(spec, games)
    assert report["flagged"] == ["the_bride"]
    bride = report["scenarios"]["the_bride"]["side_win"]
    assert bride["rate"] == 0.1 and bride["low"] == pytest.approx(0.0179, abs=1e-4)
    assert bride["high"] == pytest.approx(0.4042, abs=1e-4)  # the interval reaches the band
    assert not report["scenarios"]["the_bride"]["clearly_outside_band"]
    assert report["scenarios"]["magpie"]["outside_band"] is False
    assert report["scenarios"]["magpie"]["length_histogram"] == {"100-124": 10}


def test_game_seeds_depend_on_the_game_name_only():
    assert game_seed(1, "magpie", 4, 0) == game_seed(1, "magpie", 4, 0)
    assert len({game_seed(1, "magpie", n, i) for n in (3, 4) for i in range(50)}) == 100


def test_bad_options_are_one_clear_line(tmp_path):
    runner = CliRunner()
    bad = runner.invoke(app, ["balance", "--haunt", "nope", "--out", str(tmp_path)])
    assert bad.exit_code == 1
    assert bad.stderr.strip().startswith("error: --haunt: unknown 'nope'; known:")
    assert "Traceback" not in bad.output
    band = runner.invoke(app, ["balance", "--band", "0.7-0.2", "--out", str(tmp_path)])
    assert band.exit_code == 1 and "--band must be LOW-HIGH" in band.stderr
    bot = runner.invoke(app, ["balance", "--bots", "nobot", "--out", str(tmp_path)])
    assert bot.exit_code == 1 and "unknown bot 'nobot'" in bot.stderr
    players = runner.invoke(app, ["balance", "--players", "9", "--out", str(tmp_path)])
    assert players.exit_code == 1 and "players must be 3..6" in players.stderr
    assert parse_band("0.4-0.6") == (0.4, 0.6)


def test_beast_maps_are_its_scenarios():
    beast = get_ruleset("beast")
    spec = make_spec(beast, "alley", 2, max_actions=3000)
    assert spec.side == "hunters" and spec.players == (None,)
    report, games = run_balance(spec, workers=1)
    assert report["scenarios"]["alley"]["games"] == 2
    assert report["scenarios"]["alley"]["name"] == beast.c.map_info["alley"]["name"] != "alley"
    assert all(g["goal"].split(": ")[0] in ("hunters", "enemies", "nobody") for g in games)


def test_a_haunt_plays_the_same_games_alone_or_with_others(betrayal):
    alone = make_spec(betrayal, "magpie", 2, [3], seed=4, bot="default", max_actions=4000)
    both = make_spec(betrayal, "the_bride,magpie", 2, [3], seed=4, bot="default",
                     max_actions=4000)
    report_alone, games_alone = run_balance(alone, workers=1)
    report_both, games_both = run_balance(both, workers=1)
    assert games_alone == [g for g in games_both if g["scenario"] == "magpie"]
    assert report_alone["scenarios"]["magpie"] == report_both["scenarios"]["magpie"]


def test_legacy_free_play_haunts_are_its_scenarios(tmp_path):
    """Legacy's scenarios are its free-play haunts (docs/balance.md); the config's `haunt` makes
    that haunt start (docs/legacy.md "Config"), the heroes' rate is the band's, and the
    CLI writes the JSON and the HTML page with its three plots."""
    legacy = get_ruleset("legacy")
    spec = make_spec(legacy, "all", 1, bot="heuristic")
    assert spec.side == "heroes" and spec.players == (3, 4, 5)
    assert spec.scenarios == tuple(legacy.ix.free_haunts)
    report, games = run_balance(spec, workers=1)
    assert len(games) == 3 * len(legacy.ix.free_haunts)
    assert all(g["started"] and not g["goal"].startswith("capped") for g in games)
    assert all(g["goal"].split(": ")[0] in ("heroes", "traitor", "house") for g in games)
    args = ["balance", "--ruleset", "legacy", "--haunt", "the_hungry_well", "--games", "1",
            "--players", "3", "--workers", "1", "--out", str(tmp_path)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert legacy.scenario_name("the_hungry_well") in result.stdout
    assert "the_hungry_well" not in result.stdout
    page = (tmp_path / "balance.html").read_text()
    assert page.count("data:image/png;base64,") == 3
    saved = orjson.loads((tmp_path / "balance.json").read_bytes())
    assert saved["scenarios"]["the_hungry_well"]["games"] == 1


def test_tables_and_page_name_haunts_by_their_names_never_their_ids(tmp_path):
    """An author reads the balance tables: haunts by their names (the JSON keeps the ids)."""
    result = CliRunner().invoke(app, ["balance", "--ruleset", "betrayal", "--haunt",
                                      "the_bride,ghoul_pack", "--games", "1", "--players", "3",
                                      "--bots", "default", "--band", "0.9-1",
                                      "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "balance.html").read_text(encoding="utf-8")
    for text in (result.stdout, page):
        assert "The Bride" in text and "The Ghoul Pack" in text
        assert "the_bride" not in text and "ghoul_pack" not in text
    assert "outside the band 0.9-1" in result.stdout
