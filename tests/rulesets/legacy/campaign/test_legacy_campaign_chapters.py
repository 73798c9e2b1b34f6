"""The campaign's chapters as content (rulesets/legacy/chapters.py): the starter prologue and
13 chapters load; a bad chapter file is refused with its file, line and field named."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hauntkit.core.errors import ContentError
from hauntkit.rulesets.legacy.chapters import chapters_dir, load_chapters


def test_the_starter_campaign_is_a_prologue_and_thirteen_chapters() -> None:
    """Rulebook "Overview": "At the end of 13 chapters (plus a prologue)"."""
    chapters = load_chapters()
    assert [c.number for c in chapters] == list(range(14))
    assert all(set(c.endings) == {"heroes", "traitor"} for c in chapters)
    years = [c.year for c in chapters]
    assert years == sorted(years) and len(set(years)) == 14
    # there are no omens in the starting box: the prologue's set-up brings the first ones
    assert chapters[0].setup.changes.add


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "chapters"
    shutil.copytree(chapters_dir(), folder)
    return folder


def test_a_bad_field_names_file_line_and_field(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    path = folder / "ch04.yaml"
    path.write_text(path.read_text().replace("threshold: 4", "threshold: 40"))
    with pytest.raises(ContentError) as err:
        load_chapters([folder])
    text = str(err.value)
    assert "ch04.yaml:" in text and "chapters[0].haunt.threshold" in text and "16" in text


def test_a_trigger_needs_exactly_one_of_omen_or_tile(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    path = folder / "ch01.yaml"
    path.write_text(path.read_text().replace("tile: tl_well", "tile: tl_well\n        omens: 2"))
    with pytest.raises(ContentError) as err:
        load_chapters([folder])
    assert "ch01.yaml" in str(err.value) and "exactly one of 'omens' or 'tile'" in str(err.value)


def test_a_missing_ending_or_chapter_is_named(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    (folder / "ch07.yaml").unlink()
    path = folder / "ch13.yaml"
    text = path.read_text()
    path.write_text(text[:text.index("      traitor:")])
    with pytest.raises(ContentError) as err:
        load_chapters([folder])
    msg = str(err.value)
    assert "ch13.yaml" in msg and "missing the ending of traitor" in msg
    path.write_text(text)
    with pytest.raises(ContentError) as err:
        load_chapters([folder])
    assert "lacks chapter number(s) [7]" in str(err.value)


def test_an_unknown_field_and_a_repeated_key_are_refused(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    path = folder / "ch02.yaml"
    path.write_text(path.read_text().replace("    year: 1702", "    year: 1702\n    yeer: 1"))
    path3 = folder / "ch03.yaml"
    path3.write_text(path3.read_text().replace("    year: 1731", "    year: 1731\n    year: 2"))
    with pytest.raises(ContentError) as err:
        load_chapters([folder])
    msg = str(err.value)
    assert "ch02.yaml" in msg and "yeer" in msg
    assert "ch03.yaml" in msg and "duplicate key" in msg


def test_with_the_legacy_pack_a_chapter_must_name_real_haunts_cards_and_tiles(
        tmp_path: Path) -> None:
    """Chapters are a kind of the legacy pack: `hauntkit validate --ruleset legacy` (and any
    load) checks the haunt, cards and tiles a chapter names, naming file, line and field."""
    from hauntkit.core import get_ruleset

    rs = get_ruleset("legacy")
    chapters = rs.campaign_chapters()
    assert [c.number for c in chapters] == list(range(14))
    assert all(c.haunt.haunt in rs.ix.haunts and not rs.ix.haunts[c.haunt.haunt].free_play
               for c in chapters)
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "ruleset: legacy\nchapters:\n  - id: prologue\n    replace: true\n    number: 0\n"
        "    title: A Broken Start\n    year: 1666\n    story: x\n"
        "    setup: {text: x, changes: {add: [no_such_card]}}\n"
        "    haunt: {threshold: 4, haunt: no_such_haunt}\n"
        "    endings: {heroes: {text: x}, traitor: {text: x, tiles: [om_bell]}}\n")
    with pytest.raises(ContentError) as err:
        get_ruleset("legacy", [str(tmp_path)])
    msg = str(err.value)
    assert "bad.yaml:10: chapters[0].haunt.haunt" in msg and "no_such_haunt" in msg
    assert "bad.yaml:9: chapters[0].setup.changes.add" in msg and "no_such_card" in msg
    assert "chapters[0].endings.traitor.tiles" in msg and "unknown tile 'om_bell'" in msg
