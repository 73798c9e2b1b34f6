# Two commands on a fresh machine with Python 3.11+: `make play` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
HAUNTKIT := $(VENV)/bin/hauntkit

.PHONY: install play test soak coverage lint bench bench-check bench-baseline docs-figures browser-deps clean

# The test-only ruleset plugin (tests/plugins) is a real pip-installed package, but in its own
# folder outside site-packages: the tests put that folder on the path (tests/conftest.py) and
# play it as any user would; `make play` never sees it (a player is not offered a test game).
# pip builds the optional compiled copy_state (setup.py, src/hauntkit/core/_fastcopy.c) with cc,
# and the mypyc-compiled modules of mypyc_modules.txt (below).
TINYGAME := tests/plugins/hauntkit-tinygame
TEST_PLUGINS := $(VENV)/test-plugins

# The modules that setup.py compiles with mypyc (mypyc_modules.txt, paths relative to src/): an
# edit of one rebuilds them; `make lint` type-checks them with mypyc's options (setup.py's
# MYPY_OPTIONS), since mypyc refuses a module with a type error. docs/performance.md.
MYPYC_MODULES := $(shell sed -e 's/\#.*//' mypyc_modules.txt)
MYPYC_SOURCES := $(addprefix src/,$(MYPYC_MODULES))
MYPY_OPTIONS := --ignore-missing-imports --follow-imports=silent

# `make play` installs hauntkit and what playing needs, nothing more (the first time takes
# three to five minutes: most of it compiling the rules engine, shown as pip's "Building
# editable" step); `make test` adds the extras the tests use, without building hauntkit again.
$(VENV)/.play-installed: Makefile pyproject.toml setup.py mypyc_modules.txt $(MYPYC_SOURCES) src/hauntkit/core/_fastcopy.c src/hauntkit/bots/_keyedrng.c
	@echo "make: setting up $(VENV) (the first time takes three to five minutes)"
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	@echo "make: installing hauntkit and what playing needs; then compiling the rules engine (about 2 minutes)"
	$(PY) -m pip install --progress-bar on -e .
	touch $@

$(VENV)/.installed: $(VENV)/.play-installed $(TINYGAME)/pyproject.toml $(wildcard $(TINYGAME)/src/*/*.py)
	@echo "make: installing what the tests use (the test, ray, env and openspiel extras)"
	$(PY) scripts/extras.py test ray env openspiel > $(VENV)/test-requirements.txt
	$(PY) -m pip install -q --progress-bar on -r $(VENV)/test-requirements.txt
	$(PY) -m pip uninstall -q -y hauntkit-tinygame 2>/dev/null || true
	rm -rf $(TEST_PLUGINS)
	$(PY) -m pip install -q --no-deps --target $(TEST_PLUGINS) $(TINYGAME)
	touch $@

install: $(VENV)/.installed

play: $(VENV)/.play-installed
	$(HAUNTKIT) play $(ARGS)

browser-deps:
	@sh scripts/ensure-chromium.sh
	@sh scripts/ensure-axe.sh

lint: install
	$(VENV)/bin/ruff check src tests
	@$(VENV)/bin/mypy $(MYPY_OPTIONS) $(MYPYC_SOURCES) || { echo "make lint: the modules of \
	mypyc_modules.txt must type-check (mypyc refuses type errors; without a fix the build \
	falls back to pure Python). See docs/performance.md." >&2; exit 1; }
	@$(PY) scripts/mypyc_none_checks.py $(MYPYC_SOURCES) || { echo "make lint: an \
	\`is None\` test above may be compiled as a constant by mypyc (mypy narrowed the value \
	and kept the narrowing across a call); see scripts/mypyc_none_checks.py." >&2; exit 1; }

test: install browser-deps lint
	$(PY) -m pytest $(PYTEST_ARGS)

# The reliability suite at length (docs/testing.md, "Reliability"): more games in the leak
# scan, more positions of mistyped actions, and the crash, race, bad-input, slow-client and
# header tests; about four minutes.
SOAK_TESTS := tests/reliability tests/core/test_action_boundary.py \
	tests/server/test_recovery.py tests/server/test_concurrency.py \
	tests/server/test_cluster_handover.py tests/server/test_slow_client.py \
	tests/server/test_limits.py tests/server/test_bad_input.py
soak: install
	HAUNTKIT_SOAK=1 $(PY) -m pytest $(SOAK_TESTS) $(PYTEST_ARGS)

# Line coverage of src/ (the server too), child processes included: coverage's parallel mode,
# and [tool.coverage.run] patch = subprocess installs its start-up hook (a .pth) so that every
# Python process the tests start (servers, CLI runs, workers) is measured. Writes htmlcov/.
COVERAGE_DATA := $(CURDIR)/.coverage-data
coverage: install browser-deps
	rm -rf $(COVERAGE_DATA) htmlcov
	mkdir -p $(COVERAGE_DATA)
	export COVERAGE_FILE=$(COVERAGE_DATA)/cov; \
	$(PY) -m coverage run -m pytest $(PYTEST_ARGS); status=$$?; \
	$(PY) -m coverage combine -q $(COVERAGE_DATA) && $(PY) -m coverage html -q && \
	$(PY) -m coverage report && \
	echo "line coverage of src/hauntkit, child processes included: $$($(PY) -m coverage report --format=total)%" && \
	exit $$status

bench: install
	$(HAUNTKIT) bench

# Instructions per action and per clone() (perf or callgrind) against the committed baseline:
# fails on a rise of more than 10%. Re-record after a deliberate change with bench-baseline.
bench-check: install
	$(HAUNTKIT) bench --check benchmarks/baseline.json

bench-baseline: install
	$(HAUNTKIT) bench --write-baseline benchmarks/baseline.json

# The figure tables of the docs, measured again: each table's marker names the command that
# prints it (scripts/docs_figures.py; docs/performance.md, "Figures"). About four minutes on
# 2 cores.
docs-figures: install
	$(PY) scripts/docs_figures.py

clean:
	rm -rf $(VENV) build *.egg-info .coverage-data htmlcov .mypy_cache
	find src \( -name "*.so" -o -name "*.pyd" \) -delete
