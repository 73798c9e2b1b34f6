"""The beast glossary (content/beast/glossary.yaml): every term and abbreviation a battle page
or its log shows, explained in plain words. The page shows each as a tooltip where it appears
and lists them all under "Terms"; the catalogue carries them (catalogue.py)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator


class GlossaryTerm(BaseModel):
    """One term: the words a player reads, its abbreviations and what it means."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=1)
    term: str = Field(min_length=1, description="the term as the page writes it")
    abbreviations: list[str] = Field(default_factory=list,
                                     description="short forms the page or the rules use")
    forms: list[str] = Field(default_factory=list,
                             description="other words the page shows for the same thing")
    text: str = Field(min_length=12, description="what it means, in a sentence or two")
    replace: bool = Field(False, description="override an entry of the same id loaded earlier")

    @field_validator("abbreviations", "forms")
    @classmethod
    def _no_blank(cls, words: list[str]) -> list[str]:
        for word in words:
            if not word.strip():
                raise ValueError("an empty word; write the word or leave it out")
        return words

    @field_validator("text")
    @classmethod
    def _a_sentence(cls, text: str) -> str:
        if text.rstrip()[-1:] not in (".", "!", "?"):
            raise ValueError("the text should end a sentence (a full stop)")
        return text

    def words(self) -> list[str]:
        """Every way the page writes this term: the term, its abbreviations, its forms."""
        return [self.term, *self.abbreviations, *self.forms]


def check_glossary(items: dict[str, Any]) -> list[tuple[Any, ...]]:
    """No word (term, abbreviation or form) explains two entries: a tooltip must be one text."""
    problems: list[tuple[Any, ...]] = []
    seen: dict[str, str] = {}
    for tid, entry in items.get("glossary", {}).items():
        fields = [("term", None, entry.term)]
        fields += [("abbreviations", i, w) for i, w in enumerate(entry.abbreviations)]
        fields += [("forms", i, w) for i, w in enumerate(entry.forms)]
        for name, index, word in fields:
            key = word.strip().lower()
            loc = (name,) if index is None else (name, index)
            if key in seen and seen[key] != tid:
                problems.append(("glossary", tid, loc,
                                 f"{word!r} is already explained by the entry {seen[key]!r}"))
            seen.setdefault(key, tid)
    return problems


def glossary_catalogue(entries: dict[str, GlossaryTerm]) -> dict[str, dict[str, Any]]:
    """The glossary for clients: id -> term, abbreviations, forms and text."""
    return {tid: {"term": g.term, "abbreviations": list(g.abbreviations),
                  "forms": list(g.forms), "text": g.text} for tid, g in entries.items()}
