"""``--ray``: the same work on a (local) Ray instance gives the same results as local processes.

Ray is the ``ray`` extra, which ``make test`` installs: this test runs, it never skips.
"""

from __future__ import annotations

from hauntkit.cli.balance import report_json
from hauntkit.core.ruleset import get_ruleset
from hauntkit.sim.balance import make_spec, run_balance
from hauntkit.sim.parallel import shutdown_ray
from hauntkit.sim.simulate import SimSpec, simulate


def test_ray_gives_the_same_balance_report_and_simulation_as_local_processes():
    import ray

    spec = make_spec(get_ruleset("betrayal"), "magpie,seance", 2, [3, 4], seed=5, bot="default",
                     max_actions=4000)
    sim = SimSpec("betrayal", games=4, seed=9, max_actions=4000)
    local_report, _ = run_balance(spec, workers=2)
    local_sim = simulate(sim, 2)
    try:
        ray_report, _ = run_balance(spec, workers=2, ray_address="")  # local Ray, 2 CPUs
        assert ray.is_initialized()
        assert ray.cluster_resources().get("CPU") == 2
        ray_sim = simulate(sim, 2, ray_address="")
    finally:
        shutdown_ray()
    assert report_json(ray_report) == report_json(local_report)
    assert ray_sim == local_sim
