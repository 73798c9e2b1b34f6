"""The Legacy campaign record as labelled sections (``campaign_summary``), for the campaign
page and ``hauntkit campaign status/history``: plain JSON ``{"title": ..., "sections": [...]}``
where a section is ``{"title", "rows": [{"label", "value"}, ...]}`` or ``{"title", "columns":
[...], "table": [[...], ...]}`` (the format of /work/briefs/camweb-api.md and
``hauntkit.core.campaign_view``)."""

from __future__ import annotations

from typing import Any


def _names(ids: list[str]) -> str:
    return ", ".join(ids) if ids else "-"


def _side(row: dict[str, Any]) -> str:
    return row["winner"] or "no one"


def campaign_summary(data: dict[str, Any]) -> dict[str, Any]:
    """The record of a Legacy campaign, readable."""
    chapters = data.get("chapters", [])
    nxt = data.get("next", 0)
    where = ("the prologue" if nxt == 0 else f"chapter {nxt}" if nxt <= 13
             else f"free play (game {nxt - 13})")
    sections: list[dict[str, Any]] = [{
        "title": "The house",
        "rows": [{"label": label, "value": value} for label, value in [
            ["next", where],
            ["chapters played", str(len(chapters))],
            ["cards added", _names(data.get("cards", []))],
            ["tiles added", _names(data.get("tiles", []))],
            ["intensified", _names([f"{k} x{v}" for k, v in data.get("intensified", {}).items()])],
            ["in the Tomb", _names(data.get("tomb", []))],
            ["destroyed", _names(data.get("destroyed", []))],
            ["rules stickers", _names(data.get("stickers", []))],
            ["crests", _names([f"{k}: {', '.join(v)}" for k, v in data.get("crests", {}).items()])],
            ["omen names", _names([f"{k}: {v}" for k, v in data.get("names", {}).items()])],
        ]],
    }]
    sections.append({
        "title": "Chapters",
        "columns": ["#", "chapter", "year", "families", "haunt", "winner", "traitor", "changes"],
        "table": [[str(ch["number"]), ch["title"], str(ch["year"]),
                   ", ".join(f"{s['family']} ({s['name']}, {s['age']})" for s in ch["seats"]),
                   ch.get("haunt") or "-", _side(ch), ch.get("traitor") or "-",
                   "; ".join(ch.get("changes", [])) or "-"] for ch in chapters],
    })
    sections.append({
        "title": "Families",
        "columns": ["family", "member", "age", "chapter", "fate", "died", "traitor"],
        "table": [[fam, m["name"], str(m["age"]), str(m["chapter"]), m["fate"],
                   "yes" if m["died"] else "no", "yes" if m["traitor"] else "no"]
                  for fam, f in data.get("families", {}).items() for m in f["members"]],
    })
    sections.append({
        "title": "Heirlooms",
        "columns": ["family", "item", "name", "chapter"],
        "table": [[h["family"], cid, h["name"], str(h["chapter"])]
                  for cid, h in data.get("heirlooms", {}).items()],
    })
    return {"title": "The history of the house", "sections": sections}
