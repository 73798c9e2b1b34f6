"""Free play's haunt chart (RULINGS B13, HL-20): the pack check and the starter chart."""

from __future__ import annotations

import pytest

from hauntkit.core.content import ContentError, load_pack, starter_dir, yaml_files
from hauntkit.core.ruleset import get_ruleset
from hauntkit.rulesets.legacy.schema import PACK_SPEC


def test_the_starter_chart_covers_every_omen_on_every_omen_tile():
    """RULING HL-20: one cell per (omen card, omen tile) pair, each a free-play haunt."""
    ix = get_ruleset("legacy").ix
    omens = sorted(c for c, card in ix.cards.items() if card.kind == "omen" and card.in_deck)
    assert ix.omen_rooms and omens
    for omen in omens:
        for tile in ix.omen_rooms:
            assert ix.chart[(omen, tile)] in ix.free_haunts, (omen, tile)
    assert {ix.chart[k] for k in ix.chart} == set(ix.free_haunts)


def test_a_missing_chart_cell_is_a_content_problem(tmp_path):
    """RULING HL-20: a pack whose chart lacks a pair is refused, naming the omen and tile."""
    chart = starter_dir("legacy") / "haunts" / "chart.yaml"
    lines = [ln for ln in chart.read_text().splitlines() if "free_ring_chapel," not in ln]
    starter = [p for p in yaml_files([starter_dir("legacy")]) if p != chart]
    (tmp_path / "chart.yaml").write_text("\n".join(lines) + "\n")
    with pytest.raises(ContentError, match="no cell for this omen on chapel"):
        load_pack(PACK_SPEC, [*starter, tmp_path / "chart.yaml"])


def test_a_chart_cell_must_name_a_free_play_haunt(tmp_path):
    """RULING HL-20: the chart names free-play haunts only (a chapter's haunt is the
    chapter's)."""
    chart = starter_dir("legacy") / "haunts" / "chart.yaml"
    text = chart.read_text().replace(
        "{id: free_ring_chapel, omen: ring, room: chapel, haunt: ashes_of_the_chapel}",
        "{id: free_ring_chapel, omen: ring, room: chapel, haunt: the_reading}")
    starter = [p for p in yaml_files([starter_dir("legacy")]) if p != chart]
    (tmp_path / "chart.yaml").write_text(text)
    with pytest.raises(ContentError, match="'the_reading' is not a free-play haunt"):
        load_pack(PACK_SPEC, [*starter, tmp_path / "chart.yaml"])
