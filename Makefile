# The two commands of the README: `make` builds every artifact, `make test` runs the tests.
# `make quick` is the tweak loop (docs/rebuild.md). CONFIG overrides one config key for all and
# quick, e.g. make quick CONFIG='answers={min_frequency: 300}'; CONFIGFILE adds a config file of
# one's own, checked first: Snakemake reads a --configfile before any of our code and names no
# line for a YAML error, wordle64.config names file, line and column.
.PHONY: all quick test setup lint report

CONFIG ?=
CONFIGFILE ?=
SNAKEMAKE_CONFIG = $(if $(CONFIGFILE),--configfile "$(CONFIGFILE)",) $(if $(CONFIG),--config "$(CONFIG)" --,)
CHECK_CONFIGFILE = $(if $(CONFIGFILE),.venv/bin/python -m wordle64.config "$(CONFIGFILE)",)

# An interrupted build resumes with the same command: a lock left by a killed run is cleared
# (only when no Snakemake run is alive here) and half-done jobs are redone.
all: setup
	$(CHECK_CONFIGFILE)
	.venv/bin/python -m wordle64.resume
	.venv/bin/snakemake --cores all --rerun-incomplete $(SNAKEMAKE_CONFIG)

quick: setup
	$(CHECK_CONFIGFILE)
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
