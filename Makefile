PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test screenshots bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# --quiet twice: errors only, so setuptools' notice about editable installs is not printed on every set-up
$(VENV)/.installed: $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet --quiet -e .
	touch $@

$(VENV)/.installed-test: $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

demo: $(VENV)/.installed
	$(BIN)/memrev demo

test: $(VENV)/.installed-test
	$(BIN)/python -m pytest -q

screenshots: $(VENV)/.installed
	$(BIN)/python -m memrev.tui.screenshots screenshots

bench: $(VENV)/.installed
	$(BIN)/memrev bench store
	$(BIN)/memrev bench check
	$(BIN)/memrev bench scan
	$(BIN)/memrev bench review
	$(BIN)/memrev bench reliability
	$(BIN)/memrev bench freeze
	$(BIN)/memrev bench purge

clean:
	rm -rf $(VENV) build *.egg-info
