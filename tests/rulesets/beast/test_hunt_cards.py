"""Blue and Gray Event cards and Theme cards: where a hunt's Renown and Infamy come from.

riddle-of-the-beast-rules.md, "Renown vs. Infamy": Renown and Infamy "utilize points earned
through Blue and Gray Event and Theme Cards to raise their Rank", both "reset at the start of
each Investigation", and their rank tables (0-2, 3-5, 6-7, 8+) give the abilities. RULING
HR-107 (docs/rulings.md): one Blue or Gray Event card drawn at every location after its own
events, none twice in an Investigation; one Theme card drawn at an Investigation's start, paying
its points each time its condition is met (up to ``times``). The test hunt ``t-cards``
(hunt_pack/) draws them; the starter pack's coloured cards and themes are used.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from huntkit import end_battle, hunt_rs, to_phase

from hauntkit.core import Game
from hauntkit.core.errors import ContentError
from hauntkit.core.ruleset import starter_ruleset
from hauntkit.rulesets.beast import BeastRuleset
from hauntkit.rulesets.beast.hunt import cards, renown


@pytest.fixture(scope="module")
def hrs() -> BeastRuleset:
    return hunt_rs()


def coloured(rs: BeastRuleset) -> list[str]:
    return sorted(k for k, e in rs.c.hunt_events.items() if e.colour)


def card_leg(rs: BeastRuleset, inv: str, loc: str, *, card: str | None = None,
             theme: str | None = None, renown: int = 0, infamy: int = 0,
             dice: list[int] | None = None) -> Game:
    """A leg of ``t-cards`` carried in mid-investigation: ``card`` is the one Blue or Gray card
    left to draw (every other one counts as drawn), ``theme`` the Investigation's Theme card."""
    data = rs.campaign_start({"hunt": "t-cards", "players": 1})
    hunt = rs.c.hunts["t-cards"]
    i = [x.id for x in hunt.investigations].index(inv)
    data["at"] = [i, hunt.investigations[i].locations.index(loc)]
    data["run"] = {"renown": renown, "infamy": infamy, "clues": 0,
                   "theme": {"card": theme, "paid": 0} if theme else None,
                   "drawn": [k for k in coloured(rs) if k != card] if card else []}
    cfg = {"hunt": {"hunt": "t-cards", "investigation": inv, "location": loc},
           "players": 1, "dice": dice or []}
    return Game.new(rs, cfg, 3, carry_in=data)


def play_out(game: Game) -> None:
    """Finish the leg: each seat says done, or takes its first option when it must."""
    while not game.over:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        game.act(seat, {"type": "done"} if {"type": "done"} in legal else legal[0])


def log_texts(game: Game, kind: str) -> list[str]:
    return [e["text"] for e in game.state["log"] if e["type"] == kind]


# -- Blue and Gray Event cards ------------------------------------------------------------

def test_a_blue_card_raises_renown(hrs):
    """"Renown vs. Infamy": Renown from Blue Event cards (HR-107: drawn after the location's
    own events; a Blue card earns Renown). Lost Child: walking her home earns 2 Renown."""
    game = card_leg(hrs, "c1", "t-quiet", card="lost-child", dice=[6])
    h = game.state["hunt"]
    assert h["event"] == "lost-child" and game.state["clues"] == 1  # t-clue came first
    assert "Blue Event card: A Lost Child." in log_texts(game, "event")[-1]
    assert game.state["renown"] == 0
    game.act(0, {"type": "choose", "choice": "home"})
    assert (game.state["renown"], game.state["infamy"]) == (2, 0)
    assert game.state["drawn"][-1] == "lost-child"


def test_a_blue_card_without_a_choice_pays_at_once(hrs):
    """HR-107: Front Page, a Blue card with no choice, earns 1 Renown when drawn."""
    game = card_leg(hrs, "c1", "t-quiet", card="front-page", renown=1, dice=[6])
    assert game.state["renown"] == 2
    assert "Front Page: +1 Renown." in log_texts(game, "gain")


def test_a_gray_card_raises_infamy(hrs):
    """"Renown vs. Infamy": Infamy from Gray Event cards (HR-107). A Back-Alley Deal: selling
    pays 4 Crypto and earns 2 Infamy; Wanted Posters earn 1 Infamy at once."""
    game = card_leg(hrs, "c1", "t-quiet", card="back-alley-deal", dice=[6])
    crypto = game.state["crypto"]
    assert "Gray Event card: A Back-Alley Deal." in log_texts(game, "event")[-1]
    game.act(0, {"type": "choose", "choice": "sell"})
    assert (game.state["infamy"], game.state["renown"]) == (2, 0)
    assert game.state["crypto"] == crypto + 4
    posters = card_leg(hrs, "c1", "t-quiet", card="wanted-posters", dice=[6])
    assert posters.state["infamy"] == 1


def test_one_card_at_each_location_never_twice_in_an_investigation(hrs):
    """HR-107: each location draws one card, after its own events, from the cards not yet drawn
    in this Investigation; the view names them and their colours."""
    rs = hrs
    data = rs.campaign_start({"hunt": "t-cards", "players": 1})
    seen: list[str] = []
    for j, loc in enumerate(["t-empty", "t-quiet"]):
        data["at"] = [0, j]
        game = Game.new(rs, {"hunt": {"hunt": "t-cards", "investigation": "c1",
                                      "location": loc}, "players": 1}, 20 + j, carry_in=data)
        drawn = game.state["drawn"]
        assert len(drawn) == j + 1 and drawn[:j] == seen and drawn[j] not in seen
        assert rs.c.hunt_events[drawn[j]].colour in ("blue", "gray")
        names = [c["name"] for c in game.view(0)["event_cards"]]
        assert names == [rs.c.hunt_events[k].name for k in drawn]
        seen = list(drawn)
        play_out(game)
        data = rs.carry_out(game.state)


# -- Theme cards --------------------------------------------------------------------------

def test_a_theme_card_is_drawn_at_the_start_and_shown_in_words(hrs):
    """HR-107: an Investigation's first location draws its Theme card, shown to every hunter in
    the log and the view, in words (its name, text and what it pays)."""
    game = card_leg(hrs, "c1", "t-empty")
    theme = game.state["theme"]
    card = hrs.c.themes[theme["card"]]
    assert theme["paid"] == 0
    line = log_texts(game, "theme")[0]
    assert line.startswith(f"Theme card: {card.name}. {card.text} +")
    assert "Investigation" in line and card.id not in line.replace(card.name, "")
    for seat in (0, None):
        shown = game.view(seat)["theme"]
        assert shown["name"] == card.name and shown["goal"] == cards.goal_words(hrs, card)


def test_a_theme_pays_for_a_battle_won_without_a_hunter_going_down(hrs):
    """HR-107: Guardians of the Town: +3 Renown when the hunters win a battle without a hunter
    going down, once per Investigation; a battle where one falls pays nothing."""
    game = card_leg(hrs, "c1", "t-quiet", card="wanted-posters", theme="guardians", dice=[1])
    to_phase(game, "battle")
    end_battle(game, hrs, "hunters")
    assert game.state["renown"] == 3 and game.state["theme"]["paid"] == 1
    assert any("Guardians of the Town" in t and "+3 Renown" in t
               for t in log_texts(game, "gain"))
    fallen = card_leg(hrs, "c1", "t-quiet", card="wanted-posters", theme="guardians",
                      dice=[1])
    to_phase(fallen, "battle")
    end_battle(fallen, hrs, "hunters", michael={"alive": False, "hp": 0})
    assert fallen.state["renown"] == 0 and fallen.state["theme"]["paid"] == 0


def test_a_theme_pays_only_as_often_as_it_says(hrs):
    """HR-107: a Theme card pays at most ``times`` times in one Investigation (Guardians: once,
    already paid at an earlier location)."""
    game = card_leg(hrs, "c1", "t-quiet", card="wanted-posters", theme="guardians", dice=[1])
    game.state["theme"]["paid"] = 1
    to_phase(game, "battle")
    end_battle(game, hrs, "hunters")
    assert game.state["renown"] == 0


def test_a_theme_pays_for_each_enemy_defeated(hrs):
    """HR-107: Trophy Hunters: +1 Infamy for each enemy defeated (the thug of Quiet Street)."""
    game = card_leg(hrs, "c1", "t-quiet", card="front-page", theme="trophy-hunters", dice=[1])
    to_phase(game, "battle")
    end_battle(game, hrs, "hunters")
    assert (game.state["infamy"], game.state["theme"]["paid"]) == (1, 1)


def test_a_theme_pays_for_a_clue_and_for_a_passed_check(hrs):
    """HR-107: Busybodies: +1 Infamy for a clue found at an event (Quiet Street's); Scholars of
    the Occult: +2 Renown when a hunter passes an event's skill check (HR-106)."""
    game = card_leg(hrs, "c1", "t-quiet", card="front-page", theme="busybodies", dice=[6])
    assert game.state["infamy"] == 1
    game = card_leg(hrs, "c1", "t-quiet", card="house-fire", theme="scholars", dice=[6, 6])
    game.act(0, {"type": "choose", "choice": "rush", "hunter": "michael"})
    assert game.state["renown"] == 3 + 2  # the card's 3 and the theme's 2
    failed = card_leg(hrs, "c1", "t-quiet", card="house-fire", theme="scholars", dice=[1, 6])
    failed.act(0, {"type": "choose", "choice": "rush", "hunter": "michael"})
    assert failed.state["renown"] == 1 and failed.state["theme"]["paid"] == 0


@pytest.mark.parametrize(("theme", "kind", "facts", "paid"), [
    ("grave-wardens", "enemy_defeated", {"enemy": "ghoul"}, True),
    ("grave-wardens", "enemy_defeated", {"enemy": "thug"}, False),
    ("open-purses", "crypto_paid", {}, True),
    ("open-purses", "clue_found", {}, False),
    ("scholars", "battle_won", {"unhurt": True}, False),
])
def test_a_theme_condition_matches_only_its_own_kind(hrs, theme, kind, facts, paid):
    """HR-107: a condition names what happened (an Undead enemy: a ghoul, not a thug)."""
    state: dict[str, Any] = {"theme": {"card": theme, "paid": 0}, "renown": 0, "log": []}
    cards.note(hrs, state, kind, **facts)
    assert (state["renown"] > 0) is paid


# -- resets and ranks -------------------------------------------------------------------------

def test_points_and_theme_reset_at_the_next_investigation_and_karma_pays(hrs):
    """"Renown vs. Infamy": Renown and Infamy reset at the start of each Investigation; Renown 3
    (Karma: 2 Crypto per hunter) reached through a Blue card and the Theme card (HR-107) pays at
    the Investigation's end. The next Investigation draws a new Theme card and its own cards."""
    game = card_leg(hrs, "c1", "t-lair", card="front-page", theme="guardians", renown=4,
                    infamy=4, dice=[1])  # Let's Talk's check fails: the thug stays to fight
    assert game.state["renown"] == 5  # Front Page: rank 1
    to_phase(game, "battle")
    end_battle(game, hrs, "hunters")
    assert game.state["renown"] == 8 and renown.renown_level(game.state) == 3
    play_out(game)
    assert "Karma: +4 Crypto." in log_texts(game, "karma")
    data = hrs.carry_out(game.state)
    assert data["run"]["renown"] == data["run"]["infamy"] == 0
    assert data["run"]["theme"] is None and data["run"]["drawn"] == []
    assert data["at"] == [1, 0]
    nxt = Game.new(hrs, {"hunt": {"hunt": "t-cards", "investigation": "c2",
                                  "location": "t-empty"}, "players": 1}, 9, carry_in=data)
    st = nxt.state
    assert st["theme"] is not None and st["theme"]["paid"] == 0
    assert len(st["drawn"]) == 1
    assert log_texts(nxt, "theme")


def test_a_gray_card_reaches_lets_fight_and_reckless(hrs):
    """"Renown vs. Infamy" / Infamy 1 (Let's Fight) and 2 (Reckless), reached through Gray
    cards (HR-107): 2 Infamy + Wanted Posters = 3: a fight may be picked; 5 + the Back-Alley
    Deal's 2 = 7: the ambush roll is against risk 2 + 1."""
    game = card_leg(hrs, "c1", "t-quiet", card="wanted-posters", infamy=2, dice=[6])
    assert {"type": "fight"} in game.legal_actions(0)
    plain = card_leg(hrs, "c1", "t-quiet", card="front-page", infamy=2, dice=[6])
    assert {"type": "fight"} not in plain.legal_actions(0)
    game = card_leg(hrs, "c1", "t-quiet", card="back-alley-deal", infamy=5, dice=[3])
    game.act(0, {"type": "choose", "choice": "sell"})
    ambush = [e for e in game.state["log"] if e["type"] == "ambush"][-1]
    assert (ambush["risk"], ambush["ambushed"]) == (3, True)


def test_a_blue_card_reaches_lets_talk(hrs):
    """"Renown vs. Infamy" / Renown 1 (Let's Talk) reached through a Blue card (HR-107): 2
    Renown + Front Page = 3, and at the battle's start the thug (100 CP) is talked away on a
    check of 5+; without the card nobody talks."""
    game = card_leg(hrs, "c1", "t-quiet", card="front-page", renown=2, dice=[1, 6])
    game.act(0, {"type": "done"})  # the battle begins: the thug is talked away at once
    assert [e["unit"] for e in game.state["log"] if e["type"] == "fled"] == ["thug-1"]
    assert game.state["phase"] == "loot"
    plain = card_leg(hrs, "c1", "t-quiet", card="wanted-posters", renown=2, dice=[1, 6, 1])
    plain.act(0, {"type": "done"})
    assert plain.state["phase"] == "battle"
    assert not [e for e in plain.state["log"] if e["type"] == "fled"]


def test_ranks_are_reached_in_ordinary_hunts():
    """HR-107's reason: with the cards, random play of the starter hunts reaches every rank of
    both tables in some Investigation (before them no Investigation reached Renown 3)."""
    rs = starter_ruleset("beast")
    best: dict[str, int] = {"renown": 0, "infamy": 0}
    for seed in range(30):
        pick = random.Random(seed)
        data = rs.campaign_start({"hunt": sorted(rs.c.hunts)[seed % len(rs.c.hunts)],
                                  "players": 1})
        leg = 0
        while (cfg := rs.campaign_next({}, data, [])) is not None and leg < 6:
            game = Game.new(rs, dict(cfg, players=1), seed * 31 + leg, carry_in=data)
            for _ in range(3000):
                if game.over:
                    break
                seat = game.to_act()[0]
                legal = game.legal_actions(seat)
                done = [a for a in legal if a.get("type") == "done"]
                game.act(seat, done[0] if done and pick.random() < 0.35 else pick.choice(legal))
                for k in best:
                    best[k] = max(best[k], renown.level(game.state.get(k, 0)))
            data = rs.carry_out(game.state)
            leg += 1
    assert best == {"renown": 3, "infamy": 3}


# -- content checks ---------------------------------------------------------------------------

BAD = {
    "colour: grey": ("hunt_events", "  - {id: x, name: X, text: t, colour: grey, "
                     "effects: {infamy: 1}}", "hunt_events[0].colour"),
    "blue earning infamy": ("hunt_events", "  - {id: x, name: X, text: t, colour: blue, "
                            "effects: {infamy: 1}}", "a blue card must earn renown"),
    "gray earning renown too": ("hunt_events", "  - {id: x, name: X, text: t, colour: gray, "
                                "effects: {infamy: 1, renown: 1}}", "never renown"),
    "unknown condition": ("themes", "  - {id: x, name: X, text: t, renown: 1, "
                          "when: {kind: battle_lost}}", "themes[0].when"),
    "field of another condition": ("themes", "  - {id: x, name: X, text: t, renown: 1, "
                                   "when: {kind: battle_won, skill: athletics}}",
                                   "themes[0].when.skill"),
    "both kinds of points": ("themes", "  - {id: x, name: X, text: t, renown: 1, infamy: 1, "
                             "when: {kind: clue_found}}", "renown/infamy"),
    "no points": ("themes", "  - {id: x, name: X, text: t, when: {kind: clue_found}}",
                  "renown/infamy"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_malformed_cards_name_the_file_and_field(tmp_path: Path, case: str):
    """HR-107's content: a wrong colour, a card earning the other colour's points, an unknown
    condition or a Theme card without exactly one kind of points is refused, naming the file
    and the field."""
    kind, line, field = BAD[case]
    path = tmp_path / "bad_cards.yaml"
    path.write_text(f"ruleset: beast\n{kind}:\n{line}\n")
    with pytest.raises(ContentError) as err:
        BeastRuleset.from_content([str(tmp_path)])
    text = str(err.value)
    assert "bad_cards.yaml" in text and field in text, text


def test_a_theme_naming_an_unknown_enemy_is_refused(tmp_path: Path):
    """HR-107's content: a Theme card's enemy must exist."""
    (tmp_path / "t.yaml").write_text(
        "ruleset: beast\nthemes:\n  - {id: x, name: X, text: t, renown: 1, "
        "when: {kind: enemy_defeated, enemy: nobody}}\n")
    with pytest.raises(ContentError, match="unknown enemy 'nobody'"):
        BeastRuleset.from_content([str(tmp_path)])
