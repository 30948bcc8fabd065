# The fast disk (docs/vice.md, "The fast disk"): a boot file that has the DOS load our drive code
# (workflow/asm/fastload; the disk's second and third files, &W64DRIVE and W64DRIVECODE), then
# the released game as the fourth. Proven, and timed, on VICE's true drives by vice_fast_disk (vice.smk).


rule fastload_boot:
    """Assemble and link the fast loader: the boot file (C64 side) and the drive's image; the
    boot file again with SCREEN_ON, which keeps the screen on."""
    input:
        sources=expand("workflow/asm/fastload/{name}", name=FASTLOAD_SOURCES),
        common="workflow/asm/c64.inc",
        stream="workflow/asm/stream.inc",
    output:
        prg="results/fastload/boot.prg",
        labels="results/fastload/boot.lbl",
        map="results/fastload/boot.map",
        drive="results/fastload/drive.usr",
        part2="results/fastload/boot_part2.bin",
        screen_prg="results/fastload/boot_screen.prg",
        screen_labels="results/fastload/boot_screen.lbl",
        screen_map="results/fastload/boot_screen.map",
    log:
        "logs/fastload/boot.log",
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/fastload_boot.py"


rule fastload_d64:
    """Write the fast disk: the boot file, the drive's two files, the released game, the
    screen-on boot file."""
    input:
        boot="results/fastload/boot.prg",
        screen_boot="results/fastload/boot_screen.prg",
        game="results/build/wordle64.prg",
        drive="results/fastload/drive.usr",
        part2="results/fastload/boot_part2.bin",
    output:
        "results/fastload/wordle64-fast.d64",
    log:
        "logs/fastload/d64.log",
    params:
        disk_name=config["media"]["disk_name"],
        disk_id=config["media"]["disk_id"],
        boot_name=config["media"]["file_name"],
        block_ms=config["media"]["fast_block_ms"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/fastload_d64.py"
