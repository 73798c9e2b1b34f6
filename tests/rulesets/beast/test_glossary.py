"""The glossary covers what a beast page and its log show (content/beast/glossary.yaml): every
term the renderer shows as a tooltip, every abbreviation it keeps in capitals, every element
and die face the log names, and every capitalised abbreviation in the log lines of random
games ("Elemental Attacks", RULING R1's faces). The catalogue delivers it to the page."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from hauntkit.core import Game
from hauntkit.core.ruleset import starter_ruleset
from hauntkit.rulesets.beast import BeastRuleset
from hauntkit.rulesets.beast.labels import ELEMENT_WORDS, FACE_WORDS

RENDER = Path(__file__).parents[3] / "src/hauntkit/web/js/render"
ABBREVIATION = re.compile(r"\b[A-Z]{2,}\b|\bA(?:\d+|\*)/R\d+\b")


@pytest.fixture(scope="module")
def glossary(rs: BeastRuleset) -> dict[str, dict]:
    return rs.catalogue()["glossary"]


@pytest.fixture(scope="module")
def words(glossary: dict[str, dict]) -> set[str]:
    return {w for g in glossary.values() for w in [g["term"], *g["abbreviations"], *g["forms"]]}


def _js() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(RENDER.glob("beast*.js")))


def test_the_catalogue_carries_every_entry_with_its_text(glossary: dict[str, dict]) -> None:
    assert len(glossary) >= 40
    assert glossary["hp"] == {"term": "Health", "abbreviations": ["HP"], "forms": [],
                              "text": glossary["hp"]["text"]}
    assert all(g["text"].endswith(".") for g in glossary.values())


def test_every_term_the_renderer_tooltips_is_in_the_glossary(words: set[str]) -> None:
    js = _js()
    keys = set(re.findall(r"\bterm\(\"([^\"]+)\"", js))
    assert {"HP", "Sanity", "strength", "initiative", "cooling down", "Crypto"} <= keys
    assert sorted(keys - words) == []
    # the abbreviations content texts keep in capitals (beast-common.js, inWords)
    kept = re.search(r"KEEP_CAPS = new Set\(\[([^\]]*)\]\)", js)
    assert kept is not None
    assert sorted(set(re.findall(r"\"([A-Z]+)\"", kept.group(1))) - words) == []
    # the dice key's faces
    assert set(re.findall(r"\[\d, \"([a-z& ]+)\"\]", js)) == set(FACE_WORDS.values())


def test_every_element_and_die_face_the_log_names_is_explained(words: set[str]) -> None:
    assert sorted(set(ELEMENT_WORDS.values()) - {"poison"} - words) == []
    assert sorted(set(FACE_WORDS.values()) - words) == []
    assert {"A/R", "CP", "primed", "ether", "nether", "second special ability",
            "combat card", "cruelty", "six-sided die"} <= words


def test_every_abbreviation_in_the_log_of_random_games_is_explained(rs: BeastRuleset,
                                                                    words: set[str]) -> None:
    unexplained: dict[str, str] = {}
    seen = 0
    for seed in range(4):
        game = Game.new(rs, {}, seed)
        pick = random.Random(seed)
        for _ in range(900):
            if game.over:
                break
            seat = pick.choice(game.to_act())
            game.act(seat, pick.choice(game.legal_actions(seat)))
        for event in game.state["log"]:
            text = event["text"]
            for found in ABBREVIATION.findall(text):
                seen += 1
                key = "A/R" if "/" in found else found
                if key not in words and not any(found in w and w in text for w in words):
                    unexplained.setdefault(found, text)
    assert seen > 10  # HP and the like do show up
    assert unexplained == {}


def test_the_starter_ruleset_has_the_same_glossary() -> None:
    ruleset = starter_ruleset("beast")
    assert isinstance(ruleset, BeastRuleset)
    assert "attack-range" in ruleset.catalogue()["glossary"]
