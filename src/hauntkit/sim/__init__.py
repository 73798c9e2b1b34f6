"""Simulation, benchmarks, the scenario runner and property-test helpers (any ruleset)."""
