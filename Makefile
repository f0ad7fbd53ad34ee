# Entry points. Each target installs what it needs first (Debian packages, then a
# virtual environment from pinned requirements), so they work on a fresh machine.
VENV   := .venv
PY     := $(VENV)/bin/python
export NO_MKDOCS_2_WARNING := 1
export PYTHONHASHSEED := 0

.PHONY: setup system serve build validate linkcheck test lint clean

setup: system $(VENV)/.installed

system:
	@bash scripts/setup-system.sh

$(VENV)/.installed: requirements.txt
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	@touch $@

serve: setup
	$(PY) -m mkdocs serve --dev-addr 127.0.0.1:8000 --livereload

build: setup
	$(PY) scripts/build.py

validate: $(VENV)/.installed
	@$(PY) scripts/validate.py

linkcheck: build
	$(PY) scripts/linkcheck.py site

test: setup
	$(PY) -m pytest

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check macros scripts tests
	$(VENV)/bin/ruff format --check macros scripts tests

clean:
	rm -rf site .cache .pytest_cache
