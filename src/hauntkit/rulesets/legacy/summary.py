"""The Legacy campaign record as labelled sections (``campaign_summary``), for the campaign
page and ``hauntkit campaign status/history``: plain JSON ``{"title": ..., "sections": [...]}``
where a section is ``{"title", "rows": [{"label", "value"}, ...]}`` or ``{"title", "columns":
[...], "table": [[...], ...]}`` (the format of ``hauntkit.core.campaign_view``). Ids are shown
by the printed names the record keeps in ``labels`` (haunts by the names ``haunts`` gives).

With the chapters at hand (``find``: number -> chapter), each played chapter's section opens
with its story and gives the ending read, and a last chapter section tells the next chapter's
story: never its haunt (rulebook "The Legacy Decks": the cards are read in order, one at a
time)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from hauntkit.rulesets.legacy.chapters import LAST_CHAPTER, Chapter
from hauntkit.rulesets.legacy.story import chapter_name

Find = Callable[[int], Chapter | None]

_ID = re.compile(r"\b[a-z][a-z0-9_]*\b")


def _labeller(data: dict[str, Any], more: dict[str, str]) -> Any:
    labels: dict[str, str] = {**more, **data.get("labels", {})}

    def lab(text: str) -> str:
        return _ID.sub(lambda m: labels.get(m.group(0), m.group(0)), text)

    return lab


def _rows(pairs: list[tuple[str, str]]) -> list[dict[str, Any]]:
    return [{"label": label, "value": value} for label, value in pairs]


def _list(lab: Any, ids: list[str]) -> str:
    return ", ".join(lab(i) for i in ids) if ids else "-"


def _no_chapter(number: int) -> Chapter | None:
    return None


def _played(lab: Any, ch: dict[str, Any], chapter: Chapter | None) -> dict[str, Any]:
    """One played chapter: its story (when the chapter played is at hand), seats, ending and
    changes."""
    known = chapter if chapter is not None and chapter.id == ch.get("id") else None
    rows = [(lab(s["family"]), f"{s['name']}, {s['age']}: {s['fate']}") for s in ch["seats"]]
    if ch.get("joined"):
        rows.append(("joined late", _list(lab, ch["joined"])))
    if ch.get("ending"):
        rows.append(("ending read", "the heroes'" if ch["ending"] == "heroes"
                     else "the traitor's"))
        if known is not None:
            rows.append(("ending", known.endings[ch["ending"]].text))
    rows += [("change", lab(c)) for c in ch.get("changes", [])]
    out: dict[str, Any] = {"title": f"{chapter_name(ch['number'])} ({ch['year']}): {ch['title']}"}
    if known is not None:
        out["text"] = known.story
    return {**out, "rows": _rows(rows)}


def _coming(chapter: Chapter) -> dict[str, Any]:
    """The next chapter, before it is played: its story alone."""
    return {"title": f"Next: {chapter_name(chapter.number)} ({chapter.year}): {chapter.title}",
            "text": chapter.story}


def campaign_summary(data: dict[str, Any], find: Find = _no_chapter,
                     haunts: dict[str, str] | None = None) -> dict[str, Any]:
    """The record of a Legacy campaign, readable."""
    lab = _labeller(data, haunts or {})
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
    sections += [_played(lab, ch, find(ch["number"])) for ch in chapters]
    coming = find(nxt)
    if coming is not None:
        sections.append(_coming(coming))
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
