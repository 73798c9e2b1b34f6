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
- Monsters have a ``size`` (small or large obstacle), may act as a ``swarm``, and may take a
  turn ``while_dead``.
- Effects: betrayal's vocabulary plus ``bury``, ``draw`` with ``top: true`` (the top card,
  regardless of region), ``pay`` (a cost and its reward) and ``ghost_arrives`` (a ghost comes
  to a free circle). Conditions add ``ghost_here``, ``intensified_at_least``, ``sticker``,
  ``carries_heirloom``.
- Haunt books have ``boxes`` (main goals, side goals, reactions, each with the actions printed
  in it); the view shows them.
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
    (card id -> checked boxes), ``sticker`` (a rule sticker is in force), ``carries_heirloom``
    (who carries an heirloomed Item, whichever family's heirloom it is)."""

    ghost_here: bool | None = None
    carries_heirloom: bool | None = None
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


class GhostArrives(vocabulary._M):
    """``count`` ghosts come to haunt the house, each on a free circle (rulebook "Ghosts":
    circles show "where ghosts will come"): of the tile of who (``here``), of tile ``room``, or
    of a placed tile with a free circle the player picks (``choice``). A tile whose circles are
    all taken gets no more (RULING HL-27)."""

    do: Literal["ghost_arrives"]
    where: Literal["here", "room", "choice"] = "here"
    room: str | None = None
    count: vocabulary.Count = 1


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
    | RemoveCard | LPay | GhostArrives
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
    its opponents) or large (2). ``swarm``: the monsters of this kind act as a swarm, moving
    together and then attacking (rulebook "Monsters"; RULING HL-23). ``while_dead``: effects
    of the turn this monster still takes while dead, each monsters' turn (rulebook "Monsters":
    "In rare cases, the monster still takes a turn even if it's dead"; RULING HL-24); they are
    about no one (counters, flags, tokens or monsters placed in a named room, words, a win)."""

    size: Literal["small", "large"] = "small"
    swarm: bool = False
    while_dead: list[LEffect] = []
    explores: bool = False
    carries: bool = False
    powers: list[LAction] = []
    on_start_of_turn: list[LEffect] = []


# --------------------------------------------------------------------------- haunts
class LReaction(schema.Reaction):
    effects: list[LEffect] = []


BoxKind = Literal["main_goal", "side_goal", "reaction"]
BOX_COLOURS: dict[str, str] = {"main_goal": "blue", "side_goal": "pink", "reaction": "green"}
"""The colour of each kind of box (rulebook "Goals (Main and Side)"); a box of the traitor's
book in a hidden-traitor haunt is gray, and public (rulebook "Hidden Traitor / The Traitor")."""


class Box(vocabulary._M):
    """One box of a side's haunt book (rulebook "Learning the Haunt"): a ``main_goal`` (must be
    done to win), a ``side_goal`` (may help) or a ``reaction`` (triggered or mandatory);
    ``title`` and the whole box's ``text`` (our words; ``{3/4/5}`` scales); ``actions``: the ids
    of this book's actions printed in the box. Once one of them is taken, the other side may
    read the whole box (rulebook "Hidden Information")."""

    id: str = Field(pattern=_ID)
    kind: BoxKind
    title: str = Field(min_length=1)
    text: str = Field(min_length=1)
    actions: list[str] = []


class LSideBook(schema.SideBook):
    """A side's book (see betrayal's SideBook) with its ``boxes``, in reading order."""

    reactions: list[LReaction] = []
    actions: list[LAction] = []
    win: list[LCond] = []
    boxes: list[Box] = []


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
               LLink, LRoom, LCard, Heirloom, LMonster, LReaction, Box, LSideBook, LHauntObject,
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
    for kind, by_id in items.items():
        for item_id, item in by_id.items():
            for loc, obj in walk(item):
                if isinstance(obj, vocabulary.Place) and obj.token == "ghost":
                    problems.append((kind, item_id, loc, "ghosts come only to circles: use "
                                     "'do: ghost_arrives', not a placed 'ghost' token"))
                if isinstance(obj, GhostArrives) and (obj.where == "room") != bool(obj.room):
                    problems.append((kind, item_id, loc, "'room' goes with 'where: room' "
                                     "(and only with it)"))
                if isinstance(obj, GhostArrives) and obj.room and obj.room not in items["rooms"]:
                    problems.append((kind, item_id, loc, f"unknown room {obj.room!r}"))
    for cid, card in items["cards"].items():
        if card.heirloom is not None and not card.heirloom_slot:
            problems.append(("cards", cid, ("heirloom",), "an heirloom extra needs "
                             "'heirloom_slot: true'"))
    for hid, haunt in items["haunts"].items():
        for side, book in (("heroes", haunt.heroes), ("traitor_book", haunt.traitor_book)):
            problems += [("haunts", hid, (side, *loc), msg) for loc, msg in _box_problems(book)]
    for mid, mon in items["monsters"].items():
        if mon.while_dead and not mon.dies:
            problems.append(("monsters", mid, ("while_dead",), "only a monster that can be "
                             "killed ('dies: true') takes turns while dead"))
    for rid, room in items["rooms"].items():
        if room.symbol and room.symbols:
            problems.append(("rooms", rid, ("symbols",), "give 'symbol' or 'symbols', not both"))
    return problems


def _box_problems(book: LSideBook) -> list[tuple[tuple[Any, ...], str]]:
    """A book's boxes: unique ids, actions of this book printed in one box each, and at least
    one main goal when the book has boxes (rulebook "Goals (Main and Side)")."""
    out: list[tuple[tuple[Any, ...], str]] = []
    if not book.boxes:
        return out
    ids = [a.id for a in book.actions]
    seen: dict[str, str] = {}
    box_ids: set[str] = set()
    for i, box in enumerate(book.boxes):
        if box.id in box_ids:
            out.append((("boxes", i, "id"), f"box id {box.id!r} is used twice"))
        box_ids.add(box.id)
        for aid in box.actions:
            if aid not in ids:
                out.append((("boxes", i, "actions"), f"unknown action {aid!r} of this book"))
            elif aid in seen:
                out.append((("boxes", i, "actions"), f"action {aid!r} is already in box "
                                                     f"{seen[aid]!r}"))
            seen[aid] = box.id
    if not any(b.kind == "main_goal" for b in book.boxes):
        out.append((("boxes",), "a book with boxes needs a main goal"))
    return out


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
