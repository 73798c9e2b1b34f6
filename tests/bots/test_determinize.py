"""Determinization builds full states from a view only (issue 11: "never the true state").

Views never hold deck/stack order nor a hidden traitor (RULING B14; docs/architecture.md,
"Views"); a determinization must be a legal game position consistent with the view, and two
true states with the same view must give the same determinizations.
"""

from __future__ import annotations

import random

from hauntkit.bots import bot_rng, get_bot
from hauntkit.bots.ismcts import IsmctsBot
from hauntkit.core.game import Game, copy_state
from hauntkit.rulesets.beast.determinize import determinize as beast_determinize
from hauntkit.rulesets.betrayal.determinize import NotDeterminizable, determinize

CHARS = ["ada_vance", "bram_okafor", "celeste_moreau", "dmitri_sokol"]


def _positions(rs, config, seed, limit=400, every=7):
    """(game, seat) at several moments of a heuristic game."""
    game = Game.new(rs, config, seed)
    bot = get_bot("heuristic")
    out = []
    for k in range(limit):
        if game.over:
            break
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        if k % every == 0:
            out.append((game.clone(), seat))
        game.act_trusted(seat, bot.choose(game.view(seat), legal, bot_rng(seed, seat)))
    return out


def _hidden_twin(rs, game):
    """The same position with every deck, the room stack and the dice reshuffled: a different
    true state with the same views."""
    twin = game.clone()
    s = twin.state
    r = random.Random(99)
    for deck in s["decks"].values():
        r.shuffle(deck)
    r.shuffle(s["stack"])
    s["rng"] = {"s": 12345, "script": []}
    return twin


def test_determinizations_are_sound_states_matching_the_view(betrayal):
    checked = 0
    for game, seat in _positions(betrayal, {"players": 4}, 2):
        view = game.view(seat)
        try:
            state = determinize(betrayal.ix, view, random.Random(1))
        except NotDeterminizable:
            assert view["choice"] is not None
            continue
        assert betrayal.invariants(state) == []
        det = Game(betrayal, state)
        again = det.view(seat)
        for key in ("tiles", "explorers", "monsters", "decks", "room_stack", "discard",
                    "phase", "to_act"):
            if key == "explorers" and view["haunt"] is not None:
                continue  # a hidden traitor is sampled (sides may differ for the sampler)
            assert again[key] == view[key], key
        # every real legal action is legal in the sample (a sound root for the search)
        assert all(a in det.legal_actions(seat) for a in game.legal_actions(seat))
        checked += 1
    assert checked >= 10


def test_same_view_gives_the_same_determinizations(betrayal):
    """The sampler reads nothing but the view: a true state with other deck orders, stack
    order and dice (same view) gives identical samples."""
    for game, seat in _positions(betrayal, {"players": 4}, 5)[:8]:
        twin = _hidden_twin(betrayal, game)
        view_a, view_b = game.view(seat), twin.view(seat)
        assert view_a == view_b
        if view_a["choice"] is not None:
            continue
        a = determinize(betrayal.ix, view_a, random.Random(7))
        b = determinize(betrayal.ix, view_b, random.Random(7))
        assert a == b


def test_hidden_traitor_is_sampled_among_the_suspects(betrayal):
    """h02 The Poisoner hides its traitor: seat 0 sees suspects only, and the samples put the
    traitor on every other seat, whoever the true traitor is."""
    game = Game.new(betrayal, {"players": 4, "characters": CHARS}, 1)
    betrayal.apply_setup(game.state, {"haunt": {"id": "the_poisoner", "revealer": 1,
                                                "traitor": 3}, "turn": {"seat": 0}})
    view = game.view(0)
    assert view["haunt"]["traitor"] is None
    rng = random.Random(3)
    seen = {determinize(betrayal.ix, view, rng)["haunt"]["traitor"] for _ in range(60)}
    assert seen == {1, 2, 3}
    # and the true traitor plays no part: put it on seat 2, the same view gives the same draws
    other = Game.new(betrayal, {"players": 4, "characters": CHARS}, 1)
    betrayal.apply_setup(other.state, {"haunt": {"id": "the_poisoner", "revealer": 1,
                                                 "traitor": 2}, "turn": {"seat": 0}})
    assert other.view(0) == view
    r1, r2 = random.Random(4), random.Random(4)
    assert [determinize(betrayal.ix, view, r1)["haunt"]["traitor"] for _ in range(20)] == \
        [determinize(betrayal.ix, other.view(0), r2)["haunt"]["traitor"] for _ in range(20)]


def test_deck_orders_are_shuffled_from_the_unseen_cards(betrayal):
    game = Game.new(betrayal, {"players": 4}, 3)
    seat = game.to_act()[0]
    view = game.view(seat)
    seen = set()
    for e in view["explorers"]:
        seen.update(e["cards"])
    firsts = set()
    rng = random.Random(0)
    for _ in range(30):
        state = determinize(betrayal.ix, view, rng)
        for kind, deck in state["decks"].items():
            assert len(deck) == view["decks"][kind]
            assert not seen & set(deck)
        firsts.add(state["decks"]["item"][0])
    assert len(firsts) > 5  # not the true order, nor any fixed one


def test_ismcts_choice_does_not_depend_on_hidden_fields(betrayal):
    """Same view, other hidden state (deck and stack orders, dice): the same choice."""
    bot = IsmctsBot(iterations=30, rollout=4)
    for game, seat in _positions(betrayal, {"players": 4}, 6, limit=120, every=15)[:4]:
        twin = _hidden_twin(betrayal, game)
        legal = game.legal_actions(seat)
        a = bot.choose(game.view(seat), legal, random.Random(5))
        b = bot.choose(twin.view(seat), twin.legal_actions(seat), random.Random(5))
        assert a == b and a in legal


def test_beast_determinization_matches_the_view(beast):
    checked = 0
    for game, seat in _positions(beast, {}, 1, limit=200, every=5):
        view = game.view(seat)
        if view["pending"] or view["window"] or view["acting"]:
            continue
        state = beast_determinize(beast, view, random.Random(2))
        assert beast.invariants(state) == []
        det = Game(beast, state)
        again = det.view(seat)
        for key in ("units", "lights", "round", "side", "deck_size", "to_act"):
            assert again[key] == view[key], key
        assert all(a in det.legal_actions(seat) for a in game.legal_actions(seat))
        checked += 1
    assert checked >= 5


def test_ismcts_searches_within_its_budget_and_plays_legal_actions(betrayal):
    bot = IsmctsBot(iterations=40, rollout=4)
    game = Game.new(betrayal, {"players": 4}, 8)
    for _ in range(30):
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        action = bot.choose(game.view(seat), legal, bot_rng(8, seat))
        assert action in legal
        assert bot.last_iterations in (0, 40)
        game.act(seat, action)
    state = copy_state(game.state)
    assert state == game.state
