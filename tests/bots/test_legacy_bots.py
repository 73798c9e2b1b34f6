"""Bots on `legacy` (issue 11 for Betrayal Legacy): the heuristic pursues its side's goals from
the free-play books in the starter pack (never hard-coded per haunt), and ISMCTS determinizes
from the view only (rulebook "Card Decks and the Tile Stack": the backs are public; RULING B14:
the other side's secrets are not).

Set-ups follow docs/legacy.md "Scenario set-up"; haunts are content/legacy/haunts/free_play.yaml.
"""

from __future__ import annotations

import random

import pytest

# tests/bots is on sys.path (pytest's rootdir-relative import): betrayal's helpers serve here too
from test_determinize import _positions
from test_heuristic import _choose

from hauntkit.bots import bot_rng, get_bot
from hauntkit.bots.heuristic import policy_for
from hauntkit.bots.ismcts import IsmctsBot
from hauntkit.bots.legacy_policy import LegacyPolicy
from hauntkit.core.game import Game
from hauntkit.core.ruleset import get_ruleset
from hauntkit.rulesets.legacy.determinize import NotDeterminizable, determinize
from hauntkit.sim.runner import play_game

FAMILIES = ["ashdown", "crowley", "hartwell", "mercer"]


@pytest.fixture(scope="module")
def legacy():
    return get_ruleset("legacy")


def _game(rs, setup, seed=1):
    game = Game.new(rs, {"players": 4, "families": FAMILIES}, seed)
    rs.apply_setup(game.state, setup)
    return game


def test_heuristic_uses_the_legacy_policy(legacy):
    assert isinstance(policy_for(legacy), LegacyPolicy)


def test_traitor_walks_outside_and_feeds_the_well(legacy):
    """The Hungry Well's traitor book: FEED `when: {in_room: [well, family_plot, front_steps]}`;
    the Front Steps are next to the Entrance Hall (docs/legacy.md "Regions")."""
    game = _game(legacy, {"haunt": {"id": "the_hungry_well", "revealer": 0, "traitor": 1},
                          "explorers": {"0": {"room": "upper_landing"},
                                        "1": {"room": "entrance_hall"},
                                        "2": {"room": "upper_landing"},
                                        "3": {"room": "upper_landing"}},
                          "turn": {"seat": 1}})
    first = _choose(game, 1)
    assert first == {"type": "move", "to": "front_steps"}
    game.act(1, first)
    assert _choose(game, 1) == {"type": "haunt_action", "id": "feed"}


def test_traitor_seeks_a_ghost_tile_to_ignite(legacy):
    """Ashes of the Chapel's traitor book: IGNITE `when: {ghost_here: true}` (Legacy's
    condition, docs/legacy.md "Content"): the ghost tiles are where the traitor goes."""
    setup = {"haunt": {"id": "ashes_of_the_chapel", "revealer": 1, "traitor": 1},
             "explorers": {"0": {"room": "upper_landing"}, "1": {"room": "entrance_hall"},
                           "2": {"room": "upper_landing"}, "3": {"room": "upper_landing"}},
             "tokens": {"front_steps": {"ghost": 1}},
             "turn": {"seat": 1}}
    game = _game(legacy, setup)
    first = _choose(game, 1)
    assert first == {"type": "move", "to": "front_steps"}
    game.act(1, first)
    assert _choose(game, 1) == {"type": "haunt_action", "id": "ignite"}
    # no ghost anywhere: the goal tile is not in the house yet, so the traitor explores
    game = _game(legacy, {**setup, "tokens": {}})
    assert not any(t["tokens"].get("ghost") for t in game.view(1)["tiles"])
    assert _choose(game, 1)["type"] in ("explore", "move")


def test_heroes_take_their_book_action_rather_than_wander(legacy):
    """The Hungry Well's heroes SEAL (a Knowledge roll) wherever they are."""
    game = _game(legacy, {"haunt": {"id": "the_hungry_well", "revealer": 0, "traitor": 1},
                          "explorers": {"1": {"room": "upper_landing"}},
                          "turn": {"seat": 2}})
    assert _choose(game, 2) == {"type": "haunt_action", "id": "seal"}


def test_traitor_attacks_a_hero_and_heroes_attack_the_traitor(legacy):
    """The Hollow Man: the traitor's side wins when every hero dies; the heroes' win is the
    traitor dead. Nobody attacks their own side."""
    setup = {"haunt": {"id": "the_hollow_man", "revealer": 0, "traitor": 2},
             "turn": {"seat": 2}}
    game = _game(legacy, setup)
    action = _choose(game, 2)
    assert action["type"] == "attack" and action["target"] in (0, 1, 3)
    game = _game(legacy, {**setup, "turn": {"seat": 0}})
    action = _choose(game, 0)
    assert action["type"] != "attack" or action["target"] == 2


def test_explores_before_the_haunt(legacy):
    game = _game(legacy, {"turn": {"seat": 0}})
    assert game.state["haunt"] is None
    assert _choose(game, 0)["type"] in ("explore", "move")


def test_take_only_from_a_teammate_and_permit_only_teammates(legacy):
    """TAKE asks the owner (RULING HL-13): the bot takes a card its book wants (here none: no
    TAKE), and as the owner allows a teammate and refuses the other side."""
    setup = {"haunt": {"id": "the_hollow_man", "revealer": 0, "traitor": 2},
             "explorers": {str(i): {"room": "entrance_hall"} for i in range(4)},
             "turn": {"seat": 0}, "found": [0, 2]}  # TAKE needs a find (HL-17)
    game = _game(legacy, {**setup, "explorers": {**setup["explorers"],
                                                 "1": {"room": "entrance_hall",
                                                       "cards": ["lantern"]},
                                                 "2": {"room": "entrance_hall",
                                                       "cards": ["musket"]}}})
    assert _choose(game, 0)["type"] != "take"
    game.act(0, {"type": "take", "card": "lantern", "from": 1})
    assert game.state["choice"]["kind"] == "permit"
    assert _choose(game, 1) == {"type": "permit", "allow": True}
    game = _game(legacy, {**setup, "turn": {"seat": 2},
                          "explorers": {**setup["explorers"],
                                        "0": {"room": "entrance_hall", "cards": ["lantern"]}}})
    game.act(2, {"type": "take", "card": "lantern", "from": 0})
    assert _choose(game, 0) == {"type": "permit", "allow": False}


@pytest.mark.parametrize("seed", [3, 4])
def test_whole_games_have_no_pointless_pairs(legacy, seed):
    """No drop followed by picking the same card up, no A->B->A walk with nothing in between,
    and the game ends well before the cap."""
    game, record = play_game(legacy, {"players": 4}, seed, get_bot("heuristic"),
                             max_actions=20_000)
    assert not record.capped and game.over
    replay = Game.new(legacy, {"players": 4}, seed)
    dropped: dict[int, set[str]] = {}
    prev: dict[int, list[str]] = {}
    for seat, action in game.state["history"]:
        if action["type"] == "drop":
            dropped.setdefault(seat, set()).add(action["card"])
        if action["type"] == "pick_up":
            assert action["card"] not in dropped.get(seat, set())
        room_before = replay.state["explorers"][seat]["room"] if isinstance(seat, int) else None
        replay.act_trusted(seat, action)
        if action["type"] != "move":
            prev[seat] = []
        else:
            trail = prev.setdefault(seat, [])
            trail.append(room_before)
            assert action["to"] not in trail[-2:-1], "walked straight back"


def test_heuristic_games_are_shorter_than_random_ones(legacy):
    turns = {}
    for name in ("heuristic", "random"):
        turns[name] = sum(play_game(legacy, {"players": 4}, seed, get_bot(name),
                                    max_actions=20_000)[1].stats["turns"] for seed in range(4))
    assert turns["heuristic"] < turns["random"]


# ---------------------------------------------------------------------- determinization
def test_determinizations_are_sound_states_matching_the_view(legacy):
    """Every sample is a state the rules accept (invariants), shows the seat the same board,
    deck and stack backs (public), turn and words, and offers every real legal action."""
    checked = haunted = 0
    for seed in (2, 5):
        for game, seat in _positions(legacy, {"players": 4}, seed, limit=600, every=3):
            view = game.view(seat)
            try:
                state = determinize(legacy.ix, view, random.Random(seed))
            except NotDeterminizable:
                assert view["choice"] is not None
                continue
            assert legacy.invariants(state) == []
            assert set(state) == set(game.state)
            det = Game(legacy, state)
            again = det.view(seat)
            keys = ["tiles", "monsters", "decks", "room_stack", "backs", "heirlooms", "turn",
                    "phase", "to_act", "haunt_threshold", "mode"]
            if view["haunt"] is None:
                keys.append("explorers")  # after it, a hidden side may be sampled
            else:
                haunted += 1
            for key in keys:
                assert again[key] == view[key], key
            assert all(a in det.legal_actions(seat) for a in game.legal_actions(seat))
            checked += 1
    assert checked >= 20 and haunted >= 5


def test_same_view_gives_the_same_determinizations(legacy):
    """The sampler reads nothing but the view: the same position with every hidden order
    permuted (``shuffle_hidden``: cards among same-backed positions) and other dice gives the
    same view and identical samples."""
    for game, seat in _positions(legacy, {"players": 4}, 5, limit=600, every=5)[:8]:
        twin = game.clone()
        legacy.shuffle_hidden(twin.state, random.Random(99))
        twin.state["rng"] = {"s": 12345, "script": []}
        view_a, view_b = game.view(seat), twin.view(seat)
        assert view_a == view_b
        if view_a["choice"] is not None:
            continue
        assert determinize(legacy.ix, view_a, random.Random(7)) == \
            determinize(legacy.ix, view_b, random.Random(7))


def test_deck_order_is_sampled_within_each_back(legacy):
    """Positions keep their public backs, while the cards behind them vary between samples."""
    game = Game.new(legacy, {"players": 4}, 3)
    seat = game.to_act()[0]
    view = game.view(seat)
    rng = random.Random(0)
    seen: dict[tuple[str, int], set[str]] = {}
    for _ in range(20):
        state = determinize(legacy.ix, view, rng)
        for kind, deck in state["decks"].items():
            backs = [sorted(legacy.ix.card_regions[c]) for c in deck]
            assert backs == view["backs"]["decks"][kind]
        assert [list(legacy.ix.rooms[r].floors) for r in state["stack"]] == \
            view["backs"]["stack"]
        for kind, deck in state["decks"].items():
            for i, card in enumerate(deck):
                seen.setdefault((kind, i), set()).add(card)
    # a position shares its back with others: different samples put different cards there
    assert max(len(cards) for cards in seen.values()) > 1


def test_ismcts_plays_legacy_decisions(legacy):
    bot = IsmctsBot(iterations=40)
    game = Game.new(legacy, {"players": 4}, 6)
    for _ in range(25):
        if game.over:
            break
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        action = bot.choose(game.view(seat), legal, bot_rng(6, seat))
        assert action in legal
        game.act(seat, action)


def test_campaign_samples_keep_purgatory_cards_out_unless_a_back_needs_them(legacy):
    """Campaign mode: Purgatory cards are in the decks only when the house added them
    (docs/legacy.md "The house"), which the view does not say. A sample fills every back with
    an unseen non-Purgatory card first, so with nothing added it holds no Purgatory card, and
    with a Purgatory card added its backs still match the view."""
    purgatory = legacy.ix.purgatory
    for house, expect_none in (({}, True), ({"add": ["ev_flood", "tl_well"]}, False)):
        game = Game.new(legacy, {"players": 4, "mode": "campaign", "house": house}, 4)
        seat = game.to_act()[0]
        view = game.view(seat)
        for k in range(5):
            state = determinize(legacy.ix, view, random.Random(k))
            assert legacy.invariants(state) == []
            assert Game(legacy, state).view(seat)["backs"] == view["backs"]
            sampled = {c for d in state["decks"].values() for c in d} | set(state["stack"])
            if expect_none:
                assert not sampled & purgatory
