"""Builds the optional compiled deep copy (src/hauntkit/core/_fastcopy.c) that speeds up
``copy_state``; metadata lives in pyproject.toml. Without a C compiler the build goes on
without it and ``copy_state`` takes its pure-Python path (equal copies)."""

from setuptools import Extension, setup

setup(ext_modules=[Extension("hauntkit.core._fastcopy", ["src/hauntkit/core/_fastcopy.c"],
                             optional=True)])
