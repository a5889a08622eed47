# Two commands: `make run` (site on http://127.0.0.1:8000 with demo data) and `make test`.
# Both create or update .venv first, and both can be run again safely.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
REQUIREMENTS := requirements/base.txt requirements/dev.txt requirements/prod.txt pyproject.toml
NODE_STAMP := node_modules/.installed

.PHONY: run test venv lint migrate messages bench worker

$(STAMP): $(REQUIREMENTS)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements/dev.txt -r requirements/prod.txt
	touch $(STAMP)

# The tablet's npm packages, exactly as package-lock.json pins them (served as static files).
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $(NODE_STAMP)

venv: $(STAMP) $(NODE_STAMP)

run: venv
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py demo_data
	$(BIN)/python manage.py runserver 127.0.0.1:8000

lint: venv
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/python manage.py makemigrations --check --dry-run

# The suite on TEST_PROCESSES processes (pytest-xdist: each has its own test database and takes
# whole files, so data a module builds once is built once), then the tests marked `worker` on
# their own: in CI a real Celery worker serves them from the one database test_<name>. Prints
# the wall time, venv excluded. A pass that collects nothing fails (pytest exits with 5).
TEST_PROCESSES ?= 2

test: venv
	@start=$$(date +%s); \
	$(MAKE) --no-print-directory lint \
	&& node --test tests/js/ \
	&& $(BIN)/python -m pytest -n $(TEST_PROCESSES) --dist loadfile -m "not worker" \
	&& $(BIN)/python -m pytest -m worker; \
	status=$$?; \
	echo "make test: $$(( $$(date +%s) - start )) s, exit status $$status" \
		"(load average $$(cut -d ' ' -f 1-3 /proc/loadavg))"; \
	exit $$status

# Not part of the two: helpers for developers.
# Every language the site offers (settings.LANGUAGES except English, the source) has a catalogue.
LOCALES := ru de
messages: venv
	$(BIN)/python manage.py makemessages $(LOCALES:%=-l %) --no-location --no-wrap --ignore '.venv/*' --ignore 'bench/*'
	$(BIN)/python manage.py compilemessages $(LOCALES:%=-l %) --ignore '.venv/*'

# A Celery worker and Celery beat, each its own process, started again by supervisord if it
# dies (deploy/supervisord.conf; one per site).
worker: venv
	TRIOMINOS_VENV=$(abspath $(VENV)) TRIOMINOS_STATE=$(abspath $(VENV)) \
	  $(BIN)/supervisord -c deploy/supervisord.conf

bench: venv
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/ratings.py
	$(BIN)/python bench/pairing.py
