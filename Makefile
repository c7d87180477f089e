# furuba — two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-all
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: run test lint jscheck typecheck unit bench browser services venv clean i18n pyodide

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

run: $(STAMP) pyodide
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

test: browser pyodide lint unit

i18n: $(STAMP)
	$(PY) scripts/i18n.py update

bench: $(STAMP)
	$(PY) -m benchmarks

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
