# Assemble the 6502 modules with ca65, link with ld65, prove the dictionary fits in memory; link
# the validation-only PRG of the dictionary decoders (with the seed baseline the game leaves out).


checkpoint build:
    """Assemble and link the game PRG with the packed dictionary; prove the layout fits."""
    input:
        sources=build_sources,
        config="workflow/asm/wordle64.cfg",
        blob="results/dict/blob.bin",
        table="results/dict/table.bin",
        words="results/words/words.tsv",
    output:
        prg="results/staging/build/wordle64.prg",
        labels="results/staging/build/wordle64.lbl",
        map="results/staging/build/wordle64.map",
        layout=report(
            "results/staging/build/layout.json",
            caption="../report/build_layout.rst",
            category="Build",
        ),
    log:
        "logs/build/build.log",
    params:
        asm_dir=build_asm_dir,
        codec=build_codec,
        margin=config["build"]["inplace_margin"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/build_prg.py"


rule build_decoders:
    """Link the validation-only PRG of both dictionary decoders (ctxhuff and the seed baseline)."""
    input:
        ctxhuff="workflow/asm/unpack.s",
        seed="workflow/asm/seed/unpack_seed.s",
        globals="workflow/asm/globals.inc",
        constants="workflow/asm/ctxhuff.inc",
    output:
        prg="results/staging/build/unpack-seed.prg",
        labels="results/staging/build/unpack-seed.lbl",
    log:
        "logs/build/decoders.log",
    params:
        asm_dir=build_asm_dir,
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/build_decoders.py"
