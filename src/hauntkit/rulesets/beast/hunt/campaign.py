"""The hunt as a campaign (docs/hunt.md, docs/campaigns.md): the beast ruleset's campaign hooks.

One campaign game is one leg of the hunt (one location). The campaign's data::

    {"hunt": "ashgrove", "crypto": 12, "party": [records (hunt.party)],
     "run": {"renown": 0, "infamy": 0, "clues": 1,    # the current investigation's
             "theme": {"card": "good-samaritans", "paid": 0}, "drawn": ["lost-child"]},
     "at": [1, 0],                 # the next leg: investigation and location indexes
     "status": "on" | "won" | "lost", "why": "...",
     "investigations": [{"id": "...", "success": true}]}

``campaign_next`` gives the next leg's config (``{"hunt": {"hunt", "investigation",
"location"}}``) or None once the hunt is won or lost (RULING HR-76).
"""

from __future__ import annotations

from typing import Any, ClassVar

import orjson
from pydantic import Field

from hauntkit.core.ruleset import ConfigError, RulesetConfig
from hauntkit.rulesets.beast.hunt import cards
from hauntkit.rulesets.beast.hunt.party import deal_seats, in_hunt, max_hp, new_record
from hauntkit.rulesets.beast.hunt.phases import start_leg

State = dict[str, Any]
_GAME_KEYS = ("ruleset", "seed", "config", "carry_in")


def _copy(data: Any) -> Any:
    return orjson.loads(orjson.dumps(data))


class HuntCampaignConfig(RulesetConfig):
    """A new hunt's config (docs/hunt.md): the lobby and the campaign API check it."""

    hunt: str | None = Field(default=None, description="the hunt; if none is chosen, the pack's first")
    hunters: list[str] | None = Field(default=None, description="the party (default: the hunt's)")
    max_rounds: int | None = Field(default=None, gt=0, description="the battles' round cap")


class HuntCampaign:
    """Mixin of BeastRuleset: the campaign hooks of a hunt."""

    c: Any
    CampaignConfig: ClassVar[type[RulesetConfig] | None] = HuntCampaignConfig
    campaign_noun: ClassVar[str] = "leg"

    def campaign_config_schema(self) -> dict[str, Any]:
        """The new hunt form's schema, with this content's hunts and hunters as choices."""
        schema = type(self).campaign_config_json_schema()  # type: ignore[attr-defined]
        for key, choices in (("hunt", list(self.c.hunts)), ("hunters", list(self.c.hunters))):
            branch = next(b for b in schema["properties"][key]["anyOf"] if b.get("type") != "null")
            (branch["items"] if branch.get("type") == "array" else branch)["enum"] = choices
            if key == "hunt":  # the lobby shows each hunt by its name
                branch["enumNames"] = [self.c.hunts[h].name for h in choices]
        return schema

    def campaign_start(self, config: dict[str, Any]) -> dict[str, Any]:
        """A new hunt: config ``hunt`` (default: the pack's first), optional ``hunters`` (the
        party; default: the hunt's) and ``players``."""
        unknown = set(config) - {"hunt", "hunters", "players", "max_rounds"}
        if unknown:
            raise ConfigError(f"config.{sorted(unknown)[0]}",
                              "unknown field; known: hunt, hunters, players, max_rounds")
        if not self.c.hunts:
            raise ConfigError("config.hunt", "this content has no hunt")
        hid = config.get("hunt") or next(iter(self.c.hunts))
        if hid not in self.c.hunts:
            raise ConfigError("config.hunt", f"unknown hunt {hid!r}; known: {sorted(self.c.hunts)}")
        hunt = self.c.hunts[hid]
        hunters = config.get("hunters") or hunt.hunters
        if not isinstance(hunters, list) or not 1 <= len(hunters) <= 4 \
                or len(set(hunters)) != len(hunters):
            raise ConfigError("config.hunters", "1 to 4 different hunter ids")
        for name in hunters:
            if name not in self.c.hunters:
                raise ConfigError("config.hunters", f"unknown hunter {name!r}")
        players = int(config.get("players") or 1)
        if not 1 <= players <= len(hunters):
            raise ConfigError("players", f"between 1 and the {len(hunters)} hunters")
        party = [new_record(self, name, 0) for name in hunters]
        deal_seats(party, players)
        return {"hunt": hid, "crypto": hunt.crypto, "party": party,
                "run": {"renown": 0, "infamy": 0, "clues": 0, "theme": None, "drawn": []},
                "at": [0, 0],
                "status": "on", "why": "", "investigations": []}

    def campaign_next(self, config: dict[str, Any], data: dict[str, Any],
                      played: list[dict[str, Any]]) -> dict[str, Any] | None:
        if data["status"] != "on":
            return None
        hunt = self.c.hunts[data["hunt"]]
        i, j = data["at"]
        inv = hunt.investigations[i]
        cfg: dict[str, Any] = {"hunt": {"hunt": hunt.id, "investigation": inv.id,
                                        "location": inv.locations[j]}}
        if config.get("max_rounds"):
            cfg["max_rounds"] = config["max_rounds"]
        return cfg

    def carry_in(self, state: State, data: dict[str, Any]) -> None:
        """Rebuild the leg with the carried party, Crypto and investigation values (the same
        seed, so the leg is what it would have been made with them from the start)."""
        if "hunt" not in state:
            raise ConfigError("config.hunt", "a hunt's data needs a hunt leg config")
        rebuilt = start_leg(self, state["config"], state["seed"], data)
        keep = {k: state[k] for k in _GAME_KEYS if k in state}
        state.clear()
        state.update(rebuilt)
        state.update(keep)

    def carry_out(self, state: State) -> dict[str, Any]:
        h = state["hunt"]
        out = h["outcome"]
        before = state.get("carry_in") or {}
        done = list(before.get("investigations", []))
        if h["last"]:
            done.append({"id": h["investigation"], "success": bool(out["success"])})
        return _copy({
            "hunt": h["hunt"], "crypto": state["crypto"], "party": state["party"],
            "run": {"renown": state.get("renown", 0), "infamy": state.get("infamy", 0),
                    "clues": state["clues"], "theme": state.get("theme"),
                    "drawn": state.get("drawn", [])},
            "at": out["next"], "status": out["status"],
            "why": state["result"]["reason"] if out["status"] != "on" else "",
            "investigations": done})

    def _item_name(self, iid: str) -> str:
        item = self.c.gear.items.get(iid)
        return str(item.name) if item is not None else iid.replace("_", " ")

    def campaign_summary(self, data: dict[str, Any]) -> dict[str, Any]:
        """The hunt for people to read (docs/campaigns.md "Showing the campaign")."""
        hunt = self.c.hunts[data["hunt"]]
        rows: list[dict[str, Any]] = [
            {"label": "Hunt", "value": hunt.name},
            {"label": "Status", "value": {"on": "under way", "won": "won",
                                          "lost": "lost"}[data["status"]]
             + (f": {data['why']}" if data["why"] else "")},
            {"label": "Crypto", "value": data["crypto"]},
        ]
        if data["at"] is not None:
            i, j = data["at"]
            inv = hunt.investigations[i]
            loc = self.c.locations[inv.locations[j]]
            rows += [{"label": "Next", "value": f"{inv.name} ({i + 1} of "
                      f"{len(hunt.investigations)}), {loc.name} ({j + 1} of "
                      f"{len(inv.locations)})"},
                     {"label": "Renown", "value": data["run"]["renown"]},
                     {"label": "Infamy", "value": data["run"]["infamy"]},
                     {"label": "Clues", "value": f"{data['run']['clues']} "
                                                 f"({inv.clues_needed} needed)"}]
            theme = (data["run"].get("theme") or {}).get("card")
            if theme in self.c.themes:  # the Investigation's Theme card (HR-107)
                card = self.c.themes[theme]
                rows.append({"label": "Theme card",
                             "value": f"{card.name}: {cards.goal_words(self, card)}"})
        table = []
        for r in data["party"]:
            state = "dead" if r["dead"] else "broken" if r["broken"] else "hunting"
            table.append([self.c.hunters[r["hunter"]].name, state, r["seat"] + 1 if in_hunt(r)
                          else None, f"{r['hp']}/{max_hp(self, r)}",
                          f"{r['sanity']}/{self.c.hunters[r['hunter']].sanity}", r["wounds"],
                          ", ".join(self._item_name(i) for i in list(r["gear"].values())
                                    + r["pack"] if i) or "-"])
        sections: list[dict[str, Any]] = [
            {"title": "The hunt", "rows": rows},
            {"title": "Hunters", "columns": ["Hunter", "State", "Seat", "HP", "Sanity",
                                             "Wounds", "Gear"], "table": table}]
        if data["investigations"]:
            names = {inv.id: inv.name for inv in hunt.investigations}
            sections.append({"title": "Investigations", "columns": ["Investigation", "Target"],
                             "table": [[names.get(x["id"], x["id"]),
                                        "slain" if x["success"] else "got away"]
                                       for x in data["investigations"]]})
        return {"title": hunt.name, "sections": sections}


__all__ = ["HuntCampaign", "HuntCampaignConfig"]
