"""Blue and Gray Event cards and Theme cards: where Renown and Infamy come from (rules:
"Renown vs. Infamy": points "earned through Blue and Gray Event and Theme Cards"; RULING
HR-107, docs/hunt.md "Event and Theme cards").

- At every location, after the Location card's own events, the party draws the hunt's
  ``event_cards`` (default 1) from the pack's coloured events (``colour: blue`` earns
  Renown, ``gray`` Infamy), none drawn twice in one Investigation (``state["drawn"]``).
- At an Investigation's first location one Theme card is drawn (``state["theme"]``:
  ``{"card", "paid"}``), shown to every hunter in the log and the view; each time its
  condition is met (``note``) the party earns its points, up to its ``times``.

Both draws use a generator of their own made from the leg's seed, apart from the dice, so a
pack's cards never change what the dice roll. Both carry from leg to leg within an
Investigation and reset with Renown and Infamy (``leg.new_leg``).
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.log import emit
from hauntkit.core.rng import new_rng, shuffle
from hauntkit.rulesets.beast.action_labels import skill_word
from hauntkit.rulesets.beast.hunt import phase, renown
from hauntkit.rulesets.beast.hunt.schema import COLOUR_EARNS, Theme
from hauntkit.rulesets.beast.labels import GAIN_WORDS

State = dict[str, Any]
_EVENT_SALT, _THEME_SALT = 0xB1E6A7, 0x7E3E
COLOUR_WORDS = {"blue": "Blue", "gray": "Gray"}


def _rng(seed: int, salt: int) -> dict[str, Any]:
    return new_rng(seed * 0x9E3779B97F4A7C15 + salt)


def draw_events(rs: Any, state: State, seed: int) -> list[str]:
    """Draw this location's Blue or Gray Event cards onto the end of its events."""
    n = rs.c.hunts[state["hunt"]["hunt"]].event_cards
    deck = sorted(k for k, e in rs.c.hunt_events.items() if e.colour is not None)
    if not n or not deck:
        return []
    drawn = state.setdefault("drawn", [])
    pool = [k for k in deck if k not in drawn] or deck  # all drawn: the deck is reshuffled
    shuffle(_rng(seed, _EVENT_SALT), pool)
    picked = pool[:n]
    drawn.extend(picked)
    state["hunt"]["events"].extend(picked)
    return picked


def draw_theme(rs: Any, state: State, seed: int) -> None:
    """The Investigation's Theme card, shown to all (none when the pack has none)."""
    if not rs.c.themes or not rs.c.hunts[state["hunt"]["hunt"]].themes:
        state["theme"] = None
        return
    deck = sorted(rs.c.themes)
    shuffle(_rng(seed, _THEME_SALT), deck)
    card = rs.c.themes[deck[0]]
    state["theme"] = {"card": card.id, "paid": 0}
    emit(state, "theme", f"Theme card: {card.name}. {card.text} {goal_words(rs, card)}",
         card=card.id)


def points_of(card: Theme) -> tuple[str, int]:
    return ("renown", card.renown) if card.renown else ("infamy", card.infamy)


def when_words(rs: Any, card: Theme) -> str:
    """The card's condition, in words."""
    w = card.when
    if w.kind == "enemy_defeated":
        what = (rs.c.enemies[w.enemy].name if w.enemy in rs.c.enemies
                else f"{rs.c.templates[w.template].name} enemy" if w.template in rs.c.templates
                else "enemy")
        return f"a{'n' if what[0] in 'AEIOU' else ''} {what} is defeated"
    if w.kind == "battle_won":
        return "the hunters win a battle" + (" without a hunter going down" if w.unhurt else "")
    if w.kind == "check_passed":
        return (f"a hunter passes {'an' if w.skill and skill_word(w.skill)[0] in 'AEIOU' else 'a'}"
                f" {skill_word(w.skill) + ' ' if w.skill else 'skill '}check at an event")
    if w.kind == "crypto_paid":
        return "the hunters pay Crypto at an event"
    return "the hunters find a clue at an event"


def goal_words(rs: Any, card: Theme) -> str:
    """What the card pays and when: '+2 Renown each time ... (up to 3 times in this
    Investigation).'"""
    kind, n = points_of(card)
    often = "once in this Investigation" if card.times == 1 else \
        f"up to {card.times} times in this Investigation"
    when = "when" if card.times == 1 else "each time"
    return f"+{n} {GAIN_WORDS[kind]} {when} {when_words(rs, card)} ({often})."


def current(rs: Any, state: State) -> Theme | None:
    t = state.get("theme")
    return rs.c.themes.get(t["card"]) if t else None


def note(rs: Any, state: State, kind: str, *, enemy: str | None = None,
         skill: str | None = None, unhurt: bool = False) -> None:
    """Something the Theme card may wait for happened (``kind`` as the card's ``when``):
    when it matches and the card has payments left, the party earns its points."""
    card = current(rs, state)
    if card is None or card.when.kind != kind or state["theme"]["paid"] >= card.times:
        return
    w = card.when
    if kind == "enemy_defeated" and (
            (w.enemy is not None and w.enemy != enemy)
            or (w.template is not None and rs.c.enemies[enemy].template != w.template)):
        return
    if kind == "check_passed" and w.skill is not None and w.skill != skill:
        return
    if kind == "battle_won" and w.unhurt and not unhurt:
        return
    state["theme"]["paid"] += 1
    what, n = points_of(card)
    renown.gain(state, what, n)
    emit(state, "gain", f"Theme card {card.name}: {when_words(rs, card)}: +{n} "
         f"{GAIN_WORDS[what]}.", what=what, amount=n, theme=card.id)


def battle_end(rs: Any, state: State) -> None:
    """After a hunt's battle: each enemy defeated, and a battle won (unhurt: no hunter fell)."""
    for u in state["units"].values():
        if u["side"] == "enemies" and not u["alive"] and u["kind"] in rs.c.enemies:
            note(rs, state, "enemy_defeated", enemy=u["kind"])
    if state["hunt"]["battle"]["winner"] == "hunters":
        fell = bool(state.get("lost")) or any(
            u["kind"] in rs.c.hunters and (not u["alive"] or u["hp"] <= 0)
            for u in state["units"].values() if u["side"] == "hunters")
        note(rs, state, "battle_won", unhurt=not fell)


def effects_noted(rs: Any, state: State, crypto: int, clues: int) -> None:
    """An event's effects: Crypto paid, a clue found."""
    if crypto < 0:
        note(rs, state, "crypto_paid")
    if clues > 0:
        note(rs, state, "clue_found")


def colour_of(rs: Any, event_id: str) -> str | None:
    """'Blue' or 'Gray' for a coloured Event card, else None."""
    colour = rs.c.hunt_events[event_id].colour
    return COLOUR_WORDS[colour] if colour else None


def view(rs: Any, state: State) -> dict[str, Any]:
    """The Theme card and the Blue and Gray cards drawn in this Investigation, in words."""
    card = current(rs, state)
    theme = None if card is None else {
        "name": card.name, "text": card.text, "goal": goal_words(rs, card),
        "points": GAIN_WORDS[points_of(card)[0]], "paid": state["theme"]["paid"],
        "times": card.times}
    drawn = [{"name": rs.c.hunt_events[k].name, "colour": COLOUR_WORDS[c],
              "earns": GAIN_WORDS[COLOUR_EARNS[c]]}
             for k in state.get("drawn", []) if k in rs.c.hunt_events
             for c in [rs.c.hunt_events[k].colour] if c]
    return {"theme": theme, "event_cards": drawn}


def register() -> None:
    """Plug the Theme cards into the hunt's battles (once)."""
    if battle_end not in phase.BATTLE_END:
        phase.BATTLE_END.append(battle_end)


register()

__all__ = ["COLOUR_WORDS", "battle_end", "colour_of", "current", "draw_events", "draw_theme",
           "effects_noted", "goal_words", "note", "view", "when_words"]
