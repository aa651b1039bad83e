# Two commands matter: `make play` and `make test`. Each sets itself up.
# `make play` installs only what playing needs; `make test` adds the test tools.
# Both install the versions pinned in constraints.txt.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/pip install -q -c constraints.txt
PLAY_STAMP := $(VENV)/.installed-play
TEST_STAMP := $(VENV)/.installed-test

.PHONY: play static check test soak bench atlas sounds wheel bundle clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(PLAY_STAMP): pyproject.toml constraints.txt | $(BIN)/python
	$(PIP) -e .
	touch $@

$(TEST_STAMP): $(PLAY_STAMP)
	$(PIP) -e '.[test]'
	touch $@

play: $(PLAY_STAMP)
	$(BIN)/spider

# Three loops (CONTRIBUTING.md). Every test that needs no X server runs in
# parallel over the machine's cores (pytest-xdist); the real-window tests run
# in a serial pass of their own, since how fast a window answers is part of
# what they check. `soak` marks the long versions of loops (random input,
# tries, rounds): `make soak` runs them, CI runs it after `make test`.
JOBS ?= auto
# Bytecode is written even where the environment says not to: without it each
# worker compiles every module and rewrites every test's asserts again (~2.5 s).
unexport PYTHONDONTWRITEBYTECODE
PYTEST := $(BIN)/python -m pytest -p no:cacheprovider

static: $(TEST_STAMP)
	$(BIN)/ruff format --check .
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-cache
	$(BIN)/mypy --strict

# The inner loop: static checks and the in-process tests, no coverage.
check: static
	$(PYTEST) -n $(JOBS) -m "not xvfb and not soak"

# Everything but the soaks, with the coverage summary.
test: static
	$(PYTEST) -n $(JOBS) -m "not xvfb and not soak" --cov --cov-report=
	$(PYTEST) -m "xvfb and not soak" --cov --cov-append --cov-report=term

soak: $(TEST_STAMP)
	$(PYTEST) -m soak

bench: $(TEST_STAMP)
	$(BIN)/python tools/bench_engine.py
	$(BIN)/python tools/bench_frames.py

atlas: $(PLAY_STAMP)
	$(BIN)/python -m tools.atlas

sounds: $(PLAY_STAMP)
	$(BIN)/python -m tools.sounds

# The wheel and the sdist, in dist/ (what .ci/run installs and checks).
wheel: $(TEST_STAMP)
	rm -rf dist
	$(BIN)/python -m build --outdir dist .

# The standalone Linux build, for players without Python:
# dist/spider-<version>-linux-x86_64.tar.gz, made by PyInstaller in a venv of its
# own with the pinned versions (tools/bundle/). Needs only Python's standard library here.
bundle: $(BIN)/python
	$(BIN)/python -m tools.bundle

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .mypy_cache .coverage dist build
