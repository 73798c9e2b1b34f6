"""`hauntkit campaign new --ruleset legacy` / play / status / history on the command line: the
legacy record printed readably (families, chapters, heirlooms, house changes)."""

from __future__ import annotations

from pathlib import Path

import orjson
from typer.testing import CliRunner

from hauntkit.cli.main import app


def test_legacy_campaign_on_the_command_line(tmp_path: Path) -> None:
    runner = CliRunner()
    db = ["--data-dir", str(tmp_path)]
    made = runner.invoke(app, ["campaign", "new", "--ruleset", "legacy", "--seats",
                               "random:Ann,random:Bo,random:Cy", "--seed", "3",
                               "--title", "Hill House", *db])
    assert made.exit_code == 0, made.output
    cid = made.output.strip().splitlines()[-1]
    played = runner.invoke(app, ["campaign", "play", cid, "--games", "2", *db])
    assert played.exit_code == 0, played.output
    assert "game 1" in played.output and "game 2" in played.output
    status = runner.invoke(app, ["campaign", "status", cid, *db], terminal_width=200)
    assert status.exit_code == 0, status.output
    for text in ("The house", "chapter 2", "Chapters", "The First Stone", "Ashes in the Well",
                 "Families", "Heirlooms", "Handbell", "Prologue (1666)"):
        assert text in status.output, text
    assert "carried data" not in status.output  # the record is shown readably instead
    history = runner.invoke(app, ["campaign", "history", cid, *db], terminal_width=200)
    assert history.exit_code == 0 and "The First Stone" in history.output
    raw = runner.invoke(app, ["campaign", "status", cid, "--json", *db])
    camp = orjson.loads(raw.output)
    assert camp["data"]["next"] == 2 and len(camp["data"]["chapters"]) == 2


def test_a_bad_legacy_campaign_option_is_one_line(tmp_path: Path) -> None:
    runner = CliRunner()
    bad = runner.invoke(app, ["campaign", "new", "--ruleset", "legacy", "--players", "3",
                              "--config", "families=[nobody, none, nil]",
                              "--data-dir", str(tmp_path)])
    assert bad.exit_code == 1
    assert "config.families" in bad.output and "unknown families" in bad.output
