"""The Loot Table and the Mystery Table as functions over a hunt state (rules: "Loot Table",
"Mystery Table"; RULINGS HR-40..HR-44).

``roll_loot``/``roll_mystery`` roll with the state's generator; ``apply_loot``/
``apply_mystery`` apply an entry, given the hunter the party picked where the entry needs one.
Effects that last into later battles are *omens* on the party records (``record["omens"]``:
``{"id": mystery id, "battles": n}``), read by ``hunt.gear_phases.battle_start``; what lasts for the
investigation only (loot items, Ghost in the Rain, a curse) is cleared at its next shop.
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.log import emit
from hauntkit.core.rng import choice, roll_die
from hauntkit.rulesets.beast.battle import dice
from hauntkit.rulesets.beast.gear import arsenals
from hauntkit.rulesets.beast.gear.schema import LootEntry, MysteryEntry
from hauntkit.rulesets.beast.hunt.party import active, change
from hauntkit.rulesets.beast.labels import count_of, sentence

State = dict[str, Any]
Record = dict[str, Any]
D10 = tuple(range(1, 11))
# kinds of entries the party must pick a hunter for
LOOT_PICK = ("item", "clash_guard")


def roll_loot(rs: Any, state: State, bonus: int = 0) -> LootEntry:
    """A d10 on the Loot Table; ``bonus`` (Supply Drop's +2/+4) caps at the table's top."""
    roll = roll_die(state["rng"], D10)
    table = rs.c.gear.loot
    entry = table[min(max(table), roll + bonus)]
    emit(state, "loot_roll", f"Loot roll {roll}{f' +{bonus}' if bonus else ''}: "
         f"{entry.name}.", roll=roll, bonus=bonus, entry=entry.id)
    return entry


def apply_loot(rs: Any, state: State, entry: LootEntry, hunter: str | None = None) -> None:
    """Apply a loot result. Items are rewards: they last for the investigation (``temporary``)
    and cannot be sold ("Items acquired as rewards cannot be sold")."""
    name = rs.c.hunters[hunter].name if hunter else "The party"
    if entry.kind == "heal_all":
        for r in active(state):
            change(rs, r, hp=entry.amount)
        emit(state, "loot", f"{entry.name}: every hunter heals {entry.amount} HP.")
    elif entry.kind == "crypto":
        state["crypto"] += entry.amount
        emit(state, "loot", f"{entry.name}: +{entry.amount} Crypto.", crypto=entry.amount)
    elif entry.kind == "item":
        r = _record(state, hunter)
        r["pack"].append(entry.item)
        r.setdefault("rewards", []).append(entry.item)
        emit(state, "loot", f"{name} takes the {entry.name}.", hunter=hunter, item=entry.item)
    elif entry.kind == "clash_guard":
        r = _record(state, hunter)
        r["charms"] = r.get("charms", 0) + 1
        emit(state, "loot", f"{name} keeps a {entry.name} for a bad Clash Card.",
             hunter=hunter)
    elif entry.kind == "arsenal_swap":
        emit(state, "loot", f"{entry.name}: two hunters may trade arsenals.")


def swap_arsenals(rs: Any, state: State, a: str, b: str) -> None:
    """Arsenal Swap: two hunters trade their arsenals (either may have none); a hunter that
    gets one keeps only its first open slot and augment filled ("Arsenals")."""
    ra, rb = _record(state, a), _record(state, b)
    ra["arsenal"], rb["arsenal"] = rb.get("arsenal"), ra.get("arsenal")
    arsenals.fit_slots(ra)
    arsenals.fit_slots(rb)
    emit(state, "loot", f"{rs.c.hunters[a].name} and {rs.c.hunters[b].name} trade arsenals.",
         hunters=[a, b])


def expire_investigation(rs: Any, state: State) -> None:
    """At a new investigation: loot items break, and investigation-long omens end."""
    for r in state.get("party", ()):
        temp = {iid for iid, it in rs.c.gear.items.items() if it.temporary}
        r["pack"] = [i for i in r["pack"] if i not in temp]
        for slot, iid in r["gear"].items():
            if iid in temp:
                r["gear"][slot] = None
        if "rewards" in r:  # optional keys appear only once used (docs/hunt.md's record)
            r["rewards"] = [i for i in r["rewards"] if i not in temp]
        if "omens" in r:
            r["omens"] = [o for o in r["omens"] if o["battles"] < INVESTIGATION]


# -- the Mystery Table ---------------------------------------------------------------------
INVESTIGATION = 99  # an omen that lasts for the rest of the investigation
# Abducted: the leg of the roll ends, then the next location's leg passes without the hunter
ABDUCTED_LEGS = 2


def roll_mystery(rs: Any, state: State, table: str) -> MysteryEntry:
    """A d6 on the Order or Chaos Mystery table."""
    roll = dice.d6(state)
    entry = rs.c.gear.mystery[(table, roll)]
    emit(state, "mystery_roll", f"Mystery ({table}) {roll}: {sentence(entry.name)}", roll=roll,
         table=table, entry=entry.id)
    return entry


def _record(state: State, hunter: str | None) -> Record:
    return next(r for r in active(state) if r["hunter"] == hunter)


def _omen(records: list[Record], entry: MysteryEntry, battles: int) -> None:
    for r in records:
        r.setdefault("omens", []).append({"id": entry.id, "battles": battles})


def apply_mystery(rs: Any, state: State, entry: MysteryEntry, hunter: str | None = None,
                  pick: str | None = None) -> list[LootEntry]:
    """Apply a Mystery result (HR-42). Returns the loot entries it hands out (Supply Drop,
    Treasure Map) for the caller to give; ``hunter`` is the party's pick where one is needed;
    ``pick``: Treasure Map's chosen loot entry id."""
    party = active(state)
    kind = entry.kind
    state["crypto"] += entry.crypto
    if entry.crypto:
        emit(state, "gain", f"{entry.name}: +{entry.crypto} Crypto.", what="crypto",
             amount=entry.crypto)
    out: list[LootEntry] = []
    if kind in ("battle_status", "eclipse", "no_defense", "haunted", "blood_moon"):
        _omen(party, entry, 1)  # the next battle
    elif kind in ("ally",):
        _omen(party, entry, INVESTIGATION)
    elif kind == "cursed":
        _omen([_record(state, hunter)], entry, INVESTIGATION)
    elif kind == "sanity_madness":
        from hauntkit.rulesets.beast.battle import madness
        for r in party:
            r["sanity"] -= entry.amount
            result = madness.roll_for_record(r, dice.d6(state))
            emit(state, "madness_roll", f"{rs.c.hunters[r['hunter']].name} rolls for "
                 f"Madness: {result}.", hunter=r["hunter"], result=result)
            r["sanity"] = max(1, r["sanity"])
    elif kind == "supply_drop":
        bonuses = [2, 4] + [0] * max(0, len(party) - 2)
        for r, bonus in zip(party, bonuses, strict=False):
            loot = roll_loot(rs, state, bonus)
            out.append(loot)
            if loot.kind not in LOOT_PICK:
                apply_loot(rs, state, loot)
            else:
                apply_loot(rs, state, loot, r["hunter"])
        return []
    elif kind == "treasure_map":
        if pick is not None:
            apply_loot(rs, state, next(e for e in rs.c.gear.loot.values() if e.id == pick),
                       hunter)
    elif kind == "abducted":
        r = _record(state, hunter)
        r["abducted"] = ABDUCTED_LEGS
        emit(state, "abducted", f"{rs.c.hunters[hunter].name} is taken away for the next "
             "location.", hunter=hunter)
    elif kind == "seven_turns":
        r = _record(state, hunter)
        r["doom"] = entry.amount
        emit(state, "doom", f"{rs.c.hunters[hunter].name} has {count_of(entry.amount, 'event')} left "
             "before the curse strikes.", hunter=hunter)
    return out


def draw_treasure_location(rs: Any, state: State) -> str:
    """Treasure Map: draw a Location card from the pack's locations (any, the current one
    too) and line up its Events (``state["hunt"]["events"]``) for the mystery phase to play
    ("Mystery Table", Chaos 1; RULING HR-43)."""
    lid = choice(state["rng"], sorted(rs.c.locations))
    loc = rs.c.locations[lid]
    state["hunt"]["events"] = list(loc.events)
    state["hunt"]["treasure"] = lid
    emit(state, "treasure_map", f"Treasure Map: the map leads to {loc.name}.", location=lid)
    return lid


def count_doom(rs: Any, state: State, event: str) -> None:
    """7 turns: one Event has passed for every doomed hunter; after the 7th the hunter's HP
    drops to 1 ("Mystery Table", Chaos 6). Hooked after each event (phase.AFTER_EVENT)."""
    for r in active(state):
        if "doom" not in r:
            continue
        r["doom"] -= 1
        if r["doom"] > 0:
            continue
        del r["doom"]
        r["hp"] = 1
        emit(state, "doom", f"The curse strikes: {rs.c.hunters[r['hunter']].name} drops to "
             "1 HP.", hunter=r["hunter"])


def count_abducted(rs: Any, state: State) -> None:
    """At a leg's end an Abducted hunter's absence counts down; back, the hunter has full HP
    and interrupts and no statuses ("Mystery Table", Chaos 2; RULING HR-43)."""
    for r in active(state):
        if "abducted" not in r:
            continue
        r["abducted"] -= 1
        if r["abducted"] > 0:
            continue
        del r["abducted"]
        r["hp"] = rs.c.hunters[r["hunter"]].hp
        change(rs, r)
        emit(state, "abducted", f"{rs.c.hunters[r['hunter']].name} is back, at full HP.",
             hunter=r["hunter"])
