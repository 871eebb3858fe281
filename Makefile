# Homepwner — `make run` serves the app with demo content; `make test` runs every test.
SHELL := /bin/bash
PORT ?= 8080
HOST ?= 127.0.0.1
DATA ?= data
VENV := .venv

.PHONY: run build release test test-deps test-swift test-e2e bench check-reliability deps clean

run: release
	.build/release/homepwner serve --data $(DATA) --host $(HOST) --port $(PORT) --demo

build:
	scripts/install-deps.sh build
	swift build

# The Swift runtime and Foundation linked in: ~6 MB less resident per process (no relocations of
# their shared libraries to apply) and direct calls into the runtime.
release:
	scripts/install-deps.sh build
	swift build -c release --product homepwner --static-swift-stdlib

test: test-swift test-e2e

# Everything any test calls, installed before the first test whichever target runs first, and
# checked: a test calling a program the test list does not install fails here, on this machine.
test-deps:
	scripts/install-deps.sh test
	python3 scripts/check_test_tools.py

test-swift: test-deps
	swift test

$(VENV)/.installed: Tests/e2e/requirements.txt
	scripts/install-deps.sh test
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install -q -r Tests/e2e/requirements.txt
	touch $@

# Two at a time (pytest-xdist, a file's tests together): one run leaves most of the two cores idle
# while the browser and the servers wait on each other.
test-e2e: test-deps release $(VENV)/.installed
	$(VENV)/bin/python -m pytest -q -n 2 --dist loadfile Tests/e2e

bench: release $(VENV)/.installed
	scripts/install-deps.sh bench
	bench/run.sh

# Crash loops, a full disk, fuzzing, sanitizers, a soak and upgrades, each bounded; prints a table
# (reliability/run.sh says more; QUICK=1 is CI's share).
check-reliability: release $(VENV)/.installed
	scripts/install-deps.sh reliability
	reliability/run.sh

clean:
	rm -rf .build $(VENV)
