"""Run a real hauntkit server in its own process for the server and browser tests.

``python tests/server/serve.py --db URL --prefix P --port N [--dev] [--bot-delay S]``; it also
registers the test ruleset ``toy``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import toyrules  # noqa: E402,F401 - registers the "toy" ruleset

from hauntkit.server.rooms import Settings  # noqa: E402
from hauntkit.server.run import build_server  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--db", required=True)
    p.add_argument("--prefix", default="")
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--dev", action="store_true")
    p.add_argument("--bot-delay", type=float, default=0.0)
    p.add_argument("--rate", type=float, default=10.0)
    p.add_argument("--burst", type=float, default=30.0)
    # limits (tests create many games from one address; each limit's own test lowers it)
    p.add_argument("--create-rate", type=float, default=1000.0)
    p.add_argument("--create-burst", type=float, default=1000.0)
    p.add_argument("--max-rooms", type=int, default=1000)
    p.add_argument("--min-bot-delay", type=float, default=0.0)
    p.add_argument("--idle-evict", type=float, default=600.0)
    p.add_argument("--finished-evict", type=float, default=60.0)
    p.add_argument("--sweep-every", type=float, default=10.0)
    p.add_argument("--redis", default=None)
    p.add_argument("--lease", type=float, default=6.0)
    p.add_argument("--pg-cluster", action="store_true")
    # the tests open many sockets from one address; the cap's own test lowers it
    p.add_argument("--max-sockets-per-address", type=int, default=100_000)
    p.add_argument("--send-queue-bytes", type=int, default=4_000_000)
    p.add_argument("--trusted-proxy", action="append", default=[])
    p.add_argument("--host-away", type=float, default=120.0)
    a = p.parse_args()
    settings = Settings(db_url=a.db, table_prefix=a.prefix, dev=a.dev, bot_delay=a.bot_delay,
                        rate=a.rate, burst=a.burst, base_url=f"http://127.0.0.1:{a.port}",
                        create_rate=a.create_rate, create_burst=a.create_burst,
                        max_rooms=a.max_rooms, min_bot_delay=a.min_bot_delay,
                        idle_evict=a.idle_evict, finished_evict=a.finished_evict,
                        sweep_every=a.sweep_every, redis_url=a.redis, lease=a.lease,
                        pg_cluster=a.pg_cluster,
                        max_sockets_per_address=a.max_sockets_per_address,
                        send_queue_bytes=a.send_queue_bytes, trusted_proxies=a.trusted_proxy,
                        host_away=a.host_away)
    build_server(settings, "127.0.0.1", a.port).run()


if __name__ == "__main__":
    main()
