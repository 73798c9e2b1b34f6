"""A ruleset's rules summary: the rules at hand, in our own words, for the rules page.

A built-in ruleset keeps it as package data, ``hauntkit/content/<ruleset>/rules.yaml``
(docs/content.md, "Rules summaries"): a ``title`` and ``sections``, each with an ``id``
(lowercase words joined by underscores, unique in the file), a ``title`` and a ``text`` (plain
paragraphs separated by blank lines; lines starting with ``- `` make a list). The pack loader
skips that file (``core.content.RULES_SUMMARY_FILE``): it is read here only.
"""

from __future__ import annotations

import re
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, field_validator

from hauntkit.core.content import (
    RULES_SUMMARY_FILE,
    DuplicateKeyError,
    line_of,
    load_yaml_text_with_lines,
    validate_document,
)
from hauntkit.core.errors import ContentError

CONTENT_PACKAGE = "hauntkit.content"
RULESET_ID = re.compile(r"[a-z][a-z0-9_-]*")
SECTION_ID = r"^[a-z]+(_[a-z]+)*$"


class RulesSection(BaseModel):
    """One section of a rules summary."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(pattern=SECTION_ID, description="lowercase words joined by underscores")
    title: str = Field(min_length=1)
    text: str = Field(min_length=1)

    @field_validator("title", "text")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        return _words(value)

    @field_validator("text")
    @classmethod
    def _whole_lists(cls, value: str) -> str:
        for block in re.split(r"\n\s*\n", value):
            lines = [line.strip() for line in block.splitlines() if line.strip()]
            items = [line for line in lines if line.startswith("- ")]
            if items and len(items) < len(lines):
                raise ValueError(
                    f"the list at {items[0][:40]!r} shares its paragraph with plain lines: give "
                    "each item one line starting with '- ' and a blank line before and after "
                    "the list (in a '>-' block: two blank lines around it, one between items)")
        return value


class RulesSummary(BaseModel):
    """A whole rules summary: its title and its sections, in reading order."""

    model_config = ConfigDict(extra="forbid")

    title: str = Field(min_length=1)
    sections: list[RulesSection] = Field(min_length=1)

    @field_validator("title")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        return _words(value)


def _words(value: str) -> str:
    """A title or text that is not only spaces (an empty one fails ``min_length`` first)."""
    if not value.strip():
        raise ValueError("must hold words, not only spaces")
    return value


def load_rules_summary(ruleset_id: str) -> dict[str, Any] | None:
    """The rules summary of a built-in ruleset, ``{"title", "sections": [{"id", "title",
    "text"}]}``, or None when the ruleset has no rules file (or ``ruleset_id`` is no id).
    Raise ``ContentError`` naming the file, line and field when the file is malformed."""
    if not RULESET_ID.fullmatch(ruleset_id):
        return None
    resource = resources.files(CONTENT_PACKAGE).joinpath(ruleset_id, RULES_SUMMARY_FILE)
    if not resource.is_file():
        return None
    return load_rules_file(resource)


def load_rules_file(path: Path | Traversable) -> dict[str, Any]:
    """Read and check one rules summary file; raise ``ContentError`` listing every problem as
    ``file:line: field: what was expected``."""
    where = str(path)
    try:
        data = load_yaml_text_with_lines(path.read_text(encoding="utf-8"), where)
    except DuplicateKeyError as exc:
        raise ContentError(exc.problems()) from exc
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark else 1
        raise ContentError([f"{where}:{line}: YAML syntax error: "
                            f"{getattr(exc, 'problem', exc)}"]) from exc
    if not isinstance(data, dict):
        raise ContentError([f"{where}:1: expected a mapping with the keys title and sections"])
    summary, problems = validate_document(RulesSummary, data, where)
    if summary is None:
        raise ContentError(problems)
    duplicates = _duplicate_ids(summary, data, where)
    if duplicates:
        raise ContentError(duplicates)
    return summary.model_dump()


def _duplicate_ids(summary: RulesSummary, data: Any, where: str) -> list[str]:
    first: dict[str, int] = {}
    problems = []
    for i, section in enumerate(summary.sections):
        line = line_of(data, ["sections", i, "id"])
        if section.id in first:
            problems.append(f"{where}:{line}: sections[{i}].id: duplicate id {section.id!r} "
                            f"(first on line {first[section.id]}); each section needs its own")
        else:
            first[section.id] = line
    return problems
