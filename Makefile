# Two commands matter: `make play` and `make test`. Each sets itself up.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test bench atlas clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/spider

test: $(STAMP)
	$(BIN)/mypy --strict game
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python tools/bench_engine.py
	$(BIN)/python tools/bench_frames.py

atlas: $(STAMP)
	$(BIN)/python -m tools.atlas

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .mypy_cache
