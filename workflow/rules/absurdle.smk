# The Absurdle mode of the C64 game (workflow/asm/absurdle.s) against wordle64.solver.absurdle:
# seeded guess sequences compared step by step (in game.absurdle.chunks jobs, so a cluster or
# --cores N spreads them), the known win replayed, the costliest openers timed; gathered into
# results/validate/absurdle.json (joined into summary.json through validate.checks), on the
# staged PRG like every check before the release gate.


wildcard_constraints:
    absurdle_chunk=r"\d+",


rule validate_absurdle_chunk:
    """One chunk of seeded Absurdle guess sequences, the C64 mode against the Python one."""
    input:
        prg="results/staging/build/wordle64.prg",
        labels="results/staging/build/wordle64.lbl",
        guesses="results/words/guesses.txt",
        answers="results/words/answers.txt",
        matrix="results/solver/feedback.npy",
        known_win="results/solver/absurdle.txt",
    output:
        "results/validate/absurdle/{absurdle_chunk}.json",
    log:
        "logs/game/absurdle/{absurdle_chunk}.log",
    params:
        cases=config["game"]["absurdle"]["sequences"],
        openers=config["game"]["absurdle"]["openers"],
        worst=config["game"]["absurdle"]["costly_openers"],
        max_guesses=config["game"]["absurdle"]["max_guesses"],
        seed=config["game"]["absurdle"]["seed"],
        chunks=config["game"]["absurdle"]["chunks"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/validate_absurdle_chunk.py"


rule validate_absurdle:
    """Gather the Absurdle chunks into results/validate/absurdle.json (a validate.checks entry)."""
    input:
        absurdle_chunk_files,
    output:
        report(
            "results/validate/absurdle.json",
            caption="../report/validate_absurdle.rst",
            category="Game",
        ),
    log:
        "logs/game/absurdle.log",
    params:
        cases=config["game"]["absurdle"]["sequences"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/validate_absurdle.py"
