# SurfaceSim. Two commands do everything: `make run` and `make test`.
SWIFT   ?= swift
RELEASE := .build/release/surfacesim
JOBS    ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: run test bench results release clean cluster-test filesystem-test population

## Builds in release mode and runs the default study into Results/default/.
run: release
	$(RELEASE) run Scenarios/default.json5 --jobs $(JOBS)

## Builds and runs the whole test suite (what .ci/run calls).
test:
	./scripts/test.sh

## Regenerates every committed study under Results/ (deterministic: the same bytes every
## time, whatever the number of cores; the manifests leave out wall-clock timing).
results: release
	$(RELEASE) run Scenarios/default.json5 --reproducible --quiet
	for f in Scenarios/table-25-9/*.json5; do \
	  $(RELEASE) run $$f --out Results/table-25-9/$$(basename $$f .json5) --reproducible --quiet || exit 1; done
	$(RELEASE) probes --quiet
	$(RELEASE) failures --quiet
	$(RELEASE) signals --quiet
	$(RELEASE) infer Scenarios/teardown-example.json5 --quiet
	$(RELEASE) calibrate Scenarios/teardown-example.json5 --quiet
	$(RELEASE) run Scenarios/uncertain-widget.json5 --reproducible --quiet
	$(RELEASE) run Scenarios/population-load.json5 --jobs $(JOBS) --reproducible --quiet
	$(RELEASE) run Scenarios/sensitivity-widget.json5 --reproducible --quiet
	python3 scripts/readme-tables.py

## The benchmarks (kernel hold model, studies, memory, SimPy side by side; README "Performance").
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

release:
	$(SWIFT) build -c release --product surfacesim 2>&1 | grep -v "^\[" || true
	@test -x $(RELEASE)

clean:
	rm -rf .build
