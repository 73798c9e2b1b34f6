"""``LegacyIndex``: betrayal's content index plus the lookups Legacy needs (regions of cards,
the symbols of tiles, secret passages, heirloom extras, action words)."""

from __future__ import annotations

from typing import Any

from hauntkit.core.content import Pack
from hauntkit.rulesets.betrayal.index import Index
from hauntkit.rulesets.legacy.schema import REGIONS

SECRET = "secret_passage"
"""The token marking a tile with a secret passage: every such tile is adjacent to every other."""
GHOST = "ghost"
START_ROOMS = ("entrance_hall", "front_steps", "ground_floor_staircase", "upper_landing",
               "basement_landing")


class LegacyIndex(Index):
    """The loaded legacy pack (families are betrayal's characters)."""

    floor_names = REGIONS

    def __init__(self, pack: Pack) -> None:
        items = dict(pack.items)
        items["characters"] = items.pop("families")
        self.reminders: dict[str, Any] = items.pop("reminders")
        self.chapters: dict[str, Any] = items.pop("chapters")  # the campaign layer reads them
        super().__init__(Pack(ruleset=pack.ruleset, items=items, origin=pack.origin))
        self.tokens_linked = self.tokens_linked | {SECRET}
        # regions a card matches (empty: every region)
        self.card_regions: dict[str, frozenset[str]] = {
            cid: frozenset(c.regions) for cid, c in self.cards.items()}
        self.symbols: dict[str, tuple[str, ...]] = {
            rid: tuple(r.all_symbols()) for rid, r in self.rooms.items()}
        self.omen_rooms = frozenset(rid for rid, sy in self.symbols.items() if "omen" in sy)
        self.purgatory = frozenset(
            [cid for cid, c in self.cards.items() if c.purgatory]
            + [rid for rid, r in self.rooms.items() if r.purgatory])
        # action word of every offered action, by its fx key
        self.words: dict[str, str] = {}
        for rid, room in self.rooms.items():
            for a in room.actions:
                self.words[f"r:{rid}:a:{a.id}"] = a.action_word()
        for cid, card in self.cards.items():
            for a in card.actions:
                self.words[f"c:{cid}:a:{a.id}"] = a.action_word()
        # the box printing each haunt action: (haunt, side, action id) -> box id
        self.box_of: dict[tuple[str, str, str], str] = {}
        for hid, h in self.haunts.items():
            for side, book in (("heroes", h.heroes), ("traitor", h.traitor_book)):
                for a in book.actions:
                    self.words[f"h:{hid}:{side}:a:{a.id}"] = a.action_word()
                for box in book.boxes:
                    for aid in box.actions:
                        self.box_of[(hid, side, aid)] = box.id
        for mid, mon in self.monsters.items():  # a dead monster's turn (RULING HL-24)
            self._reg(f"m:{mid}:while_dead", mon.while_dead)
        self.free_haunts = sorted(hid for hid, h in self.haunts.items() if h.free_play)
