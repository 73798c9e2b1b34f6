"""Group commit (issue 12, "Load"): actions of many games share one transaction, each still
guarded by its game's version, and nobody's action is lost or doubled."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from hauntkit.server.committer import GroupCommitter
from hauntkit.server.db import GameRecord, StaleWriteError, Store


def _store(tmp_path: Path, games: int) -> Store:
    store = Store(f"sqlite:///{tmp_path / 'g.db'}")
    for i in range(games):
        store.create_game(GameRecord(
            id=f"g{i}", ruleset="toy", title="", status="active", seats=[],
            host_token_hash="x", config={}, seed=i, version=0, state={"version": 0},
            result=None, dev=False, created=0.0, updated=0.0))
    return store


def test_a_stale_item_of_a_batch_writes_nothing_and_spoils_nothing(tmp_path: Path) -> None:
    store = _store(tmp_path, 2)
    try:
        out = store.commit_actions([
            ("g0", 0, 0, {"type": "rest"}, {"version": 1}, None, True),
            ("g1", 5, 0, {"type": "rest"}, {"version": 6}, None, True),  # g1 is at 0, not 5
        ])
        assert isinstance(out[0], int) and isinstance(out[1], StaleWriteError)
        assert store.load_game("g0").version == 1 and store.load_game("g1").version == 0
        assert [r["version"] for r in store.action_rows("g0")] == [1]
        assert store.action_rows("g1") == []
    finally:
        store.close()


def test_concurrent_games_share_transactions(tmp_path: Path) -> None:
    store = _store(tmp_path, 20)

    async def play(committer: GroupCommitter, gid: str) -> None:
        for v in range(5):
            await committer.commit(gid, v, 0, {"type": "rest"}, {"version": v + 1}, None,
                                   v == 4)
        with pytest.raises(StaleWriteError):
            await committer.commit(gid, 0, 0, {"type": "rest"}, {"version": 1}, None, False)

    async def main() -> GroupCommitter:
        committer = GroupCommitter(store)
        await asyncio.gather(*(play(committer, f"g{i}") for i in range(20)))
        await committer.stop()
        return committer

    try:
        committer = asyncio.run(main())
        assert committer.items == 120 and committer.batches < committer.items
        for i in range(20):
            assert store.load_game(f"g{i}").version == 5
            assert [r["version"] for r in store.action_rows(f"g{i}")] == [1, 2, 3, 4, 5]
    finally:
        store.close()


def test_results_keep_the_callers_order(tmp_path: Path) -> None:
    """Rows are written in game-id order (no lock cycles between processes), results are
    still given in the order asked."""
    store = _store(tmp_path, 2)
    try:
        out = store.commit_actions([
            ("g1", 3, 0, {"type": "rest"}, {"version": 4}, None, False),  # stale
            ("g0", 0, 0, {"type": "rest"}, {"version": 1}, None, False),
        ])
        assert isinstance(out[0], StaleWriteError) and isinstance(out[1], int)
    finally:
        store.close()


def test_a_failing_item_fails_alone(tmp_path: Path) -> None:
    store = _store(tmp_path, 2)

    async def main() -> list[object]:
        committer = GroupCommitter(store)
        got = await asyncio.gather(
            committer.commit("g0", 0, 0, {"type": "rest"}, {"version": 1}, None, False),
            committer.commit("g1", 0, 0, {"type": "rest", "x": object()}, {"version": 1},
                             None, False),
            return_exceptions=True)
        await committer.stop()
        return got

    try:
        good, bad = asyncio.run(main())
        assert isinstance(good, int) and isinstance(bad, TypeError)
        assert store.load_game("g0").version == 1 and store.load_game("g1").version == 0
    finally:
        store.close()


class _Interleaved(Store):
    """A store where another process commits a move right after each game row is read (the
    window between the two reads of a restore)."""

    def load_game(self, game_id: str) -> GameRecord | None:
        rec = super().load_game(game_id)
        if rec is not None:
            self.commit_action(game_id, rec.version, 0, {"type": "rest"},
                               {"version": rec.version + 1}, None, snapshot=False)
        return rec


def test_a_restore_reads_one_consistent_picture(tmp_path: Path) -> None:
    """A process opening a game while another commits its moves gets the rows up to the game
    row's version, never rows past it ("restored version N+1 is not the stored N")."""
    store = _Interleaved(f"sqlite:///{tmp_path / 'g.db'}")
    try:
        store.create_game(GameRecord(
            id="g0", ruleset="toy", title="", status="active", seats=[],
            host_token_hash="x", config={}, seed=0, version=0, state={"version": 0},
            result=None, dev=False, created=0.0, updated=0.0))
        for _ in range(3):
            loaded = store.load_game_and_moves("g0")
            assert loaded is not None
            rec, rows = loaded
            assert [row["version"] for row in rows] == list(range(1, rec.version + 1))
            assert len(Store.action_rows(store, "g0")) == rec.version + 1  # one came after
    finally:
        store.close()
