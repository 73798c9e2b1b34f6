"""The betrayal content pack: pydantic models of every kind of document, and the declarative
effect vocabulary that rooms, cards and haunts use.

A content file is YAML with top-level lists: ``rooms``, ``cards``, ``characters``, ``monsters``,
``haunts``, ``chart``. Every item has an ``id`` (lowercase, ``a-z0-9_``). Unknown fields are
errors (``extra='forbid'``).

Effects are lists of mappings, each with a ``do`` key naming the effect, e.g.::

    on_enter:
      - do: roll
        trait: speed
        outcomes:
          - {min: 4, effects: []}
          - {max: 3, effects: [{do: damage, kind: physical, dice: 1}]}

Numbers marked *Count* may be an integer or a player-count scaling string ``"3/4/5/6"`` (the value
for 3, 4, 5 and 6 players).
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationInfo

from hauntkit.core.content import PackSpec

Trait = Literal["might", "speed", "knowledge", "sanity"]
TRAITS: tuple[str, ...] = ("might", "speed", "knowledge", "sanity")
Floor = Literal["basement", "ground", "upper"]
FLOORS: tuple[str, ...] = ("basement", "ground", "upper")
Side = Literal["n", "e", "s", "w"]
SIDES: tuple[str, ...] = ("n", "e", "s", "w")
Deck = Literal["event", "item", "omen"]
Team = Literal["heroes", "traitor", "house"]

# "3/4/5/6" (betrayal: 3 to 6 players); a pack spec whose validation context says
# ``scale_values: 3`` (legacy: 3 to 5 players) takes "3/4/5" instead
_SCALE = {4: re.compile(r"^\d+/\d+/\d+/\d+$"), 3: re.compile(r"^\d+/\d+/\d+$")}
_SCALE_EXAMPLE = {4: "3/4/5/6", 3: "3/4/5"}
_ID = r"^[a-z0-9_]+$"

def scaled(value: Count, players: int) -> int:
    """The value of a Count for ``players`` explorers (3 and up; the last value is for the most
    players the scaling names and more)."""
    if isinstance(value, int):
        return value
    parts = value.split("/")
    return int(parts[min(max(players, 3), len(parts) + 2) - 3])


def _check_count(value: Any, info: ValidationInfo) -> Any:
    parts = (info.context or {}).get("scale_values", 4)
    if isinstance(value, str) and not _SCALE[parts].match(value):
        raise ValueError(f"expected an integer or a scaling like '{_SCALE_EXAMPLE[parts]}', "
                         f"got {value!r}")
    return value


Count = Annotated[int | str, AfterValidator(_check_count)]
"""An integer, or a player-count scaling ``"3/4/5/6"``."""


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=False)


# --------------------------------------------------------------------------- conditions
class Cond(_M):
    """A condition; every field given must hold (all fields optional). ``who`` is the explorer or
    monster the effect is about (usually the one acting).

    - ``haunt_started``: whether the haunt has begun.
    - ``side``: the side of ``who`` (heroes, traitor; ``house`` for monsters of a no-traitor haunt).
    - ``is_monster``: whether ``who`` is a monster.
    - ``in_room``: ``who`` is in one of these rooms; ``on_floor``: on one of these floors.
    - ``room_has_symbol``: the room of ``who`` carries this card symbol (event/item/omen).
    - ``carrying`` / ``not_carrying``: card or object ids (any of them).
    - ``token_here`` / ``monster_here``: a token (by name) or a monster (by id, or ``any``) shares
      the tile of ``who``.
    - ``flag`` / ``not_flag``: a haunt flag is (not) set.
    - ``counter_at_least``: haunt counters reaching these values (Count).
    - ``trait_at_least`` / ``trait_below``: current trait values of ``who``.
    - ``all_heroes_dead``: every hero is dead. ``traitor_dead``: the traitor is dead. ``living_heroes_at_most``: Count.
    - ``monsters_left_at_most``: living monsters of this haunt (Count).
    - ``explorers_in_room``: at least ``count`` living explorers of ``side`` are in ``room``.
    - ``any_of``: at least one of these conditions holds. ``not_``: (key ``not``) this one fails.
    """

    haunt_started: bool | None = None
    side: Team | None = None
    is_monster: bool | None = None
    in_room: list[str] | None = None
    on_floor: list[Floor] | None = None
    room_has_symbol: Deck | None = None
    carrying: list[str] | None = None
    not_carrying: list[str] | None = None
    token_here: str | None = None
    monster_here: str | None = None
    flag: str | None = None
    not_flag: str | None = None
    counter_at_least: dict[str, Count] | None = None
    trait_at_least: dict[Trait, int] | None = None
    trait_below: dict[Trait, int] | None = None
    all_heroes_dead: bool | None = None
    traitor_dead: bool | None = None
    living_heroes_at_most: Count | None = None
    monsters_left_at_most: Count | None = None
    explorers_in_room: ExplorersIn | None = None
    any_of: list[Cond] | None = None
    not_: Cond | None = Field(default=None, alias="not")

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    def extra_tests(self) -> list[Any]:
        """Tests of fields a ruleset's subclass adds (``fn(ix, state, who) -> bool``, all must
        hold); conditions.py runs them after the fields above."""
        return []


class ExplorersIn(_M):
    """At least ``count`` living explorers of ``side`` (any side if omitted) in ``room``."""

    room: str
    count: Count = 1
    side: Team | None = None


# --------------------------------------------------------------------------- roll bonuses
class Bonus(_M):
    """A bonus to rolls while it applies (while a card is carried, a room is occupied, ...).

    ``roll``: which rolls: ``trait`` (trait rolls), ``attack``, ``defend``, ``task``, ``any``.
    ``trait``: only rolls on this trait. ``category``: only task rolls of this category.
    ``dice``: extra dice (total stays within 1..8, RULING B1). ``add``: added to the result.
    ``when``: a further condition on the roller.
    """

    roll: Literal["trait", "attack", "defend", "task", "any"] = "any"
    trait: Trait | None = None
    category: str | None = None
    dice: Count = 0
    add: Count = 0
    when: Cond | None = None


# --------------------------------------------------------------------------- effects
class Outcome(_M):
    """One range of a roll's result: applies when ``min <= result <= max`` (either bound may be
    omitted). ``text`` is an optional line for the log."""

    min: int | None = None
    max: int | None = None
    text: str | None = None
    effects: list[Effect] = []


class Roll(_M):
    """Roll dice and apply the first matching outcome.

    Either ``trait`` (roll dice equal to the roller's current trait: a trait roll) or ``dice``
    (a Count of dice). ``add`` is added to the result; ``bonuses`` are conditional extras
    (e.g. "+4 if carrying the Diary"). ``key``: an id for "the same roll at most once per turn";
    ``category``: a task category, at most one roll per category per turn (rulebook digest).
    ``save_as``: also store the result in this haunt counter.
    """

    do: Literal["roll"]
    trait: Trait | None = None
    dice: Count | None = None
    add: Count = 0
    bonuses: list[Bonus] = []
    key: str | None = None
    category: str | None = None
    save_as: str | None = None
    outcomes: list[Outcome]


class Gain(_M):
    """Raise a trait by ``amount`` steps (stops at the top, RULING B2). ``trait: choice`` lets the
    player pick a trait."""

    do: Literal["gain"]
    trait: Trait | Literal["choice"]
    amount: Count = 1


class Lose(_M):
    """Lower a trait by ``amount`` steps (not damage: no split). Before the haunt it stops at the
    lowest value; after it, below the lowest value the explorer dies (RULING B2)."""

    do: Literal["lose"]
    trait: Trait | Literal["choice"]
    amount: Count = 1


class Heal(_M):
    """Raise a trait (or ``all``) back to its starting value if it is below it."""

    do: Literal["heal"]
    trait: Trait | Literal["all"] = "all"


Target = Literal["self", "all", "others", "heroes", "traitor", "here", "others_here", "outside"]


class Damage(_M):
    """Damage: ``physical`` (split over Might/Speed), ``mental`` (Knowledge/Sanity) or
    ``general`` (any traits). ``amount`` fixed or ``dice`` rolled. ``to``: who takes it
    (``self`` the one it is about; ``all``; ``others``; ``heroes``; ``traitor``; ``here`` everyone
    on that tile; ``others_here``; ``outside`` everyone not in the house's rooms with that one).
    The damaged player chooses the split, point by point."""

    do: Literal["damage"]
    kind: Literal["physical", "mental", "general"]
    amount: Count | None = None
    dice: Count | None = None
    to: Target = "self"


class Draw(_M):
    """Draw ``count`` cards of ``deck``. Drawing ends movement (RULING B8)."""

    do: Literal["draw"]
    deck: Deck
    count: Count = 1


class GetCard(_M):
    """Take a specific card (from its deck, a discard pile or an item pile) or a haunt object."""

    do: Literal["get_card"]
    card: str


class Discard(_M):
    """Discard a card: ``this`` (the card whose effect this is) or a card id held by ``who``."""

    do: Literal["discard"]
    card: str = "this"


class Keep(_M):
    """Keep this event card in front of the explorer (an ongoing event)."""

    do: Literal["keep"]


Dest = Literal["choice_adjacent", "choice_any", "choice_floor", "choice_token", "random_floor",
               "actor_tile"]


class Move(_M):
    """Move ``who`` (``self``, or a monster id) to ``room`` (a room id, if placed) or to a tile the
    player chooses: ``to: choice_adjacent`` / ``choice_any`` / ``choice_floor`` (on ``floor``) /
    ``choice_token`` (a tile with ``token``), ``random_floor`` (a random tile of ``floor``) or
    ``actor_tile`` (the tile of the one the effect is about: "put the monster on your tile").
    Moving by effect costs no moves and triggers no "on enter"."""

    do: Literal["move"]
    who: str = "self"
    room: str | None = None
    to: Dest | None = None
    floor: Floor | None = None
    token: str | None = None


class Place(_M):
    """Put ``count`` monsters (``monster`` id) or tokens (``token`` name) ``where``: ``here`` (the
    tile of who), a room id (``room``), ``choice`` (a placed tile the player picks),
    ``each_symbol`` (every placed room with ``symbol``), ``far`` (a placed tile on another floor
    than the one of who, if any)."""

    do: Literal["place"]
    monster: str | None = None
    token: str | None = None
    count: Count = 1
    where: Literal["here", "room", "choice", "each_symbol", "far"] = "here"
    room: str | None = None
    symbol: Deck | None = None


class RemoveToken(_M):
    """Remove one ``token`` from the tile of who (or every one with ``everywhere``)."""

    do: Literal["remove_token"]
    token: str
    everywhere: bool = False


class Discover(_M):
    """Search the room stack for ``room`` (or the next tile of ``floor``) and place it at an open
    doorway of its floor the player picks; the stack is then shuffled."""

    do: Literal["discover"]
    room: str | None = None
    floor: Floor | None = None


class Attack(_M):
    """``who`` attacks an opponent (the player chooses) on the tile, or in line of sight with
    ``distance`` (RULING B10, B11), with ``trait``; ``dice`` overrides the attacker's dice."""

    do: Literal["attack"]
    trait: Trait = "might"
    distance: bool = False
    dice: Count | None = None


class Steal(_M):
    """Take one tradable item or omen from an opponent on the tile (the player chooses)."""

    do: Literal["steal"]


class If(_M):
    """``then`` when ``cond`` holds for who, else ``else``."""

    do: Literal["if"]
    cond: Cond
    then: list[Effect] = []
    else_: list[Effect] = Field(default=[], alias="else")

    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class Option(_M):
    """One option of a choice: offered when ``when`` holds."""

    label: str
    when: Cond | None = None
    effects: list[Effect] = []


class Choose(_M):
    """The player picks one option (``options``; at least one must be available)."""

    do: Literal["choose"]
    options: list[Option]


class Counter(_M):
    """Add ``add`` (Count, may be negative) to haunt counter ``name``."""

    do: Literal["counter"]
    name: str
    add: Count = 1


class SetFlag(_M):
    """Set (or with ``value: false`` clear) haunt flag ``name``."""

    do: Literal["flag"]
    name: str
    value: bool = True


class Win(_M):
    """The side ``side`` wins now."""

    do: Literal["win"]
    side: Team


class EndMovement(_M):
    """Movement ends for this turn (actions remain)."""

    do: Literal["end_movement"]


class EndTurn(_M):
    """The turn ends at once."""

    do: Literal["end_turn"]


class Stun(_M):
    """Stun ``who`` (a monster id, ``here`` every monster on the tile)."""

    do: Literal["stun"]
    who: str = "here"


class Kill(_M):
    """Kill ``who``: ``self`` (an explorer), a monster id, or ``monster_here`` (one monster on
    the tile, the player chooses)."""

    do: Literal["kill"]
    who: str = "self"


class Drop(_M):
    """Drop every card ``who`` carries (``all``) or just the card ``card`` into the tile's pile."""

    do: Literal["drop"]
    card: str = "all"


class Say(_M):
    """Write ``text`` to the log (and reveal it to everyone)."""

    do: Literal["say"]
    text: str


class Reveal(_M):
    """Reveal the hidden traitor to everyone."""

    do: Literal["reveal"]


class Hook(_M):
    """A named Python hook for an effect the vocabulary can't say. ``args`` go to the hook.
    Hooks in use are listed in docs/content.md."""

    do: Literal["hook"]
    name: str
    args: dict[str, Any] = {}


class OncePerTurn(_M):
    """Apply ``effects`` only the first time in a turn (per explorer, per ``key``)."""

    do: Literal["once_per_turn"]
    key: str
    effects: list[Effect] = []


Effect = Annotated[
    Roll | Gain | Lose | Heal | Damage | Draw | GetCard | Discard | Keep | Move | Place | RemoveToken | Discover | Attack | Steal | If | Choose | Counter | SetFlag | Win | EndMovement | EndTurn | Stun | Kill | Drop | Say | Reveal | Hook | OncePerTurn,
    Field(discriminator="do"),
]
HARMFUL = frozenset({"damage", "lose", "end_movement", "end_turn", "kill"})
"""Effect kinds a traitor or monster ignores on a room tile (rulebook digest)."""


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
    step (any one of them met wins; heroes also need a living hero)."""

    book: str = ""
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


for _model in (Cond, Outcome, If, Option, OncePerTurn, Action, Room, Card, Monster, Haunt,
               SideBook, Reaction, Link, Bonus):
    _model.model_rebuild()


# --------------------------------------------------------------------------- pack checks
def _walk_effects(effects: list[Any]):
    for eff in effects:
        yield eff
        for sub in _sub_lists(eff):
            yield from _walk_effects(sub)


def _sub_lists(eff: Any) -> list[list[Any]]:
    if isinstance(eff, Roll):
        return [o.effects for o in eff.outcomes]
    if isinstance(eff, If):
        return [eff.then, eff.else_]
    if isinstance(eff, Choose):
        return [o.effects for o in eff.options]
    if isinstance(eff, OncePerTurn):
        return [eff.effects]
    return []


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
    from hauntkit.rulesets.betrayal.hooks import HOOKS  # local: hooks import the engine

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
                for eff in _walk_effects(effects):
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
