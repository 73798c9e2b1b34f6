"""The choice of a process's cluster link: Redis when a URL is given, else PostgreSQL
LISTEN/NOTIFY when asked for, else none (see ``hauntkit.server.cluster``)."""

from __future__ import annotations

from hauntkit.server.cluster import Cluster


def make_cluster(redis_url: str | None, db_url: str, pg_cluster: bool, prefix: str,
                 lease: float) -> Cluster | None:
    """The link of this process to the others (Redis, else PostgreSQL LISTEN/NOTIFY), or None
    when it is alone (the default: then neither client is even imported)."""
    if redis_url:
        from hauntkit.server.rediscluster import RedisCluster

        return RedisCluster(redis_url, prefix or "default", lease)
    if pg_cluster:
        from hauntkit.server.pgcluster import PgCluster

        return PgCluster(db_url, prefix, lease)
    return None
