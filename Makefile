# SurfaceSim. Two commands do everything: `make run` and `make test`.
SWIFT   ?= swift
RELEASE := .build/release/surfacesim
JOBS    ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: run test bench results release profile clean cluster-test filesystem-test population analysis readme-check

## Builds in release mode and runs the default study into Results/default/. It runs the
## command `make results` runs for that study (--reproducible: no wall-clock time and no
## commit in manifest.json), so it writes the committed bytes and leaves `git status` clean.
run: release
	$(RELEASE) run Scenarios/default.json5 --reproducible

## Builds and runs the whole test suite (what .ci/run calls).
test:
	./scripts/test.sh

## Regenerates every committed study under Results/ (deterministic: the same bytes every
## time, whatever the number of cores; the manifests leave out wall-clock timing).
results: release
	$(RELEASE) run Scenarios/default.json5 --reproducible
	for f in Scenarios/table-25-9/*.json5; do \
	  $(RELEASE) run $$f --out Results/table-25-9/$$(basename $$f .json5) --reproducible --quiet || exit 1; done
	$(RELEASE) probes --quiet
	$(RELEASE) failures --quiet
	$(RELEASE) signals --quiet
	$(RELEASE) infer Scenarios/teardown-example.json5 --quiet
	$(RELEASE) calibrate Scenarios/teardown-example.json5 --quiet
	$(RELEASE) run Scenarios/uncertain-widget.json5 --reproducible --quiet
	$(RELEASE) run Scenarios/widget-design-selection.json5 --reproducible --quiet
	$(RELEASE) run Scenarios/population-load.json5 --jobs $(JOBS) --reproducible --quiet
	$(RELEASE) run Scenarios/sensitivity-widget.json5 --reproducible --quiet
	python3 scripts/readme-tables.py
	python3 scripts/readme-check.py --update

## Runs every command README.md shows with its output and fails when the program prints
## anything else (scripts/readme-check.py; what .ci/run calls after make test).
readme-check: release
	python3 scripts/readme-check.py

## Examples/analysis on a freshly made small study (what .ci/run calls): pandas and
## matplotlib from PyPI into a virtual environment in .build/venv, a 4-point sweep of
## push-wake refusal given with --sweep, the manifest's `model` checked against the
## sources, then the script (its pooled means must equal summary.csv's).
VENV := .build/venv
analysis: release
	test -x $(VENV)/bin/python || python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check pandas matplotlib
	rm -rf .build/analysis
	$(RELEASE) run Scenarios/table-25-9/3-widget-push-wake.json5 --runs 20 \
	  --sweep push.wakeRefusal=0..0.9/4 --out .build/analysis/study --quiet
	python3 scripts/model-identity.py .build/analysis/study/manifest.json
	$(VENV)/bin/python Examples/analysis/sweep_analysis.py .build/analysis/study .build/analysis/sweep.png

## The benchmarks (kernel hold model, studies, memory, SimPy side by side; docs/performance.md).
bench: release
	./scripts/bench.sh

## The population study alone (also part of `make results`): 100,000 users per point
## against one backend, into Results/population-load/ (about a minute on two cores;
## runs.csv and distributions.csv, about 110 MB, are not committed).
population: release
	$(RELEASE) run Scenarios/population-load.json5 --jobs $(JOBS) --reproducible

## Starts a one-node Slurm cluster here (installs Debian's slurm-wlm and munge if needed),
## runs a small study as a job array, merges it and compares the bytes with the unsplit run.
cluster-test:
	./scripts/cluster-test.sh

## The folder commit on file systems that cannot swap two folders (needs root): a FUSE file
## system (Debian's bindfs, installed if missing), a bind mount as --out, and one inside a
## read-only folder; mounts undone on exit.
filesystem-test:
	./scripts/filesystem-test.sh

## The release binary, optimised with a profile of its own runs, made on the first build of a
## clone (scripts/release-build.sh; docs/performance.md#the-build). A failed build stops here:
## an older binary left in .build must never make the results.
release:
	@SWIFT=$(SWIFT) ./scripts/release-build.sh surfacesim
	@test -x $(RELEASE)

## A fresh profile for the release build (after changes to the model's code; the profile
## never changes a result, only how fast the binary runs), and the release binary built with it.
profile:
	rm -rf .build/pgo
	@SWIFT=$(SWIFT) ./scripts/release-build.sh surfacesim

clean:
	rm -rf .build
