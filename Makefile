# Two runtimes (see DESIGN.md): .venv-rasa (Python 3.10, the Rasa engine only) and .venv (Python >=3.11,
# everything we write). Installs are keyed on their requirement files through stamp files, so a second
# `make run` installs nothing; the model is retrained only when bot data or config.yml changed.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON311 ?= $(shell for c in python3.13 python3.12 python3.11 python3; do \
  p=$$(command -v "$$c" 2>/dev/null) && "$$p" -c 'import sys; assert sys.version_info >= (3, 11)' 2>/dev/null && { echo "$$p"; break; }; done)
# A 3.10 interpreter for Rasa: PYTHON310, then python3.10 on PATH, then pyenv's usual place (a pyenv
# shim that is not activated answers but fails, hence each candidate is run once).
PYTHON310 ?= $(shell for c in python3.10 "$$(pyenv root 2>/dev/null)"/versions/3.10.*/bin/python "$$HOME"/.pyenv/versions/3.10.*/bin/python; do \
  p=$$(command -v "$$c" 2>/dev/null) && "$$p" -c 'import sys; assert sys.version_info[:2] == (3, 10)' 2>/dev/null && { echo "$$p"; break; }; done)

VENV := .venv
RVENV := .venv-rasa
PY := $(VENV)/bin/python
RASA := $(RVENV)/bin/rasa
MODEL := models/bot.tar.gz
BOT_FILES := config.yml $(shell find bot/domain bot/data -name '*.yml' 2>/dev/null) $(wildcard bot/components/*.py)
export PIP_DISABLE_PIP_VERSION_CHECK := 1
# Rasa's telemetry would try the network at every command.
export RASA_TELEMETRY_ENABLED := false
export SQLALCHEMY_SILENCE_UBER_WARNING := 1
export TF_CPP_MIN_LOG_LEVEL := 2
# Training as repeatable as Rasa 3.6 allows on a CPU: DIET's random_seed (config.yml), a fixed hash seed
# (set and dict order of featurizer vocabularies) and TensorFlow's deterministic kernels. Floats still
# differ between CPUs, hence bot/components/cues.py and `make test-robustness`.
export PYTHONHASHSEED := 0
export TF_DETERMINISTIC_OPS := 1

.PHONY: help install browser run run-production loadtest screenshots test test-unit test-rasa test-nlu test-e2e test-robustness bench train validate lock clean

help:
	@echo "make run    - install what is missing, train if needed, start Rasa (:5005), actions (:5055), API (:8000)"
	@echo "make test   - everything checked: pytest, rasa data validate, training, rasa conversation tests, e2e"
	@echo "make bench  - latency, cold start, memory, training and reply-length figures, and their ratios to the stock 'rasa init' bot trained and started in the same run (saved under bench/results/)"
	@echo "make run-production - as make run, on PostgreSQL + Redis with RASA_WORKERS [2] Rasa workers"
	@echo "make screenshots - PNGs of the citizen pages and the clerk desk (desktop, phone, pt-BR/pt-PT/en) in var/screenshots/"
	@echo "make loadtest - Locust through the public chat API, 1 and 2 Rasa workers (~15 min; bench/results/)"
	@echo "make test-robustness - the tests against models trained with 3 seeds (~40 min)"

# ---------------------------------------------------------------- installs
$(RVENV)/.stamp: requirements-rasa.txt constraints-rasa.txt
	@if [ -z "$(PYTHON310)" ] || ! "$(PYTHON310)" -c 'import sys; assert sys.version_info[:2] == (3, 10)' 2>/dev/null; then \
	  echo "ERROR: Rasa 3.6 needs Python 3.10 and none was found."; \
	  echo "  Install one (e.g. 'pyenv install 3.10.13' or 'apt install python3.10') and re-run,"; \
	  echo "  or point to it: make PYTHON310=/path/to/python3.10 ..."; exit 1; fi
	"$(PYTHON310)" -m venv $(RVENV)
	$(RVENV)/bin/pip install -q --upgrade pip wheel
	$(RVENV)/bin/pip install -q -r requirements-rasa.txt -c constraints-rasa.txt
	touch $@

$(VENV)/.stamp: pyproject.toml constraints.txt
	@"$(PYTHON311)" -c 'import sys; assert sys.version_info >= (3, 11)' 2>/dev/null || \
	  { echo "ERROR: the project needs Python >= 3.11 (found $(PYTHON311)). Set PYTHON311=/path/to/python3.11."; exit 1; }
	"$(PYTHON311)" -m venv $(VENV)
	$(VENV)/bin/pip install -q --upgrade pip
	$(VENV)/bin/pip install -q -e '.[dev]' -c constraints.txt
	touch $@

install: $(RVENV)/.stamp $(VENV)/.stamp

# Debian's Chromium for the widget's browser tests (Playwright drives it; no browser download).
browser:
	scripts/ensure_chromium.sh

# Refresh the locks after changing requirements-rasa.txt or pyproject.toml.
lock: install
	{ echo "# Lock for .venv-rasa (make lock)."; $(RVENV)/bin/pip freeze --exclude-editable; } > constraints-rasa.txt
	{ echo "# Lock for .venv (make lock)."; $(VENV)/bin/pip freeze --exclude-editable; } > constraints.txt

# ---------------------------------------------------------------- model
$(MODEL): $(RVENV)/.stamp $(BOT_FILES)
	mkdir -p models
	$(RASA) train --config config.yml --domain bot/domain --data bot/data \
	  --out models --fixed-model-name bot --quiet

train: $(MODEL)

validate: $(RVENV)/.stamp
	$(RASA) data validate --config config.yml --domain bot/domain --data bot/data --fail-on-warnings

# ---------------------------------------------------------------- run
run: install $(MODEL)
	mkdir -p var
	$(VENV)/bin/honcho -f Procfile start

# The production configuration on this machine: Rasa's tracker store on PostgreSQL and its locks in
# Redis (bot/endpoints.production.yml; RASA_TRACKER_PG_*, REDIS_* in scripts/serve.sh), RASA_WORKERS
# Sanic workers of Rasa [2], ACTIONS_WORKERS of the action server [1], API_WORKERS of the API [1], the
# API's rate-limit counters in Redis (database 2) so that its workers share them.
run-production: install $(MODEL)
	mkdir -p var
	export RASA_ENDPOINTS=bot/endpoints.production.yml RASA_WORKERS="$${RASA_WORKERS:-2}" \
	  ACTIONS_WORKERS="$${ACTIONS_WORKERS:-1}" API_WORKERS="$${API_WORKERS:-1}" \
	  RATE_LIMIT_STORAGE_URI="$${RATE_LIMIT_STORAGE_URI:-redis://$${REDIS_HOST:-127.0.0.1}:$${REDIS_PORT:-6379}/2}"; \
	$(PY) -c 'import os, psycopg, redis; \
	  e = os.environ.get; \
	  psycopg.connect(host=e("RASA_TRACKER_PG_HOST", "127.0.0.1"), port=e("RASA_TRACKER_PG_PORT", "5432"), \
	    user=e("RASA_TRACKER_PG_USER", "postgres"), password=e("RASA_TRACKER_PG_PASSWORD", ""), \
	    dbname=e("RASA_TRACKER_PG_LOGIN_DB", "postgres"), connect_timeout=5).close(); \
	  redis.Redis(host=e("REDIS_HOST", "127.0.0.1"), port=int(e("REDIS_PORT", "6379")), socket_timeout=5).ping()' \
	  || { echo "make run-production needs PostgreSQL and Redis (RASA_TRACKER_PG_*, REDIS_* ; README, Configuration)"; exit 1; }; \
	exec $(VENV)/bin/honcho -f Procfile start

# PNGs of every citizen page and of the clerk desk (seeded cases, feedback, a ticket), desktop and phone, each
# language, into var/screenshots/ (the API alone with a scripted stand-in for Rasa).
screenshots: $(VENV)/.stamp browser
	$(PY) scripts/screenshots.py

# Locust through the public chat API (scripts/loadtest.py): saturation and sizing, 1 then 2 Rasa workers.
loadtest: install $(MODEL)
	$(PY) scripts/loadtest.py $(LOADTEST_ARGS)

# ---------------------------------------------------------------- tests
test-unit: $(VENV)/.stamp browser
	$(PY) scripts/pytest_ok.py -m "not e2e"

# Rasa's own conversation tests: test stories through the trained model; any prediction error fails.
test-rasa: $(MODEL)
	rm -rf results/stories
	$(RASA) test core --model $(MODEL) --stories bot/tests/stories --out results/stories --fail-on-prediction-errors --no-plot

# NLU quality on a held-out file never used in training: intent macro-F1 >= 0.93, entity F1 >= 0.90.
test-nlu: $(MODEL)
	rm -rf results/nlu
	$(RASA) test nlu --model $(MODEL) --nlu bot/tests/nlu/holdout.yml --out results/nlu --no-plot
	$(PY) scripts/check_nlu_report.py results/nlu

test-e2e: install $(MODEL)
	$(PY) scripts/pytest_ok.py -m e2e

test: install
	$(MAKE) test-unit
	$(MAKE) validate
	$(MAKE) train
	$(MAKE) test-rasa
	$(MAKE) test-nlu
	$(MAKE) test-e2e

# Three trainings with different DIET seeds, each through stories, held-out NLU and e2e (~40 min; not in CI).
test-robustness: install browser
	$(PY) scripts/robustness.py

bench: install $(MODEL)
	$(PY) scripts/bench.py

clean:
	rm -rf models results var/*.db
