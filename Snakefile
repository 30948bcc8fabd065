# wordle64: public word lists -> a Commodore 64 Wordle in 6502 assembly, proven by emulation.
# The rules live in workflow/rules/, one file per stage, included in stage order.
from snakemake.utils import min_version

min_version("9.0")

# A broken config file is reported with its line and column (snakemake alone gives neither).
from wordle64.config import read_yaml_or_fail

read_yaml_or_fail("config/config.yaml")


configfile: "config/config.yaml"


report: "workflow/report/workflow.rst"


include: "workflow/rules/common.smk"
include: "workflow/rules/fetch.smk"
include: "workflow/rules/words.smk"
include: "workflow/rules/pack.smk"
include: "workflow/rules/build.smk"
include: "workflow/rules/validate.smk"
include: "workflow/rules/game.smk"
include: "workflow/rules/absurdle.smk"
include: "workflow/rules/media.smk"
include: "workflow/rules/release.smk"
include: "workflow/rules/machine_disk.smk"
include: "workflow/rules/solver.smk"
include: "workflow/rules/letters.smk"
include: "workflow/rules/report.smk"


rule all:
    input:
        "results/words/words.tsv",
        "results/words/stats.json",
        "results/words/threshold.png",
        "results/words/curated-check.json",
        "results/dict/stats.json",
        "results/reports/compression.tsv",
        "results/reports/compression.png",
        "results/bench/unpack.json",
        "results/bench/pack-study.json",
        "results/build/wordle64.prg",
        "results/validate/summary.json",
        expand("results/screens/{screen}.png", screen=GAME_SCREENSHOTS),
        "results/media/wordle64.d64",
        "results/media/wordle64.tap",
        "results/media/wordle64-kernal.tap",
        "results/media/wordle64.t64",
        "results/media/load-times.json",
        "results/machine/run.json",
        "results/bench/ready.json",
        "results/machine/load-disk.json",
        "results/machine/disk-faults.json",
        "results/machine/load-tape.json",
        "results/machine/load-tape-kernal.json",
        "results/machine/tape-faults.json",
        "results/machine/turbo-faults.json",
        "results/machine/persist.json",
        "results/solver/evaluation.tsv",
        "results/solver/summary.json",
        "results/solver/openers.tsv",
        "results/solver/bound.json",
        "results/solver/difficulty.png",
        "results/solver/hardest.tsv",
        "results/solver/absurdle.txt",
        "results/bench/solver.json",
        "results/letters/words.fc",
        "results/letters/compression.tsv",
        "results/letters/tree.tsv",
        "results/letters/conundrums.tsv",
        "results/letters/check.json",
        "results/bench/letters.json",
        "results/reports/anchors.tsv",
    default_target: True
