"""The seam between the campaign and a single Legacy game: what a finished game's state says
about the campaign (``game_outcome``) and the house the campaign hands the engine
(``house_of``, in the legacy ruleset's ``house`` format, docs/legacy.md)."""

from __future__ import annotations

from typing import Any

from hauntkit.rulesets.legacy.record import Record


def game_outcome(state: dict[str, Any]) -> dict[str, Any]:
    """The campaign's view of a finished game: the winning side (``heroes``/``traitor``; a
    haunt the house wins counts for the traitor's side), per seat whether they were the
    traitor, died, revealed the haunt; heirlooms made; cards sent to the box, Tomb or
    destroyed during the game."""
    result = state.get("result") or {}
    winner = result.get("winner")
    if winner == "house":
        winner = "traitor"
    haunt = state.get("haunt") or {}
    seats = [{"traitor": e.get("side") == "traitor", "died": not e.get("alive", True),
              "revealer": haunt.get("revealer") == i}
             for i, e in enumerate(state.get("explorers", []))]
    changes = state.get("house_changes") or {}
    return {"winner": winner if winner in ("heroes", "traitor") else None,
            "haunt": result.get("haunt") or haunt.get("id"), "seats": seats,
            "heirloomed": heirlooms_made(state),
            "box": list(changes.get("box", [])), "tomb": list(changes.get("tomb", [])),
            "destroyed": list(changes.get("destroyed", []))}


def heirlooms_made(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The heirlooms made in this game, ``[{"seat", "card"}]`` (with ``"name"`` when the player
    named it): the engine's heirlooms (``state["legacy"]["heirlooms"]``, card -> family) that the
    house it was given had not."""
    config = state.get("config") or {}
    families = config.get("families") or []
    before = ((config.get("house") or {}).get("heirlooms")) or {}
    now = (state.get("legacy") or {}).get("heirlooms") or {}
    written = (state.get("legacy") or {}).get("names") or {}
    return [{"seat": families.index(fam), "card": cid,
             **({"name": written[cid]} if cid in written else {})}
            for cid, fam in now.items() if cid not in before and fam in families]


def house_of(record: Record) -> dict[str, Any]:
    """The house's permanent state in the engine's ``house`` format (docs/legacy.md,
    ``hauntkit.rulesets.legacy.house.House``): added cards and tiles, those out of the game
    (Tomb, destroyed), intensified boxes, heirlooms, stickers, crests, names, passages."""
    out = set(record["tomb"]) | set(record["destroyed"])
    names = {k: v["name"] for k, v in record["heirlooms"].items()}
    names.update(record["names"])
    return {"add": [c for c in record["cards"] + record["tiles"] if c not in out],
            "remove": sorted(out),
            "intensify": {k: v for k, v in record["intensified"].items() if k not in out},
            "heirlooms": {k: v["family"] for k, v in record["heirlooms"].items()},
            "stickers": list(record["stickers"]),
            "crests": {k: list(v) for k, v in record["crests"].items()},
            "names": names,
            "secret_passages": list(record.get("passages", []))}
