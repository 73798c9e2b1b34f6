"""The pack loader names file, line and field of every mistake and says what was expected.

These use a small pack spec of their own so that they test the loader's messages, not any
ruleset's vocabulary; tests/content/test_validator.py checks the betrayal pack's own checks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field

from hauntkit.core.content import PackSpec, load_pack, pack_paths, starter_dir
from hauntkit.core.errors import ContentError


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Gain(_Strict):
    op: Literal["gain"]
    trait: Literal["might", "speed"]
    amount: int


class _Roll(_Strict):
    op: Literal["roll"]
    dice: int


class _Room(_Strict):
    id: str
    floors: list[Literal["ground", "upper", "basement"]]
    effects: list[Annotated[_Gain | _Roll, Field(discriminator="op")]] = []
    replace: bool = False


class _Card(_Strict):
    id: str
    room: str


def _rooms_exist(items: dict) -> list[tuple]:
    return [
        ("cards", cid, ("room",), f"unknown room {card.room!r}")
        for cid, card in items["cards"].items()
        if card.room not in items["rooms"]
    ]


SPEC = PackSpec("toy", {"rooms": _Room, "cards": _Card}, checks=[_rooms_exist])


def _problems(tmp_path: Path, text: str, name: str = "pack.yaml") -> list[str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_pack(SPEC, [tmp_path])
    return info.value.problems


def test_yaml_syntax_error_names_file_and_line(tmp_path: Path) -> None:
    problems = _problems(tmp_path, "rooms:\n  - id: a\n    floors: [ground\n")
    assert len(problems) == 1
    assert problems[0].startswith(f"{tmp_path / 'pack.yaml'}:")
    assert "YAML syntax error" in problems[0]


def test_a_duplicate_key_is_refused_naming_file_line_and_key(tmp_path: Path) -> None:
    # issue 8: YAML keeps the second value silently; our files refuse it, every one listed
    text = ("rooms:\n  - id: a\n    floors: [ground]\n    floors: [upper]\n"
            "  - {id: b, floors: [upper], id: c}\n")
    problems = _problems(tmp_path, text)
    path = tmp_path / "pack.yaml"
    assert problems == [
        f"{path}:4: floors: duplicate key (first on line 3); a key may appear only once in a "
        "mapping",
        f"{path}:5: id: duplicate key (first on line 5); a key may appear only once in a mapping",
    ]


def test_a_merge_key_may_be_overridden(tmp_path: Path) -> None:
    text = ("rooms:\n  - &base {id: a, floors: [ground]}\n  - <<: *base\n    id: b\n"
            "cards:\n  - {id: c, room: b}\n")
    (tmp_path / "pack.yaml").write_text(text, encoding="utf-8")
    assert sorted(load_pack(SPEC, [tmp_path]).items["rooms"]) == ["a", "b"]


def test_unknown_field_lists_the_expected_fields(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, "rooms:\n  - id: a\n    floors: [ground]\n    colour: red\n")
    assert p == (
        f"{tmp_path / 'pack.yaml'}:4: rooms[0].colour: unknown field 'colour'; "
        "expected one of: effects, floors, id, replace"
    )


def test_unknown_field_inside_an_effect_names_the_effect_fields(tmp_path: Path) -> None:
    text = (
        "rooms:\n  - id: a\n    floors: [ground]\n    effects:\n"
        "      - op: gain\n        trait: might\n        amount: 1\n        bonus: 2\n"
    )
    (p,) = _problems(tmp_path, text)
    assert p.endswith(
        ":8: rooms[0].effects[0].bonus: unknown field 'bonus'; expected one of: amount, op, trait"
    )


def test_wrong_type_says_what_was_expected_and_what_was_given(tmp_path: Path) -> None:
    text = "rooms:\n  - id: a\n    floors: [ground]\n    effects:\n      - op: roll\n        dice: many\n"
    (p,) = _problems(tmp_path, text)
    assert ":6: rooms[0].effects[0].dice:" in p
    assert "valid integer" in p and "'many'" in p


def test_value_outside_a_closed_list_names_the_allowed_values(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, "rooms:\n  - id: a\n    floors: [ground, attic]\n")
    assert ":3: rooms[0].floors[1]:" in p
    assert "'ground', 'upper' or 'basement'" in p and "'attic'" in p


def test_missing_field(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, "rooms:\n  - id: a\n")
    assert p.endswith(":2: rooms[0].floors: required field 'floors' is missing")


def test_unknown_effect_type_lists_the_vocabulary(tmp_path: Path) -> None:
    text = "rooms:\n  - id: a\n    floors: [ground]\n    effects:\n      - op: fly\n"
    (p,) = _problems(tmp_path, text)
    assert ":5: rooms[0].effects[0]:" in p and "'gain', 'roll'" in p


def test_duplicate_id_across_files_points_at_the_first_definition(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("rooms:\n  - id: hall\n    floors: [ground]\n")
    (tmp_path / "b.yaml").write_text("rooms:\n\n  - id: hall\n    floors: [upper]\n")
    with pytest.raises(ContentError) as info:
        load_pack(SPEC, [tmp_path])
    (p,) = info.value.problems
    assert p.startswith(f"{tmp_path / 'b.yaml'}:3: rooms[0].id: duplicate id 'hall'")
    assert f"first defined at {tmp_path / 'a.yaml'}:2" in p


def test_replace_true_overrides_an_earlier_id(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("rooms:\n  - id: hall\n    floors: [ground]\n")
    (tmp_path / "b.yaml").write_text("rooms:\n  - id: hall\n    floors: [upper]\n    replace: true\n")
    pack = load_pack(SPEC, [tmp_path])
    assert pack.items["rooms"]["hall"].floors == ["upper"]


def test_unknown_section_and_every_problem_at_once(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("romos:\n  - id: x\n")
    (tmp_path / "b.yaml").write_text("rooms:\n  - id: a\n")
    with pytest.raises(ContentError) as info:
        load_pack(SPEC, [tmp_path])
    problems = info.value.problems
    assert len(problems) == 2
    assert "romos: unknown section; expected one of cards, rooms" in problems[0]


def test_reference_check_names_the_field_line(tmp_path: Path) -> None:
    text = "rooms:\n  - id: hall\n    floors: [ground]\ncards:\n  - id: c1\n    room: hal\n"
    (p,) = _problems(tmp_path, text)
    assert p == f"{tmp_path / 'pack.yaml'}:6: cards[0].room (id 'c1'): unknown room 'hal'"


def test_pack_paths_put_the_starter_pack_first_unless_replaced(tmp_path: Path) -> None:
    start = starter_dir("betrayal")
    assert pack_paths("betrayal", [tmp_path]) == [start, tmp_path]
    assert pack_paths("betrayal", [tmp_path], replace_starter=True) == [tmp_path]
    assert pack_paths("betrayal", [start]) == [start]
