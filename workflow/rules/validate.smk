# Run the real 6502 routines of the PRG under py65 against the Python references, in chunks.


rule validate_chunk:
    """One chunk of a core check: the PRG's 6502 routines under py65 against Python."""
    input:
        unpack(validate_chunk_inputs),
    output:
        "results/validate/chunks/{core_check}/{chunk}.json",
    log:
        "logs/validate/{core_check}/{chunk}.log",
    params:
        chunks=validate_chunk_count,
        options=validate_chunk_options,
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/validate_chunk.py"


rule validate_gather:
    """Gather one core check's chunks and hold them to their targets."""
    input:
        chunks=validate_chunk_files,
    output:
        "results/validate/{core_check}.json",
    log:
        "logs/validate/{core_check}.log",
    params:
        targets=validate_gather_targets,
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/validate_gather.py"


rule validate_summary:
    """Every check of validate.checks in one summary (results/validate/summary.json)."""
    input:
        checks=validate_check_files,
        layout="results/staging/build/layout.json",
    output:
        summary=report(
            "results/validate/summary.json",
            caption="../report/validate_summary.rst",
            category="Validate",
        ),
        table=report(
            "results/validate/summary.tsv",
            caption="../report/validate_summary_table.rst",
            category="Validate",
        ),
    log:
        "logs/validate/summary.log",
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/validate_summary.py"
