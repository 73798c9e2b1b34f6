"""What a game's websocket costs on the wire (issue 12, "Load"): the server sends state
messages uncompressed, since deflating each one cost more CPU than building it."""

from __future__ import annotations

from harness import ServerProcess
from websockets.sync.client import connect


def test_the_server_declines_per_message_compression(server: ServerProcess) -> None:
    made = server.create()
    # the client offers permessage-deflate, as browsers do; the server does not take it up
    with connect(f"ws://127.0.0.1:{server.port}/ws/{made['id']}", open_timeout=60) as ws:
        assert ws.response is not None
        assert "Sec-WebSocket-Extensions" not in ws.response.headers
        ws.send('{"type": "hello", "token": null}')
        assert '"type":"state"' in str(ws.recv(timeout=60))
