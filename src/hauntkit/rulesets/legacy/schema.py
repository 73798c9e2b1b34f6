"""The ``legacy`` content pack: betrayal's schema extended (never copied) with what Betrayal
Legacy adds.

- Regions: tiles and cards name the regions they belong to (``basement``, ``ground``,
  ``upper``, ``outside``); a card with no ``regions`` matches every region.
- Tiles: several ``symbols`` resolved left to right, ``ghosts`` (circles) and ``ghosts_start``,
  ``runestone``, ``secret_passage``, ``purgatory`` (a plank tile, out of the game until the
  campaign's house adds it).
- Cards: ``types`` (weapon, firearm, sacred), ``heirloom_slot`` with the ``heirloom`` extra
  (roll bonuses while the family's heirloom is carried by that family), ``intensify`` (how many
  checkboxes), ``purgatory``.
- Actions carry their ALL-CAPS action ``word`` (each word once per turn).
- Families (the ``families`` section) are betrayal characters with a colour.
- Monsters have a ``size`` (small or large obstacle).
- Effects: betrayal's vocabulary plus ``bury``, ``draw`` with ``top: true`` (the top card,
  regardless of region) and ``pay`` (a cost and its reward). Conditions add ``ghost_here``,
  ``intensified_at_least``, ``sticker``.
- ``chart``: free play's haunt chart, betrayal's cells (omen card, omen tile, free-play haunt).
- ``reminders``: the Traitor card and the Monster card (text shown to the side that holds them).
- Player scalings name three values, for 3, 4 and 5 players: ``"12/15/20"``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from hauntkit.core.content import PackSpec
from hauntkit.rulesets.betrayal import schema, vocabulary
from hauntkit.rulesets.betrayal.content_checks import check_references, check_values, walk
from hauntkit.rulesets.betrayal.hook_registry import HOOKS
from hauntkit.rulesets.legacy import chapters

Region = Literal["basement", "ground", "upper", "outside"]
REGIONS: tuple[str, ...] = ("basement", "ground", "upper", "outside")
CardType = Literal["weapon", "firearm", "sacred"]
_ID = r"^[a-z0-9_]+$"


# --------------------------------------------------------------------------- conditions
class LCond(vocabulary.Cond):
    """Betrayal's conditions plus: ``ghost_here`` (a ghost is on the tile of who; never true for
    a traitor while an event card resolves, "So You're Evil Now"), ``intensified_at_least``
    (card id -> checked boxes), ``sticker`` (a rule sticker is in force)."""

    ghost_here: bool | None = None
    intensified_at_least: dict[str, int] | None = None
    sticker: str | None = None
    any_of: list[LCond] | None = None
    not_: LCond | None = Field(default=None, alias="not")


class LBonus(vocabulary.Bonus):
    """A roll bonus (see betrayal's Bonus) whose ``when`` may use Legacy conditions."""

    when: LCond | None = None


# --------------------------------------------------------------------------- effects
class LOutcome(vocabulary.Outcome):
    effects: list[LEffect] = []


class LRoll(vocabulary.Roll):
    bonuses: list[LBonus] = []
    outcomes: list[LOutcome]


class LDraw(vocabulary.Draw):
    """Draw ``count`` cards of ``deck``: the first one of the drawer's region (items, events;
    burying the others), or with ``top: true`` the top card whatever its region."""

    top: bool = False


class Bury(vocabulary._M):
    """Bury a card (put it at the bottom of its deck): ``this`` or a card id held by who."""

    do: Literal["bury"]
    card: str = "this"


class RemoveCard(vocabulary._M):
    """Take a card out of this game, wherever it is: ``this`` (the card whose effect this is) or
    a card id; ``to``: back in the ``box`` (in the decks again next game), the ``tomb``, or
    ``destroyed`` (rulebook "Back in Box and the Tomb"). The campaign reads
    ``state.house_changes``."""

    do: Literal["remove_card"]
    card: str = "this"
    to: Literal["box", "tomb", "destroyed"]


class LPay(vocabulary.Pay):
    """Betrayal vocabulary's ``pay`` (a cost and its reward) with Legacy effects: the whole
    penalty is paid before the reward, or nothing is (rulebook "Raising and Lowering from the
    Same Effect"; RULING HL-22)."""

    then: list[LEffect] = []
    else_: list[LEffect] = Field(default=[], alias="else")


class LIf(vocabulary.If):
    cond: LCond
    then: list[LEffect] = []
    else_: list[LEffect] = Field(default=[], alias="else")


class LOption(vocabulary.Option):
    when: LCond | None = None
    effects: list[LEffect] = []


class LChoose(vocabulary.Choose):
    options: list[LOption]


class LOncePerTurn(vocabulary.OncePerTurn):
    effects: list[LEffect] = []


LEffect = Annotated[
    LRoll | vocabulary.Gain | vocabulary.Lose | vocabulary.Heal | vocabulary.Damage | LDraw | vocabulary.GetCard | vocabulary.Discard | Bury | vocabulary.Keep
    | RemoveCard | LPay
    | vocabulary.Move | vocabulary.Place | vocabulary.RemoveToken | vocabulary.Discover | vocabulary.Attack | vocabulary.Steal | LIf | LChoose
    | vocabulary.Counter | vocabulary.SetFlag | vocabulary.Win | vocabulary.EndMovement | vocabulary.EndTurn | vocabulary.Stun | vocabulary.Kill | vocabulary.Drop
    | vocabulary.Say | vocabulary.Reveal | vocabulary.Hook | LOncePerTurn,
    Field(discriminator="do"),
]


class LAction(schema.Action):
    """An action (see betrayal's Action) with its ALL-CAPS action ``word`` (default: the id in
    capitals); a player uses each word at most once per turn (rulebook "Actions")."""

    word: str | None = Field(default=None, pattern=r"^[A-Z][A-Z ]*$")
    when: LCond | None = None
    effects: list[LEffect]

    def action_word(self) -> str:
        return self.word or self.id.upper().replace("_", " ")


# --------------------------------------------------------------------------- tiles
class LStartPos(schema.StartPos):
    floor: Region


class LLink(schema.Link):
    any_floor: Region | None = None
    on_fail: list[LEffect] = []


class LRoom(schema.Room):
    """A tile (see betrayal's Room). ``floors``: the regions named on its back. ``symbols``:
    the card symbols, resolved left to right on discovery (``symbol`` alone is one symbol)."""

    floors: list[Region] = Field(min_length=1)
    symbols: list[vocabulary.Deck] = []
    ghosts: int = Field(default=0, ge=0)
    ghosts_start: int = Field(default=0, ge=0)
    runestone: bool = False
    secret_passage: bool = False
    purgatory: bool = False
    start: LStartPos | None = None
    on_enter: list[LEffect] = []
    on_end_turn_here: list[LEffect] = []
    on_start_of_turn: list[LEffect] = []
    on_leave: list[LEffect] = []
    on_discover: list[LEffect] = []
    links: list[LLink] = []
    actions: list[LAction] = []
    bonuses: list[LBonus] = []

    def all_symbols(self) -> list[str]:
        """The symbols of the tile, left to right."""
        return list(self.symbols) or ([self.symbol] if self.symbol else [])


# --------------------------------------------------------------------------- cards
class Heirloom(vocabulary._M):
    """What an heirloomed card adds while carried by a member of its family."""

    text: str = ""
    bonuses: list[LBonus] = []


class LCard(schema.Card):
    """A card (see betrayal's Card) with ``regions`` (empty: any), ``types``, an
    ``heirloom_slot`` and its ``heirloom`` extra, ``intensify`` checkboxes, ``purgatory``."""

    regions: list[Region] = []
    types: list[CardType] = []
    heirloom_slot: bool = False
    heirloom: Heirloom | None = None
    intensify: int = Field(default=0, ge=0)
    purgatory: bool = False
    on_draw: list[LEffect] = []
    on_gain: list[LEffect] = []
    on_lose: list[LEffect] = []
    actions: list[LAction] = []
    bonuses: list[LBonus] = []
    on_start_of_turn: list[LEffect] = []
    on_end_turn: list[LEffect] = []


# --------------------------------------------------------------------------- families, monsters
class Family(schema.Character):
    """A Family card: a name, a colour and four trait tracks (numbers ours)."""

    color: str = ""


class LMonster(schema.Monster):
    """A monster (see betrayal's Monster); ``size``: small (1 extra move to leave its tile for
    its opponents) or large (2)."""

    size: Literal["small", "large"] = "small"
    explores: bool = False
    carries: bool = False
    powers: list[LAction] = []
    on_start_of_turn: list[LEffect] = []


# --------------------------------------------------------------------------- haunts
class LReaction(schema.Reaction):
    effects: list[LEffect] = []


class LSideBook(schema.SideBook):
    reactions: list[LReaction] = []
    actions: list[LAction] = []
    win: list[LCond] = []


class LHauntObject(schema.HauntObject):
    bonuses: list[LBonus] = []


class LHaunt(schema.Haunt):
    """A haunt (see betrayal's Haunt): Legacy haunts are started by the chapter or by free play's
    haunt roll; ``free_play``: may start in free play."""

    free_play: bool = True
    setup: list[LEffect] = []
    objects: list[LHauntObject] = []
    heroes: LSideBook
    traitor_book: LSideBook = LSideBook()


class Reminder(vocabulary._M):
    """A reminder card (the Traitor card, the Monster card): text for the side holding it."""

    id: str = Field(pattern=_ID)
    name: str
    text: str = ""


for _model in (LCond, LBonus, LOutcome, LRoll, LPay, LIf, LOption, LChoose, LOncePerTurn, LAction,
               LLink, LRoom, LCard, Heirloom, LMonster, LReaction, LSideBook, LHauntObject,
               LHaunt):
    _model.model_rebuild()


def _sub_lists(eff: Any) -> list[list[Any]]:
    return vocabulary.sub_lists(eff)


def _check_legacy(items: dict[str, dict[str, Any]]) -> list[tuple[Any, ...]]:
    """Legacy references: hooks known to the legacy rules, heirloom extras only on slots."""
    problems: list[tuple[Any, ...]] = []
    for kind, by_id in items.items():
        for item_id, item in by_id.items():
            for loc, obj in walk(item):
                if isinstance(obj, vocabulary.Hook) and obj.name not in HOOKS:
                    problems.append((kind, item_id, (*loc, "name"),
                                     f"unknown hook {obj.name!r}; known: "
                                     f"{', '.join(sorted(HOOKS))}"))
    for cid, card in items["cards"].items():
        if card.heirloom is not None and not card.heirloom_slot:
            problems.append(("cards", cid, ("heirloom",), "an heirloom extra needs "
                             "'heirloom_slot: true'"))
    for rid, room in items["rooms"].items():
        if room.symbol and room.symbols:
            problems.append(("rooms", rid, ("symbols",), "give 'symbol' or 'symbols', not both"))
    return problems


def _check_chart(items: dict[str, dict[str, Any]]) -> list[tuple[Any, ...]]:
    """The free-play haunt chart (RULINGS B13, HL-20): one cell per (omen card, omen tile)
    pair, each naming a free-play haunt; every free-play haunt reached by some cell."""
    problems: list[tuple[Any, ...]] = []
    haunts, rooms, cards = items["haunts"], items["rooms"], items["cards"]
    omen_tiles = sorted(rid for rid, r in rooms.items() if "omen" in r.all_symbols())
    omens = sorted(cid for cid, c in cards.items() if c.kind == "omen" and c.in_deck)
    seen: dict[tuple[str, str], str] = {}
    for cid, cell in sorted(items["chart"].items()):
        pair = (cell.omen, cell.room)
        if pair in seen and not cell.replace:
            problems.append(("chart", cid, ("room",), (
                f"omen {cell.omen!r} on tile {cell.room!r} already has chart cell "
                f"{seen[pair]!r}; expected one haunt per pair (or 'replace: true')")))
        seen.setdefault(pair, cid)
        if cell.omen not in omens:
            problems.append(("chart", cid, ("omen",), (
                f"{cell.omen!r} is not an omen card of the decks; expected one of "
                f"{', '.join(omens)}")))
        if cell.room not in omen_tiles:
            problems.append(("chart", cid, ("room",), (
                f"{cell.room!r} is not a tile with an omen symbol; expected one of "
                f"{', '.join(omen_tiles)}")))
        haunt = haunts.get(cell.haunt)
        if haunt is None or not haunt.free_play:
            problems.append(("chart", cid, ("haunt",), (
                f"{cell.haunt!r} is not a free-play haunt; expected one of "
                f"{', '.join(sorted(h for h, x in haunts.items() if x.free_play))}")))
    free = sorted(hid for hid, h in haunts.items() if h.free_play)
    reached = {c.haunt for c in items["chart"].values()}
    for hid in free:
        if hid not in reached:
            problems.append(("haunts", hid, ("id",), (
                f"no chart cell leads to this free-play haunt; expected a cell with "
                f"'haunt: {hid}'")))
    if free:
        for omen in omens:
            missing = [t for t in omen_tiles if (omen, t) not in seen]
            if missing:
                problems.append(("cards", omen, ("id",), (
                    f"the haunt chart has no cell for this omen on {', '.join(missing)}; "
                    "expected one for every (omen, omen tile) pair")))
    return problems


def _as_betrayal(check: Any) -> Any:
    """Run a betrayal pack check on legacy items (families are its characters)."""

    def run(items: dict[str, dict[str, Any]]) -> list[tuple[Any, ...]]:
        view = {**items, "characters": items["families"], "chart": {}}
        return [("families", *p[1:]) if p[0] == "characters" else p for p in check(view)]

    run.__name__ = check.__name__
    return run


def _checks() -> list[Any]:
    return [_check_legacy, _check_chart, _as_betrayal(check_references),
            _as_betrayal(check_values),
            *chapters.CHECKS]


PACK_SPEC = PackSpec(
    ruleset="legacy",
    kinds={
        "rooms": LRoom,
        "cards": LCard,
        "families": Family,
        "monsters": LMonster,
        "haunts": LHaunt,
        "reminders": Reminder,
        "chart": schema.ChartEntry,  # free play's haunt chart (RULINGS B13, HL-20)
        "chapters": chapters.Chapter,  # the campaign's chapters (rulesets/legacy/chapters.py)
    },
    checks=_checks(),
    context={"scale_values": 3},  # "{3/4/5}": legacy plays 3 to 5
)
