"""hauntkit: an engine and app for haunted-house adventure board games."""

# First of all: decides whether the compiled (mypyc) modules may load (hauntkit/compiled.py).
from hauntkit import compiled as _compiled  # noqa: F401

__version__ = "0.1.0"
