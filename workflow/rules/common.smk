# Shared Python for the rules: config validation first, then named input functions.
from pathlib import Path

from snakemake.exceptions import IncompleteCheckpointException, WorkflowError
from snakemake.io import checkpoint_target
from snakemake.utils import validate

from wordle64.config import ConfigError, check_config, coerce_to_schema, load_schema

SCHEMA = Path(workflow.basedir) / "workflow" / "schemas" / "config.schema.yaml"

# --config answers='{min_frequency: 300}' arrives as strings: restore the types, then refuse
# anything the schema does not know (unknown keys, misspelt keys, values out of range) in one
# line, before any job runs; snakemake's validate then fills in the defaults.
coerce_to_schema(config, load_schema(SCHEMA))
try:
    check_config(config, load_schema(SCHEMA))
except ConfigError as error:
    raise WorkflowError(str(error)) from None
validate(config, schema=str(SCHEMA))


# ---- early cut-off -----------------------------------------------------------------------------
# Snakemake plans a run before it starts: a job whose input will be remade is planned to rerun,
# even when the remade input turns out byte for byte the same. Three stages are therefore
# checkpoints (words, pack, build): when a checkpoint job ends, Snakemake evaluates the plan
# again. The target rules (all, quick) ask for their files only once those checkpoints are
# complete (cutoffs_settled), so the jobs after a cut-off point enter the plan fresh, after it,
# and are judged on the files as they are: an input newer than a job's outputs whose sha256 is
# the one Snakemake recorded when the job last ran (.snakemake/metadata, files up to
# --max-checksum-file-size, 1 MB) is not a change. docs/rebuild.md tells the design.
CUTOFF_CHECKPOINTS = ["words", "pack", "build"]


def cutoffs_settled():
    """Return once every cut-off checkpoint is complete; else Snakemake's
    IncompleteCheckpointException tells it to make that checkpoint first and ask again.
    A checkpoint's get() asks Snakemake for its first file only, and Snakemake reruns a job
    for the files asked of it: a checkpoint file deleted by hand is asked for by name, so that
    `make` brings it back."""
    for name in CUTOFF_CHECKPOINTS:
        cutoff = getattr(checkpoints, name)
        missing = [path for path in cutoff.rule.output if not Path(path).exists()]
        if missing:
            raise IncompleteCheckpointException(cutoff.rule, checkpoint_target(missing[0]))
        cutoff.get()


def all_targets(wildcards):
    """The Snakefile's ALL_TARGETS, asked for once the cut-off checkpoints are complete."""
    cutoffs_settled()
    return ALL_TARGETS


def quick_targets(wildcards):
    """The Snakefile's QUICK_TARGETS, asked for once the cut-off checkpoints are complete."""
    cutoffs_settled()
    return QUICK_TARGETS


# ---- fetch ------------------------------------------------------------------------------------
SOURCE_STORE = "resources/store"

# results/words/ in the order of rule words' outputs (promoted from results/staging/words/).
WORDS_FILES = [
    "words.tsv",
    "filters.tsv",
    "outcomes.tsv",
    "answers.txt",
    "guesses.txt",
    "stats.json",
]

# answers.* keys that only draw results/words/threshold.png or feed the curated-list check:
# words_select does not take them.
ANSWERS_PLOT_KEYS = {"plot_max_threshold", "curated_check"}


def words_select_answers(wildcards):
    """The answers block less the plot's keys, so a plot setting reruns only the plot."""
    return {k: v for k, v in config["answers"].items() if k not in ANSWERS_PLOT_KEYS}


def source_path(name):
    """resources/<name>/<sha256>/<file> of a configured source: stored by content, so a new
    checksum is a new path and the good file of the old one is never touched."""
    source = config["sources"][name]
    return f"resources/{name}/{source['sha256']}/{source['file']}"


def source_location(wildcards, output):
    """Where and how a source is fetched (its url and mirror, mirror_dir, timeout, retries, deadline, size cap):
    not its content, which its output path names (resources/<name>/<sha256>/<file>). A param
    function that takes `output` is a param Snakemake derives from the output, so its params
    trigger ignores it: moving a source (a new URL or mirror, same sha256) reruns nothing."""
    name = Path(output[0]).parts[1]
    return {
        "source": config["sources"][name],
        "mirror_dir": config["mirror_dir"],
        "timeout": config["fetch"]["timeout"],
        "retries": config["fetch"]["retries"],
        "deadline": config["fetch"]["deadline"],
        "max_bytes": config["fetch"]["max_bytes"],
    }


# ---- letters ----------------------------------------------------------------------------------
wildcard_constraints:
    letters_chunk=r"\d+",


def letters_check_chunk_files(wildcards):
    """The chunk results of the brute-force arrangements check, one per letters.check_chunks."""
    return [
        f"results/letters/check/chunk{chunk}.json"
        for chunk in range(config["letters"]["check_chunks"])
    ]


# ---- build ------------------------------------------------------------------------------------
def build_sources(wildcards):
    """Every 6502 source and include file: the PRG is rebuilt when any of them changes."""
    asm = Path("workflow/asm")
    return sorted(str(p) for p in [*asm.glob("*.s"), *asm.glob("*.inc")])


def build_asm_dir(wildcards, input):
    """The folder of the 6502 sources: the one of the rule's globals.inc (build_decoders) or
    linker config (build), which sit beside the modules."""
    return str(Path(input.get("globals", input.get("config"))).parent)


def build_codec(wildcards):
    """The codec of results/dict/blob.bin (dict.codec), for the build's in-place check."""
    return config.get("dict", {}).get("codec", "ctxhuff")


# ---- validate ---------------------------------------------------------------------------------
from wordle64.validate import SINGLE_CHUNK_CHECKS as VALIDATE_SINGLE_CHUNK_CHECKS

# Checks run in chunks by rule validate_chunk; add a check's name to validate.checks in the
# config to have validate_summary require results/validate/<name>.json (a rule of any stage may
# make it: the game stage adds its own).
wildcard_constraints:
    core_check="unpack|lookup|score|hard|rng|date|daily|lazy",


def validate_chunk_inputs(wildcards):
    """What a check's chunk reads: the PRG, its labels, the words and the pack stage's table;
    the unpack check also the seed codec's blob and the decoders' PRG that unpacks it."""
    inputs = {
        "prg": "results/staging/build/wordle64.prg",
        "labels": "results/staging/build/wordle64.lbl",
        "words": "results/words/words.tsv",
        "table": "results/dict/table.bin",
        "index": "results/dict/index.bin",
    }
    if wildcards.core_check == "unpack":
        inputs["seed_blob"] = "results/dict/blob-seed.bin"
        inputs["seed_prg"] = "results/staging/build/unpack-seed.prg"
        inputs["seed_labels"] = "results/staging/build/unpack-seed.lbl"
    return inputs


VALIDATE_OPTIONS = {
    "unpack": (),
    "lookup": ("seed", "nonwords_random", "nonwords_changed"),
    "score": ("seed", "score_pairs"),
    "hard": ("seed", "hard_pairs"),
    "rng": ("rng_jiffies", "rng_states", "picks", "full_picks"),
    "date": ("seed", "date_years", "invalid_dates"),
    "daily": ("seed", "daily_dates"),
    "lazy": ("seed", "lazy_nonwords", "lazy_answers"),
}


def validate_chunk_options(wildcards):
    """Only the validate.* keys a check uses, so changing one reruns only that check."""
    return {
        key: config["validate"][key] for key in VALIDATE_OPTIONS[wildcards.core_check]
    }


def validate_chunk_count(wildcards):
    """validate.chunks of a check; 1 for the checks that cannot be split (unpack, rng)."""
    if wildcards.core_check in VALIDATE_SINGLE_CHUNK_CHECKS:
        return 1
    return int(config["validate"]["chunks"].get(wildcards.core_check, 1))


def validate_chunk_files(wildcards):
    return [
        f"results/validate/chunks/{wildcards.core_check}/{chunk}.json"
        for chunk in range(validate_chunk_count(wildcards))
    ]


def validate_gather_targets(wildcards):
    """The validate.targets of one check (the keys named <check>_...), so changing one check's
    target re-judges only that check."""
    prefix = f"{wildcards.core_check}_"
    return {k: v for k, v in config["validate"]["targets"].items() if k.startswith(prefix)}


def validate_check_files(wildcards):
    return [f"results/validate/{check}.json" for check in config["validate"]["checks"]]


# ---- game -------------------------------------------------------------------------------------
from wordle64.game.scenarios import SCREENSHOTS as GAME_SCREENSHOTS


wildcard_constraints:
    fuzz_chunk=r"\d+",


def game_fuzz_chunk_files(wildcards):
    """The fuzz chunk reports, one per game.fuzz_chunks."""
    return [
        f"results/validate/fuzz/{chunk}.json"
        for chunk in range(config["game"]["fuzz_chunks"])
    ]


def game_fuzz_chunk_keys(wildcards):
    """Keys of one fuzz chunk: game.fuzz_keys split evenly, the remainder to the first chunks."""
    total, chunks = config["game"]["fuzz_keys"], config["game"]["fuzz_chunks"]
    return total // chunks + (1 if int(wildcards.fuzz_chunk) < total % chunks else 0)


def game_fuzz_chunk_seed(wildcards):
    return config["game"]["fuzz_seed"] + int(wildcards.fuzz_chunk)


def game_fuzz_chunk_background(wildcards):
    """Odd chunks press their first keys while the dictionary still unpacks."""
    return int(wildcards.fuzz_chunk) % 2 == 1


# ---- media ------------------------------------------------------------------------------------
from wordle64.c64.machine import rom_inputs


def turbo_sources(wildcards):
    """The turbo loader's source, linker config and the hardware include it uses."""
    return ["workflow/asm/tape/turbo.s", "workflow/asm/tape/turbo.cfg", "workflow/asm/c64.inc"]


def turbo_sweep_chunks(wildcards):
    """The turbo tape's fault sweep, one file a chunk (machine.turbo_sweep_chunks)."""
    return expand("results/machine/turbo-sweep/chunk-{chunk}.json",
                  chunk=range(config["machine"]["turbo_sweep_chunks"]))


def media_machine_roms(wildcards):
    """The ROM files the whole-machine run reads ($C64_ROMS, else machine.roms; none without
    ROMs), so that ROMs added later rerun a run that was skipped for want of them."""
    return rom_inputs(config["machine"]["roms"])


# ---- solver -----------------------------------------------------------------------------------
wildcard_constraints:
    solver_strategy="(minimax|squares|entropy|buckets|search)(-hard)?",
    solver_base="minimax|squares|entropy|buckets|search",
    solver_chunk=r"\d+",
    solver_batch=r"\d+",


def solver_opener_files(wildcards):
    """The first guess of each configured strategy, in solver.strategies order."""
    return [f"results/solver/openers/{s}.json" for s in config["solver"]["strategies"]]


def solver_chunk_files(wildcards):
    """Every strategy's chunk results, solver.chunks per strategy."""
    return [
        f"results/solver/chunks/{strategy}/{chunk}.tsv"
        for strategy in config["solver"]["strategies"]
        for chunk in range(config["solver"]["chunks"])
    ]


def solver_sweep_batch_files(wildcards):
    """The opener sweep's batch results, solver.sweep.batches of them."""
    return [
        f"results/solver/sweep/batch_{batch}.tsv"
        for batch in range(config["solver"]["sweep"]["batches"])
    ]


def solver_sweep_hard_batch_files(wildcards):
    """The hard-mode sweep's batch results (solver.sweep.hard), solver.sweep.batches of them."""
    return [
        f"results/solver/sweep/hard_batch_{batch}.tsv"
        for batch in range(config["solver"]["sweep"]["batches"])
    ]


def solver_hard_opener_source(wildcards):
    """Where a hard-mode strategy's opener comes from: the hard-mode sweep for search-hard when
    solver.sweep.hard is on, else the strategy's own opener."""
    if wildcards.solver_base == "search" and config["solver"]["sweep"]["hard"]:
        return "results/solver/openers-hard.tsv"
    return f"results/solver/openers/{wildcards.solver_base}.json"


def solver_bound_batch_files(wildcards):
    """The lower bound's batch results, solver.bound.batches of them."""
    return [
        f"results/solver/bound/batch_{batch}.tsv"
        for batch in range(config["solver"]["bound"]["batches"])
    ]


def solver_search_settings(wildcards):
    """solver.search for the search strategy's jobs, {} for the greedy ones: changing a search
    setting reruns only the search strategy."""
    if wildcards.solver_strategy in ("search", "search-hard"):
        return config["solver"]["search"]
    return {}


# ---- release ----------------------------------------------------------------------------------
# What must pass before results/build/ and results/media/ are replaced (each file's "passed").
RELEASE_CHECKS = [
    "results/validate/summary.json",
    "results/machine/run.json",
    "results/machine/load-tape.json",
    "results/machine/load-tape-kernal.json",
    "results/machine/tape-faults.json",
    "results/machine/turbo-faults.json",
    "results/machine/persist.json",
    "results/machine/load-disk.json",
    "results/machine/disk-faults.json",
]
# Every validation check the schema knows: summary.json must name each before a release.
RELEASE_REQUIRED_CHECKS = {
    "results/validate/summary.json": load_schema(SCHEMA)["properties"]["validate"]["properties"][
        "checks"
    ]["items"]["enum"]
}
RELEASE_BUILD_FILES = ["wordle64.prg", "wordle64.lbl", "wordle64.map", "layout.json"]
# (load-times.json is staged with them, and released by vice_load_times with VICE's disk times)
RELEASE_MEDIA_FILES = ["wordle64.d64", "wordle64.tap", "wordle64-kernal.tap", "wordle64.t64"]


# ---- absurdle ---------------------------------------------------------------------------------
def absurdle_chunk_files(wildcards):
    """The game.absurdle.chunks results the Absurdle check gathers."""
    return [
        f"results/validate/absurdle/{chunk}.json"
        for chunk in range(int(config["game"]["absurdle"]["chunks"]))
    ]


# ---- fastload ------------------------------------------------------------------------------------
FASTLOAD_SOURCES = ["boot.s", "drive.s", "fastload.inc", "fastload.cfg", "fastload-screen.cfg"]


# ---- vice ----------------------------------------------------------------------------------------
VICE_CHECKS = ["disk-games", "disk-statistics", "fast-disk", "tape-turbo", "tape-kernal",
               "tape-faults"]
VICE_DISK_GAME_SCREENS = ["menu", "daily_won", "daily_lost", "hard_refused", "absurdle"]
VICE_STATISTICS_SCREENS = ["menu_saved", "statistics"]
VICE_TAPE_IMAGES = {"turbo": "results/media/wordle64.tap",
                    "kernal": "results/media/wordle64-kernal.tap"}


def vice_game_inputs(wildcards):
    """What every VICE check reads beside its image: the core, the released PRG and labels
    (the model plays the same keys), the word lists (the dailies' answers)."""
    return {
        "core": "resources/vice/core/core.json",
        "prg": "results/build/wordle64.prg",
        "labels": "results/build/wordle64.lbl",
        "words": "results/words/words.tsv",
    }


def vice_tape_image(wildcards):
    return VICE_TAPE_IMAGES[wildcards.kind]


def vice_settings(wildcards):
    """The vice config block as the check scripts take it (dates and emulated-time limits)."""
    return dict(config["vice"])
