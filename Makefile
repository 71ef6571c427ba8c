# cardlab: build, test and run. Needs only python3 and make; everything else is installed
# into .venv (development) and .venv-binder (what mybinder.org would install), pinned by
# requirements/lock.txt.
#
#   make test           lint, pytest (tests/ + browser + package, README), binder-check,
#                       minimal-check
#   make pytest         all of pytest in .venv, on 2 cores (tests/, README.md, notebooks/)
#   make lab            JupyterLab on notebooks/
#   make binder-check   install binder/requirements.txt in a fresh venv and run every notebook
#                       there (lessons, solutions, apps: nbval compares their outputs)
#   make minimal-check  the fast unit tests with each dependency at its lowest supported version
#   make probes         every bot-strength probe (make test runs a sample: tests/conftest.py)
#   make bench          bench/run.py
#   make playthroughs   write tests/playthroughs/ again (after a change meant to alter them)
#   make notebooks      run every lesson again and store its outputs (after a library change)
#   make docs           the documentation site in site/ (mkdocs, strict); docs-serve: live
#   make sheets         each lesson's printable students' sheet and answer key in build/sheets/
#   make lite           the lessons as a JupyterLite site (Pyodide, no server) in site/lite/
#                       (docs and lite keep each other's output: run them in either order)
#   make dist           wheel and sdist in dist/, checked with twine check --strict
#   make lint / format  ruff check, mypy --strict cardlab, the layering contract, no function over
#                       60 lines / ruff format + fixes
#   make lock           re-resolve requirements/lock.txt and binder/requirements.txt
#   make clean          remove the venvs and caches
#
# Extra pytest arguments: make test PYTEST_ARGS="-m 'not slow' -x"; PYTEST_WORKERS=0 runs pytest
# in one process (2 by default, pytest-xdist).

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-print-directory

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.cardlab-installed
BINDER_VENV := .venv-binder
BINDER_BIN := $(BINDER_VENV)/bin
BINDER_STAMP := $(BINDER_VENV)/.cardlab-installed
LOCK := requirements/lock.txt
BINDER_REQS := binder/requirements.txt
MINIMAL_VENV := .venv-minimal
MINIMAL_BIN := $(MINIMAL_VENV)/bin
MINIMAL_STAMP := $(MINIMAL_VENV)/.cardlab-installed
MINIMAL := requirements/minimal.txt
PYTEST_ARGS ?=
LAB_ARGS ?=
# jupyter_core warns about its path migration on every start unless this is set.
export JUPYTER_PLATFORM_DIRS := 1
# JupyterLab refuses to run as root without --allow-root (CI and these machines run as root).
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: help venv chromium lab test pytest probes lint format binder-check minimal-check bench
.PHONY: playthroughs notebooks lock clean
.PHONY: docs docs-serve lite dist sheets

help:
	@sed -n '/^#   make/,/^#$$/p' Makefile | sed 's/^# \{0,1\}//'

# ---------------------------------------------------------------------------------------------
# Development environment: rebuilt only when pyproject.toml or the lock changes.
venv: $(STAMP)

# Three things JupyterLab would otherwise show in `make lab` (Binder's postBuild does the first
# too): binder/overrides.json, its settings (no news question, no update check); the Lite
# kernel's front end, which the docs extras install but which JupyterLab cannot load ("Shared
# module @jupyterlite/services doesn't exist"), moved out of its sight to where lite/build.py
# looks for it; and jupytext's front end, which comes with the docs tools (mkdocs-jupyter
# uses jupytext's Python side only; Binder has neither) and which every Voila page fails to
# load, logging an error ("shared module ... @jupyterlab/docmanager"): disabled for JupyterLab
# and Voila alike (etc/jupyter/labconfig/page_config.json).
LAB_SETTINGS_DIR := $(VENV)/share/jupyter/lab/settings
LITE_KERNEL_FRONT_END := $(VENV)/share/jupyter/labextensions/@jupyterlite
LITE_ONLY_DIR := $(VENV)/share/cardlab-lite/labextensions
$(STAMP): pyproject.toml $(LOCK) binder/overrides.json
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip -c $(LOCK)
	$(BIN)/python -m pip install -c $(LOCK) -e ".[notebooks,dask,parquet,docs]" --group dev
	mkdir -p $(LAB_SETTINGS_DIR) $(LITE_ONLY_DIR)
	cp binder/overrides.json $(LAB_SETTINGS_DIR)/overrides.json
	if [ -d $(LITE_KERNEL_FRONT_END) ]; then \
	  rm -rf $(LITE_ONLY_DIR)/@jupyterlite && mv $(LITE_KERNEL_FRONT_END) $(LITE_ONLY_DIR)/; fi
	$(BIN)/jupyter labextension disable --level=sys_prefix jupyterlab-jupytext > /dev/null 2>&1
	touch $@

# The lessons are trusted first (jupyter trust, as Binder's postBuild does): JupyterLab shows
# an untrusted notebook's stored HTML sanitized, which empties what the stored tables say to a
# screen reader (role, aria-label, aria-current) and the current seat's style.
LESSONS := notebooks/*.ipynb notebooks/solutions/*.ipynb
lab: venv
	$(BIN)/jupyter trust $(LESSONS) > /dev/null
	$(BIN)/jupyter lab notebooks/ $(ALLOW_ROOT) $(LAB_ARGS)

# The browser tests (tests/browser, marker `browser`) drive Debian's Chromium through Playwright
# (no browser download). Installed here when missing, if we are root with apt-get; otherwise
# those tests are skipped with the reason (under CI=true they fail instead).
CHROMIUM := /usr/bin/chromium
chromium:
	@if [ -x $(CHROMIUM) ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get > /dev/null; then \
	  echo "make chromium: installing Chromium for the browser tests (apt-get)"; \
	  { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; } \
	    || echo "make chromium: WARNING: apt-get failed: browser tests will skip (fail if CI=true)" >&2; \
	else \
	  echo "make chromium: WARNING: no $(CHROMIUM) and no root apt-get: browser tests will" \
	    "skip (install the chromium package to run them)" >&2; \
	fi

# ---------------------------------------------------------------------------------------------
# Checks
# The notebooks run once, in the Binder check (what a student's Binder runs; the same pinned
# versions as .venv), not in .venv's pytest as well (`make pytest` alone runs them there too):
# its testpaths leave notebooks/ out (--ignore would not: pytest collects a testpath anyway).
test: venv chromium
	$(MAKE) lint
	$(MAKE) pytest PYTEST_ARGS="-o testpaths='tests README.md' $(PYTEST_ARGS)"
	$(MAKE) binder-check
	$(MAKE) minimal-check

# Options (nbval, doctest glob, markers) live in pyproject.toml [tool.pytest.ini_options].
# pytest-xdist runs the tests in PYTEST_WORKERS processes (CI's 2 cores; 0: one process, for
# a debugger); conftest.py keeps on one worker what must stay together: a notebook's cells,
# the checks of the docs and Lite sites (each site is built once for the run), and each other
# module of tests/package and tests/browser (its builds, servers and browser).
# Exit status 5 means pytest collected nothing (a tree with no tests yet): said, not failed.
PYTEST_WORKERS ?= 2
pytest: venv
	rc=0; $(BIN)/python -m pytest -n $(PYTEST_WORKERS) $(PYTEST_ARGS) || rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make pytest: WARNING: pytest collected no tests" >&2; \
	else exit $$rc; fi

# The bot-strength probes (marker `probe`): `make test` runs a sample of them drawn from the
# commit (tests/conftest.py says how); this runs them all, a few minutes.
probes: venv
	CARDLAB_PROBES=all $(BIN)/python -m pytest -n $(PYTEST_WORKERS) -m probe $(PYTEST_ARGS)

# tools/check_layers.py: the layering contract of pyproject.toml ([tool.cardlab.layers]): no
# upward import (inside functions too, the documented hooks aside), no modules that import
# each other, no private name taken from another module. tools/check_lengths.py: no function
# of the package over 60 lines.
lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python tools/check_layers.py
	$(BIN)/python tools/check_lengths.py

format: venv
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: venv
	$(BIN)/python bench/run.py

# Run every lesson and solutions notebook again and store its outputs (cleaned: no widget
# state, no timestamps), after a library change that alters what they show; review the diff.
notebooks: venv
	$(BIN)/python tools/run_notebooks.py

# The recorded playthroughs in tests/playthroughs/, compared word for word by the tests: write
# them again after a change that is meant to alter a deal, a rule or the narration.
playthroughs: venv
	$(BIN)/python tests/playthrough.py

# ---------------------------------------------------------------------------------------------
# The site: the docs (mkdocs.yml; strict, offline) in site/, the lessons in the browser
# (lite/build.py: JupyterLite with the Pyodide kernel) in site/lite/. tests/package/ builds both
# in `make test`. The two variables silence the banners that mkdocs-material and properdocs
# print about MkDocs 2.0 (mkdocs is pinned below 2 in pyproject.toml).
export DISABLE_MKDOCS_2_WARNING := true
export NO_MKDOCS_2_WARNING := 1
# mkdocs empties its site_dir first: it builds into build/docs-site, and site/ gets that
# build with site/lite (make lite) left where it is, in either order.
docs: venv
	rm -rf build/docs-site
	$(BIN)/mkdocs build --strict --site-dir build/docs-site
	mkdir -p site
	find site -mindepth 1 -maxdepth 1 ! -name lite -exec rm -rf {} +
	cp -a build/docs-site/. site/

docs-serve: venv
	$(BIN)/mkdocs serve --strict

# The teacher's kit's printable pages (tools/sheets.py): for each lesson, the students' sheet
# (predictions and exercises) and the answer key, as print-ready HTML. `make docs` puts the
# same pages in the site, under sheets/.
sheets: venv
	$(BIN)/python tools/sheets.py --out build/sheets

# LITE_ARGS="--pyodide npm" carries Pyodide's core in the site (no CDN; no numpy or pandas),
# LITE_ARGS="--pyodide pyodide-VERSION.tar.bz2" Pyodide's full release (the Pages workflow).
LITE_ARGS ?=
lite: venv
	$(BIN)/python lite/build.py --output site/lite $(LITE_ARGS)

# ---------------------------------------------------------------------------------------------
# Packaging: the wheel and the sdist (hatchling, from the dev venv: no build isolation, so no
# download), checked as PyPI would. tests/package/ checks the same in `make test`.
dist: venv
	rm -rf dist
	$(BIN)/python -m build --no-isolation --outdir dist .
	$(BIN)/python -m twine check --strict dist/*

# ---------------------------------------------------------------------------------------------
# Binder: a fresh venv from binder/requirements.txt, installed from the repo root as
# repo2docker does (the line `.` installs cardlab itself, non-editable), plus pytest, nbval
# and pytest-xdist (pinned by the lock) to run the notebooks in it.
$(BINDER_STAMP): $(BINDER_REQS) $(LOCK)
	rm -rf $(BINDER_VENV)
	$(PYTHON) -m venv $(BINDER_VENV)
	$(BINDER_BIN)/python -m pip install --quiet --upgrade pip -c $(LOCK)
	$(BINDER_BIN)/python -m pip install -r $(BINDER_REQS)
	$(BINDER_BIN)/python -m pip install -c $(LOCK) pytest nbval pytest-xdist
	touch $@

binder-check: $(BINDER_STAMP)
	@# The installed copy of cardlab is refreshed each run so it matches the working tree.
	$(BINDER_BIN)/python -m pip install --quiet --no-deps --force-reinstall .
	cd $(BINDER_VENV) && bin/python -c "import cardlab; print('binder-check: imported', cardlab.__file__)"
	@# Every notebook (the lessons, their solutions, the Voila apps), on PYTEST_WORKERS cores.
	if compgen -G 'notebooks/*.ipynb' > /dev/null; then \
	  $(BINDER_BIN)/python -m pytest -p no:cacheprovider -n $(PYTEST_WORKERS) notebooks; \
	else echo "binder-check: no notebooks yet"; fi

# ---------------------------------------------------------------------------------------------
# The lowest supported versions (requirements/minimal.txt, the floors of pyproject.toml): cardlab
# (editable: the working tree) in .venv-minimal with each dependency at its floor, and the fast
# unit tests of the parts that use them (tables, charts, widgets, runs in processes and on
# Dask, Parquet, the batch engine on numpy 1), not the notebooks (their outputs are the
# lock's). About two minutes.
MINIMAL_TESTS := tests/test_simulation.py tests/test_tables.py tests/test_charts.py \
	tests/test_sliders.py tests/test_variant_lab.py tests/test_explorer.py \
	tests/test_information.py tests/test_edges.py tests/test_batch.py
$(MINIMAL_STAMP): $(MINIMAL) pyproject.toml
	rm -rf $(MINIMAL_VENV)
	$(PYTHON) -m venv $(MINIMAL_VENV)
	$(MINIMAL_BIN)/python -m pip install --quiet --upgrade pip -c $(LOCK)
	$(MINIMAL_BIN)/python -m pip install --quiet -c $(MINIMAL) -e ".[lessons,parquet,dask]" \
	  pytest hypothesis
	touch $@

minimal-check: $(MINIMAL_STAMP)
	$(MINIMAL_BIN)/python -m pytest -p no:cacheprovider -o addopts="" -q -m "not slow" \
	  $(MINIMAL_TESTS)

# ---------------------------------------------------------------------------------------------
# Re-resolve every pin from PyPI (after changing dependencies in pyproject.toml or binder needs).
LOCK_VENV := .venv-lock
lock:
	rm -rf $(LOCK_VENV)
	$(PYTHON) -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(LOCK_VENV)/bin/python -m pip install --quiet -e ".[notebooks,dask,parquet,docs]" --group dev
	{ sed -n '/^#/p' $(LOCK); \
	  $(LOCK_VENV)/bin/python -m pip freeze --all --exclude-editable \
	    | grep -v -E '^(setuptools|wheel)=='; } > $(LOCK).new
	mv $(LOCK).new $(LOCK)
	rm -rf $(LOCK_VENV)
	$(PYTHON) -m venv $(LOCK_VENV)
	@# notebook: Binder's base image ships Notebook 7 pinned to an older JupyterLab; pinning the
	@# release that matches our JupyterLab keeps its server extension consistent there.
	$(LOCK_VENV)/bin/python -m pip install --quiet -c $(LOCK) -e ".[notebooks]" voila notebook
	{ sed -n '/^#/p' $(BINDER_REQS); \
	  $(LOCK_VENV)/bin/python -m pip freeze --exclude-editable; \
	  echo "."; } > $(BINDER_REQS).new
	mv $(BINDER_REQS).new $(BINDER_REQS)
	rm -rf $(LOCK_VENV)
	@echo "lock: rewrote $(LOCK) and $(BINDER_REQS); review with git diff"

clean:
	rm -rf $(VENV) $(BINDER_VENV) $(MINIMAL_VENV) $(LOCK_VENV) .pytest_cache .hypothesis .ruff_cache
	rm -rf build dist
	rm -rf site
	find . -path ./.git -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +
