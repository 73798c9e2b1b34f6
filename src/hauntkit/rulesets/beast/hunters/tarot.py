"""Nysa's Card Casting, Arcanas and Great Arcana (rules: "Card Casting (Nysa)", "Arcanas
(Nysa)", "Great Arcana (Nysa)", "Combat Basics" / FREE ACTION; RULINGS HR-54, HR-56).

Hand: 3 clash cards at the start of each battle, 1 more drawn automatically at the start of
each hunter turn; at most 7 (a card drawn into a full hand is buried). Playing a card is a free
action, on her turn or in any interrupt window (``{"type": "card", "unit", "card", "side":
"light"|"dark", "target"}``); the card is buried. Key Moment is played together with another
card (``"key": true``): Key Moment is buried, the other card stays in hand. You are Hunted lets
her bury up to 5 cards from her hand one at a time (``mulligan``), drawing a replacement for
each, then ``decline`` to stop.
Arcanas: as her action, buried cards are laid into a formation (``{"type": "arcana", "unit",
"formation"}``), which unlocks its ability while formed. Level 2 needs Occult tier 2.
Great Arcana: with Tower 2, Grand Cross, Pyramid 2 and Great Wall 2 formed, her action summons a
random Tarot spirit (one of the pack's 18 ``tarot_spirits``, RULING HR-110) once a battle: its
melee value becomes hers and its ranged attack, Special 1 (2-round cool down) and Special 2
(once a battle) her actions.
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.errors import IllegalActionError
from hauntkit.core.log import emit
from hauntkit.core.rng import choice
from hauntkit.rulesets.beast.battle import clash
from hauntkit.rulesets.beast.hunters.proficiency import tier
from hauntkit.rulesets.beast.labels import formation_name

State = dict[str, Any]
Unit = dict[str, Any]
# formation -> (cards it takes, the formation it builds on)
FORMATIONS: dict[str, tuple[int, str | None]] = {
    "tower-1": (2, None), "tower-2": (2, "tower-1"), "grand-cross": (3, None),
    "pyramid-1": (2, None), "pyramid-2": (2, "pyramid-1"),
    "great-wall-1": (2, None), "great-wall-2": (2, "great-wall-1"),
}
GREAT_ARCANA = ("tower-2", "grand-cross", "pyramid-2", "great-wall-2")
LEVEL_TWO_TIER = 2
MULLIGAN = 5


def formed(rec: dict[str, Any], formation: str) -> bool:
    return formation in rec.get("arcana", {})


def great_arcana(rec: dict[str, Any]) -> bool:
    return all(formed(rec, f) for f in GREAT_ARCANA)


def can_form(rec: dict[str, Any], formation: str, occult: int) -> str | None:
    """Why ``formation`` cannot be laid now, or None."""
    if formation not in FORMATIONS:
        return f"unknown formation {formation!r}; known: {sorted(FORMATIONS)}"
    size, base = FORMATIONS[formation]
    if formed(rec, formation):
        return f"{formation} is already formed"
    if base is not None and not formed(rec, base):
        return f"{formation} builds on {base}"
    if base is not None and tier(occult) < LEVEL_TWO_TIER:
        return f"a Level 2 Arcana needs Occult tier {LEVEL_TWO_TIER}"
    if len(rec.get("buried", [])) < size:
        return f"{formation} takes {size} buried cards"
    return None


def form(rec: dict[str, Any], formation: str, occult: int) -> None:
    """Lay buried cards into ``formation`` (in battle as an action, or between battles)."""
    why = can_form(rec, formation, occult)
    if why:
        raise IllegalActionError(why)
    size = FORMATIONS[formation][0]
    rec.setdefault("arcana", {})[formation] = rec["buried"][:size]
    rec["buried"] = rec["buried"][size:]


class CardsMixin:
    """Mixin: clash cards in Nysa's hands, Arcanas and the Tarot in battle."""

    def card_casters(self, state: State) -> list[Unit]:
        return [u for u in state["units"].values()
                if u["alive"] and "card_casting" in self.passives(u)]

    def deal_clash(self, state: State) -> None:
        """Start of battle: each card caster draws 3 (HR-54)."""
        for u in self.card_casters(state):
            held = self.hx(state, u["id"]).pop("held", [])
            cl = clash.ensure(self, state)
            for card in held:  # Weaver of Fate: cards kept from before the Events
                if card in cl["deck"]:
                    cl["deck"].remove(card)
                    clash.take(self, state, u["id"], card)
            clash.draw_into_hand(self, state, u["id"], clash.START_HAND)
            rec = self.hx(state, u["id"])
            rec.pop("tarot_drawn", None)
            rec.pop("tarot_s2_used", None)

    def clash_turn_draw(self, state: State) -> None:
        """Start of the hunters' turn: each card caster draws 1, a free action."""
        for u in self.card_casters(state):
            clash.draw_into_hand(self, state, u["id"], 1)

    def great_wall(self, state: State, side: str) -> int:
        """Great Wall's Ward against elemental attacks for ``side`` (1 or 2; 0 if none)."""
        best = 0
        for u in self.card_casters(state):
            if u["side"] != side:
                continue
            rec = state["hx"].get(u["id"], {})
            best = max(best, 2 if formed(rec, "great-wall-2") else
                       1 if formed(rec, "great-wall-1") else 0)
        return best

    def great_wall_soak(self, state: State, unit: Unit, dmg: int) -> int:
        """Great Wall as a Ward: each ally's Ward of 1 or 2 absorbs the next elemental damage
        it takes, and is whole again at each round's start (HR-56). Returns the damage left."""
        ward = self.great_wall(state, unit["side"])
        if not ward:
            return dmg
        used = state.setdefault("gwall", {})
        if used.get("round") != state["round"]:
            used.clear()
            used["round"] = state["round"]
        soak = min(ward - used.get(unit["id"], 0), dmg)
        if soak <= 0:
            return dmg
        used[unit["id"]] = used.get(unit["id"], 0) + soak
        emit(state, "ward", f"The Great Wall absorbs {soak} damage.", unit=unit["id"],
             absorbed=soak)
        return dmg - soak

    def card_plays(self, state: State, unit: Unit, occ: dict, block: frozenset[tuple[int, int]],
                   focus: str | None = None) -> list[dict]:
        """Every card ``unit`` may play now (a free action); ``focus``: only at that unit."""
        if "card_casting" not in self.passives(unit) or "PARALYZE" in unit["st"]:
            return []
        held = clash.hand(state, unit["id"])
        if not held:
            return []
        out: list[dict] = []
        uid = unit["id"]
        keyed = "key-moment" in held
        for cid in sorted(set(held)):
            card = self.c.clash[cid]
            if card.special == "key_moment":
                continue
            if card.special == "you_are_hunted":
                if focus is None:
                    out.append({"type": "card", "unit": uid, "card": cid})
                continue
            for side in ("light", "dark"):
                ab = self.c.clash_sides[(cid, side)]
                for a in self.ability_targets(state, unit, ab, occ, block, "card"):
                    if focus is not None and a["target"] != focus:
                        continue
                    play = {"type": "card", "unit": uid, "card": cid, "side": side,
                            "target": a["target"]}
                    out.append(play)
                    if keyed:
                        out.append(dict(play, key=True))
        return out

    def play_card(self, state: State, unit: Unit, action: dict[str, Any]) -> None:
        cid = action["card"]
        uid = unit["id"]
        card = self.c.clash[cid]
        emit(state, "clash_play", f"{self.name(unit)} plays {card.name}"
             f"{' (' + action['side'] + ')' if 'side' in action else ''}.", unit=uid,
             card=cid, side=action.get("side"))
        if card.special == "you_are_hunted":
            clash.discard_from_hand(state, uid, cid)
            state["pending"] = {"kind": "mulligan", "seat": unit["seat"], "unit": uid,
                                "left": MULLIGAN}
            return
        if action.get("key"):
            clash.discard_from_hand(state, uid, "key-moment")  # the other card is kept
        else:
            clash.discard_from_hand(state, uid, cid)
        ab = self.c.clash_sides[(cid, action["side"])]
        self.resolve_ability(state, unit, ab, action["target"])

    def mulligan_actions(self, state: State, pending: dict[str, Any]) -> list[dict]:
        held = clash.hand(state, pending["unit"])
        return [{"type": "mulligan", "card": c} for c in sorted(set(held))] + [
            {"type": "decline"}]

    def mulligan(self, state: State, card: str) -> None:
        pending = state["pending"]
        uid = pending["unit"]
        clash.discard_from_hand(state, uid, card)
        emit(state, "clash_mulligan", f"{self.name(state['units'][uid])} buries a card and "
             "draws again.", unit=uid, card=card)
        clash.draw_into_hand(self, state, uid, 1)
        pending["left"] -= 1
        if pending["left"] <= 0 or not clash.hand(state, uid):
            state["pending"] = None

    def arcana_actions(self, state: State, unit: Unit) -> list[dict]:
        if "card_casting" not in self.passives(unit) or unit["acted"]:
            return []
        rec = state.get("hx", {}).get(unit["id"], {})
        occult = self.skill_values(state, unit).get("occult", 0)
        out = [{"type": "arcana", "unit": unit["id"], "formation": f}
               for f in FORMATIONS if can_form(rec, f, occult) is None]
        if great_arcana(rec) and not rec.get("tarot_drawn") and self.c.tarot:
            out.append({"type": "tarot", "unit": unit["id"]})
        return out

    def lay_arcana(self, state: State, unit: Unit, formation: str) -> None:
        self.take_action(unit)
        form(self.hx(state, unit["id"]), formation,
             self.skill_values(state, unit).get("occult", 0))
        emit(state, "arcana", f"{self.name(unit)} lays the {formation_name(formation)} Arcana.",
             unit=unit["id"], formation=formation)

    def summon_tarot(self, state: State, unit: Unit) -> None:
        self.take_action(unit)
        spirit = choice(state["rng"], sorted(self.c.tarot))
        rec = self.hx(state, unit["id"])
        rec.update({"tarot": spirit, "tarot_drawn": True, "tarot_s2_used": False})
        card = self.c.tarot[spirit]
        emit(state, "tarot", f"{self.name(unit)} draws {card.card} and binds the spirit of "
             f"{card.name}.", unit=unit["id"], spirit=spirit)

    def melee_value(self, state: State, unit: Unit) -> int:
        """A hunter's melee attack value: its card's, or its Tarot spirit's."""
        spirit = state.get("hx", {}).get(unit["id"], {}).get("tarot")
        if spirit in self.c.tarot and "card_casting" in self.passives(unit):
            return self.c.tarot[spirit].melee
        return self.c.hunters[unit["kind"]].melee


def weaver_of_fate(rs: Any, state: State, card: str) -> str | None:
    """Weaver of Fate: a clash card drawn before an Event (or by an enemy) goes to the hand of
    a card caster with room for it; returns who took it."""
    for u in rs.card_casters(state):
        if len(clash.hand(state, u["id"])) < clash.HAND_LIMIT:
            clash.take(rs, state, u["id"], card)
            return u["id"]
    return None
