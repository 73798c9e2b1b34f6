"""The words log lines and labels use: status words, elements, die faces, spaces,
directions, objects and traps, so that no line shows a raw list or a constant (HR-90, HR-91).
action_labels.py labels a seat's legal actions; catalogue.py is the public catalogue.

Spaces are named like a chess board: columns A, B, C... from the left, rows 1, 2, 3... from
the top (HR-90); the web board prints the same letters and numbers on its edges.
"""

from __future__ import annotations

from typing import Any

State = dict[str, Any]
Action = dict[str, Any]

# Each status as a word or two, and what it does, in our own words.
STATUS_WORDS: dict[str, tuple[str, str]] = {
    "STEALTH": ("stealthy", "counts as twice as far away for enemies' ranged targeting"),
    "CLEAVE": ("cleaving", "a melee attack also strikes every other adjacent enemy"),
    "MULTI_ATTACK": ("multi-attack", "may reroll one missed attack die"),
    "BERSERK": ("berserk", "may reroll two missed attack dice"),
    "WARD": ("warded", "the next points of damage are absorbed"),
    "COVER": ("in cover", "a ward of 1 against ranged attacks, +1 damage from melee"),
    "POISON": ("poisoned", "rolls each turn: a hit deals 1 damage"),
    "PARALYZE": ("paralyzed", "no move, action or interrupt"),
    "IMMOBILIZE": ("immobilized", "movement lowered by the value"),
    "SLOW": ("slowed", "movement lowered each turn"),
    "BLIND": ("blinded", "must roll before attacking or using an ability"),
    "DISARMED": ("disarmed", "no melee or ranged attack"),
    "MARKED": ("marked", "attackers may reroll a missed die; no stealth"),
    "WOUNDING": ("wounded", "+2 damage from physical attacks and hemorrhage"),
    "DEF_DOWN": ("defence lowered", "rolls fewer defence dice"),
    "ATTACK_DOWN": ("attack lowered", "rolls fewer attack dice"),
    "MELEE_DOWN": ("melee lowered", "rolls fewer melee attack dice"),
    "TRICKS": ("tricked", "its first ability is disabled"),
    "FLINCH": ("flinching", "-1 defence and +1 damage from the next attack"),
    "BURNING": ("burning", "takes fire damage at the start of its turn"),
    "CHILLED": ("chilled", "movement lowered by 1"),
    "FROZEN": ("frozen", "held fast by ice"),
    "PRIMED": ("ether-marked", "fire, electric and ice effects take hold on any hit"),
    "DECAY": ("decaying", "rotting from within"),
    "NO_HEAL": ("unhealable", "cannot be healed this turn"),
    "ETHER_BASE": ("stripped to BASE", "treated as the BASE template for 1 turn"),
    "ANOINTED": ("anointed", "the next weapon attack is ETHER"),
    "TEAM_PLAYER": ("spurred on", "may use an ability again, even on cool down"),
    "NO_DEFEND": ("defenceless", "cannot roll defence this turn"),
    "LASERED": ("laser-marked", "ranged attacks on it reach further (Laser Pointer)"),
    "MOVE_UP": ("quickened", "moves more spaces each turn"),
    "DUSTED": ("dusted", "its attacks are of another element this turn (Philosophers Dust)"),
    "MASKED": ("masked as a healer", "enemy logic takes it for a healer (Surgeon Mask)"),
    "SUPPRESSED": ("suppressed", "ranged reach shorter by its value (Suppressive Fire)"),
    "CRIMSON": ("cursed bait", "every enemy attacks it, and it cannot fall below 1 HP "
                "(Crimson Dybbuk Box)"),
}
ELEMENT_WORDS = {"PHYSICAL": "physical", "FIRE": "fire", "ELEC": "electric", "ICE": "ice",
                 "ETHER": "ether", "NETHER": "nether", "POISON": "poison"}
DIR_WORDS = ("east", "south-east", "south", "south-west", "west", "north-west", "north",
             "north-east")
FACE_WORDS = {0: "blank", 1: "sword & shield", 2: "double sword"}
DONE_WORDS = {"shop": "Done shopping", "investigate": "Move on", "loot": "Done with the loot",
              "mystery": "Done with the mystery", "rest": "Done resting"}
CARD_ACTION_WORDS = {"melee": "a melee attack", "range": "a ranged attack",
                     "special1": "its first special ability",
                     "special2": "its second special ability",
                     "signature": "its signature ability"}


def count_of(n: int, word: str, plural: str | None = None) -> str:
    """``count_of(1, "round")`` -> ``"1 round"``, ``count_of(3, "round")`` -> ``"3 rounds"``."""
    return f"{n} {word if n == 1 else plural or word + 's'}"


GAIN_WORDS = {"crypto": "Crypto", "renown": "Renown", "infamy": "Infamy", "clues": "clues"}


def party_change_text(hp: int, sanity: int) -> str:
    """What an event does to every hunter: ``"every hunter loses 1 Sanity"``, ``"every hunter
    gains 3 HP and loses 1 Sanity"`` (a change of 0 is not named)."""
    parts = [f"{'gains' if n > 0 else 'loses'} {abs(n)} {what}"
             for n, what in ((hp, "HP"), (sanity, "Sanity")) if n]
    return "every hunter " + " and ".join(parts) if parts else "the hunters are unchanged"


# What an immunity keeps away, as a noun ("immune to poison"); other statuses: "being <word>".
IMMUNITY_WORDS = {"BLEED": "bleeding", "ARC": "arcing lightning", "POISON": "poison",
                  "PARALYZE": "paralysis", "BLIND": "blindness", "BURNING": "burning",
                  "FLINCH": "flinching", "SLOW": "slowing", "CHILLED": "chill",
                  "FROZEN": "freezing", "DECAY": "decay", "WOUNDING": "wounds",
                  "TRICKS": "tricks", "HEMORRHAGE": "haemorrhage"}


def immunity_word(name: str) -> str:
    """What ``name``'s immunity keeps away: ``"POISON"`` -> ``"poison"``, ``"DEF_DOWN"`` ->
    ``"being defence lowered"``."""
    return IMMUNITY_WORDS.get(name) or f"being {status_word(name)}"


def formation_name(formation: Any) -> str:
    """A Tarot formation's id as its name: ``"great-wall-1"`` -> ``"Great Wall 1"``."""
    return str(formation).replace("-", " ").title()


def rest_gain_text(hp: int, sanity: int) -> str:
    """What a rest gives every hunter: ``"+2 HP and +1 Sanity"`` (a gain of 0 is not named)."""
    parts = [f"+{n} {what}" for n, what in ((hp, "HP"), (sanity, "Sanity")) if n]
    return " and ".join(parts) if parts else "nothing is regained"


def sentence(text: str) -> str:
    """``text`` ending a sentence: a full stop unless it ends with its own ("Haunted!")."""
    return text if text.rstrip()[-1:] in (".", "!", "?") else f"{text}."


def status_word(name: str) -> str:
    """``"ATTACK_DOWN"`` -> ``"attack lowered"`` (unknown names: lower case, no underscores)."""
    known = STATUS_WORDS.get(name)
    return known[0] if known else name.replace("_", " ").lower()


def element_word(el: str) -> str:
    return ELEMENT_WORDS.get(el, el.replace("_", " ").lower())


def space_name(x: int, y: int) -> str:
    """(2, 0) -> ``"C1"``: column letter from the left, row number from the top (HR-90)."""
    return f"{chr(ord('A') + x)}{y + 1}" if 0 <= x < 26 else f"{x + 1}/{y + 1}"


def space_of(value: Any) -> str:
    """A space given as ``[x, y]`` (or a tuple) as its name; anything else as text."""
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        return space_name(value[0], value[1])
    return str(value)


def dir_word(d: Any) -> str:
    return DIR_WORDS[d] if isinstance(d, int) and 0 <= d < len(DIR_WORDS) else str(d)


def faces_text(faces: list[int]) -> str:
    """Combat die faces as words: ``[2, 0]`` -> ``"double sword, blank"``."""
    return ", ".join([FACE_WORDS.get(f, str(f)) for f in faces]) if faces else "no dice"


def faces_list(faces: list[int]) -> str:
    """Combat die faces as a list in words: ``[2, 1, 0]`` -> ``"double sword, sword & shield
    and blank"`` (one face: its word alone)."""
    words = [FACE_WORDS.get(f, str(f)) for f in faces]
    if len(words) < 2:
        return words[0] if words else "nothing"
    return f"{', '.join(words[:-1])} and {words[-1]}"


def tally(n: int, word: str) -> str:
    """A count in words: ``tally(0, "hit")`` -> ``"no hits"``, ``tally(1, "hit")`` ->
    ``"1 hit"``, ``tally(3, "block")`` -> ``"3 blocks"``."""
    return f"no {word}s" if n <= 0 else count_of(n, word)


def dice_count(n: int, kind: str = "") -> str:
    """``dice_count(1, "attack")`` -> ``"1 attack die"``; ``dice_count(3)`` -> ``"3 dice"``."""
    noun = f"{kind} " if kind else ""
    return f"no {noun}dice" if n <= 0 else count_of(n, f"{noun}die", f"{noun}dice")


# Texts of rolls by their faces: every attack and defence writes one (few distinct rolls).
_HITS_TEXT: dict[tuple[int, ...], str] = {}
_BLOCKS_TEXT: dict[tuple[int, ...], str] = {}


def hits_text(faces: list[int]) -> str:
    """An attack roll: its faces and its hits (1 and 2 are hits: RULING R1)."""
    key = tuple(faces)
    text = _HITS_TEXT.get(key)
    if text is None:
        n = sum(1 for f in faces if f)
        text = _HITS_TEXT[key] = f"{faces_text(faces)} ({tally(n, 'hit')})"
    return text


def blocks_text(faces: list[int]) -> str:
    """A defence roll: its faces and its blocks (only sword & shield blocks: RULING R1)."""
    key = tuple(faces)
    text = _BLOCKS_TEXT.get(key)
    if text is None:
        n = sum(1 for f in faces if f == 1)
        text = _BLOCKS_TEXT[key] = f"{faces_text(faces)} ({tally(n, 'block')})"
    return text


def object_name(state: State, oid: Any, rs: Any = None) -> str:
    """A light source or barricade by where it stands: ``"the light at B3"``; a light a hunter
    carries (gear) by its carrier: ``"Blake's light"``."""
    for key, word in (("lights", "light"), ("barricades", "barricade")):
        for obj in state.get(key, []):
            if obj["id"] == oid:
                nth = _nth_alike(state.get(key, []), obj)
                carrier = state.get("units", {}).get(obj.get("carrier"))
                if carrier is not None and rs is not None:
                    return f"{rs.name(carrier)}'s {nth}light"
                if carrier is not None:
                    return f"the {nth}carried light at {space_name(obj['x'], obj['y'])}"
                return f"the {nth}{word} at {space_name(obj['x'], obj['y'])}"
    if isinstance(oid, str) and oid[:1] == "L":
        return "a light source"
    if isinstance(oid, str) and oid[:1] == "B":
        return "a barricade"
    return str(oid)


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def _nth_alike(objects: list[dict[str, Any]], obj: dict[str, Any]) -> str:
    """``"second "`` when another object of the list is named the same way (the same carrier,
    or the same space) and comes first; ``""`` when ``obj`` is the only one so named."""
    carrier = obj.get("carrier")
    alike = [o for o in objects if (o.get("carrier") == carrier if carrier
                                    else not o.get("carrier") and o["x"] == obj["x"]
                                    and o["y"] == obj["y"])]
    if len(alike) < 2:
        return ""
    i = next(k for k, o in enumerate(alike) if o is obj)
    return f"{ORDINALS[i] if i < len(ORDINALS) else str(i + 1) + 'th'} "


def trap_place(trap: dict[str, Any]) -> str:
    """Where a trap lies, as a space name (or "its space" when it has none)."""
    return space_name(trap["x"], trap["y"]) if "x" in trap and "y" in trap else "its space"
