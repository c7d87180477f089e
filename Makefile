# furuba — two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-all
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: run test lint jscheck typecheck unit bench browser services venv clean i18n pyodide compiled pure wheel

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): $(PY) pyproject.toml
	$(PY) -m pip install --quiet -e '.[all]'
	touch $(STAMP)

venv: $(STAMP)

browser:
	@bash scripts/install-browser.sh

services:
	@bash scripts/setup-services.sh

# Pyodide for the offline app, from the npm registry at a pinned, checked version.
pyodide: $(STAMP)
	@$(PY) scripts/vendor-pyodide.py

# The engines compiled from their typed source with mypyc (setup.py; the modules listed in
# src/furuba/compiled.txt), in place beside the .py files. With no C compiler it says so and
# furuba runs as plain Python; FURUBA_PURE=1 runs plain Python beside a build.
COMPILED_SOURCES := $(addprefix src/,$(shell grep -v '^\#' src/furuba/compiled.txt))
build/.compiled: $(STAMP) setup.py src/furuba/compiled.txt $(COMPILED_SOURCES)
	find src -name '*.so' -delete   # a module no longer listed leaves no extension behind
	$(PY) setup.py --quiet build_ext --inplace
	@mkdir -p build && touch $@

compiled: build/.compiled

# Back to plain Python: the compiled modules removed.
pure:
	rm -f build/.compiled
	find src -name '*.so' -delete

# A wheel carrying the compiled engines (dist/).
wheel: $(STAMP)
	$(PY) -m pip wheel --quiet --no-build-isolation --no-deps --wheel-dir dist .

run: $(STAMP) pyodide compiled
	$(VENV)/bin/furuba serve --host $(HOST) --port $(PORT) --ready-table

lint: $(STAMP) jscheck
	$(VENV)/bin/ruff check src tests benchmarks examples
	$(VENV)/bin/mypy

# The web app's JavaScript as the browser loads it (no build): tsc over its JSDoc types, eslint.
# The tools come from the npm registry at the versions package-lock.json pins.
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

jscheck: node_modules/.installed
	npx tsc --noEmit -p .
	npx eslint src/furuba/server/web/js

unit: $(STAMP) services
	$(VENV)/bin/pytest -n 2 --durations=15

test: browser pyodide lint compiled unit

i18n: $(STAMP)
	$(PY) scripts/i18n.py update

bench: $(STAMP) compiled
	$(PY) -m benchmarks
	$(PY) -m benchmarks.compiled

clean:
	rm -rf $(VENV) build .mypy_cache .ruff_cache .pytest_cache .hypothesis
