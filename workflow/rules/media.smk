# Ship the PRG as C64 owners load it (.d64 disk, the turbo .tap and the standard .tap, .t64;
# staged in results/staging/media, promoted by release.smk), each image read back by an
# independent reader; the tapes loaded through the Open ROMs KERNAL on the machine model
# (wordle64.c64.board), with their fault cases; load times from those loads.


rule media_d64:
    """Write the staged .d64 disk image of the PRG and read it back independently."""
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
    """Write the staged standard KERNAL .tap of the PRG and read it back independently."""
    input:
        prg="results/staging/build/wordle64.prg",
    output:
        "results/staging/media/wordle64-kernal.tap",
    log:
        "logs/media/tap_kernal.log",
    params:
        file_name=config["media"]["file_name"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/media_tap.py"


rule media_turbo_tap:
    """Assemble the turbo loader and write the staged turbo .tap of the PRG."""
    input:
        prg="results/staging/build/wordle64.prg",
        sources=turbo_sources,
    output:
        "results/staging/media/wordle64.tap",
    log:
        "logs/media/turbo_tap.log",
    params:
        file_name=config["media"]["file_name"],
        asm_dir="workflow/asm",
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/media_turbo_tap.py"


rule media_t64:
    """Write the staged .t64 tape container of the PRG and read it back independently."""
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
    """Boot the whole emulated C64, RUN the staged PRG to its menu and check a typed guess."""
    input:
        prg="results/staging/build/wordle64.prg",
        labels="results/staging/build/wordle64.lbl",
        answers="results/words/answers.txt",
        guesses="results/words/guesses.txt",
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
        seed=config["machine"]["seed"],
        typed_guess=config["machine"]["typed_guess"],
        boot_max_cycles=config["machine"]["boot_max_cycles"],
        startup_max_cycles=config["machine"]["startup_max_cycles"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/media_machine.py"


rule bench_ready:
    """Time RUN to a checked typed-ahead guess over random answers (results/bench/ready.json)."""
    input:
        prg="results/staging/build/wordle64.prg",
        labels="results/staging/build/wordle64.lbl",
        answers="results/words/answers.txt",
        guesses="results/words/guesses.txt",
        roms=media_machine_roms,
    output:
        "results/bench/ready.json",
    log:
        "logs/bench/ready.log",
    params:
        roms=config["machine"]["roms"],
        menu_text=config["machine"]["menu_text"],
        random_key=config["machine"]["random_key"],
        seed=config["machine"]["seed"],
        boot_max_cycles=config["machine"]["boot_max_cycles"],
        startup_max_cycles=config["machine"]["startup_max_cycles"],
        runs=config["machine"]["ready_runs"],
        runs_seed=config["machine"]["ready_seed"],
        target_seconds=config["machine"]["ready_target_seconds"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/bench_ready.py"


rule machine_load_tape:
    """LOAD the staged turbo .tap through the KERNAL on the machine model, RUN, play a guess."""
    input:
        tap="results/staging/media/wordle64.tap",
        prg="results/staging/build/wordle64.prg",
        labels="results/staging/build/wordle64.lbl",
        answers="results/words/answers.txt",
        guesses="results/words/guesses.txt",
        roms=media_machine_roms,
    output:
        run=report(
            "results/machine/load-tape.json",
            caption="../report/machine_load_tape.rst",
            category="Media",
        ),
        screens="results/machine/load-tape-screens.txt",
    log:
        "logs/machine/load_tape.log",
    params:
        turbo=True,
        roms=config["machine"]["roms"],
        file_name=config["media"]["file_name"],
        menu_text=config["machine"]["menu_text"],
        random_key=config["machine"]["random_key"],
        seed=config["machine"]["seed"],
        boot_max_cycles=config["machine"]["boot_max_cycles"],
        startup_max_cycles=config["machine"]["startup_max_cycles"],
        tape_max_cycles=config["machine"]["tape_max_cycles"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/machine_load_tape.py"


rule machine_load_tape_kernal:
    """LOAD the staged standard .tap through the KERNAL on the machine model, RUN, play a guess."""
    input:
        tap="results/staging/media/wordle64-kernal.tap",
        prg="results/staging/build/wordle64.prg",
        labels="results/staging/build/wordle64.lbl",
        answers="results/words/answers.txt",
        guesses="results/words/guesses.txt",
        roms=media_machine_roms,
    output:
        run="results/machine/load-tape-kernal.json",
        screens="results/machine/load-tape-kernal-screens.txt",
    log:
        "logs/machine/load_tape_kernal.log",
    params:
        turbo=False,
        roms=config["machine"]["roms"],
        file_name=config["media"]["file_name"],
        menu_text=config["machine"]["menu_text"],
        random_key=config["machine"]["random_key"],
        seed=config["machine"]["seed"],
        boot_max_cycles=config["machine"]["boot_max_cycles"],
        startup_max_cycles=config["machine"]["startup_max_cycles"],
        tape_max_cycles=config["machine"]["tape_max_cycles"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/machine_load_tape.py"


rule machine_tape_faults:
    """Standard tape fault cases (speed, jitter, flipped bits) on the machine model."""
    input:
        prg="results/staging/build/wordle64.prg",
        roms=media_machine_roms,
    output:
        "results/machine/tape-faults.json",
    log:
        "logs/machine/tape_faults.log",
    params:
        roms=config["machine"]["roms"],
        file_name=config["media"]["file_name"],
        fault_bytes=config["machine"]["fault_bytes"],
        fault_speed=config["machine"]["fault_speed"],
        fault_jitter=config["machine"]["fault_jitter"],
        tape_max_cycles=config["machine"]["tape_max_cycles"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/machine_tape_faults.py"


rule machine_turbo_sweep:
    """One chunk of the turbo tape's fault sweep: flipped bits run by the loader to its verdict."""
    input:
        prg="results/staging/build/wordle64.prg",
        sources=turbo_sources,
        roms=media_machine_roms,
    output:
        "results/machine/turbo-sweep/chunk-{chunk}.json",
    log:
        "logs/machine/turbo_sweep_{chunk}.log",
    wildcard_constraints:
        chunk=r"\d+",
    params:
        asm_dir="workflow/asm",
        roms=config["machine"]["roms"],
        file_name=config["media"]["file_name"],
        chunks=config["machine"]["turbo_sweep_chunks"],
        random_flips=config["machine"]["turbo_sweep_random_flips"],
        seed=config["machine"]["turbo_sweep_seed"],
        tape_max_cycles=config["machine"]["tape_max_cycles"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/machine_turbo_sweep.py"


rule machine_turbo_faults:
    """Turbo tape fault cases (speed, jitter, a flipped bit, a retry) and the sweep's counts."""
    input:
        prg="results/staging/build/wordle64.prg",
        sweep=turbo_sweep_chunks,
        sources=turbo_sources,
        roms=media_machine_roms,
    output:
        "results/machine/turbo-faults.json",
    log:
        "logs/machine/turbo_faults.log",
    params:
        asm_dir="workflow/asm",
        roms=config["machine"]["roms"],
        file_name=config["media"]["file_name"],
        fault_speed=config["machine"]["turbo_fault_speed"],
        fault_jitter=config["machine"]["turbo_fault_jitter"],
        tape_max_cycles=config["machine"]["tape_max_cycles"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/machine_turbo_faults.py"


rule media_load_times:
    """Disk and tape load times of the staged media from the emulated loads."""
    input:
        prg="results/staging/build/wordle64.prg",
        tape="results/machine/load-tape.json",
        tape_kernal="results/machine/load-tape-kernal.json",
        run="results/machine/run.json",
        disk="results/machine/load-disk.json",
    output:
        "results/staging/media/load-times.json",
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
