"""Every table of riddle-of-the-beast-rules.md is content data: each row of the Gear Shop
tables (Defense, Melee, Range, Augment, Utility, Consumable, Dybbuk Boxes, Relics), the Loot
Table and the Mystery Table is in the pack with the document's name and numbers; broken gear
data is refused naming the file, line and field."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from hauntkit.core.errors import ContentError
from hauntkit.rulesets.beast import BeastRuleset

# The names and numbers of every gear table of the document (no effect text), extracted once.
TABLES = json.loads((Path(__file__).with_name("gear_tables.json")).read_text(encoding="utf-8"))


def tables() -> dict[str, list[list[str]]]:
    return TABLES


def by_name(rs) -> dict[str, list]:
    names: dict[str, list] = {}
    for item in rs.c.gear.items.values():
        names.setdefault(item.name.lower(), []).append(item)
    return names


SHOP_TABLES = {
    "Defense Gear Shop": "defense", "Melee Weapon Shop": "melee", "Range Weapon Shop": "ranged",
    "Augment Shop": "augment", "Ammunition": "ammo", "Bombs": "bomb", "Traps": "trap",
    "Healing Items": "healing", "Battery Items": "battery", "Miscellaneous Items": "misc",
    "Consumable Shop": "consumable", "Dybbuk Boxes": "dybbuk", "Relics": "relic",
}


@pytest.mark.parametrize("table", sorted(SHOP_TABLES))
def test_every_shop_row_is_an_item_with_the_documents_cost(rs, table):
    """Gear Shop: each row of each category's table is one item of that category, named and
    priced as the document says (Dybbuk boxes cannot be bought: no cost)."""
    rows = tables()[table]
    names = by_name(rs)
    cost_col = 1 if table in ("Defense Gear Shop", "Melee Weapon Shop", "Range Weapon Shop",
                              "Augment Shop", "Relics") else 2
    assert rows
    for row in rows:
        items = [i for i in names.get(row[0].lower(), []) if i.category == SHOP_TABLES[table]]
        assert items, f"{table}: {row[0]!r} is missing"
        cost = row[cost_col]
        assert items[0].cost == (None if cost == "*" else int(cost)), row


@pytest.mark.parametrize("table", ["Melee Weapon Shop", "Range Weapon Shop"])
def test_weapons_have_the_documents_class_attack_and_range(rs, table):
    """Melee and Range Weapon Shops: class(es) and attack value AN/RN of each weapon."""
    names = by_name(rs)
    for name, _cost, cls, attack in tables()[table]:
        cat = "melee" if table.startswith("Melee") else "ranged"
        item = [i for i in names[name.lower()] if i.category == cat][0]
        if item.attaches_to:  # Under barrel, Slug Arrow: add the Shotgun class
            continue
        w = item.weapon
        assert w.classes == [c.lower() for c in cls.split("/")], name
        nums = re.findall(r"[AR](\d+)", attack)
        if not nums:  # Mossberg 500: SPECIAL, its first spread is A4/R2
            nums = ["4", "2"]
        assert w.attack == int(nums[0]), name
        if len(nums) > 1:
            assert w.range == int(nums[1]), name


@pytest.mark.parametrize("table", ["Ammunition", "Bombs", "Traps", "Healing Items",
                                   "Miscellaneous Items", "Consumable Shop"])
def test_utility_charges_and_action_types(rs, table):
    """Utility Shop: the Charges column is the item's uses per battle; its Action Type is the
    kind of action using it takes."""
    names = by_name(rs)
    kinds = {"free action": "free", "interrupt": "interrupt", "action": "action"}
    for name, kind, _cost, charges in tables()[table]:
        use = [i for i in names[name.lower()] if i.category != "augment"][0].use
        assert use.charges == int(charges), name
        assert use.kind == kinds[kind.lower()], name


def test_loot_and_mystery_tables(rs):
    """Loot Table (d10) and Mystery Table (Order and Chaos, d6): every result is an entry."""
    loot = rs.c.gear.loot
    assert sorted(loot) == list(range(1, 11))
    for roll, name in tables()["Loot Table"]:
        assert loot[int(roll)].name == name
    for table in ("order", "chaos"):
        for roll in range(1, 7):
            assert (table, roll) in rs.c.gear.mystery


def test_relics_are_unique_and_checked(rs):
    """Relics: only one of each can be purchased; each use names its Occult check."""
    relics = [i for i in rs.c.gear.items.values() if i.category == "relic"]
    assert len(relics) == 13
    assert all(r.unique for r in relics)
    assert all(r.use.check for r in relics if r.use is not None)


def test_a_broken_item_names_file_line_and_field(tmp_path):
    """Validation: a wrong field is reported as file:line: field: what was expected."""
    (tmp_path / "gear_bad.yaml").write_text("""ruleset: beast
gear:
  - id: rusty_pipe
    name: Rusty Pipe
    category: melee
    cost: 2
    text: A length of old pipe.
    weapon:
      mode: melee
      attack: 0
      classes: [blunt]
""")
    with pytest.raises(ContentError) as exc:
        BeastRuleset.from_content([str(tmp_path)])
    msg = str(exc.value)
    assert "gear_bad.yaml:10" in msg and "weapon.attack" in msg


def test_an_arsenal_naming_an_unknown_item_is_refused(tmp_path):
    (tmp_path / "gear_arsenal.yaml").write_text("""ruleset: beast
arsenals:
  - id: ghost
    name: Ghost Arsenal
    text: Nothing real.
    items: [no_such_thing]
""")
    with pytest.raises(ContentError, match="unknown gear item 'no_such_thing'"):
        BeastRuleset.from_content([str(tmp_path)])
