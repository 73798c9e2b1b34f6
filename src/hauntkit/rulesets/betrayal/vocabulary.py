"""The declarative effect vocabulary of betrayal content: conditions (``Cond``), roll bonuses,
and every effect (``do: roll``, ``do: damage``, ...), plus the names and scalings they use
(traits, floors, sides, player-count ``Count``).

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
from collections.abc import Iterator
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationInfo

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

    - ``haunt_started``: whether the haunt has begun. ``traitor_revealed``: whether a hidden
      traitor has revealed themselves (an open traitor counts as revealed from the start).
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
    traitor_revealed: bool | None = None
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


class Pay(_M):
    """A cost and its reward (Legacy rulebook "Raising and Lowering from the Same Effect"):
    lower each trait of ``lose`` by its steps, then ``then``, only when the whole cost can be
    paid; a cost that can't be paid in full is not paid at all, and ``else`` runs instead. With
    ``offer`` (the label of paying) the player may decline. Not in betrayal's vocabulary: the
    ``legacy`` pack has it (``LPay``)."""

    do: Literal["pay"]
    lose: dict[Trait, Annotated[int, Field(ge=1, le=8)]] = Field(min_length=1)
    offer: str | None = None
    then: list[Effect] = []
    else_: list[Effect] = Field(default=[], alias="else")

    model_config = ConfigDict(extra="forbid", populate_by_name=True)


Effect = Annotated[
    Roll | Gain | Lose | Heal | Damage | Draw | GetCard | Discard | Keep | Move | Place | RemoveToken | Discover | Attack | Steal | If | Choose | Counter | SetFlag | Win | EndMovement | EndTurn | Stun | Kill | Drop | Say | Reveal | Hook | OncePerTurn,
    Field(discriminator="do"),
]
HARMFUL = frozenset({"damage", "lose", "end_movement", "end_turn", "kill"})
"""Effect kinds a traitor or monster ignores on a room tile (rulebook digest)."""


for _model in (Cond, Outcome, If, Option, OncePerTurn, Bonus, Pay):
    _model.model_rebuild()


def walk_effects(effects: list[Any]) -> Iterator[Any]:
    """Every effect of ``effects`` and of the lists nested in them, depth first."""
    for eff in effects:
        yield eff
        for sub in sub_lists(eff):
            yield from walk_effects(sub)


def sub_lists(eff: Any) -> list[list[Any]]:
    """The effect lists nested in one effect (outcomes, branches, options)."""
    if isinstance(eff, Roll):
        return [o.effects for o in eff.outcomes]
    if isinstance(eff, If):
        return [eff.then, eff.else_]
    if isinstance(eff, Choose):
        return [o.effects for o in eff.options]
    if isinstance(eff, OncePerTurn):
        return [eff.effects]
    if isinstance(eff, Pay):
        return [eff.then, eff.else_]
    return []
