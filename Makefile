# The two commands of the README: `make` builds every artifact, `make test` runs the tests.
# `make quick` is the tweak loop (docs/rebuild.md). CONFIG overrides one config key for all and
# quick, e.g. make quick CONFIG='answers={min_frequency: 300}'.
.PHONY: all quick test setup lint report

CONFIG ?=
SNAKEMAKE_CONFIG = $(if $(CONFIG),--config "$(CONFIG)" --,)

# An interrupted build resumes with the same command: a lock left by a killed run is cleared
# (only when no Snakemake run is alive here) and half-done jobs are redone.
all: setup
	.venv/bin/python -m wordle64.resume
	.venv/bin/snakemake --cores all --rerun-incomplete $(SNAKEMAKE_CONFIG)

quick: setup
	.venv/bin/python -m wordle64.resume
	.venv/bin/snakemake --cores all --rerun-incomplete $(SNAKEMAKE_CONFIG) quick

test: setup
	.venv/bin/python -m pytest -n auto

setup:
	./setup.sh

lint: setup
	.venv/bin/snakemake --lint

report: all
	.venv/bin/snakemake --report results/report.html
