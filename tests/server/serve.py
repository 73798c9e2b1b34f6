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
    a = p.parse_args()
    settings = Settings(db_url=a.db, table_prefix=a.prefix, dev=a.dev, bot_delay=a.bot_delay,
                        rate=a.rate, burst=a.burst, base_url=f"http://127.0.0.1:{a.port}")
    build_server(settings, "127.0.0.1", a.port).run()


if __name__ == "__main__":
    main()
