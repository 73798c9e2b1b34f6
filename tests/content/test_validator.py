"""`hauntkit validate` on the betrayal ruleset: one deliberately broken pack per kind of mistake.
Each broken pack is loaded on top of the starter pack, as an author's pack would be; every
message must name the file, the line and the field, and say what was expected."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hauntkit.cli.main import app
from hauntkit.core.errors import ContentError

runner = CliRunner()


def _validate(tmp_path: Path, text: str, *extra: str) -> tuple[int, list[str], Path]:
    path = tmp_path / "pack.yaml"
    path.write_text("ruleset: betrayal\n" + text, encoding="utf-8")
    result = runner.invoke(app, ["validate", str(tmp_path), *extra])
    lines = [ln for ln in result.output.splitlines() if ln.startswith(str(path))]
    return result.exit_code, lines, path


def _one(tmp_path: Path, text: str) -> str:
    code, lines, _ = _validate(tmp_path, text)
    assert code == 1
    assert len(lines) == 1, lines
    return lines[0]


ROOM = """rooms:
  - id: cellar_door
    name: Cellar Door
    floors: [basement]
    doors: [n, s]
"""


def test_starter_pack_is_valid_and_exit_code_is_zero() -> None:
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("ok: betrayal pack valid")


def test_a_valid_author_pack_on_top_of_the_starter_pack(tmp_path: Path) -> None:
    code, lines, _ = _validate(tmp_path, ROOM)
    assert (code, lines) == (0, [])


def test_json_output(tmp_path: Path) -> None:
    (tmp_path / "pack.yaml").write_text("ruleset: betrayal\n" + ROOM + "    colour: red\n")
    result = runner.invoke(app, ["validate", str(tmp_path), "--json"])
    assert result.exit_code == 1
    report = json.loads(result.output)
    assert report["ok"] is False and len(report["problems"]) == 1


def test_yaml_syntax_error(tmp_path: Path) -> None:
    line = _one(tmp_path, "rooms:\n  - id: x\n    floors: [basement\n")
    assert ": YAML syntax error:" in line


def test_unknown_field(tmp_path: Path) -> None:
    line = _one(tmp_path, ROOM + "    colour: red\n")
    assert ":7: rooms[0].colour: unknown field 'colour'; expected one of: actions, " in line
    assert ", doors, " in line and ", symbol, text" in line


def test_wrong_type(tmp_path: Path) -> None:
    line = _one(tmp_path, ROOM + "    obstacle: lots\n")
    assert ":7: rooms[0].obstacle: Input should be a valid integer" in line and "'lots'" in line


def test_value_not_in_the_vocabulary(tmp_path: Path) -> None:
    line = _one(tmp_path, ROOM.replace("[basement]", "[attic]"))
    assert ":5: rooms[0].floors[0]: Input should be 'basement', 'ground' or 'upper'" in line


def test_unknown_effect(tmp_path: Path) -> None:
    line = _one(tmp_path, ROOM + "    on_enter:\n      - {do: teleport}\n")
    assert ":8: rooms[0].on_enter[0]: Input tag 'teleport' found using 'do' does not match" in line
    assert "'roll'" in line and "'damage'" in line


def test_missing_field(tmp_path: Path) -> None:
    line = _one(tmp_path, ROOM.replace("    doors: [n, s]\n", ""))
    assert line.endswith(":3: rooms[0].doors: required field 'doors' is missing")


def test_duplicate_id_of_a_starter_room(tmp_path: Path) -> None:
    line = _one(tmp_path, ROOM.replace("cellar_door", "foyer"))
    assert ":3: rooms[0].id: duplicate id 'foyer' (first defined at " in line
    assert "rooms_core.yaml" in line and "set 'replace: true' to override it" in line


def test_replace_true_overrides_a_starter_room(tmp_path: Path) -> None:
    code, lines, _ = _validate(
        tmp_path, ROOM.replace("cellar_door", "foyer").replace("[basement]", "[ground]")
        + "    replace: true\n")
    assert (code, lines) == (0, [])


def test_bad_player_count_scaling(tmp_path: Path) -> None:
    line = _one(tmp_path, ROOM + "    on_enter:\n      - {do: damage, kind: mental, amount: '1/2/3'}\n")
    assert line.endswith(":8: rooms[0].on_enter[0].amount: expected an integer or a scaling "
                         "like '3/4/5/6', got '1/2/3'")


def test_unknown_room_referenced(tmp_path: Path) -> None:
    line = _one(tmp_path, ROOM + "    on_enter:\n      - {do: move, room: boudoir}\n")
    assert line.endswith(":8: rooms[0].on_enter[0].room (id 'cellar_door'): unknown room "
                         "'boudoir'")


def test_unknown_card_in_a_condition(tmp_path: Path) -> None:
    text = ROOM + (
        "    on_enter:\n"
        "      - do: if\n"
        "        cond: {carrying: [lantern, flashlight]}\n"
        "        then: [{do: gain, trait: speed}]\n"
    )
    line = _one(tmp_path, text)
    assert ":9: rooms[0].on_enter[0].cond.carrying[1] (id 'cellar_door'): unknown card or " \
           "object 'flashlight'" in line


def _character(might: str = "[1, 2, 3, 4, 5, 6, 7, 8]", sanity_start: int = 2) -> str:
    track = "{values: [1, 2, 3, 4, 5, 6, 7, 8], start: 2}"
    return f"""characters:
  - id: odd_track
    name: Odd Track
    might: {{values: {might}, start: 2}}
    speed: {track}
    knowledge: {track}
    sanity: {{values: [1, 2, 3, 4, 5, 6, 7, 8], start: {sanity_start}}}
"""


def test_trait_track_not_of_eight_values(tmp_path: Path) -> None:
    code, lines, _ = _validate(tmp_path, _character(might="[1, 2, 3, 4, 5, 6, 7]", sanity_start=9))
    assert code == 1
    assert any(":5: characters[0].might.values: List should have at least 8 items" in ln
               for ln in lines)
    assert any(":8: characters[0].sanity.start: Input should be less than or equal to 7" in ln
               for ln in lines)


def test_trait_track_going_down(tmp_path: Path) -> None:
    line = _one(tmp_path, _character(might="[1, 2, 3, 4, 5, 6, 8, 7]"))
    assert ":5: characters[0].might.values (id 'odd_track'): track [1, 2, 3, 4, 5, 6, 8, 7] " \
           "goes down" in line


def test_overlapping_roll_outcomes(tmp_path: Path) -> None:
    text = ROOM + """    on_enter:
      - do: roll
        trait: speed
        outcomes:
          - {min: 3, effects: [{do: gain, trait: speed}]}
          - {max: 4, effects: [{do: lose, trait: speed}]}
"""
    line = _one(tmp_path, text)
    assert ":12: rooms[0].on_enter[0].outcomes[1]" in line
    assert "results 3..4 also match outcomes[0]" in line


def test_ongoing_event_that_is_not_kept(tmp_path: Path) -> None:
    text = """cards:
  - id: lingering_chill
    name: Lingering Chill
    kind: event
    ongoing: true
    on_draw: [{do: lose, trait: speed}]
"""
    line = _one(tmp_path, text)
    assert line.endswith(":7: cards[0].on_draw (id 'lingering_chill'): an ongoing card must keep "
                         "itself: expected '{do: keep}' in on_draw")


def test_roll_without_dice_or_trait(tmp_path: Path) -> None:
    text = ROOM + "    on_enter:\n      - {do: roll, outcomes: [{min: 0}]}\n"
    line = _one(tmp_path, text)
    assert "exactly one of 'trait'" in line


def _haunt(hid: str, extra: str = "") -> str:
    return f"""haunts:
  - id: {hid}
    number: 99
    name: Test Haunt
    intro: A test.
    traitor: {{rule: revealer}}
    heroes:
      win: [{{counter_at_least: {{found: "1/1/2/2"}}}}]
      actions:
        - id: search
          label: Search
          effects: [{{do: counter, name: found}}]
{extra}"""


def test_haunt_unreachable_from_the_chart(tmp_path: Path) -> None:
    line = _one(tmp_path, _haunt("lonely"))
    assert ":3: haunts[0].id (id 'lonely'): no haunt chart entry leads to this haunt" in line


def test_chart_entry_with_unknown_ids(tmp_path: Path) -> None:
    text = "chart:\n  - {id: c1, omen: dog, room: vault, haunt: nowhere}\n"
    code, lines, _ = _validate(tmp_path, text)
    assert code == 1
    assert any("chart[0].haunt (id 'c1'): unknown haunt 'nowhere'" in ln for ln in lines)
    assert any("room 'vault' has no omen symbol" in ln for ln in lines)


def test_new_omen_room_needs_chart_cells(tmp_path: Path) -> None:
    code, lines, _ = _validate(tmp_path, ROOM + "    symbol: omen\n")
    assert code == 1
    assert lines == [] or all("cellar_door" in ln for ln in lines)


def test_haunt_win_waits_for_a_counter_nothing_adds_to(tmp_path: Path) -> None:
    text = _haunt("stuck").replace("{do: counter, name: found}", "{do: counter, name: lost}")
    text += "chart:\n  - {id: c1, omen: dog, room: kitchen, haunt: stuck, replace: true}\n"
    code, lines, _ = _validate(tmp_path, text)
    assert code == 1
    assert any("heroes.win[0].counter_at_least.found (id 'stuck'): nothing adds to counter "
               "'found'" in ln for ln in lines), lines


def test_every_problem_at_once_across_files(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("ruleset: betrayal\n" + ROOM + "    colour: red\n")
    (tmp_path / "b.yaml").write_text("ruleset: betrayal\nrooms:\n  - {id: x}\n")
    result = runner.invoke(app, ["validate", str(tmp_path)])
    assert result.exit_code == 1
    assert "a.yaml:7" in result.output and "b.yaml:3" in result.output


def test_replace_starter_validates_the_pack_alone(tmp_path: Path) -> None:
    (tmp_path / "pack.yaml").write_text("ruleset: betrayal\n" + ROOM)
    result = runner.invoke(app, ["validate", str(tmp_path), "--replace-starter"])
    assert result.exit_code == 0, result.output
    assert "1 rooms" in result.output


def test_usage_errors_exit_two(tmp_path: Path) -> None:
    assert runner.invoke(app, ["validate", "--ruleset", "chess"]).exit_code == 2
    missing = runner.invoke(app, ["validate", str(tmp_path / "nope")])
    assert missing.exit_code == 1 and "no such file or folder" in missing.output


def test_schema_command_prints_the_published_schema(tmp_path: Path) -> None:
    out = tmp_path / "s.json"
    assert runner.invoke(app, ["schema", "--ruleset", "betrayal", "--out", str(out)]).exit_code == 0
    published = Path(__file__).resolve().parents[2] / "docs" / "schema" / "betrayal.json"
    assert json.loads(out.read_text()) == json.loads(published.read_text())


def test_games_refuse_a_broken_pack_with_the_same_messages(tmp_path: Path) -> None:
    from hauntkit.core.ruleset import get_ruleset

    (tmp_path / "pack.yaml").write_text("ruleset: betrayal\n" + ROOM + "    colour: red\n")
    with pytest.raises(ContentError) as info:
        get_ruleset("betrayal", [str(tmp_path)])
    (problem,) = info.value.problems
    assert problem in runner.invoke(app, ["validate", str(tmp_path)]).output
    sim = runner.invoke(app, ["simulate", "--content", str(tmp_path), "--games", "1"])
    assert sim.exit_code != 0
    assert problem in sim.output
