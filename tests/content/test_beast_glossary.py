"""The beast glossary (content/beast/glossary.yaml, docs/content.md "The beast glossary") is
validated like the rest of the pack: a malformed entry is refused with its file, line, entry
and field named, and a word may explain only one entry."""

from __future__ import annotations

from pathlib import Path

import pytest

from hauntkit.core.content import load_pack
from hauntkit.core.errors import ContentError
from hauntkit.rulesets.beast.pack import PACK_SPEC


def _problems(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "glossary.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_pack(PACK_SPEC, [path])
    return [line for line in str(info.value).splitlines() if "glossary.yaml" in line]


def test_a_malformed_entry_names_file_line_entry_and_field(tmp_path: Path) -> None:
    found = _problems(tmp_path, """ruleset: beast
glossary:
  - id: hp
    term: Health
    abbreviations: [HP]
    text: How much harm a unit can take.
  - id: cp
    term: strength
    abbreviations: ["  "]
    text: An enemy's strength
  - id: sanity
    text: A hunter's hold on their mind.
""")
    assert any(":9: glossary[1].abbreviations" in p and "empty word" in p for p in found), found
    assert any(":10: glossary[1].text" in p and "full stop" in p for p in found), found
    assert any(":11: glossary[2].term" in p for p in found), found


def test_a_word_that_explains_two_entries_is_refused(tmp_path: Path) -> None:
    found = _problems(tmp_path, """ruleset: beast
glossary:
  - id: defence
    term: Defence
    abbreviations: [DEF]
    text: How many dice a unit rolls to block.
  - id: defeat
    term: defeated
    abbreviations: [DEF]
    text: Out of the battle.
""")
    assert any(":9: glossary[1].abbreviations[0] (id 'defeat')" in p and "'DEF'" in p
               and "'defence'" in p for p in found), found
