"""Two clients acting at the same moment: one accepted action, one clear refusal (issue 5)."""

from __future__ import annotations

import threading

from harness import Client, ServerProcess


def _race(clients: list[Client], msg: dict) -> list[dict]:
    """Send ``msg`` from every client at the same moment; each one's ack or error."""
    barrier = threading.Barrier(len(clients))
    replies: list[dict] = [{} for _ in clients]

    def go(i: int) -> None:
        barrier.wait()
        clients[i].send({**msg, "id": i})
        replies[i] = clients[i].recv_until(lambda m: m["type"] in ("ack", "error"))

    threads = [threading.Thread(target=go, args=(i,)) for i in range(len(clients))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    return replies


def test_simultaneous_actions_one_accepted_one_refused(server: ServerProcess) -> None:
    made = server.create(seed=11)
    gid = made["id"]
    for round_ in range(5):
        token = made["seats"][round_ % 3]["token"]
        clients = [server.ws(gid, token), server.ws(gid, token)]
        version = clients[0].last["version"]
        replies = _race(clients, {"type": "act", "action": {"type": "rest"}, "version": version})
        assert sorted(r["type"] for r in replies) == ["ack", "error"], replies
        refusal = next(r for r in replies if r["type"] == "error")
        assert refusal["code"] == "stale_version" and "moved on" in refusal["message"]
        assert server.state(gid)["version"] == version + 1
        for c in clients:
            c.close()


def test_simultaneous_actions_without_versions(server: ServerProcess) -> None:
    """Without versions the second action is judged on the new position: seat 0 is no longer
    to act, so exactly one of two racing 'rest' actions lands."""
    made = server.create(seed=11)
    gid, tok = made["id"], made["seats"][0]["token"]
    replies = _race([server.ws(gid, tok), server.ws(gid, tok)],
                    {"type": "act", "action": {"type": "rest"}})
    assert sorted(r["type"] for r in replies) == ["ack", "error"]
    assert next(r for r in replies if r["type"] == "error")["code"] == "not_your_turn"
    assert server.state(gid)["view"]["pos"] == [1, 0, 0]
