# The released images on VICE x64sc: the Commodore KERNAL and BASIC, a true 1541 running
# Commodore DOS, the datasette. VICE is the libretro web core (npm), run in headless Chromium
# (wordle64/vice). Each check is its own job: the disk games, the statistics round trip, each
# tape; vice_summary puts VICE's clock beside the machine model's times.


rule vice_core:
    """Fetch the VICE x64sc web core from the npm registry, check its sha256, unpack it."""
    output:
        js="resources/vice/core/vice_x64sc_libretro.js",
        wasm="resources/vice/core/vice_x64sc_libretro.wasm",
        record="resources/vice/core/core.json",
    log:
        "logs/vice/core.log",
    params:
        package=config["vice"]["core_package"],
        sha256=config["vice"]["core_sha256"],
        store=SOURCE_STORE,
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/vice_core.py"


rule vice_disk_games:
    """LOAD"WORDLE64",8 and RUN on a true 1541; dailies won and lost, hard mode, Absurdle, each
    screen equal to the machine model's."""
    input:
        unpack(vice_game_inputs),
        image="results/media/wordle64.d64",
    output:
        record="results/vice/disk-games.json",
        screens=expand("results/screens/vice/{name}.png", name=VICE_DISK_GAME_SCREENS),
    log:
        "logs/vice/disk_games.log",
    params:
        settings=vice_settings,
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/vice_check.py"


rule vice_disk_statistics:
    """LOAD"*",8,1; a daily won and SAVEd on Commodore DOS; Q, LOAD"*",8,1 and RUN read it back;
    VICE's written .d64 read by d64py."""
    input:
        unpack(vice_game_inputs),
        image="results/media/wordle64.d64",
    output:
        record="results/vice/disk-statistics.json",
        screens=expand("results/screens/vice/{name}.png", name=VICE_STATISTICS_SCREENS),
    log:
        "logs/vice/disk_statistics.log",
    params:
        settings=vice_settings,
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/vice_check.py"


rule vice_fast_disk:
    """The fast disk on VICE's true drives: timed on a 1541 (LOAD"*",8,1, RUN, the loader in
    the drive, the game, a daily guess beside the model); a 1541-II, a 1571 and device 9 to the
    menu and the guess; the screen-on copy; the KERNAL fallback on the virtual drive; damaged
    copies."""
    input:
        unpack(vice_game_inputs),
        image="results/fastload/wordle64-fast.d64",
        boot="results/fastload/boot.prg",
        boot_labels="results/fastload/boot.lbl",
    output:
        record="results/vice/fast-disk.json",
        screens=expand("results/screens/vice/{name}.png",
                       name=["fast_menu", "fast_guess", "fast_screen_on"]),
    log:
        "logs/vice/fast_disk.log",
    params:
        settings=vice_settings,
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/vice_check.py"


rule vice_tape:
    """The turbo or the standard .tap autostarted on VICE's datasette, to the menu and a daily."""
    input:
        unpack(vice_game_inputs),
        image=vice_tape_image,
    output:
        record="results/vice/tape-{kind}.json",
        screens=expand("results/screens/vice/tape_{{kind}}_{name}.png", name=["menu", "won"]),
    log:
        "logs/vice/tape_{kind}.log",
    wildcard_constraints:
        kind="turbo|kernal",
    params:
        settings=vice_settings,
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/vice_check.py"


rule vice_tape_faults:
    """The turbo .tap damaged (a bad bit, cut short, 10 % fast or slow with jitter) on VICE:
    TAPE ERROR or the menu, never a hang or a wrong game."""
    input:
        unpack(vice_game_inputs),
        image=VICE_TAPE_IMAGES["turbo"],
    output:
        record="results/vice/tape-faults.json",
        screens=["results/screens/vice/tape_error.png"],
    log:
        "logs/vice/tape_faults.log",
    params:
        settings=vice_settings,
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/vice_check.py"


rule vice_load_times:
    """The load times, the machine model's (staged and released with the media) with VICE's disk
    times beside them: the fast disk's and the KERNAL's, from the typed LOAD to the menu."""
    input:
        staged="results/staging/media/load-times.json",
        fast="results/vice/fast-disk.json",
        games="results/vice/disk-games.json",
    output:
        report(
            "results/media/load-times.json",
            caption="../report/media_load_times.rst",
            category="Media",
        ),
    log:
        "logs/vice/load_times.log",
    params:
        fast_target=config["media"]["disk_fast_target_seconds"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/vice_load_times.py"


rule vice_summary:
    """Every VICE check passed; VICE's times beside the model's, differences over the limit
    explained."""
    input:
        checks=expand("results/vice/{name}.json", name=VICE_CHECKS),
        load_times="results/media/load-times.json",
        tape="results/machine/load-tape.json",
        tape_kernal="results/machine/load-tape-kernal.json",
    output:
        report(
            "results/vice/summary.json",
            caption="../report/vice_summary.rst",
            category="VICE",
        ),
    log:
        "logs/vice/summary.log",
    params:
        agreement_percent=config["vice"]["agreement_percent"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/vice_summary.py"
