"""What seats see, scenario set-ups, invariants and simulation figures for `beast`."""

from __future__ import annotations

from typing import Any

from hauntkit.core.errors import HauntkitError
from hauntkit.core.log import visible_log
from hauntkit.rulesets.beast.action_labels import intent
from hauntkit.rulesets.beast.battle import clash
from hauntkit.rulesets.beast.battle.board import is_lit, lit_tiles
from hauntkit.rulesets.beast.hunt.party import problems as party_problems
from hauntkit.rulesets.beast.hunt.phases import settle_battle_if_over
from hauntkit.rulesets.beast.hunt.view import hunt_view
from hauntkit.rulesets.beast.schema import STATUSES
from hauntkit.rulesets.beast.snapshot import UNIT_KEYS

_UNIT_KEY_SET = frozenset(UNIT_KEYS)

State = dict[str, Any]
_PUBLIC_UNIT = ("id", "kind", "side", "seat", "x", "y", "hp", "max", "san",
                "st", "imm", "cd", "ch", "bleed", "mv", "acted", "intr", "alive", "gear",
                "lost_gear")


class ViewsMixin:
    """Mixin: view, apply_setup, invariants, stats."""

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Public battle state. Never the combat deck's order: only its size."""
        md = self.md(state)
        acting = intent(self, state)
        out = {
            "ruleset": "beast",
            "seat": seat,
            "map": {"id": md.id, "width": md.width, "height": md.height,
                    "walls": sorted(list(w) for w in md.walls),
                    "cover": sorted(list(c) for c in md.cover), "tiles": md.tile_ids,
                    "tile_grid": [[md.tile_of[(x, y)] for x in range(md.width)]
                                  for y in range(md.height)],
                    "lit_tiles": sorted(lit_tiles(state, md))},
            "round": state["round"],
            "side": state["side"],
            "first": state["first"],
            "players": state["players"],
            "units": {uid: {k: u[k] for k in _PUBLIC_UNIT if k in u} | {
                "name": self.name(u), "lit": is_lit(state, md, u["x"], u["y"]),
                "cp": self.c.enemies[u["kind"]].cp if u["side"] == "enemies" else 0}
                for uid, u in state["units"].items()},
            "lights": [dict(li) for li in state["lights"]],
            "barricades": [dict(b) for b in state["barricades"]],
            "fog": state["fog"],
            "hx": state.get("hx", {}),
            "clash": clash.view(state, seat),
            "deck_size": len(state["deck"]),
            "acting": acting,
            "pending": state["pending"],
            "window": state["window"],
            "passed": state["passed"],
            "to_act": self.to_act(state),
            "result": state["result"],
            "log": visible_log(state["log"], seat),
        }
        if "phase" in state:  # a leg of a hunt: nothing of it is secret (docs/hunt.md)
            out.update(hunt_view(self, state))
        # gear in play (gear/using.py) and the Great Wall's spent Ward (hunters/tarot.py): public
        for key in ("traps", "calm", "crimson", "omens", "gwall"):
            if key in state:
                out[key] = state[key]
        return out

    def apply_setup(self, state: State, setup: dict[str, Any]) -> None:
        """Scenario set-up; see docs/scenarios.md (## beast) for every field."""
        known = {"remove", "add", "units", "lights", "barricades", "cards", "dice", "first",
                 "round", "side", "mission", "hx", "hands", "gear"}
        for key in setup:
            if key not in known:
                raise HauntkitError(f"setup.{key}: unknown field; known: {sorted(known)}")
        units = state["units"]
        for uid in setup.get("remove", []):
            if uid not in units:
                raise HauntkitError(f"setup.remove: no unit {uid!r}")
            del units[uid]
        for i, spec in enumerate(setup.get("add", [])):
            try:
                self.add_unit(state, spec["kind"], spec.get("id", spec["kind"]), spec["x"],
                              spec["y"], seat=spec.get("seat", -1))
            except KeyError as exc:
                raise HauntkitError(f"setup.add[{i}]: missing field {exc}") from None
        fields = {"x", "y", "hp", "max", "san", "bleed", "st", "imm", "cd", "ch", "mv", "acted",
                  "intr", "alive", "seat", "ptaken"}
        for uid, changes in setup.get("units", {}).items():
            if uid not in units:
                raise HauntkitError(f"setup.units: no unit {uid!r}")
            for key, val in changes.items():
                if key not in fields:
                    raise HauntkitError(f"setup.units.{uid}.{key}: not a settable field")
                if key == "st":
                    for name in val:
                        if name not in STATUSES:
                            raise HauntkitError(f"setup.units.{uid}.st: unknown status {name}")
                units[uid][key] = val
        for uid, cards in setup.get("hands", {}).items():
            if uid not in units:
                raise HauntkitError(f"setup.hands: no unit {uid!r}")
            for cid in cards:
                if cid not in self.c.clash:
                    raise HauntkitError(f"setup.hands.{uid}: unknown clash card {cid!r}")
            cl = clash.ensure(self, state)
            for cid in cl["hands"].get(uid, []):
                cl["deck"].append(cid)
            for cid in cards:
                if cid not in cl["deck"]:
                    raise HauntkitError(f"setup.hands.{uid}: no {cid!r} left in the deck")
                cl["deck"].remove(cid)
            cl["hands"][uid] = list(cards)
        for uid, rec in setup.get("hx", {}).items():
            if uid not in units:
                raise HauntkitError(f"setup.hx: no unit {uid!r}")
            state.setdefault("hx", {})[uid] = dict(rec)
            cl = state.get("clash")
            for cid in clash.placed(rec) if cl is not None else []:
                if cid not in cl["deck"]:
                    raise HauntkitError(f"setup.hx.{uid}: no {cid!r} left in the clash deck")
                cl["deck"].remove(cid)
        if "lights" in setup:
            state["lights"] = [{"id": f"L{i + 1}", "x": x, "y": y, "hp": 2}
                               for i, (x, y) in enumerate(setup["lights"])]
        if "barricades" in setup:
            state["barricades"] = [{"id": f"B{i + 1}", "x": b[0], "y": b[1], "hp": 2,
                                    "owner": b[2] if len(b) > 2 else ""}
                                   for i, b in enumerate(setup["barricades"])]
        if "gear" in setup:  # hunter id -> item ids or an arsenal id (loadout.apply_loadout)
            from hauntkit.rulesets.beast.gear import loadout
            try:
                loadout.apply_loadout(self, state, setup["gear"])
            except HauntkitError as exc:
                raise HauntkitError(f"setup.gear: {exc}") from None
        for cid in setup.get("cards", []):
            if cid not in self.c.cards:
                raise HauntkitError(f"setup.cards: unknown combat card {cid!r}")
        if "cards" in setup:
            state["forced"] = list(setup["cards"])
        state["rng"]["script"].extend(setup.get("dice", []))
        if "mission" in setup:
            state["mission"] = dict(setup["mission"])
        if "first" in setup:
            state["first"] = setup["first"]
        if "round" in setup:
            state["round"] = setup["round"]
        self.count_alive(state)
        if "side" in setup:
            if setup["side"] not in ("hunters", "enemies"):
                raise HauntkitError("setup.side: 'hunters' or 'enemies'")
            state["queue"], state["pending"], state["window"] = [], None, None
            if state["side"] == state["first"] and setup["side"] == state["first"]:
                state["round"] -= 1
            self.start_side_turn(state, setup["side"])
        self.run(state)
        if "hunt" in state:  # a hunt's battle that the set-up ended: on to the next phase
            settle_battle_if_over(self, state)

    def invariants(self, state: State) -> list[str]:
        md = self.md(state)
        bad: list[str] = []
        seen: dict[tuple[int, int], str] = {}
        bars = {(b["x"], b["y"]) for b in state["barricades"]}
        for uid, u in state["units"].items():
            if not u.keys() >= _UNIT_KEY_SET:  # snapshot.py copies a unit by counting keys
                bad.append(f"{uid} lacks {sorted(_UNIT_KEY_SET - u.keys())}")
            if not u["alive"]:
                if u["hp"] > 0 and u["side"] == "enemies":
                    bad.append(f"{uid} is dead with {u['hp']} HP")
                continue
            pos = (u["x"], u["y"])
            if pos in seen:
                bad.append(f"{uid} and {seen[pos]} share {pos}")
            seen[pos] = uid
            if pos not in md.tile_of or pos in md.walls or pos in bars:
                bad.append(f"{uid} stands on an impassable or missing space {pos}")
            if not 0 < u["hp"] <= u["max"]:
                bad.append(f"{uid} is alive with HP {u['hp']}/{u['max']}")
            if u["kind"] in self.c.hunters and u["san"] <= 0:
                bad.append(f"{uid} is alive with no Sanity")
            thr = self.template(u).bleed_threshold
            if thr is not None and "gear" in u:
                thr += self.c.gear.profile(u).bleed_threshold  # Chest Plate
            if thr is not None and u["bleed"] >= thr:
                bad.append(f"{uid} has {u['bleed']} Bleed points, at or over {thr}")
            for name, st in u["st"].items():
                if name not in STATUSES or len(st) != 2:
                    bad.append(f"{uid} has a malformed status {name}: {st}")
            if any(v < 0 for v in u["cd"].values()) or any(v < 0 for v in u["ch"].values()):
                bad.append(f"{uid} has a negative cool down or charge count")
            if u["mv"] < 0:
                bad.append(f"{uid} has negative movement")
        if len(state["deck"]) > len(self.c.deck) or any(c not in self.c.cards
                                                        for c in state["deck"]):
            bad.append("the combat deck holds unknown cards")
        alive = [sum(1 for u in state["units"].values() if u["alive"] and u["side"] == side)
                 for side in ("hunters", "enemies")]
        if alive != state["alive"]:
            bad.append(f"living units {alive} but the count says {state['alive']}")
        cl = state.get("clash")
        if cl is not None:
            held = list(cl["deck"]) + [c for h in cl["hands"].values() for c in h]
            for rec in state.get("hx", {}).values():
                held.extend(clash.placed(rec))
            if sorted(held) != sorted(self.c.clash_deck):
                bad.append("clash cards were lost or made up")
            if any(len(h) > clash.HAND_LIMIT for h in cl["hands"].values()):
                bad.append("a clash hand holds more than 7 cards")
        if state["result"] is None and not self.to_act(state):
            bad.append("the battle is not over but nobody is to act")
        if "party" in state:
            bad.extend(party_problems(self, state))
        return bad

    def stats(self, state: State) -> dict[str, Any]:
        res = state["result"] or {}
        return {"winner": res.get("winner"), "rounds": state["round"],
                "hunters_lost": len(state["lost"]),
                "hunters": sum(1 for u in state["units"].values() if u["side"] == "hunters"),
                "enemies_left": sum(1 for u in state["units"].values()
                                    if u["side"] == "enemies" and u["alive"])}

    def config_schema(self) -> dict[str, Any]:
        """The config's JSON Schema, with the maps, hunters and enemies of this content."""
        schema = self.config_json_schema()  # type: ignore[attr-defined]
        props = schema["properties"]
        for key, choices in (("map", self.c.map_order), ("hunters", self.c.hunters),
                             ("enemies", self.c.enemies)):
            branch = next(b for b in props[key]["anyOf"] if b.get("type") != "null")
            target = branch["items"] if branch.get("type") == "array" else branch
            target["enum"] = list(choices)
            if key == "map":  # the lobby shows each map by its name
                target["enumNames"] = [self.c.map_info[m]["name"] for m in choices]
        return schema
