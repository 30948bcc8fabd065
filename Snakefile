# wordle64: public word lists -> a Commodore 64 Wordle in 6502 assembly, proven by emulation.
# The rules live in workflow/rules/, one file per stage, included in stage order.
from snakemake.utils import min_version

min_version("9.0")


configfile: "config/config.yaml"


report: "workflow/report/workflow.rst"


include: "workflow/rules/common.smk"
include: "workflow/rules/fetch.smk"
include: "workflow/rules/words.smk"
include: "workflow/rules/letters.smk"


rule all:
    input:
        "results/words/words.tsv",
        "results/words/stats.json",
        "results/words/threshold.png",
        "results/letters/words.fc",
        "results/letters/compression.tsv",
        "results/letters/tree.tsv",
        "results/letters/conundrums.tsv",
        "results/letters/check.json",
        "results/bench/letters.json",
    default_target: True
