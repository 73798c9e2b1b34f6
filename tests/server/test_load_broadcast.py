"""A broadcast encodes each distinct state message once (issue 12, "Load"): every spectator,
and every socket of one seat that has read as far, gets the same text; each seat still gets
only its own view."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import orjson
import pytest
import toyrules  # noqa: F401 - registers the "toy" ruleset

from hauntkit.server.rooms import Conn, Manager, Room, Settings


def _sink(box: list[Any]) -> Any:
    async def put(item: Any) -> None:
        box.append(item)
    return put


def test_one_encoding_per_distinct_message(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[tuple[int | None, int]] = []
    real = Room.state_message

    def counted(self: Room, seat: int | None, log_pos: int, reason: str) -> dict[str, Any]:
        built.append((seat, log_pos))
        return real(self, seat, log_pos, reason)

    monkeypatch.setattr(Room, "state_message", counted)

    async def scenario() -> dict[str, list[Any]]:
        mgr = Manager(Settings(db_url=f"sqlite:///{tmp_path / 'games.db'}"))
        room = await mgr.create("toy", [{"kind": "human"}] * 3, seed=5, config={})
        boxes: dict[str, list[Any]] = {}
        for name, seat in (("p0", 0), ("p0b", 0), ("p1", 1), ("s1", None), ("s2", None),
                           ("s3", None)):
            boxes[name] = []
            room.conns.add(Conn(send=_sink([]), send_text=_sink(boxes[name]), seat=seat,
                                hello=True))
        boxes["plain"] = []  # a connection without send_text gets the message itself
        room.conns.add(Conn(send=_sink(boxes["plain"]), seat=None, hello=True))
        await room.broadcast("action")
        await mgr.stop()
        return boxes

    boxes = asyncio.run(scenario())
    assert all(len(box) == 1 for box in boxes.values())
    spectators = {boxes[n][0] for n in ("s1", "s2", "s3")}
    assert len(spectators) == 1  # one text for every spectator
    assert boxes["p0"][0] == boxes["p0b"][0]  # and one for both sockets of seat 0
    seen = {n: orjson.loads(boxes[n][0]) for n in ("p0", "p1", "s1")}
    assert [seen[n]["you"] for n in ("p0", "p1", "s1")] == [0, 1, None]
    assert boxes["plain"][0] == seen["s1"]  # the same content, as a message
    # built once per distinct (seat, position): seat 0, seat 1, the spectators (encoded once
    # for three sockets), and once more for the connection that takes messages
    assert sorted(built, key=str) == sorted([(0, 0), (1, 0), (None, 0), (None, 0)], key=str)
