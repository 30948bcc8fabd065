# The two commands of the README: `make` builds every artifact, `make test` runs the tests.
.PHONY: all test setup lint report

# An interrupted build resumes with the same command: a lock left by a killed run is cleared
# (only when no Snakemake run is alive here) and half-done jobs are redone.
all: setup
	.venv/bin/python -m wordle64.resume
	.venv/bin/snakemake --cores all --rerun-incomplete

test: setup
	.venv/bin/python -m pytest -n auto

setup:
	./setup.sh

lint: setup
	.venv/bin/snakemake --lint

report: all
	.venv/bin/snakemake --report results/report.html
