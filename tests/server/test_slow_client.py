"""A client that reads slowly, or never, cannot stall a game (docs/protocol.md, "Slow
clients"): broadcasts only queue its messages, and once its queue holds more than the limit
it is dropped (its socket closed with 4408; it reconnects and resyncs). Everyone else goes on
getting every state."""

from __future__ import annotations

import asyncio
from pathlib import Path

import orjson
import toyrules  # noqa: F401 - registers the "toy" ruleset

from hauntkit.server.outbox import SLOW_CLIENT_CLOSE, Outbox
from hauntkit.server.rooms import Conn, Manager, Settings


def test_a_client_that_never_reads_is_dropped_and_the_game_goes_on(tmp_path: Path) -> None:
    async def scenario() -> tuple[list[int], list[int], Outbox, bool, int]:
        mgr = Manager(Settings(db_url=f"sqlite:///{tmp_path / 'games.db'}",
                               send_queue_bytes=3_000))
        room = await mgr.create("toy", [{"kind": "human"}] * 3, seed=5, config={})
        stuck = asyncio.Event()  # never set: the slow client's socket never takes a byte
        closed: list[int] = []

        async def never(text: str) -> None:
            await stuck.wait()

        async def close(code: int) -> None:
            closed.append(code)

        slow = Outbox(never, close, room.manager.settings.send_queue_bytes)
        slow.start()
        slow_conn = Conn(send=never, send_text=never, outbox=slow, hello=True)
        heard: list[int] = []

        async def keep(text: str) -> None:
            heard.append(orjson.loads(text)["version"])

        quick = Outbox(keep, close, room.manager.settings.send_queue_bytes)
        quick.start()
        room.conns.update({slow_conn, Conn(send=keep, send_text=keep, outbox=quick,
                                           hello=True, seat=1)})
        versions = []
        for _ in range(60):  # every submit returns although one client reads nothing
            seat = room.game.to_act()[0]
            action = room.game.legal_actions(seat)[0]
            versions.append(await asyncio.wait_for(room.submit(seat, action, None), 30))
            if room.game.over:
                break
        await asyncio.sleep(0.05)  # the quick client's writer sends what is queued
        still_there = slow_conn in room.conns
        await slow.stop()
        await quick.stop()
        await mgr.stop()
        return versions, heard, slow, still_there, closed[0] if closed else 0

    versions, heard, slow, still_there, code = asyncio.run(scenario())
    assert versions == list(range(1, len(versions) + 1))
    assert heard == versions  # the reading client got every state, in order
    assert slow.dropped and not still_there
    assert code == SLOW_CLIENT_CLOSE


def test_an_outbox_sends_in_order_and_counts_its_bytes() -> None:
    async def scenario() -> tuple[list[str], int]:
        sent: list[str] = []
        gate = asyncio.Event()

        async def send(text: str) -> None:
            await gate.wait()
            sent.append(text)

        async def close(code: int) -> None:
            raise AssertionError("a client within its limit is never dropped")

        box = Outbox(send, close, max_bytes=100)
        box.start()
        for word in ("one", "two", "three"):
            assert box.put(word)
        queued = box.queued_bytes
        gate.set()
        await asyncio.sleep(0.01)
        await box.stop()
        return sent, queued

    sent, queued = asyncio.run(scenario())
    assert sent == ["one", "two", "three"]
    assert queued == len("onetwothree")
