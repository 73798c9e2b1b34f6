"""The simple bots' fast path for simulations (issue 13): ``choose_keyed`` reseeds one Random
of the bot's own and draws with ``below``; it must give exactly what the documented way
(``choose(view, legal, bot_rng(seed, seat, version))``) gives, decision by decision, or every
saved game, fingerprint and server game with bots would change."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from hauntkit.bots import DefaultBot, RandomBot, bot_rng
from hauntkit.bots.base import bot_seed
from hauntkit.bots.simple import below

TYPES = ("move", "use", "end_turn", "attack", "pass")


class _Ends:
    end_action_types = frozenset({"end_turn", "pass"})


actions = st.lists(st.builds(lambda t, x: {"type": t, "x": x}, st.sampled_from(TYPES),
                             st.integers(0, 5)), min_size=1, max_size=40)
keys = st.tuples(st.integers(0, 2**64 - 1), st.integers(0, 7), st.integers(0, 2**32 - 1))


@given(st.integers(0, 2**70), st.integers(1, 2**40))
def test_below_draws_what_randrange_draws(seed, n):
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [below(ours, n) for _ in range(5)] == [theirs.randrange(n) for _ in range(5)]
    assert ours.getstate() == theirs.getstate()


@given(actions, keys, st.sampled_from([0.0, 0.15, 0.5, 1.0]))
def test_choose_keyed_is_choose_with_a_fresh_bot_rng(legal, key, end_chance):
    seed, seat, version = key
    for bot in (DefaultBot(end_chance).bind(_Ends()), RandomBot().bind(_Ends())):  # type: ignore[arg-type]
        expected = bot.choose({}, legal, bot_rng(seed, seat, version))
        # twice: the bot's one Random is reseeded, so the previous decision leaves no trace
        assert bot.choose_keyed(legal, bot_seed(seed, seat, version)) is expected
        assert bot.choose_keyed(legal, bot_seed(seed, seat, version)) is expected


def test_default_bot_choice_matches_the_rule_it_documents():
    """The type first (uniform), end types only with ``end_chance``, then uniform within the
    type: the same draws as the plain loop it replaced, on a fixed example."""
    legal = [{"type": "move", "to": i} for i in range(5)] + [{"type": "use"}, {"type": "end_turn"}]
    bot = DefaultBot(0.15).bind(_Ends())  # type: ignore[arg-type]
    for s in range(300):
        rng = random.Random(s)
        types = ["move", "use"] if rng.random() >= 0.15 else ["end_turn"]
        chosen = types[rng.randrange(len(types))]
        options = [a for a in legal if a["type"] == chosen]
        assert bot.choose({}, legal, random.Random(s)) is options[rng.randrange(len(options))]
