"""The betrayal content pack: pydantic models of every kind of document (rooms, cards,
characters, monsters, haunts, the haunt chart) and the pack's reference checks. The effects and
conditions these documents hold are the vocabulary of ``vocabulary.py``.

A content file is YAML with top-level lists: ``rooms``, ``cards``, ``characters``, ``monsters``,
``haunts``, ``chart``. Every item has an ``id`` (lowercase, ``a-z0-9_``). Unknown fields are
errors (``extra='forbid'``).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from hauntkit.core.content import PackSpec
from hauntkit.rulesets.betrayal.hook_registry import HOOKS
from hauntkit.rulesets.betrayal.vocabulary import (
    _ID,
    _M,
    TRAITS,
    Bonus,
    Cond,
    Count,
    Deck,
    Discover,
    Effect,
    Floor,
    GetCard,
    Hook,
    Move,
    Place,
    Side,
    Team,
    Trait,
    walk_effects,
)


class Action(_M):
    """An action a player may take (on a room tile, a card, or granted by a haunt).

    ``when``: when it is offered. ``once_per_turn``: at most once a turn (default). ``category``:
    a task category (one roll of a category per turn). ``effects``: what it does.
    ``side``: for haunt actions, which side may take it.
    """

    id: str = Field(pattern=_ID)
    label: str
    when: Cond | None = None
    once_per_turn: bool = True
    category: str | None = None
    side: Team | None = None
    effects: list[Effect]


# --------------------------------------------------------------------------- rooms
class Link(_M):
    """An extra adjacency from this tile: to room ``to`` (if placed), ``any_floor`` (any placed
    tile of that floor), ``token`` (every tile holding that token; tokens link both ways) or
    ``grid_neighbors`` (tiles next to it on the grid, through walls). ``one_way``: only from this
    tile. ``trait``/``min``: a roll at least ``min`` to pass, once per turn; on a failure
    ``on_fail`` applies and, with ``fail_blocks``, the mover stays and movement ends.
    ``damage_dice``: physical damage dice taken when passing. ``monsters_free``: monsters pass
    without rolling or damage and may also go the other way. ``dog_ok``: the Dog may use it."""

    to: str | None = None
    any_floor: Floor | None = None
    token: str | None = None
    grid_neighbors: bool = False
    one_way: bool = False
    trait: Trait | None = None
    min: int = 0
    fail_blocks: bool = True
    on_fail: list[Effect] = []
    monsters_free: bool = True
    dog_ok: bool = True
    damage_dice: int = 0


class Room(_M):
    """A room tile. ``doors`` are the sides with a doorway at rotation 0; ``false_doors`` are
    painted doorways nobody passes (false features). ``symbol`` is the card drawn on first
    discovery; ``omen_room`` marks rooms used by the haunt chart (usually the omen symbol).
    ``start`` places the tile in the starting house. Triggers: ``on_enter``, ``on_end_turn_here``,
    ``on_start_of_turn`` (for someone starting a turn here), ``on_leave`` (before leaving).
    ``obstacle``: extra move cost to leave. ``links``: stairs and passages. ``actions``: what
    someone on the tile may do. ``bonuses``: roll bonuses while on the tile. ``hook``: a named
    Python hook for unique rules."""

    id: str = Field(pattern=_ID)
    name: str
    text: str = ""
    floors: list[Floor] = Field(min_length=1)
    doors: list[Side]
    false_doors: list[Side] = []
    symbol: Deck | None = None
    start: StartPos | None = None
    in_stack: bool = True
    on_enter: list[Effect] = []
    on_end_turn_here: list[Effect] = []
    on_start_of_turn: list[Effect] = []
    on_leave: list[Effect] = []
    on_discover: list[Effect] = []
    obstacle: int = 0
    links: list[Link] = []
    actions: list[Action] = []
    bonuses: list[Bonus] = []
    blocks_sight: bool = False
    hook: str | None = None
    replace: bool = False


class StartPos(_M):
    """Where a starting tile lies: floor, grid x/y and rotation (0..3, quarter turns clockwise)."""

    floor: Floor
    x: int
    y: int
    rotation: int = Field(default=0, ge=0, le=3)


# --------------------------------------------------------------------------- cards
class Weapon(_M):
    """A weapon: used only when attacking, one per attack. ``trait`` of the attack, extra
    ``dice``, ``distance`` (line of sight, RULING B11), ``effects`` after a won attack."""

    trait: Trait = "might"
    dice: int = 0
    distance: bool = False
    lose_on_use: bool = False


class Card(_M):
    """An event, item or omen card.

    ``item``: whether it is an item one carries (omens default true; Bite is false; events
    false). ``tradable`` / ``stealable``. ``companion``: follows its custodian, never dropped,
    traded or stolen. ``weapon``: see Weapon. ``ongoing``: an event kept in front of the explorer.
    ``on_draw``: when drawn (events: then discarded unless kept). ``on_gain`` / ``on_lose``: when
    it comes to / leaves an explorer (trait changes of items). ``actions``: uses (once per turn
    each, an item at most once per turn). ``bonuses``: roll bonuses while carried.
    ``on_start_of_turn`` / ``on_end_turn``: while carried. ``hook``: Python hook name.
    """

    id: str = Field(pattern=_ID)
    name: str
    kind: Deck
    text: str = ""
    item: bool | None = None
    tradable: bool = True
    stealable: bool = True
    companion: bool = False
    weapon: Weapon | None = None
    ongoing: bool = False
    traitor_may_ignore: bool | None = None
    on_draw: list[Effect] = []
    on_gain: list[Effect] = []
    on_lose: list[Effect] = []
    actions: list[Action] = []
    bonuses: list[Bonus] = []
    on_start_of_turn: list[Effect] = []
    on_end_turn: list[Effect] = []
    in_deck: bool = True
    hook: str | None = None
    replace: bool = False

    def is_item(self) -> bool:
        return self.item if self.item is not None else self.kind != "event"


# --------------------------------------------------------------------------- characters
class Track(_M):
    """A trait track: 8 values above the skull, and the index (0..7) of the starting value."""

    values: list[int] = Field(min_length=8, max_length=8)
    start: int = Field(ge=0, le=7)


class Character(_M):
    """An explorer: a name and four trait tracks."""

    id: str = Field(pattern=_ID)
    name: str
    text: str = ""
    might: Track
    speed: Track
    knowledge: Track
    sanity: Track
    replace: bool = False


# --------------------------------------------------------------------------- monsters
class Monster(_M):
    """A monster: ``traits`` it has (a missing trait can't be attacked with), ``speed`` moves a
    turn, ``attack`` trait. ``dies``: killed instead of stunned when defeated; ``wounds``: with
    ``dies``, how many defeats kill it. ``carries``: may carry items; ``explores``: may discover
    rooms; ``distance``: attacks in line of sight; ``slows``: makes heroes pay to leave its tile.
    ``powers``: actions for the controlling player; ``on_start_of_turn`` effects."""

    id: str = Field(pattern=_ID)
    name: str
    text: str = ""
    traits: dict[Trait, int]
    speed: int = 3
    attack: Trait | None = "might"
    dies: bool = False
    wounds: int = 1
    carries: bool = False
    explores: bool = False
    distance: bool = False
    slows: bool = True
    powers: list[Action] = []
    on_start_of_turn: list[Effect] = []
    replace: bool = False


# --------------------------------------------------------------------------- haunts
class TraitorRule(_M):
    """How the traitor is chosen (RULING B13): ``revealer``, ``left_of_revealer``,
    ``highest`` / ``lowest`` ``trait`` (excluding the revealer unless ``include_revealer``),
    ``holder`` of ``card``, ``hidden`` (one of those rules, kept secret: ``hidden_rule``), or
    ``none``. Ties are broken at random."""

    rule: Literal["revealer", "left_of_revealer", "highest", "lowest", "holder", "hidden", "none"]
    trait: Trait | None = None
    card: str | None = None
    include_revealer: bool = False
    hidden_rule: Literal["revealer", "left_of_revealer", "highest", "lowest", "holder",
                         "random"] = "random"


class Reaction(_M):
    """A triggered rule of one side: ``when`` one of ``on_death`` (an explorer of this side dies;
    with ``prevents_death`` the explorer stays alive at the lowest value of the trait and the
    effects apply), ``on_start_of_turn``, ``on_end_turn`` (of an explorer of this side),
    ``on_monster_defeated``; ``effects`` (about that explorer)."""

    when: Literal["on_death", "on_start_of_turn", "on_end_turn", "on_monster_defeated"]
    text: str = ""
    prevents_death: bool = False
    effects: list[Effect] = []


class HauntObject(_M):
    """An object token of the haunt, carried like an item. ``tradable``/``stealable``;
    ``bonuses`` while carried; placed per ``where`` (see Place) in ``count`` copies (``_1``..);
    copies go to different tiles while there are enough (``far``: tiles on floors other than
    the revealer's; ``each_symbol``: the rooms with ``symbol``)."""

    id: str = Field(pattern=_ID)
    name: str
    text: str = ""
    tradable: bool = True
    stealable: bool = True
    bonuses: list[Bonus] = []
    count: Count = 1
    where: Literal["room", "each_symbol", "far", "none"] = "none"
    room: str | None = None
    symbol: Deck | None = None


class HauntMonster(_M):
    """Monsters put in play at the start: ``count`` of ``monster`` ``where`` (see Place)."""

    monster: str
    count: Count = 1
    where: Literal["room", "traitor", "revealer", "far", "each_symbol"] = "traitor"
    room: str | None = None
    symbol: Deck | None = None


class SideBook(_M):
    """One side's secret book (RULING B14): ``book`` text, ``goals``, ``facts`` (lines),
    ``reactions``, granted ``actions``, and ``win`` conditions the engine checks after every
    step (any one of them met wins; heroes also need a living hero); ``if_you_win``: the ending
    read out when this side wins (digest "Winning the Game"); ``after_reveal``: a hidden
    traitor's book text once they have revealed themselves (the ``book`` text is then stale)."""

    book: str = ""
    after_reveal: str = ""
    if_you_win: str = ""
    goals: list[str] = []
    facts: list[str] = []
    reactions: list[Reaction] = []
    actions: list[Action] = []
    win: list[Cond] = []


class Haunt(_M):
    """A haunt: number, name, public ``intro`` and ``setup_text``; ``traitor`` rule;
    ``setup`` effects run (about the revealer) when it starts; ``monsters`` and ``objects`` put in
    play; ``first``: who goes first without a traitor (``revealer`` or ``left_of_revealer``);
    ``monster_control``: who moves monsters when there is no (known) traitor; ``heroes`` and
    ``traitor`` books (``traitor`` book is the house's for no-traitor haunts);
    ``house_wins_if_all_dead``: the traitor side (or the house) wins when every hero is dead."""

    id: str = Field(pattern=_ID)
    number: int
    name: str
    intro: str
    setup_text: str = ""
    traitor: TraitorRule
    setup: list[Effect] = []
    monsters: list[HauntMonster] = []
    objects: list[HauntObject] = []
    first: Literal["revealer", "left_of_revealer"] = "revealer"
    monster_control: Literal["traitor", "revealer", "left_of_revealer"] = "traitor"
    heroes: SideBook
    traitor_book: SideBook = SideBook()
    house_wins_if_all_dead: bool = True
    replace: bool = False


class ChartEntry(_M):
    """One cell of the haunt chart: when ``omen`` is drawn in ``room`` the haunt is ``haunt``.
    Entries from several files merge (ids must differ)."""

    id: str = Field(pattern=_ID)
    omen: str
    room: str
    haunt: str
    replace: bool = False


for _model in (Action, Room, Card, Monster, Haunt, SideBook, Reaction, Link):
    _model.model_rebuild()


# --------------------------------------------------------------------------- pack checks


def effect_lists(item: Any) -> list[list[Any]]:
    """Every top-level effect list of a content item."""
    out: list[list[Any]] = []
    for name in ("on_enter", "on_end_turn_here", "on_start_of_turn", "on_leave", "on_draw",
                 "on_gain", "on_lose", "on_end_turn", "setup"):
        out.append(getattr(item, name, None) or [])
    for act in getattr(item, "actions", None) or []:
        out.append(act.effects)
    for act in getattr(item, "powers", None) or []:
        out.append(act.effects)
    for link in getattr(item, "links", None) or []:
        out.append(link.on_fail)
    out.append(getattr(item, "on_discover", None) or [])
    if isinstance(item, Haunt):
        for book in (item.heroes, item.traitor_book):
            out.extend(a.effects for a in book.actions)
            out.extend(r.effects for r in book.reactions)
    return out


def _check_refs(items: dict[str, dict[str, Any]]) -> list[tuple[Any, ...]]:
    problems: list[tuple[Any, ...]] = []
    rooms, cards = items["rooms"], items["cards"]
    monsters, haunts = items["monsters"], items["haunts"]
    objects = {o.id for h in haunts.values() for o in h.objects}
    for kind in ("rooms", "cards", "monsters", "haunts"):
        for item_id, item in items[kind].items():
            hook = getattr(item, "hook", None)
            if hook and hook not in HOOKS:
                problems.append((kind, item_id, ("hook",), f"unknown hook {hook!r}"))
            for effects in effect_lists(item):
                for eff in walk_effects(effects):
                    if isinstance(eff, Hook) and eff.name not in HOOKS:
                        problems.append((kind, item_id, f"unknown hook {eff.name!r}; known: "
                                         f"{', '.join(sorted(HOOKS))}"))
                    if isinstance(eff, (GetCard,)) and eff.card not in cards and \
                            eff.card not in objects:
                        problems.append((kind, item_id, f"unknown card {eff.card!r}"))
                    if isinstance(eff, Place) and eff.monster and eff.monster not in monsters:
                        problems.append((kind, item_id, f"unknown monster {eff.monster!r}"))
                    if isinstance(eff, (Move, Place, Discover)) and eff.room and \
                            eff.room not in rooms:
                        problems.append((kind, item_id, f"unknown room {eff.room!r}"))
    for room_id, room in rooms.items():
        for i, link in enumerate(room.links):
            if link.to and link.to not in rooms:
                problems.append(("rooms", room_id, ("links", i, "to"),
                                 f"unknown room {link.to!r}"))
        for side in room.false_doors:
            if side not in room.doors:
                problems.append(("rooms", room_id, ("false_doors",),
                                 f"false door {side!r} is not among doors"))
    for hid, h in haunts.items():
        for i, m in enumerate(h.monsters):
            if m.monster not in monsters:
                problems.append(("haunts", hid, ("monsters", i, "monster"),
                                 f"unknown monster {m.monster!r}"))
        if h.traitor.card and h.traitor.card not in cards:
            problems.append(("haunts", hid, ("traitor", "card"), f"unknown card {h.traitor.card!r}"))
    for cid, entry in items["chart"].items():
        if entry.omen not in cards or cards[entry.omen].kind != "omen":
            problems.append(("chart", cid, ("omen",), f"unknown omen {entry.omen!r}"))
        if entry.room not in rooms:
            problems.append(("chart", cid, ("room",), f"unknown room {entry.room!r}"))
        if entry.haunt not in haunts:
            problems.append(("chart", cid, ("haunt",), f"unknown haunt {entry.haunt!r}"))
    for cid, ch in items["characters"].items():
        for t in TRAITS:
            track = getattr(ch, t)
            if any(v < 0 or v > 8 for v in track.values):
                problems.append(("characters", cid, (t, "values"), "trait values must be 0..8"))
    return problems


PACK_SPEC = PackSpec(
    ruleset="betrayal",
    kinds={
        "rooms": Room,
        "cards": Card,
        "characters": Character,
        "monsters": Monster,
        "haunts": Haunt,
        "chart": ChartEntry,
    },
    checks=[_check_refs],
)
