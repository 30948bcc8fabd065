# wordle64: public word lists -> a Commodore 64 Wordle in 6502 assembly, proven by emulation.
# The rules live in workflow/rules/, one file per stage, included in stage order.
from snakemake.utils import min_version

min_version("9.0")

# A broken config file is reported with its line and column (snakemake alone gives neither).
from wordle64.config import read_yaml_or_fail
from wordle64.failures import report as report_failures

read_yaml_or_fail("config/config.yaml")


configfile: "config/config.yaml"


report: "workflow/report/workflow.rst"


# A failed run ends with each failed job's rule and the error line of its log (wordle64.failures).
onerror:
    report_failures(log)


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
include: "workflow/rules/fastload.smk"
include: "workflow/rules/vice.smk"
include: "workflow/rules/solver.smk"
include: "workflow/rules/letters.smk"
include: "workflow/rules/report.smk"
include: "workflow/rules/docs.smk"
include: "workflow/rules/rebuild.smk"


# Every artifact `snakemake --cores all` makes, intermediates included, so that `make` after one was
# deleted brings it back (rule all asks for them through all_targets, after the cut-off
# checkpoints: common.smk). Add a new stage's results here.
ALL_TARGETS = [
    *expand("results/words/{name}", name=WORDS_FILES),
    "results/words/threshold.png",
    "results/words/curated-check.json",
    *expand(
        "results/dict/{name}",
        name=["table.bin", "index.bin", "blob.bin", "blob-seed.bin", "stats.json"],
    ),
    "results/staging/build/unpack-seed.prg",
    *expand("results/validate/{check}.json", check=config["validate"]["checks"]),
    "results/validate/summary.tsv",
    "results/letters/words.tree",
    "results/letters/draws.txt",
    "results/reports/anchors.md",
    "results/reports/compression.tsv",
    "results/reports/compression.png",
    "results/bench/unpack.json",
    "results/bench/pack-study.json",
    *expand("results/build/{name}", name=RELEASE_BUILD_FILES),
    "results/validate/summary.json",
    *expand("results/screens/{screen}.png", screen=GAME_SCREENSHOTS),
    *expand("results/media/{name}", name=RELEASE_MEDIA_FILES),
    "results/machine/run.json",
    "results/bench/ready.json",
    "results/machine/load-disk.json",
    "results/machine/disk-faults.json",
    "results/machine/load-tape.json",
    "results/machine/load-tape-kernal.json",
    "results/machine/tape-faults.json",
    "results/machine/turbo-faults.json",
    "results/machine/persist.json",
    "results/fastload/wordle64-fast.d64",
    *expand("results/vice/{name}.json", name=VICE_CHECKS),
    "results/vice/summary.json",
    "results/solver/evaluation.tsv",
    "results/solver/summary.json",
    "results/solver/openers.tsv",
    "results/solver/bound.json",
    "results/solver/difficulty.png",
    "results/solver/hardest.tsv",
    "results/solver/absurdle.txt",
    "results/solver/in-three.json",
    "results/bench/solver.json",
    "results/letters/words.fc",
    "results/letters/compression.tsv",
    "results/letters/tree.tsv",
    "results/letters/conundrums.tsv",
    "results/letters/check.json",
    "results/bench/letters.json",
    "results/reports/anchors.tsv",
    "results/reports/figures.md",
]

# The tweak loop (docs/rebuild.md): the playable disk image as built, before the long checks and
# the release gate, and the answer statistics and threshold plot.
QUICK_TARGETS = [
    "results/staging/media/wordle64.d64",
    "results/words/stats.json",
    "results/words/threshold.png",
    "results/dict/stats.json",
]


rule all:
    """Every artifact: words, pack, PRG, media, machine runs, checks, solver, letters, reports."""
    input:
        all_targets,
    default_target: True


rule quick:
    """The tweak loop: the staged .d64 and the answer statistics, without the long checks."""
    input:
        quick_targets,
