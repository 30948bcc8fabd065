"""Snakemake glue: the letters benchmark (results/bench/letters.json): per-draw times of the
reference tree, all draws by the compiled walk and the reference (best of 3), the tree build."""

from wordle64.glue import rule_logging
from wordle64.letters.stage import run_benchmark

with rule_logging(snakemake.log[0]):
    run_benchmark(snakemake.input.fc, snakemake.input.draws, snakemake.params.draws,
                  snakemake.params.seed, snakemake.output[0])
