"""The Legacy campaign record as labelled sections (``campaign_summary``), for the campaign
page and ``hauntkit campaign status/history``: plain JSON ``{"title": ..., "sections": [...]}``
where a section is ``{"title", "rows": [{"label", "value"}, ...]}`` or ``{"title", "columns":
[...], "table": [[...], ...]}`` (the format of ``hauntkit.core.campaign_view``). Ids are shown
by the printed names the record keeps in ``labels``."""

from __future__ import annotations

import re
from typing import Any

from hauntkit.rulesets.legacy.chapters import LAST_CHAPTER

_ID = re.compile(r"\b[a-z][a-z0-9_]*\b")


def _labeller(data: dict[str, Any]) -> Any:
    labels: dict[str, str] = data.get("labels", {})

    def lab(text: str) -> str:
        return _ID.sub(lambda m: labels.get(m.group(0), m.group(0)), text)

    return lab


def _rows(pairs: list[tuple[str, str]]) -> list[dict[str, Any]]:
    return [{"label": label, "value": value} for label, value in pairs]


def _list(lab: Any, ids: list[str]) -> str:
    return ", ".join(lab(i) for i in ids) if ids else "-"


def campaign_summary(data: dict[str, Any]) -> dict[str, Any]:
    """The record of a Legacy campaign, readable."""
    lab = _labeller(data)
    chapters = data.get("chapters", [])
    nxt = data.get("next", 0)
    where = ("the prologue" if nxt == 0 else f"chapter {nxt}" if nxt <= LAST_CHAPTER
             else f"free play (game {nxt - LAST_CHAPTER})")
    crests = [f"{lab(k)}: {', '.join(lab(f) for f in v)}" for k, v in data.get("crests", {}).items()]
    sections: list[dict[str, Any]] = [{"title": "The house", "rows": _rows([
        ("next", where),
        ("chapters played", str(len(chapters))),
        ("cards added", _list(lab, data.get("cards", []))),
        ("tiles added", _list(lab, data.get("tiles", []))),
        ("intensified", ", ".join(f"{lab(k)} x{v}" for k, v in data.get("intensified", {}).items())
         or "-"),
        ("in the Tomb", _list(lab, data.get("tomb", []))),
        ("destroyed", _list(lab, data.get("destroyed", []))),
        ("rules stickers", _list(lab, data.get("stickers", []))),
        ("secret passages", _list(lab, data.get("passages", []))),
        ("crests", "; ".join(crests) or "-"),
        ("omen names", "; ".join(f"{lab(k)}: {v}" for k, v in data.get("names", {}).items())
         or "-"),
    ])}]
    sections.append({
        "title": "Chapters",
        "columns": ["#", "chapter", "year", "haunt", "winner", "traitor"],
        "table": [[str(ch["number"]), ch["title"], str(ch["year"]), lab(ch.get("haunt") or "-"),
                   ch["winner"] or "no one", lab(ch["traitor"]) if ch.get("traitor") else "-"]
                  for ch in chapters],
    })
    for ch in chapters:
        rows = [(lab(s["family"]), f"{s['name']}, {s['age']}: {s['fate']}") for s in ch["seats"]]
        if ch.get("joined"):
            rows.append(("joined late", _list(lab, ch["joined"])))
        if ch.get("ending"):
            rows.append(("ending read", "the heroes'" if ch["ending"] == "heroes"
                         else "the traitor's"))
        rows += [("change", lab(c)) for c in ch.get("changes", [])]
        sections.append({"title": f"{'Prologue' if ch['number'] == 0 else 'Chapter ' + str(ch['number'])}"
                                  f" ({ch['year']}): {ch['title']}", "rows": _rows(rows)})
    sections.append({
        "title": "Families",
        "columns": ["family", "member", "age", "chapter", "fate", "died", "traitor"],
        "table": [[lab(fam), m["name"], str(m["age"]), str(m["chapter"]), m["fate"],
                   "yes" if m["died"] else "no", "yes" if m["traitor"] else "no"]
                  for fam, f in data.get("families", {}).items() for m in f["members"]],
    })
    sections.append({
        "title": "Heirlooms",
        "columns": ["family", "item", "name", "chapter"],
        "table": [[lab(h["family"]), lab(cid), h["name"], str(h["chapter"])]
                  for cid, h in data.get("heirlooms", {}).items()],
    })
    return {"title": "The history of the house", "sections": sections}
