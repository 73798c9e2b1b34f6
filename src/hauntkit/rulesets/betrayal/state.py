"""The shape of a betrayal game state, written once: every key, its type and what it holds.

The state is a plain JSON dict (docs/architecture.md, "The core contract"); the engine reads and
writes it as ``dict[str, Any]`` (state_access.py and the rule steps), and these ``TypedDict``
classes say what it contains. Legacy's state is betrayal's plus the keys of ``LegacyState``.

An actor ("who") is an explorer seat (int) or a monster id (str, ``"m1"``); ``"m"`` in the turn
order and as the turn's actor is the monsters' turn.

docs/state.md is generated from this module (``python -m hauntkit.rulesets.betrayal.state``):
the line of comments starting with ``#:`` above a key is its description there.
"""

import ast
import sys
from pathlib import Path
from typing import Any, NotRequired, TypedDict


class Explorer(TypedDict):
    """One explorer (``explorers[seat]``)."""

    #: the character's id (betrayal: a character; legacy: a family)
    character: str
    #: the tile the explorer is on
    room: str
    #: false once the explorer died (after the haunt)
    alive: bool
    #: ``heroes`` or ``traitor`` after the haunt begins, else None
    side: str | None
    #: the ids of the cards and haunt objects carried (in the order gained)
    cards: list[str]
    #: a saved roll result the next roll uses instead of dice ("It Is Meant To Be"), or None;
    #: gone once that roll used it
    fate: NotRequired[int | None]
    #: trait -> index on the character's track (0..7; -1: the skull, dead)
    traits: dict[str, int]
    #: a result rolled and kept for later by "It Is Meant To Be"
    saved: NotRequired[int]
    #: legacy: the cards used this turn or not yet straightened (lists of ids)
    used: NotRequired[list[str]]
    #: legacy: the explorer has found an Item or Omen card (HL-17)
    found: NotRequired[bool]
    #: legacy: the family member's first name and age (rulebook "Setup" 5; HL-28)
    given_name: NotRequired[str]
    age: NotRequired[int]


class Monster(TypedDict):
    """One monster on the board (``monsters[id]``, ids ``m1``, ``m2``... in order of arrival)."""

    #: the monster's model id in the content pack
    kind: str
    #: the tile the monster is on
    room: str
    #: stunned: it may move but neither attacks, uses powers, picks items up nor slows heroes,
    #: until the end of the monsters' next turn (legacy: it does nothing on that turn)
    stunned: bool
    #: the ids of the cards and objects it carries
    cards: list[str]
    #: wounds taken (a monster that ``dies`` is killed at its model's ``wounds``)
    wounds: int


class MonsterTurn(TypedDict):
    """What one monster may still do on the monsters' turn (``turn.monster_turns[id]``)."""

    #: moves it has left this turn
    moves_left: int
    #: it has attacked this turn
    attacked: bool


class Turn(TypedDict):
    """The turn being played (``turn``): who acts and what they already did."""

    #: the seat whose turn it is, or ``"m"`` for the monsters' turn
    who: int | str | None
    #: moves the explorer has left this turn
    moves_left: int
    #: tiles left so far this turn (the first move is always possible, RULING B8)
    moved: int
    #: movement has ended this turn (a card was drawn or an effect ended it)
    movement_ended: bool
    #: an effect ended the turn: it ends as soon as the effect stack is empty
    end_requested: bool
    #: the ids of the cards used, given, dropped, picked up or taken this turn (an item is used
    #: once per turn)
    used: list[str]
    #: the keys of the offered actions taken this turn (room, card, haunt actions, powers)
    actions_used: list[str]
    #: the explorer has given an item this turn
    gave: bool
    #: the explorer has dropped items this turn
    dropped: bool
    #: the explorer has picked items up this turn
    picked: bool
    #: the explorer has attacked this turn
    attacked: bool
    #: the keys of the rolls made this turn (each roll once per turn)
    rolls: list[str]
    #: the task categories rolled this turn (one roll of a category per turn)
    categories_rolled: list[str]
    #: ``[omen card, room]`` of each omen drawn this turn, for the end-of-turn haunt roll (B3)
    omens: list[list[str]]
    #: ``"<who>:<key>"`` of each once-per-turn effect already resolved this turn
    once: list[str]
    #: monster id -> what it may still do, on the monsters' turn (empty otherwise)
    monster_turns: dict[str, MonsterTurn]
    #: free actions applied this turn (after 200 only ``end_turn`` is legal, RULING HB-18)
    actions_taken: int
    #: the end of the turn is under way (its end-of-turn effects are resolving)
    ending: NotRequired[bool]
    #: legacy: the action words used this turn (each once per turn, HL-2)
    words: NotRequired[list[str]]
    #: legacy: the key of the GIVE/DROP/TAKE/PICK UP still open (more cards may follow, HL-2)
    open: NotRequired[str | None]
    #: legacy, monsters' turn: monster kind -> its Speed roll this turn (one per kind)
    monster_speed_rolls: NotRequired[dict[str, int]]
    #: legacy, monsters' turn: the monsters stunned when it began (they spend it getting up)
    stunned_at_start: NotRequired[list[str]]


class HauntInPlay(TypedDict):
    """The haunt, once it began (``haunt``; None before)."""

    #: the haunt's id in the content pack
    id: str
    #: the seat that revealed the haunt
    revealer: int
    #: the traitor's seat, or None (a haunt without traitor: the house)
    traitor: int | None
    #: a hidden traitor (known only to themselves until revealed)
    hidden: bool
    #: the traitor has been revealed (always true for a traitor who is not hidden)
    revealed: bool
    #: the seat that moves the monsters (RULING B12)
    control: int


class Frame(TypedDict):
    """A frame of the effect stack (``effect_stack``): ``op`` ``"fx"`` runs an effect list of the
    content index; any other ``op`` is an engine step (``dmg``, ``draw``, ``card_done``,
    ``ask_place``, ``call``...) with its own fields."""

    #: ``"fx"`` or the engine step's name
    op: str
    #: ``fx``: the key of the effect list in the content index (``Index.fx``)
    list_key: NotRequired[str]
    #: ``fx``: the index of the next effect of the list to resolve
    next: NotRequired[int]
    #: the actor the effects are about (a seat, a monster id, or None)
    who: NotRequired[Any]
    #: ``fx``: where the effects come from (``r:<room>``, ``c:<card>``, ``m:<monster>``,
    #: ``haunt``, ``link``, ``death``)
    src: NotRequired[str]


class Choice(TypedDict):
    """The pending decision (``choice``; None when nobody must choose): the seat answers with
    one of ``opts``. Other fields carry what the answer needs (``who``, ``key``, ``card``...)."""

    #: the seat that must choose
    seat: int
    #: what is being chosen (``damage``, ``rotate``, ``target``, ``outcome``...)
    kind: str
    #: the legal answers (actions)
    opts: list[dict[str, Any]]
    #: what the chooser is asked, in words
    prompt: str


class Result(TypedDict):
    """How the game ended (``result``; None while playing)."""

    #: ``heroes``, ``traitor``, ``house``, or None (nobody)
    winner: str | None
    #: why (``goals completed``, ``every hero is dead``, ``turn cap reached``...)
    reason: str
    #: the haunt's id, or None before the haunt
    haunt: str | None
    #: turns played
    turns: int
    #: the winning side's "If You Win" text from the haunt's book ("" when there is none)
    ending: str


class BetrayalState(TypedDict):
    """A betrayal game state (the core's keys included)."""

    #: core: the ruleset's id
    ruleset: str
    #: core: the game's seed
    seed: int
    #: core: the game's configuration
    config: dict[str, Any]
    #: core: the number of accepted actions
    version: int
    #: core: every accepted ``[seat, action]``
    history: list[list[Any]]
    #: the number of explorers (seats)
    players: int
    #: the random generator's state (core/rng.py; scripted dice first; ``draws``: scripted
    #: picks for random draws such as a tie's crest, present only while some are queued)
    rng: dict[str, Any]
    #: the log of events (core/log.py)
    log: list[dict[str, Any]]
    #: the turn cap (the game ends, won by nobody, past it)
    max_turns: int
    #: one explorer per seat
    explorers: list[Explorer]
    #: room -> ``[floor, x, y, rotation]`` of each placed tile
    tiles: dict[str, list[Any]]
    #: ``"<floor>,<x>,<y>"`` -> the room placed there
    grid: dict[str, str]
    #: the room stack (undiscovered tiles), top first
    stack: list[str]
    #: tiles set aside (they could not be placed, RULING B7)
    aside: list[str]
    #: ``event``/``item``/``omen`` -> the deck's card ids, top first
    decks: dict[str, list[str]]
    #: ``event``/``item``/``omen`` -> the discard pile's card ids
    discard: dict[str, list[str]]
    #: event cards (and non-item omens) being resolved
    limbo: list[str]
    #: room -> the cards and objects lying on the tile
    piles: dict[str, list[str]]
    #: room -> token name -> how many are on the tile
    tokens: dict[str, dict[str, int]]
    #: monster id -> the monster
    monsters: dict[str, Monster]
    #: the number in the last monster id given (the next monster is ``m<serial + 1>``)
    monster_serial: int
    #: the haunt's flags that are set
    flags: dict[str, bool]
    #: the haunt's counters (also ``monsters_killed``, ``killed_<monster>``, saved results)
    counters: dict[str, int]
    #: omens drawn so far
    omens: int
    #: the turn order: seats, and ``"m"`` for the monsters' turn
    order: list[int | str]
    #: the position in ``order`` of the turn being played
    order_index: int
    #: the turn being played
    turn: Turn
    #: the haunt, or None before it begins
    haunt: HauntInPlay | None
    #: the effects being resolved, last frame on top
    effect_stack: list[Frame]
    #: the pending decision, or None
    choice: Choice | None
    #: how the game ended, or None while playing
    result: Result | None
    #: turns started so far
    turns: int
    #: explorers who died
    deaths: int
    #: ``[omen card, room]`` of the last omen drawn before the haunt (RULING HB-3)
    last_omen: NotRequired[list[str]]


class LegacyState(BetrayalState):
    """A Betrayal Legacy game state: betrayal's plus these keys (rulesets/legacy/)."""

    #: the game's Legacy settings and bookkeeping (haunt threshold and triggers, mode,
    #: heirlooms by card, cards heirloomed this game, secret passages, cards out of the game,
    #: heirloom names given this game, haunt boxes whose action was taken, ongoing event
    #: cards by the tile their token is on)
    legacy: dict[str, Any]
    #: changes this game makes to the campaign's house (cards to the box, to the tomb, destroyed)
    house_changes: dict[str, list[str]]
    #: card id -> checked intensify boxes
    intensity: dict[str, int]
    #: the rule stickers in force
    stickers: list[str]
    #: an event card is resolving (a traitor is then immune to its ghost effects, HL-9)
    resolving_event: NotRequired[bool]
    #: the region the next card is drawn for, while a discovery draws
    draw_region: NotRequired[str]
    #: killed monsters that still take their turn (monster id -> kind; RULING HL-24)
    dead_monsters: NotRequired[dict[str, str]]


_OLD_TOP = {"n": "players", "ex": "explorers", "mon": "monsters", "mseq": "monster_serial",
            "cur": "order_index", "fx": "effect_stack"}
_OLD_EXPLORER = {"ch": "character", "t": "traits"}
_OLD_MONSTER = {"k": "kind", "stun": "stunned", "w": "wounds"}
_OLD_TURN = {"mv": "moves_left", "stop": "movement_ended", "end": "end_requested",
             "att": "attacked", "acts": "actions_used", "cats": "categories_rolled",
             "mt": "monster_turns", "n": "actions_taken", "mroll": "monster_speed_rolls",
             "stun": "stunned_at_start"}
_OLD_MONSTER_TURN = {"mv": "moves_left", "att": "attacked"}


def _renamed(d: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    return {names.get(k, k): v for k, v in d.items()}


def upgrade_state(state: dict[str, Any]) -> dict[str, Any]:
    """A state saved before the keys were renamed (``n``, ``ex``, ``mon``, ``fx``...), with
    today's keys (a state with today's keys comes back unchanged). A stored game or a
    save is brought to today's shape with it (``BetrayalRuleset.upgrade_state``, called by
    ``Game.stored``)."""
    if "ex" not in state:
        return state
    s = _renamed(state, _OLD_TOP)
    s["explorers"] = [_renamed(e, _OLD_EXPLORER) for e in s["explorers"]]
    s["monsters"] = {mid: _renamed(m, _OLD_MONSTER) for mid, m in s["monsters"].items()}
    turn = _renamed(s["turn"], _OLD_TURN)
    if turn.get("monster_turns") is not None:
        turn["monster_turns"] = {mid: _renamed(mt, _OLD_MONSTER_TURN)
                                 for mid, mt in turn["monster_turns"].items()}
    s["turn"] = turn
    frames = []
    for frame in s["effect_stack"]:
        if frame.get("op") == "fx":
            frame = _renamed(frame, {"k": "list_key", "i": "next"})
        elif frame.get("op") == "dmg":
            frame = _renamed(frame, {"q": "queue"})
        frames.append(frame)
    s["effect_stack"] = frames
    choice = s.get("choice")
    if choice is not None and choice.get("kind") == "trait":
        s["choice"] = _renamed(choice, {"n": "amount"})
    elif choice is not None and choice.get("kind") == "five":
        s["choice"] = _renamed(choice, {"k": "list_key", "i": "effect_index"})
    if isinstance(s.get("legacy"), dict):  # ongoing events by tile came later (RULING HL-21)
        s["legacy"].setdefault("ongoing", {})
    return s


STATE_CLASSES: tuple[type, ...] = (BetrayalState, Explorer, Monster, Turn, MonsterTurn,
                                   HauntInPlay, Frame, Choice, Result, LegacyState)


def _described_fields(source: str) -> dict[str, tuple[list[str], list[tuple[str, str, str]]]]:
    """class name -> (its bases, [(key, type as written, description from its ``#:`` comment
    lines)])."""
    lines = source.splitlines()
    out: dict[str, tuple[list[str], list[tuple[str, str, str]]]] = {}
    for node in ast.parse(source).body:
        if not isinstance(node, ast.ClassDef):
            continue
        fields = []
        for item in node.body:
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                notes: list[str] = []
                i = item.lineno - 2
                while i >= 0 and lines[i].strip().startswith("#:"):
                    notes.insert(0, lines[i].strip()[2:].strip())
                    i -= 1
                fields.append((item.target.id, ast.unparse(item.annotation), " ".join(notes)))
        out[node.name] = ([ast.unparse(b) for b in node.bases], fields)
    return out


def state_doc() -> str:
    """docs/state.md: every class of this module with its keys, types and descriptions."""
    fields = _described_fields(Path(__file__).read_text())
    parts = ["# The betrayal game state\n",
             "Generated from `src/hauntkit/rulesets/betrayal/state.py` by "
             "`python -m hauntkit.rulesets.betrayal.state`; do not edit by hand.\n",
             " ".join((__doc__ or "").split("\n\n")[1].split()) + "\n"]
    for cls in STATE_CLASSES:
        parts.append(f"## `{cls.__name__}`\n")
        parts.append(" ".join((cls.__doc__ or "").split()) + "\n")
        bases, keys = fields[cls.__name__]
        for base in bases:
            if base in fields:
                parts.append(f"All the keys of `{base}`, and:\n")
        parts.append("| key | type | what it holds |\n|---|---|---|")
        for key, annotation, note in keys:
            cells = [f"`{key}`", f"`{annotation}`", note]
            parts.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
        parts.append("")
    return "\n".join(parts)


DOC_PATH = Path(__file__).resolve().parents[4] / "docs" / "state.md"


if __name__ == "__main__":
    target = Path(sys.argv[1]) if sys.argv[1:] else DOC_PATH
    target.write_text(state_doc())
    print(f"wrote {target}")
