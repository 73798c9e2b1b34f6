"""The betrayal starter pack: it validates, and it has what issue 3 asks for."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import jsonschema
import pytest

from hauntkit.core.content import json_schema, load_yaml_text, starter_dir, yaml_files
from hauntkit.rulesets.betrayal.content_checks import omen_rooms, omens

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_every_file_validates(starter) -> None:
    files = {where.rsplit(":", 1)[0] for where in starter.origin.values()}
    assert {str(f) for f in yaml_files([starter_dir("betrayal")])} == files


@pytest.mark.parametrize("path", yaml_files([starter_dir("betrayal")]), ids=lambda p: p.name)
def test_every_file_passes_the_published_json_schema(path: Path) -> None:
    schema = json.loads((DOCS / "schema" / "betrayal.json").read_text())
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(load_yaml_text(path.read_text(), str(path))))
    assert errors == []


def test_published_json_schema_rejects_a_mistake() -> None:
    schema = json.loads((DOCS / "schema" / "betrayal.json").read_text())
    broken = {"ruleset": "betrayal",
              "rooms": [{"id": "x", "name": "X", "floors": ["attic"], "doors": ["n"], "hue": 1}]}
    messages = [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(broken)]
    assert any("attic" in m for m in messages)
    assert any("hue" in m for m in messages)


def test_published_json_schema_is_up_to_date(schema) -> None:
    published = json.loads((DOCS / "schema" / "betrayal.json").read_text())
    assert published == json_schema(schema.PACK_SPEC), "run: hauntkit schema --ruleset betrayal --out docs/schema/betrayal.json"


def test_room_tiles(starter) -> None:
    rooms = starter.items["rooms"]
    in_stack = [r for r in rooms.values() if r.in_stack and r.start is None]
    assert len(rooms) >= 45
    assert sum(1 for r in rooms.values() if len(r.floors) > 1) >= 10
    per_floor = Counter(f for r in in_stack for f in r.floors)
    for floor in ("basement", "ground", "upper"):
        assert per_floor[floor] >= 18, f"only {per_floor[floor]} tiles can go on the {floor}"


def test_rooms_named_in_the_rule_documents_are_present(starter) -> None:
    named = {
        "entrance_hall", "foyer", "grand_staircase", "upper_landing", "basement_landing",
        "vault", "collapsed_room", "gallery", "coal_chute", "chasm", "tower", "furnace_room",
        "crypt", "junk_room", "mystic_elevator", "revolving_wall", "secret_stairs",
        "secret_passage", "mystic_slide", "stairs_from_basement",
    }
    assert named <= set(starter.items["rooms"])


def test_cards_and_characters(starter) -> None:
    cards = starter.items["cards"].values()
    kinds = Counter(c.kind for c in cards)
    assert kinds["item"] >= 22
    assert kinds["omen"] >= 13
    assert kinds["event"] >= 40
    assert sum(1 for c in cards if c.kind == "event" and c.ongoing) >= 3
    assert len(starter.items["characters"]) >= 6
    named_items = {"axe", "blood_dagger", "revolver", "spear", "sacrificial_dagger", "armor",
                   "crystal_ball"}
    named_omens = {"dog", "girl", "madman", "bite", "book", "image_in_the_mirror"}
    assert named_items | named_omens <= set(starter.items["cards"])


def test_ongoing_events_are_kept(starter) -> None:
    for card in starter.items["cards"].values():
        if card.kind == "event" and card.ongoing:
            assert any(e.do == "keep" for e in card.on_draw), card.id


def test_chart_covers_every_omen_in_every_omen_room_once(starter) -> None:
    chart = starter.items["chart"].values()
    pairs = Counter((e.omen, e.room) for e in chart)
    wanted = {(o, r) for o in omens(starter.items) for r in omen_rooms(starter.items)}
    assert set(pairs) == wanted
    assert max(pairs.values()) == 1


def test_every_haunt_is_reached_by_the_chart(starter) -> None:
    reached = {e.haunt for e in starter.items["chart"].values()}
    assert reached == set(starter.items["haunts"])
    assert len(starter.items["haunts"]) >= 12


def test_haunt_shapes(starter) -> None:
    """Issue 3's list of haunt shapes is covered."""
    haunts = starter.items["haunts"].values()
    rules = Counter(h.traitor.rule for h in haunts)
    assert rules["hidden"] >= 1
    assert rules["none"] >= 1
    assert any(h.monsters and h.traitor.rule not in ("none", "hidden") for h in haunts)
    assert any(h.objects for h in haunts)
    monsters = starter.items["monsters"]
    assert any(monsters[m.monster].carries for h in haunts for m in h.monsters)
    task_haunts = [
        h for h in haunts
        if len({a.category for a in h.heroes.actions if a.category}) == 1
        and sum(1 for a in h.heroes.actions if a.category) >= 2
    ]
    assert task_haunts, "a haunt with several ways to make one category of task roll"


def test_every_haunt_scales_with_the_player_count(starter) -> None:
    for haunt in starter.items["haunts"].values():
        text = haunt.model_dump_json()
        assert "/" in text and any(
            isinstance(v, str) and v.count("/") == 3 for v in _values(haunt.model_dump())
        ), f"{haunt.id} has no {{3/4/5/6}} scaling"


def _values(data):
    if isinstance(data, dict):
        for v in data.values():
            yield from _values(v)
    elif isinstance(data, list):
        for v in data:
            yield from _values(v)
    else:
        yield data
