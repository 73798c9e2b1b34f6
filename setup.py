"""Builds the optional compiled parts; metadata lives in pyproject.toml. Without a C compiler
the build goes on without them and Python does the same work (same results):

- ``hauntkit.core._fastcopy`` (src/hauntkit/core/_fastcopy.c) speeds up ``copy_state``;
- ``hauntkit.bots._keyedrng`` (src/hauntkit/bots/_keyedrng.c) gives the simple bots'
  per-decision ``random.Random(key)`` draws for less than a reseeding each."""

from setuptools import Extension, setup

setup(ext_modules=[Extension("hauntkit.core._fastcopy", ["src/hauntkit/core/_fastcopy.c"],
                             optional=True),
                   Extension("hauntkit.bots._keyedrng", ["src/hauntkit/bots/_keyedrng.c"],
                             optional=True)])
