"""Every event card of the starter pack resolves when drawn, and every card action can be used,
before and after the haunt starts, whatever the dice and the choices: no error, no broken
invariant (rule documents: events resolve then are discarded unless ongoing; items are used
once per turn)."""

from __future__ import annotations

import random

import pytest

from hauntkit.core.game import Game
from hauntkit.core.ruleset import get_ruleset, load_ruleset_pack
from hauntkit.rulesets.betrayal.schema import PACK_SPEC

PACK = load_ruleset_pack(PACK_SPEC)
EVENTS = sorted(c for c, card in PACK.items["cards"].items() if card.kind == "event")
USES = sorted((c, a.id) for c, card in PACK.items["cards"].items() for a in card.actions)
CONFIG = {"players": 3, "characters": ["ada_vance", "bram_okafor", "celeste_moreau"]}


@pytest.fixture(scope="module")
def ruleset():
    return get_ruleset("betrayal")


def _settle(ruleset, game: Game, seat: int, rng: random.Random) -> None:
    """Answer every pending choice at random until ``seat`` may act freely again."""
    for _ in range(200):
        if game.result() is not None:
            return
        waiting = game.to_act()
        legal = game.legal_actions(waiting[0])
        if waiting == [seat] and any(a["type"] == "end_turn" for a in legal):
            return
        game.act(waiting[0], rng.choice(legal))
        assert ruleset.invariants(game.state) == []
    raise AssertionError("the card never finished resolving")


def _game(ruleset, haunt: bool, seed: int, **setup) -> Game:
    game = Game.new(ruleset, CONFIG, seed)
    if haunt:
        ruleset.apply_setup(game.state, {"haunt": {"id": "front_door", "revealer": 0}})
    ruleset.apply_setup(game.state, {**setup, "turn": {"seat": 2}})
    return game


@pytest.mark.parametrize("haunt", [False, True], ids=["before", "after"])
@pytest.mark.parametrize("card", EVENTS)
def test_event_resolves_when_drawn(ruleset, card: str, haunt: bool) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        game = _game(ruleset, haunt, seed, room_stack=["statue_hall"], decks={"event": [card]},
                     explorers={"2": {"room": "foyer"}})
        game.act(2, {"type": "explore", "dir": "e"})
        _settle(ruleset, game, 2, rng)
        state = game.state
        kept = any(e.do == "keep" for e in PACK.items["cards"][card].on_draw)
        assert "statue_hall" in state["tiles"]
        if kept:
            assert card in state["explorers"][2]["cards"]
        else:
            assert card in state["discard"]["event"]


@pytest.mark.parametrize("haunt", [False, True], ids=["before", "after"])
@pytest.mark.parametrize(("card", "action"), USES)
def test_card_action_can_be_used(ruleset, card: str, action: str, haunt: bool) -> None:
    conditional = next(a for a in PACK.items["cards"][card].actions if a.id == action).when
    used = 0
    for seed in range(3):
        rng = random.Random(seed)
        game = _game(ruleset, haunt, seed,
                     explorers={"2": {"room": "foyer", "cards": [card]},
                                "1": {"room": "foyer", "cards": ["lantern"]}})
        use = {"type": "use", "card": card, "id": action}
        if use not in game.legal_actions(2):
            continue  # its condition does not hold here (e.g. only after the haunt)
        game.act(2, use)
        used += 1
        _settle(ruleset, game, 2, rng)
    assert used or conditional is not None


ROOMS_WITH_TRIGGERS = sorted(
    r for r, room in PACK.items["rooms"].items()
    if room.start is None and (room.actions or room.on_start_of_turn or room.on_end_turn_here)
)


@pytest.mark.parametrize("haunt", [False, True], ids=["before", "after"])
@pytest.mark.parametrize("room", ROOMS_WITH_TRIGGERS)
def test_room_actions_and_turn_triggers_resolve(ruleset, room: str, haunt: bool) -> None:
    spec = PACK.items["rooms"][room]
    for seed in range(3):
        rng = random.Random(seed)
        game = _game(ruleset, haunt, seed,
                     tiles=[{"room": room, "floor": spec.floors[0], "x": 6, "y": 6}],
                     explorers={"2": {"room": room}})
        _settle(ruleset, game, 2, rng)  # on_start_of_turn
        for action in spec.actions:
            use = {"type": "room_action", "id": action.id}
            if game.result() is None and use in game.legal_actions(2):
                game.act(2, use)
                _settle(ruleset, game, 2, rng)
        if game.result() is None:
            game.act(2, {"type": "end_turn"})  # on_end_turn_here
            for _ in range(50):
                waiting = game.to_act()
                if game.result() is not None or 2 not in waiting or game.state["choice"] is None:
                    break
                game.act(2, rng.choice(game.legal_actions(2)))
        assert ruleset.invariants(game.state) == []
