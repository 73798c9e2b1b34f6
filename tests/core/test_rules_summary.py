"""The rules at hand: each game's rules summary (hauntkit/content/<ruleset>/rules.yaml, docs/content.md
"Rules summaries") loads through core.rules_summary, reads as player-facing words, covers what a
new player needs in order of play, and is written in our own words, never copied from the rule
documents. A malformed file is refused naming the file, the line and the field."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hauntkit.core.content import RULES_SUMMARY_FILE, starter_dir, yaml_files
from hauntkit.core.errors import ContentError
from hauntkit.core.rules_summary import load_rules_file, load_rules_summary
from hauntkit.testing.wording import problems

REPO = Path(__file__).resolve().parents[2]
RULES = REPO.parent / "shared" / "rules"

# What a new player needs, by section id, for each game (the common ones, then the game's own).
COMMON = ["goal", "setup", "turn", "traits_and_rolls", "haunt", "fighting", "cards", "screens"]
REQUIRED = {
    "betrayal": [*COMMON, "discovering_rooms", "sides_and_secrets", "monsters_and_death",
                 "winning"],
    "legacy": [*COMMON, "regions", "action_words", "heirlooms", "traitor",
               "monsters_and_dying", "campaign"],
    "beast": ["goal", "setup", "hunters", "battle_grid", "turn", "ranges", "combat_dice",
              "enemies", "statuses", "elements", "light", "hunt", "renown_and_infamy",
              "screens"],
}
# The rule documents each summary is written from (the README of /work/shared/rules).
SOURCES = {
    "betrayal": ["betrayal-turn-movement-cards.md", "betrayal-items-dice-attacks.md",
                 "betrayal-rulebook-digest.md", "RULINGS.md"],
    "legacy": ["betrayal-legacy-rulebook.md", "RULINGS.md"],
    "beast": ["riddle-of-the-beast-rules.md", "RULINGS.md"],
}
RULESETS = sorted(REQUIRED)
WORDS = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
RUN = 8  # words in a row that may not come from a rule document


def words(text: str) -> list[str]:
    return WORDS.findall(text.lower().replace("\u2019", "'"))


def runs(text: str) -> set[tuple[str, ...]]:
    """Every run of RUN consecutive words of ``text``."""
    found = words(text)
    return {tuple(found[i:i + RUN]) for i in range(len(found) - RUN + 1)}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_each_game_has_a_summary_of_eight_to_fourteen_sections(ruleset: str) -> None:
    summary = load_rules_summary(ruleset)
    assert summary is not None
    assert summary["title"].startswith("How to play ")
    assert 8 <= len(summary["sections"]) <= 14
    assert all(set(s) == {"id", "title", "text"} for s in summary["sections"])


@pytest.mark.parametrize("ruleset", RULESETS)
def test_each_summary_covers_what_a_new_player_needs(ruleset: str) -> None:
    ids = [s["id"] for s in load_rules_summary(ruleset)["sections"]]
    assert sorted(set(REQUIRED[ruleset]) - set(ids)) == []
    # in order of play: what the game is for and its set-up first, the screens last
    assert ids[:2] == ["goal", "setup"] and ids[-1] == "screens"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_section_reads_as_words_for_players(ruleset: str) -> None:
    summary = load_rules_summary(ruleset)
    found = {f"{s['id']}: {p}" for s in summary["sections"]
             for p in problems(s["title"]) + problems(s["text"])}
    assert problems(summary["title"]) == [] and found == set()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_section_is_short(ruleset: str) -> None:
    lengths = {s["id"]: len(s["text"].split()) for s in load_rules_summary(ruleset)["sections"]}
    assert {k: n for k, n in lengths.items() if not 60 <= n <= 180} == {}


@pytest.mark.skipif(not RULES.is_dir(), reason=f"the rule documents are not beside this clone "
                    f"({RULES})")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_summary_copies_a_rule_document(ruleset: str) -> None:
    """Content in our own words (docs/content.md): no run of eight words in a row of a summary
    is found in the rule documents it was written from."""
    source: set[tuple[str, ...]] = set()
    for name in SOURCES[ruleset]:
        source |= runs((RULES / name).read_text(encoding="utf-8"))
    summary = load_rules_summary(ruleset)
    copied = {f"{s['id']}: {' '.join(run)}" for s in summary["sections"]
              for run in runs(s["title"] + " " + s["text"]) & source}
    assert copied == set()


def test_the_copy_check_finds_a_copied_sentence() -> None:
    text = "Whenever a game effect makes you draw a card, you must STOP moving."
    assert runs(text) & runs("You can move. Whenever a game effect makes you draw a card, you "
                             "must stop moving for the rest of your turn.")
    assert not runs("Drawing a card for any reason stops your movement.") & runs(text)


def test_a_ruleset_without_a_rules_file_has_no_summary() -> None:
    assert load_rules_summary("no-such-game") is None
    assert load_rules_summary("../betrayal") is None  # an id, never a path


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / RULES_SUMMARY_FILE
    path.write_text(text, encoding="utf-8")
    return path


GOOD_SECTION = "  - id: turn\n    title: Your turn\n    text: Move, then explore.\n"


@pytest.mark.parametrize(("text", "line", "field", "says"), [
    ("sections:\n" + GOOD_SECTION, 1, "title", "required field 'title' is missing"),
    ("title: How to play\nsections:\n" + GOOD_SECTION + GOOD_SECTION, 6, "sections[1].id",
     "duplicate id 'turn' (first on line 3)"),
    ("title: How to play\nsections:\n  - id: turn\n    title: Your turn\n    text: ''\n", 5,
     "sections[0].text", "at least 1 character"),
    ("title: How to play\nsections:\n  - id: turn\n    title: Your turn\n    text: '  '\n", 5,
     "sections[0].text", "must hold words"),
    ("title: How to play\nsections:\n  - id: Your-Turn\n    title: Your turn\n    text: Go.\n",
     3, "sections[0].id", "should match pattern"),
    ("title: How to play\nsections:\n  - id: turn\n    title: Your turn\n"
     "    text: \"You may:\\n- move\\n- explore\"\n", 5, "sections[0].text",
     "shares its paragraph with plain lines"),
    ("title: How to play\nsections: []\n", 2, "sections", "at least 1 item"),
])
def test_a_malformed_file_is_refused_naming_file_line_and_field(
        tmp_path: Path, text: str, line: int, field: str, says: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ContentError) as caught:
        load_rules_file(path)
    message = str(caught.value)
    assert message.startswith(f"{path}:{line}: {field}: "), message
    assert says in message


def test_a_yaml_mistake_is_refused_with_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, "title: How to play\nsections:\n  - id: turn\n    title: [\n")
    with pytest.raises(ContentError, match=re.escape(f"{path}:") + r"\d+: YAML syntax error"):
        load_rules_file(path)


def test_a_pack_folder_leaves_its_rules_summary_out(tmp_path: Path) -> None:
    """The rules summary sits among a game's content files but is no pack content: the pack
    loader (and `hauntkit validate`) never read it, while a file given by name still is."""
    for ruleset in RULESETS:
        files = yaml_files([starter_dir(ruleset)])
        assert starter_dir(ruleset) / RULES_SUMMARY_FILE not in files
        assert files  # the rest of the pack is still found
    nested = tmp_path / "more"
    nested.mkdir()
    write(nested, "title: not a summary\n")
    write(tmp_path, "title: a summary\n")
    assert yaml_files([tmp_path]) == [nested / RULES_SUMMARY_FILE]


def test_the_documented_example_loads_as_documented(tmp_path: Path) -> None:
    """docs/content.md "Rules summaries": its example is a valid file, and its text becomes the
    paragraphs and list it describes."""
    doc = (REPO / "docs" / "content.md").read_text(encoding="utf-8")
    section = doc[doc.index("## Rules summaries"):]
    example = section[section.index("```yaml\n") + 8:section.index("```\n")]
    (turn,) = load_rules_file(write(tmp_path, example))["sections"]
    blocks = turn["text"].split("\n\n")
    assert len(blocks) == 3
    assert [line[:2] for line in blocks[2].split("\n")] == ["- ", "- "]
