"""Two clients acting at the same moment: one accepted action, one clear refusal (issue 5)."""

from __future__ import annotations

import threading

from harness import ServerProcess


def test_simultaneous_actions_one_accepted_one_refused(server: ServerProcess) -> None:
    made = server.create(seed=11)
    gid, tok = made["id"], made["seats"][0]["token"]
    for round_ in range(5):
        seat_token = made["seats"][round_ % 3]["token"] if round_ else tok
        clients = [server.ws(gid, seat_token), server.ws(gid, seat_token)]
        version = clients[0].last["version"]
        barrier = threading.Barrier(2)
        replies: list[dict] = [{}, {}]

        def go(i: int, clients=clients, barrier=barrier, version=version,
               replies=replies) -> None:
            barrier.wait()
            clients[i].send({"type": "act", "action": {"type": "rest"}, "version": version,
                             "id": i})
            replies[i] = clients[i].recv_until(lambda m: m["type"] in ("ack", "error"))

        threads = [threading.Thread(target=go, args=(i,)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(20)
        kinds = sorted(r["type"] for r in replies)
        assert kinds == ["ack", "error"], replies
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
    clients = [server.ws(gid, tok), server.ws(gid, tok)]
    barrier = threading.Barrier(2)
    replies: list[dict] = [{}, {}]

    def go(i: int) -> None:
        barrier.wait()
        clients[i].send({"type": "act", "action": {"type": "rest"}})
        replies[i] = clients[i].recv_until(lambda m: m["type"] in ("ack", "error"))

    threads = [threading.Thread(target=go, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    assert sorted(r["type"] for r in replies) == ["ack", "error"]
    assert next(r for r in replies if r["type"] == "error")["code"] == "not_your_turn"
    assert server.state(gid)["view"]["pos"] == [1, 0, 0]
