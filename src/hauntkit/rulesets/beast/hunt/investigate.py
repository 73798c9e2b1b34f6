"""The investigate phase: a location's events, then the ambush roll (RULINGS HR-71, HR-75).

Events resolve in the location's order. An event's effects apply at once; an event with
choices waits for the lead seat (HR-77) to pick one (``{"type": "choose", "choice": id}``).
An Order or Chaos event sets the leg's mystery ("Mystery Table"). After the last event:

- at the investigation's last location, the party finds its target when it holds the clues
  the investigation needs, and then fights it; otherwise the trail is cold (HR-75);
- elsewhere the party is ambushed when a d6 rolls the location's risk score or lower; Infamy
  rank 2 ("Reckless") raises the risk by 1, and with Infamy rank 1 ("Let's Fight") the lead
  seat may pick a fight with the location's ambushers anyway (``{"type": "fight"}``).
"""

from __future__ import annotations

from typing import Any

from hauntkit.core.log import emit
from hauntkit.rulesets.beast.battle import dice
from hauntkit.rulesets.beast.hunt import cards, checks, finds, offers, phase, renown
from hauntkit.rulesets.beast.hunt.party import active, away, change, lead_seat
from hauntkit.rulesets.beast.hunt.phase import Phase, party_seats
from hauntkit.rulesets.beast.hunt.schema import Effects
from hauntkit.rulesets.beast.labels import GAIN_WORDS, count_of, party_change_text

State = dict[str, Any]
Action = dict[str, Any]

def apply_effects(rs: Any, state: State, fx: Effects, source: str) -> None:
    """Apply an event's effects to the party (Crypto, clues, renown and infamy never go
    below 0; HP and Sanity stay between 1 and the maximum, HR-78)."""
    for key in ("crypto", "clues", "renown", "infamy"):
        amount = getattr(fx, key)
        if not amount:
            continue
        if key in ("renown", "infamy"):
            renown.gain(state, key, amount)
        else:
            state[key] = max(0, state[key] + amount)
        word = GAIN_WORDS[key] if key != "clues" else "clue" if abs(amount) == 1 else "clues"
        emit(state, "gain", f"{source}: {amount:+d} {word}.", what=key, amount=amount)
    if fx.damage or fx.sanity or fx.heal:
        for r in active(state):
            if not away(r):  # an Abducted hunter is not at this location
                change(rs, r, hp=fx.heal - fx.damage, sanity=-fx.sanity)
        emit(state, "party_hurt", f"{source}: {party_change_text(fx.heal - fx.damage, -fx.sanity)}.",
             hp=fx.heal - fx.damage, sanity=-fx.sanity)
    if fx.find is not None:
        finds.found(rs, state, fx.find, source)
    cards.effects_noted(rs, state, fx.crypto, fx.clues)  # the Theme card (HR-107)


def roll_for_ambush(rs: Any, state: State) -> bool:
    """Roll a d6 against the location's risk (+1 with Reckless): at or under it the party is
    ambushed and will fight (HR-71). Also for whatever else "requires the Hunters to roll for
    Ambush" (Forage). A location without ambushers rolls nothing. Returns whether ambushed."""
    h = state["hunt"]
    loc = rs.c.locations[h["location"]]
    if not rs.location_enemies(loc):
        return False
    risk = loc.risk + renown.risk_bonus(state)
    roll = dice.d6(state)
    h["ambush"] = roll
    ambushed = roll <= risk
    h["fight"] = h["fight"] or ambushed
    emit(state, "ambush", f"Ambush roll {roll} against risk {risk}: "
         + ("ambushed!" if ambushed else "no ambush."), roll=roll, risk=risk,
         ambushed=ambushed)
    return ambushed


def affordable(state: State, event: Any) -> list[Any]:
    """The event's choices the party can pay for."""
    return [c for c in event.choices
            if state["crypto"] + min(0, c.effects.crypto, c.fail.crypto) >= 0]


def run_events(rs: Any, state: State) -> bool:
    """Resolve ``state["hunt"]["events"]`` in order until one waits for the party's choice
    (``state["hunt"]["event"]``) or a found item waits for its keeper (finds.py). Returns
    whether every event is done. Also used for the events of a Treasure Map's Location card
    ("Mystery Table")."""
    h = state["hunt"]
    while h["events"] and not finds.waiting(state):
        event = rs.c.hunt_events[h["events"].pop(0)]
        for hook in phase.BEFORE_EVENT:
            hook(rs, state, event.id)
        colour = cards.colour_of(rs, event.id)  # a Blue or Gray Event card (HR-107)
        emit(state, "event", f"{colour + ' Event card' if colour else 'Event'}: {event.name}. "
             f"{event.text}", event=event.id)
        apply_effects(rs, state, event.effects, event.name)
        for after in phase.AFTER_EVENT:
            after(rs, state, event.id)
        if event.alignment is not None:
            h["mystery"] = event.alignment
        if affordable(state, event):
            h["event"] = event.id
            return False
    return not finds.waiting(state)


def keep_found(rs: Any, state: State, action: Action) -> bool:
    """The party picks who keeps a found item, then the events go on; returns whether every
    event is done (as ``run_events``)."""
    finds.keep(rs, state, action)
    return run_events(rs, state)


def event_options(rs: Any, state: State) -> list[Action]:
    """The choices of the event waiting for one (none when no event waits)."""
    h = state["hunt"]
    if h["event"] is None:
        return []
    event = rs.c.hunt_events[h["event"]]
    out: list[Action] = []
    for c in affordable(state, event):
        if c.check is None:
            out.append({"type": "choose", "choice": c.id})
        else:  # one hunter at the location attempts the check (HR-106)
            out.extend({"type": "choose", "choice": c.id, "hunter": r["hunter"]}
                       for r in active(state) if not away(r))
    return out


def choose(rs: Any, state: State, action: Action) -> bool:
    """Apply the party's choice for the waiting event, then go on with the events; returns
    whether every event is done (as ``run_events``)."""
    h = state["hunt"]
    event = rs.c.hunt_events[h["event"]]
    choice = next(c for c in event.choices if c.id == action["choice"])
    h["event"] = None
    emit(state, "choice", f"{event.name}: the hunters choose: {choice.text}",
         event=event.id, choice=choice.id)
    if choice.check is None:
        apply_effects(rs, state, choice.effects, event.name)
    else:
        record = next(r for r in state["party"] if r["hunter"] == action["hunter"])
        passed = checks.attempt(rs, state, record, choice.check.skill, choice.check.target)
        if passed:
            cards.note(rs, state, "check_passed", skill=choice.check.skill)
        apply_effects(rs, state, choice.effects if passed else choice.fail, event.name)
    return run_events(rs, state)


class InvestigatePhase(Phase):
    """Events at the location, then the ambush roll."""

    name = "investigate"

    def enter(self, rs: Any, state: State) -> None:
        loc = rs.c.locations[state["hunt"]["location"]]
        emit(state, "investigate", f"The hunters search {loc.name}.", location=loc.id)
        self.next_event(rs, state)

    def next_event(self, rs: Any, state: State) -> None:
        if run_events(rs, state):
            self.ambush(rs, state)

    def ambush(self, rs: Any, state: State) -> None:
        h = state["hunt"]
        loc = rs.c.locations[h["location"]]
        enemies = rs.location_enemies(loc)
        if h["last"]:
            hunt = rs.c.hunts[h["hunt"]]
            need = next(i for i in hunt.investigations if i.id == h["investigation"]).clues_needed
            h["fight"] = state["clues"] >= need and bool(enemies)
            emit(state, "target", f"The hunters hold {count_of(state['clues'], 'clue')} "
                 f"({need} needed): "
                 + ("they find their target." if h["fight"] else "the trail is cold."),
                 clues=state["clues"], needed=need, found=h["fight"])
            return
        roll_for_ambush(rs, state)

    def seats(self, rs: Any, state: State) -> list[int]:
        if state["hunt"]["event"] is not None or finds.waiting(state):
            lead = lead_seat(state)
            return [] if lead is None else [lead]
        return party_seats(state)

    def options(self, rs: Any, state: State, seat: int) -> list[Action]:
        h = state["hunt"]
        if finds.waiting(state):
            return finds.options(rs, state)
        if h["event"] is not None:
            return event_options(rs, state)
        out = offers.tag_in_options(rs, state, seat) + offers.penance_options(rs, state, seat)
        if (seat == lead_seat(state) and not h["fight"] and not h["last"]
                and renown.can_force_fight(state)
                and rs.location_enemies(rs.c.locations[h["location"]])):
            out.append({"type": "fight"})
        return out

    def can_be_done(self, rs: Any, state: State, seat: int) -> bool:
        h = state["hunt"]  # a bounty found: "Players must select which Ambusher" (HR-61)
        bounty_unpicked = (seat == lead_seat(state) and "bounty" in h
                           and h["bounty"]["target"] is None)
        return h["event"] is None and not finds.waiting(state) and not bounty_unpicked

    def act(self, rs: Any, state: State, seat: int, action: Action) -> None:
        h = state["hunt"]
        if action["type"] == "choose":
            if choose(rs, state, action):
                self.ambush(rs, state)
        elif action["type"] == "find":
            if keep_found(rs, state, action):
                self.ambush(rs, state)
        elif action["type"] == "tag_in":
            offers.tag_in(rs, state, action)
        elif action["type"] == "penance":
            offers.penance(rs, state, action)
        elif action["type"] == "fight":
            h["fight"] = True
            emit(state, "fight", "Let's Fight: the hunters call out the ambushers.")


__all__ = ["InvestigatePhase", "apply_effects", "choose", "event_options", "keep_found",
           "roll_for_ambush", "run_events"]
