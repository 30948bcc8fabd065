# The game on the emulator: the scripted games of the issue with their screenshots, and the
# keystroke fuzzing in chunks (results/validate/games.json and fuzz.json for validate_summary).


rule game_scripted:
    """Play the scripted games on the emulated PRG and save their screenshots."""
    input:
        prg="results/staging/build/wordle64.prg",
        labels="results/staging/build/wordle64.lbl",
        words="results/words/words.tsv",
    output:
        games=report(
            "results/validate/games.json",
            caption="../report/game_games.rst",
            category="Game",
        ),
        screens=[
            report(
                f"results/screens/{screen}.png",
                caption="../report/game_screens.rst",
                category="Game",
                labels={"screen": screen},
            )
            for screen in GAME_SCREENSHOTS
        ],
    log:
        "logs/game/scripted.log",
    params:
        scale=config["game"]["screenshot_scale"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/game_scripted.py"


rule game_fuzz_chunk:
    """Press one chunk of random keys into the emulated game, invariants checked per key."""
    input:
        prg="results/staging/build/wordle64.prg",
        labels="results/staging/build/wordle64.lbl",
        words="results/words/words.tsv",
    output:
        "results/validate/fuzz/{fuzz_chunk}.json",
    log:
        "logs/game/fuzz/{fuzz_chunk}.log",
    params:
        key_count=game_fuzz_chunk_keys,
        seed=game_fuzz_chunk_seed,
        background=game_fuzz_chunk_background,
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/game_fuzz_chunk.py"


rule game_fuzz:
    """Gather the keystroke fuzz chunks into results/validate/fuzz.json."""
    input:
        chunks=game_fuzz_chunk_files,
    output:
        report(
            "results/validate/fuzz.json",
            caption="../report/game_fuzz.rst",
            category="Game",
        ),
    log:
        "logs/game/fuzz.log",
    params:
        key_count=config["game"]["fuzz_keys"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/game_fuzz_gather.py"


rule game_sound:
    """Record the SID writes and the reveal animation under py65 (results/validate/sound.json)."""
    input:
        prg="results/staging/build/wordle64.prg",
        labels="results/staging/build/wordle64.lbl",
        words="results/words/words.tsv",
    output:
        report(
            "results/validate/sound.json",
            caption="../report/game_sound.rst",
            category="Game",
        ),
    log:
        "logs/game/sound.log",
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/game_sound.py"


rule game_persist:
    """Statistics kept on disk survive a reset and load again, under py65."""
    input:
        prg="results/staging/build/wordle64.prg",
        labels="results/staging/build/wordle64.lbl",
        words="results/words/words.tsv",
    output:
        "results/machine/persist-python.json",
    log:
        "logs/game/persist.log",
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/game_persist.py"
