# The two commands of the README: `make` builds every artifact, `make test` runs the tests.
.PHONY: all test setup lint report

all: setup
	.venv/bin/snakemake --cores all

test: setup
	.venv/bin/python -m pytest -n auto

setup:
	./setup.sh

lint: setup
	.venv/bin/snakemake --lint

report: all
	.venv/bin/snakemake --report results/report.html
