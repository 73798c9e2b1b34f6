"""One process with SQLite stays the default and needs nothing else (docs/deploy.md, "One
process"): a server started without --redis or --cluster imports neither the Redis client
nor psycopg nor the cluster transports, and has no cluster link. (The routing of moves to a
game's owner, plain Python that imports no client, is loaded with the rooms; it is used only
with a cluster link.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PROBE = """
import sys
from fastapi.testclient import TestClient
from hauntkit.server.app import create_app
from hauntkit.server.rooms import Settings

app = create_app(Settings(db_url="sqlite:///{db}"))
with TestClient(app) as client:
    made = client.post("/api/games", json={{"ruleset": "betrayal", "seats": [{{}}] * 3}})
    assert made.status_code == 200, made.text
    health = client.get("/api/health").json()
    assert health["node"] is None, health
    assert app.state.manager.cluster is None
loaded = sorted(m for m in ("redis", "psycopg", "hauntkit.server.rediscluster",
                            "hauntkit.server.pgcluster")
                if m in sys.modules)
print("loaded:", loaded)
"""


def test_one_sqlite_process_imports_no_cluster_client(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-c", PROBE.format(db=tmp_path / "games.db")],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "loaded: []" in out.stdout, out.stdout
