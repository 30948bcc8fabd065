# Ship the PRG as C64 owners load it (.d64 disk, .tap tape with real pulses, .t64), each image read
# back by an independent reader; load times; and a whole-machine boot (c64py + Open ROMs).


rule media_d64:
    input:
        prg="results/staging/build/wordle64.prg",
    output:
        "results/staging/media/wordle64.d64",
    log:
        "logs/media/d64.log",
    params:
        disk_name=config["media"]["disk_name"],
        disk_id=config["media"]["disk_id"],
        file_name=config["media"]["file_name"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/media_d64.py"


rule media_tap:
    input:
        prg="results/staging/build/wordle64.prg",
    output:
        "results/staging/media/wordle64.tap",
    log:
        "logs/media/tap.log",
    params:
        file_name=config["media"]["file_name"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/media_tap.py"


rule media_t64:
    input:
        prg="results/staging/build/wordle64.prg",
    output:
        "results/staging/media/wordle64.t64",
    log:
        "logs/media/t64.log",
    params:
        tape_name=config["media"]["tape_name"],
        file_name=config["media"]["file_name"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/media_t64.py"


rule media_machine:
    input:
        prg="results/staging/build/wordle64.prg",
        labels="results/staging/build/wordle64.lbl",
        answers="results/words/answers.txt",
        roms=media_machine_roms,
    output:
        run=report(
            "results/machine/run.json",
            caption="../report/media_machine.rst",
            category="Media",
        ),
        screens="results/machine/screens.txt",
        png=report(
            "results/machine/screens.png",
            caption="../report/media_machine_png.rst",
            category="Media",
        ),
    log:
        "logs/media/machine.log",
    params:
        roms=config["machine"]["roms"],
        menu_text=config["machine"]["menu_text"],
        random_key=config["machine"]["random_key"],
        guesses=config["machine"]["guesses"],
        boot_max_cycles=config["machine"]["boot_max_cycles"],
        startup_max_cycles=config["machine"]["startup_max_cycles"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/media_machine.py"


rule media_load_times:
    input:
        prg="results/staging/build/wordle64.prg",
        tap="results/staging/media/wordle64.tap",
        run="results/machine/run.json",
    output:
        report(
            "results/staging/media/load-times.json",
            caption="../report/media_load_times.rst",
            category="Media",
        ),
    log:
        "logs/media/load_times.log",
    params:
        disk_bytes_per_second=config["media"]["disk_bytes_per_second"],
        disk_overhead_seconds=config["media"]["disk_overhead_seconds"],
        tape_target_seconds=config["media"]["tape_target_seconds"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/media_load_times.py"
