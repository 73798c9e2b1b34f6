"""hauntkit: an engine and app for haunted-house adventure board games."""

__version__ = "0.1.0"
