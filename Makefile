# The two commands a newcomer needs: `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
# E-mails of `make demo` and `make serve` link to the address they serve on (unless
# SITE_URL says otherwise).
SERVED_AT = SITE_URL="$${SITE_URL:-http://$(HOST):$(PORT)}"
# The suite runs in this many parallel processes (pytest-xdist), each on a test database, a
# Redis database and a Celery worker of its own; TEST_WORKERS=0 runs it in this one process.
# Work stealing: a worker that runs out takes half of the longest queue left, and the files
# that take minutes start first, one on each worker (tests/support/scheduling.py).
TEST_WORKERS ?= 3
TEST_DIST = $(if $(filter 0,$(TEST_WORKERS)),,--dist worksteal)

.PHONY: install install-dev demo serve test check lint worker beat bench clean

define new_venv
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed; set PYTHON=python3.11")'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
endef

$(VENV)/.installed: pyproject.toml
	$(new_venv)
	$(BIN)/python -m pip install --quiet -e .
	touch $@

# One pip run for the site and the tools (CI starts from no virtualenv): resolving and
# building the project once instead of twice.
$(VENV)/.installed-dev: pyproject.toml
	$(new_venv)
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(VENV)/.installed $@

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

demo: install
	$(BIN)/python manage.py migrate --noinput
	$(SERVED_AT) $(BIN)/python manage.py demo
	$(SERVED_AT) $(BIN)/python manage.py runserver $(HOST):$(PORT)

serve: install
	$(BIN)/python manage.py migrate --noinput
	$(SERVED_AT) $(BIN)/python manage.py runserver $(HOST):$(PORT)

# Compiled modules are kept (even where PYTHONDONTWRITEBYTECODE says otherwise): the workers,
# servers and site processes the suite starts then load the project without compiling it
# again, and pytest keeps its rewritten test modules.
test: install-dev
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n $(TEST_WORKERS) $(TEST_DIST) $(PYTEST_ARGS)

lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# What CI checks besides the tests: lint, the layers of the imports (pyproject's
# [tool.importlinter]), the production deployment check, the API schema.
check: lint
	$(BIN)/lint-imports
	DJANGO_ENV=production SECRET_KEY="$${SECRET_KEY:-$$($(BIN)/python -c 'import secrets; print(secrets.token_urlsafe(50))')}" \
	  ALLOWED_HOSTS="$${ALLOWED_HOSTS:-championships.example.org}" \
	  $(BIN)/python manage.py check --deploy --fail-level WARNING
	$(BIN)/python manage.py makemigrations --check --dry-run
	$(BIN)/python manage.py spectacular --validate --fail-on-warn --file /dev/null

worker: install
	$(BIN)/celery -A config worker --loglevel=INFO

beat: install
	$(BIN)/celery -A config beat --loglevel=INFO

bench: install-dev
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache
