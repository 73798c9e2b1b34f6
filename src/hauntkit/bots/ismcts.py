"""``ismcts``: information-set Monte Carlo tree search from a seat's view.

Each iteration samples a full state from the **view** (the ruleset's ``determinize``: unseen
deck and stack orders shuffled, a hidden traitor sampled among the candidates, fresh dice),
then walks one shared tree (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012):
children are picked by UCB1 among the actions available in that sample (each child counts how
often it was available), one new child is expanded, a short rollout follows (a cheap
type-then-action random policy, ``rollout`` actions at most), and the game is scored by
``searchkit.rewards`` (win/loss, or an estimate of the unfinished game). Every node keeps the
reward of the seat that chose its action. At the root only the actions of the real
``legal_actions`` are searched, with the heuristic bot's choice as a fading prior; the bot
plays the heuristic's choice unless another action scored ``margin`` better over enough
visits (short random rollouts cannot see slow goals such as walking to a room, so plain
"most visits" would throw away the heuristic's sense of direction on noise).

The budget is ``iterations`` per decision, or ``seconds`` of CPU time when given.
Decisions the view cannot rebuild (an effect half-resolved) and single-choice decisions go to
the heuristic bot.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, ClassVar

import orjson

from hauntkit.bots.base import Action, register_bot
from hauntkit.bots.searchbot import SearchBot
from hauntkit.bots.searchkit import determinizer, not_determinizable, rewards
from hauntkit.core.game import Game, copy_state
from hauntkit.core.ruleset import Ruleset

_dumps = orjson.dumps
_SORT = orjson.OPT_SORT_KEYS


def action_key(action: Action) -> bytes:
    return _dumps(action, option=_SORT)


class Node:
    __slots__ = ("action", "seat", "children", "visits", "total", "avail")

    def __init__(self, action: Action | None, seat: int) -> None:
        self.action = action
        self.seat = seat
        self.children: dict[bytes, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1


class IsmctsBot(SearchBot):
    """Search from the view. ``iterations`` per decision (or ``seconds`` of CPU time),
    ``rollout`` actions per playout, ``pool`` determinizations reused per decision,
    ``explore`` the UCB1 constant, ``prior`` the weight of the heuristic's choice at the root,
    ``margin`` how much better (mean reward) another root action must do to overrule it.
    """

    name: ClassVar[str] = "ismcts"

    def __init__(self, iterations: int = 1000, seconds: float | None = None,
                 rollout: int = 6, pool: int = 16, explore: float = 0.7,
                 prior: float = 2.0, margin: float = 0.05,
                 rulesets: dict[str, Ruleset] | None = None) -> None:
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.pool = pool
        self.explore = explore
        self.prior = prior
        self.margin = margin
        super().__init__(rulesets)

    def decide(self, view: dict[str, Any], legal_actions: list[Action],
               rng: random.Random) -> Action:
        rs = self.ruleset(view["ruleset"])
        sample = determinizer(rs)
        fallback = self.heuristic.choose(view, legal_actions, rng)
        if sample is None:
            return fallback
        try:
            pool = [sample(view, rng)]
        except not_determinizable():
            return fallback
        return self.search(rs, view, legal_actions, rng, sample, pool, fallback)

    def search(self, rs: Ruleset, view: dict[str, Any], legal: list[Action],
               rng: random.Random, sample: Any, pool: list[dict[str, Any]],
               hint: Action) -> Action:
        seat = view["seat"]
        root = Node(None, seat)
        root_keys = {action_key(a): a for a in legal}
        hint_key = action_key(hint)
        n_seats = len(pool[0]["explorers"]) if "explorers" in pool[0] \
            else max(1, view.get("players", 1))
        start = time.process_time()
        deadline = start + self.seconds if self.seconds is not None else None
        limit = self.iterations if deadline is None else 1 << 30
        i = 0
        while i < limit:
            if deadline is not None and (i & 15) == 0 and time.process_time() >= deadline:
                break
            if len(pool) < self.pool:
                pool.append(sample(view, rng))
            state = copy_state(pool[i % len(pool)])
            self._iterate(rs, Game(rs, state), root, root_keys, hint_key, rng, n_seats)
            i += 1
        self.last_iterations = i
        self.last_seconds = time.process_time() - start
        return root_keys.get(self.pick(root, hint_key, i), hint)

    def pick(self, root: Node, hint_key: bytes, iterations: int) -> bytes:
        """The heuristic's action unless the search found one clearly better: a mean reward
        ``margin`` above it over enough visits (noise in short searches then costs nothing)."""
        hint = root.children.get(hint_key)
        if hint is None or hint.visits == 0:
            if not root.children:
                return hint_key
            return max(root.children.items(), key=lambda kv: kv[1].visits)[0]
        enough = max(8, iterations // 20)
        base = hint.total / hint.visits
        best_key, best_mean = hint_key, base + self.margin
        for key, ch in root.children.items():
            if ch.visits >= enough and ch.total / ch.visits > best_mean:
                best_key, best_mean = key, ch.total / ch.visits
        return best_key

    def _iterate(self, rs: Ruleset, game: Game, root: Node, root_keys: dict[bytes, Action],
                 hint_key: bytes, rng: random.Random, n_seats: int) -> None:
        path = [root]
        node = root
        state = game.state
        depth = 0
        while True:
            turn = _next(rs, state, rng)
            if turn is None:
                break
            actor, legal = turn
            keyed = [(action_key(a), a) for a in legal]
            if node is root:
                keyed = [(k, a) for k, a in keyed if k in root_keys]
                if not keyed:
                    break
            children = node.children
            untried = [(k, a) for k, a in keyed if k not in children]
            for k, _ in keyed:
                child = children.get(k)
                if child is not None:
                    child.avail += 1
            if untried:
                if node is root and any(k == hint_key for k, _ in untried):
                    k, a = next((k, a) for k, a in untried if k == hint_key)
                else:
                    k, a = untried[rng.randrange(len(untried))]
                child = children[k] = Node(a, actor)
                rs.apply(state, actor, a)
                path.append(child)
                break
            c = self.explore
            best = None
            best_value = -1e9
            for k, _a in keyed:
                ch = children[k]
                value = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if node is root and k == hint_key:
                    value += self.prior / (1 + ch.visits)
                if value > best_value:
                    best_value, best = value, ch
            assert best is not None
            rs.apply(state, actor, best.action)  # type: ignore[arg-type]
            path.append(best)
            node = best
            depth += 1
            if depth > 40:
                break
        self._rollout(rs, state, rng)
        values = rewards(rs, state, n_seats)
        for nd in path:
            nd.visits += 1
            if 0 <= nd.seat < len(values):
                nd.total += values[nd.seat]

    def _rollout(self, rs: Ruleset, state: dict[str, Any], rng: random.Random) -> None:
        for _ in range(self.rollout):
            turn = _next(rs, state, rng)
            if turn is None:
                return
            rs.apply(state, turn[0], _quick(turn[1], rng, rs.end_action_types))


def _next(rs: Ruleset, state: dict[str, Any], rng: random.Random
          ) -> tuple[int, list[Action]] | None:
    """Who acts next (one of the waiting seats, at random) and their legal actions; None when
    the game is over or stuck."""
    if state["result"] is not None:
        return None
    waiting = rs.to_act(state)
    if not waiting:
        return None
    actor = waiting[0] if len(waiting) == 1 else waiting[rng.randrange(len(waiting))]
    legal = rs.legal_actions(state, actor)
    return (actor, legal) if legal else None


def _quick(legal: list[Action], rng: random.Random, ends: frozenset[str]) -> Action:
    """The rollout policy: an action type uniformly (ending the turn less often: ``ends`` are
    the ruleset's declared ``end_action_types``), then an action of that type."""
    types: dict[str, list[Action]] = {}
    for a in legal:
        types.setdefault(a["type"], []).append(a)
    names = list(types)
    if len(names) > 1:
        others = [t for t in names if t not in ends]
        if others and rng.random() > 0.15:
            names = others
    options = types[names[rng.randrange(len(names))]]
    return options[rng.randrange(len(options))]


register_bot(IsmctsBot.name, IsmctsBot)
