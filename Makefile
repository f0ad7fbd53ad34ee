# Entry points. Each target installs what it needs first (Debian packages, then a
# virtual environment from pinned requirements), so they work on a fresh machine.
VENV   := .venv
PY     := $(VENV)/bin/python
export NO_MKDOCS_2_WARNING := 1

.PHONY: setup system serve build print validate linkcheck test lint new-tool diff-diagrams check-external bench clean

setup: system $(VENV)/.installed

system:
	@bash scripts/setup-system.sh

$(VENV)/.installed: requirements.txt
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	@touch $@

serve: setup
	$(PY) -m mkdocs serve --dev-addr 127.0.0.1:8000

build: setup
	$(PY) scripts/build.py

validate: $(VENV)/.installed
	@$(PY) scripts/validate.py

print: setup
	$(PY) scripts/print_posters.py site/print

new-tool: $(VENV)/.installed
	@test -n "$(ID)" -a -n "$(LAYER)" || { echo "usage: make new-tool ID=my-tool LAYER=kernel-dsl [KIND=library]"; exit 2; }
	@$(PY) scripts/new_tool.py "$(ID)" "$(LAYER)" --kind "$(or $(KIND),library)"

diff-diagrams: setup
	$(PY) scripts/diff_diagrams.py --base "$(or $(BASE),origin/main)"

check-external: $(VENV)/.installed
	$(PY) scripts/check_external.py

bench: setup
	$(PY) scripts/bench.py

linkcheck: build
	$(PY) scripts/linkcheck.py site

test: setup
	$(PY) -m pytest

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check macros scripts tests
	$(VENV)/bin/ruff format --check macros scripts tests

clean:
	rm -rf site .cache .pytest_cache
