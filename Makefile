# Entry points. Each target installs what it needs first, so they work on a fresh machine:
# the interpreter is checked, then Debian packages (build or test set), then a virtual
# environment from the pinned, hashed lock (requirements.txt, or requirements-test.txt for tests).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
UV_VERSION := 0.13.9
export NO_MKDOCS_2_WARNING := 1

.PHONY: python system system-test system-judges setup setup-test setup-judges serve build print validate linkcheck test test-fast lint lock search-eval \
	translations translations-reviewed translations-lock \
	new-tool diff-diagrams check-external bench engine-check capture capture-cpu capture-amd capture-import capture-check clean

python:
	@bash scripts/check-python.sh $(PYTHON)

system: python
	@bash scripts/setup-system.sh build

system-test: python
	@bash scripts/setup-system.sh test

system-judges: python
	@bash scripts/setup-system.sh judges

$(VENV)/bin/python: | python
	$(PYTHON) -m venv $(VENV)

# The build's lock; a marker per lock, so `make test` adds the test packages without redoing the build's.
# scripts/install-python-packages.sh installs pip itself by hash first, then each lock without
# resolving (--no-deps): a release published after the lock was made is never picked.
$(VENV)/.build-installed: requirements.txt requirements-bootstrap.txt | $(VENV)/bin/python
	bash scripts/install-python-packages.sh $(VENV) requirements.txt
	@touch $@

$(VENV)/.test-installed: requirements-test.txt $(VENV)/.build-installed
	bash scripts/install-python-packages.sh $(VENV) requirements-test.txt
	@touch $@

setup: system $(VENV)/.build-installed

# The tests also run the Nu HTML checker: its jar, fetched from npm's registry by hash when missing.
setup-test: system-test $(VENV)/.test-installed
	@$(PY) -m scripts judges --install nu

# The judges add Lighthouse: Node.js from Debian, then scripts/judges' npm lock.
setup-judges: system-judges setup-test
	@$(PY) -m scripts judges --install all

serve: setup
	$(PY) -m scripts serve --dev-addr 127.0.0.1:8000

build: setup
	$(PY) -m scripts build

validate: python $(VENV)/.build-installed
	@$(PY) -m scripts validate

# Translations (data/translations.lock): list the stale ones; mark one reviewed after checking
# it against its other language; record new fields (and ones rewritten in both languages).
translations: python $(VENV)/.build-installed
	@$(PY) -m scripts translations

translations-reviewed: python $(VENV)/.build-installed
	@$(PY) -m scripts translations-reviewed $(FIELD)

translations-lock: python $(VENV)/.build-installed
	@$(PY) -m scripts translations-lock

print: setup
	$(PY) -m scripts print site/print

new-tool: python $(VENV)/.build-installed
	@test -n "$(ID)" -a -n "$(LAYER)" || { echo "usage: make new-tool ID=my-tool LAYER=kernel-dsl [KIND=library]"; exit 2; }
	@$(PY) -m scripts new-tool "$(ID)" "$(LAYER)" --kind "$(or $(KIND),library)"

diff-diagrams: setup
	$(PY) -m scripts diff-diagrams --base "$(or $(BASE),origin/main)"

check-external: python $(VENV)/.test-installed
	$(PY) -m scripts check-external

# `make bench BENCH_ARGS="--scale 10 --suite"`: the larger data set's size, and the test suite's time.
bench: setup-judges
	$(PY) -m scripts bench $(BENCH_ARGS)

# The independent judges (also the end of `make bench`): the Nu HTML checker and Lighthouse
# (installed into scripts/judges/node_modules from its npm lock) over every page type.
judges: setup-judges
	$(PY) -m scripts judges

# Build with ProperDocs (the MkDocs 1.x fork) in place of MkDocs, in a throwaway environment, and
# compare with the normal build file by file (README, "Engine"); weekly in CI.
engine-check: setup
	$(PY) -m scripts engine-check

linkcheck: setup-test build
	$(PY) -m scripts linkcheck site

# The labelled queries (tests/search/queries.yaml) through the built site's search, in Chromium.
search-eval: setup-test build
	$(PY) -m scripts search-eval site

# Every test, on every core (pytest-xdist): the site is built once, in the background, while the
# tests that need no site run. `test-fast` is the inner loop: model, validator, templates and
# views only (no site build, no browser), in well under a minute.
test: setup-test
	$(PY) -m pytest -n auto

test-fast: setup-test
	$(PY) -m pytest --fast -n auto -q

lint: python $(VENV)/.test-installed
	$(VENV)/bin/ruff check macros scripts tests
	$(VENV)/bin/ruff format --check macros scripts tests

# Regenerate the locks from requirements.in / requirements-test.in / requirements-bootstrap.in, for the oldest supported Python.
lock: python $(VENV)/.build-installed
	$(PY) -m pip install --quiet --disable-pip-version-check uv==$(UV_VERSION)
	$(VENV)/bin/uv pip compile --quiet --python-version 3.11 --universal --generate-hashes requirements.in -o requirements.txt
	$(VENV)/bin/uv pip compile --quiet --python-version 3.11 --universal --generate-hashes requirements-test.in -o requirements-test.txt
	$(VENV)/bin/uv pip compile --quiet --python-version 3.11 --universal --generate-hashes requirements-bootstrap.in -o requirements-bootstrap.txt

# Evidence (data/evidence/): `capture` runs on a machine with an NVIDIA GPU and torch, Triton,
# JAX, CuPy, numba-cuda, cuda-bindings and nvcc installed (its own Python, not .venv; CUTLASS's
# headers in $CUTLASS_DIR, see README); `capture-import` turns archives into data: ARCHIVE="a.tgz b.tgz"
# (one per GPU, the first shown in full), else every archive in ../shared/captures/, newest first;
# `capture-cpu` makes the toolkit table from PyPI's nvcc/ptxas wheels.
capture:
	python3 -m scripts.capture gpu "$(or $(OUT),.cache/capture)"
	tar czf "$(or $(OUT),.cache/capture).tgz" -C "$(dir $(or $(OUT),.cache/capture))" "$(notdir $(or $(OUT),.cache/capture))"

capture-import: python $(VENV)/.build-installed
	$(PY) -m scripts.capture import $(ARCHIVE)

capture-cpu: python $(VENV)/.build-installed
	$(PY) -m scripts.capture cpu

# The AMD side's compiler output on any CPU machine (no GPU, nothing run): Triton from PyPI (pinned in
# scripts/capture/requirements-amd.txt, installed into a throwaway environment, never .venv) compiles the
# GEMM+GELU kernel for gfx942 and sm_90, Debian's clang-19 a HIP kernel for gfx942; then the import.
AMD_VENV := .cache/amd-venv
capture-amd: python $(VENV)/.build-installed
	@bash scripts/setup-system.sh amd
	test -x $(AMD_VENV)/bin/python || $(PYTHON) -m venv $(AMD_VENV)
	$(AMD_VENV)/bin/pip install --quiet --disable-pip-version-check -r scripts/capture/requirements-amd.txt
	$(AMD_VENV)/bin/python -m scripts.capture amd --only compile
	$(PY) -m scripts.capture amd --only import

capture-check: python $(VENV)/.build-installed
	$(PY) -m scripts.capture check

clean:
	rm -rf site .cache .pytest_cache
