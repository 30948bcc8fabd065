# The .d64 loaded for real: LOAD"WORDLE64",8 through the Open ROMs KERNAL to an emulated 1541 on
# the serial bus (wordle64.c64.drive), RUN, menu, a checked guess; and the drive's fault cases.
# Both run on the staged game and image and are release checks (common.smk RELEASE_CHECKS), as is
# machine_persist_iec: statistics SAVEd by the game through the drive survive a reset.


rule machine_load_disk:
    """LOAD the staged .d64 from the emulated 1541 through the KERNAL, RUN, play a guess."""
    input:
        prg="results/staging/build/wordle64.prg",
        labels="results/staging/build/wordle64.lbl",
        answers="results/words/answers.txt",
        guesses="results/words/guesses.txt",
        d64="results/staging/media/wordle64.d64",
        roms=media_machine_roms,
    output:
        report(
            "results/machine/load-disk.json",
            caption="../report/machine_load_disk.rst",
            category="Media",
        ),
    log:
        "logs/machine/load_disk.log",
    params:
        roms=config["machine"]["roms"],
        file_name=config["media"]["file_name"],
        menu_text=config["machine"]["menu_text"],
        random_key=config["machine"]["random_key"],
        seed=config["machine"]["seed"],
        boot_max_cycles=config["machine"]["boot_max_cycles"],
        startup_max_cycles=config["machine"]["startup_max_cycles"],
        load_max_cycles=config["machine"]["disk_load_max_cycles"],
        bytes_per_second=config["machine"]["drive_bytes_per_second"],
        open_seconds=config["machine"]["drive_open_seconds"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/machine_load_disk.py"


rule machine_disk_faults:
    """The emulated drive's fault cases on the staged .d64: each fails as it should."""
    input:
        d64="results/staging/media/wordle64.d64",
        roms=media_machine_roms,
    output:
        report(
            "results/machine/disk-faults.json",
            caption="../report/machine_disk_faults.rst",
            category="Media",
        ),
    log:
        "logs/machine/disk_faults.log",
    params:
        roms=config["machine"]["roms"],
        file_name=config["media"]["file_name"],
        max_cycles=config["machine"]["disk_load_max_cycles"],
        bytes_per_second=config["machine"]["drive_bytes_per_second"],
        open_seconds=config["machine"]["drive_open_seconds"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/machine_disk_faults.py"


rule machine_persist_iec:
    """Statistics SAVEd by the game to the emulated 1541 survive a reset and match Python's."""
    input:
        prg="results/staging/build/wordle64.prg",
        labels="results/staging/build/wordle64.lbl",
        answers="results/words/answers.txt",
        d64="results/staging/media/wordle64.d64",
        python="results/machine/persist-python.json",
        roms=media_machine_roms,
    output:
        report(
            "results/machine/persist.json",
            caption="../report/game_persist.rst",
            category="Game",
        ),
    log:
        "logs/machine/persist_iec.log",
    params:
        roms=config["machine"]["roms"],
        file_name=config["media"]["file_name"],
        load_max_cycles=config["machine"]["disk_load_max_cycles"],
        bytes_per_second=config["machine"]["drive_bytes_per_second"],
        open_seconds=config["machine"]["drive_open_seconds"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/machine_persist_iec.py"
