"""Campaigns on disk: create them, start their games, play bot games, and settle finished games
exactly once.

A campaign's games are ordinary game rows (the server can open, resume and show them like any
other); the campaign's document (``hauntkit.core.campaign``) names them. Every change to a
campaign is one transaction guarded by its version:

- starting a game writes the game row and the document that points at it together, so a crash
  leaves either both or neither;
- a game in progress is the game row's snapshot plus its action rows, restored exactly as the
  server restores games (``hauntkit.server.rooms.restore``);
- settling a finished game (its carry-out, result, and the campaign's end) is one guarded
  update of the document: done twice, or by two processes at once, it is applied once. It runs
  whenever a campaign is opened, so a crash after a game's last action and before its
  carry-out loses nothing.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import Any

from hauntkit.bots import bot_rng, bot_seat, get_bot
from hauntkit.core.campaign import (
    Campaign,
    CampaignError,
    current_game,
    finish_game,
    new_campaign,
    next_game,
)
from hauntkit.core.game import Game
from hauntkit.core.ruleset import Ruleset
from hauntkit.server.db import GameRecord, StaleWriteError, Store, hash_token, seat_token
from hauntkit.server.rooms import SNAPSHOT_EVERY, restore, seat_bot_title
from hauntkit.server.titles import campaign_game_title, untitled_campaign

RETRIES = 20  # how often a write that lost a race to another process is tried again


def new_id() -> str:
    return secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")


class Campaigns:
    """The campaigns of one store. ``ruleset(id)`` gives the loaded ruleset of an id."""

    def __init__(self, store: Store, ruleset: Callable[[str], Ruleset]) -> None:
        self.store = store
        self.ruleset = ruleset

    # -- reading ------------------------------------------------------------------------------
    def load(self, campaign_id: str) -> tuple[Campaign, int]:
        got = self.store.load_campaign(campaign_id)
        if got is None:
            raise CampaignError(f"no campaign {campaign_id!r} in this database")
        return got

    def open(self, campaign_id: str) -> Campaign:
        """The campaign, with a game that finished since it was last looked at settled."""
        return self.settle(campaign_id)

    def game(self, camp: Campaign, game_id: str) -> Game:
        """A campaign game exactly as stored (snapshot plus the action rows after it)."""
        loaded = self.store.load_game_and_moves(game_id)
        if loaded is None:
            raise CampaignError(f"campaign {camp['id']}: its game {game_id} is missing")
        rec, rows = loaded
        return restore(self.ruleset(camp["ruleset"]), rec, rows)

    # -- changing -----------------------------------------------------------------------------
    def create(self, ruleset_id: str, config: dict[str, Any], seats: list[dict[str, Any]],
               seed: int | None = None, title: str = "",
               host_token: str | None = None) -> Campaign:
        """A new stored campaign. ``host_token``: the token that may start its games over HTTP;
        the document keeps only its digest and the digests of the campaign's seat tokens
        derived from it (``campaign_seat_token``), never the tokens."""
        rs = self.ruleset(ruleset_id)
        seed = secrets.randbits(48) if seed is None else seed
        camp = new_campaign(rs, config, seed, seats, new_id(),
                            title or untitled_campaign(rs, len(seats)))
        if host_token is not None:
            camp["host_token_hash"] = hash_token(host_token)
            camp["seat_token_hashes"] = [
                hash_token(campaign_seat_token(host_token, camp["id"], i))
                for i in range(len(camp["seats"]))]
        self.store.create_campaign(camp)
        return camp

    def settle(self, campaign_id: str) -> Campaign:
        """Apply the carry-out of the campaign's game if it has finished (at most once)."""
        for _ in range(RETRIES):
            camp, version = self.load(campaign_id)
            entry = current_game(camp)
            if entry is None:
                return camp
            game = self.game(camp, entry["game_id"])
            if not finish_game(self.ruleset(camp["ruleset"]), camp, game, entry["game_id"]):
                return camp
            try:
                self.store.save_campaign(campaign_id, version, camp)
                return camp
            except StaleWriteError:
                continue  # another process changed it first: look again
        raise CampaignError(f"campaign {campaign_id} keeps changing under us; try again")

    def start_next(self, campaign_id: str, host_token: str | None = None
                   ) -> tuple[Campaign, Game, dict[str, Any] | None]:
        """The campaign's game in progress, or a new one when it is between games, and for a
        new game its plain tokens (``{"host": ..., "seats": [...]}``; None for a game that
        existed already: the database keeps only their digests).

        A new game's seats copy the campaign's (names, bots). Given the campaign's
        ``host_token``, the game's tokens derive from it (``game_tokens``), so the campaign's
        host and seats can find them again; without it (the command line) they are random."""
        for _ in range(RETRIES):
            camp = self.settle(campaign_id)
            entry = current_game(camp)
            if entry is not None:
                return camp, self.game(camp, entry["game_id"]), None
            camp, version = self.load(campaign_id)
            if current_game(camp) is not None:
                continue
            gid = new_id()
            game = next_game(self.ruleset(camp["ruleset"]), camp, gid)
            if host_token is not None:
                tokens = game_tokens(host_token, camp, gid)
            else:
                host = secrets.token_urlsafe(18)
                tokens = {"host": host, "seats": [seat_token(host, gid, i)
                                                  for i in range(len(camp["seats"]))]}
            now = time.time()
            rec = GameRecord(
                id=gid, ruleset=camp["ruleset"],
                title=f"{camp['title'] or 'Campaign'}: " + campaign_game_title(
                    self.ruleset(camp["ruleset"]), len(camp["games"]) - 1, game.state["config"]),
                status="finished" if game.over else "active",
                seats=[{"name": s["name"], "bot": s["bot"], "token_hash": hash_token(tok)}
                       for s, tok in zip(camp["seats"], tokens["seats"], strict=True)],
                host_token_hash=hash_token(tokens["host"]),
                config=game.state["config"], seed=game.state["seed"],
                version=game.state["version"], state=game.state, result=game.result(),
                dev=False, created=now, updated=now,
            )
            try:
                self.store.save_campaign(campaign_id, version, camp, new_game=rec)
            except StaleWriteError:
                continue
            return camp, game, tokens
        raise CampaignError(f"campaign {campaign_id} keeps changing under us; try again")

    def play_game(self, campaign_id: str, delay: float = 0.0,
                  on_action: Callable[[Game], None] | None = None) -> Campaign:
        """Play the campaign's current (or next) game to its end with the seats' bots,
        storing every action as the server does, then settle it. Returns the campaign."""
        camp, game, _ = self.start_next(campaign_id)
        gid = current_game(camp)["game_id"]  # type: ignore[index]
        seats = camp["seats"]
        for seat in range(len(seats)):
            if not seats[seat].get("bot"):
                raise CampaignError(
                    f"seat {seat} ({seats[seat]['name'] or 'unnamed'}) has no bot; the command "
                    "line plays bot seats only")
        while not game.over:
            before = game.state["version"]
            seat = bot_seat(game.to_act(), game.state["seed"], before)
            bot = get_bot(seats[seat]["bot"], game.ruleset)
            view = game.view(seat) if bot.uses_view else {}
            action = bot.choose(view, game.legal_actions(seat),
                                bot_rng(game.state["seed"], seat, before))
            nxt = game.clone()
            nxt.act(seat, action)
            result = nxt.result()
            self.store.commit_action(
                gid, before, seat, action, nxt.state, result,
                snapshot=result is not None or nxt.state["version"] % SNAPSHOT_EVERY == 0)
            game = nxt
            if on_action is not None:
                on_action(game)
            if delay:
                time.sleep(delay)
        return self.settle(campaign_id)


def campaign_seat_token(host_token: str, campaign_id: str, seat: int) -> str:
    """A campaign seat's token, derived from the campaign's host token: it lets that seat's
    player open their seat of each of the campaign's games, and reveals nothing else."""
    return seat_token(host_token, f"campaign:{campaign_id}", seat)


def game_seat_token(campaign_seat: str, game_id: str, seat: int) -> str:
    """The token of a campaign game's seat, derived from that seat's campaign token."""
    return seat_token(campaign_seat, game_id, seat)


def game_tokens(host_token: str, camp: Campaign, game_id: str) -> dict[str, Any]:
    """The plain tokens of campaign game ``game_id`` made under the campaign's host token:
    ``{"host": ..., "seats": [...]}``."""
    return {"host": seat_token(host_token, f"campaign-game:{game_id}", -1),
            "seats": [game_seat_token(campaign_seat_token(host_token, camp["id"], i), game_id, i)
                      for i in range(len(camp["seats"]))]}


SECRET_KEYS = frozenset({"host_token_hash", "seat_token_hashes"})


# What anyone may see of a campaign and of each of its games. Seeds are left out (with the
# seeds a game in progress rebuilds exactly: deck orders, the room stack, every die), and so
# is the campaign's raw data (its summary is shown instead) and each game's config.
PUBLIC_KEYS = ("format", "id", "ruleset", "title", "config", "seats", "status")
PUBLIC_GAME_KEYS = ("index", "game_id", "status", "result")


def public(camp: Campaign) -> Campaign:
    """The campaign as anyone may see it: no seeds, no raw data, no token digests."""
    out = {k: camp[k] for k in PUBLIC_KEYS if k in camp}
    if "seats" in out:
        out["seats"] = [{**seat, "bot_title": seat_bot_title(seat)} for seat in out["seats"]]
    out["games"] = [public_game(g) for g in camp["games"]]
    return out


def public_game(game: dict[str, Any]) -> dict[str, Any]:
    """One game entry of a campaign as anyone may see it."""
    return {k: game[k] for k in PUBLIC_GAME_KEYS if k in game}


def document(camp: Campaign) -> Campaign:
    """The whole campaign document, for its host: everything but the token digests."""
    return {k: v for k, v in camp.items() if k not in SECRET_KEYS}


__all__ = ["Campaigns", "campaign_seat_token", "document", "game_seat_token", "game_tokens",
           "new_id", "public", "public_game"]
