# Report stage: our measured figures beside the published ones (../shared/ANCHORS.md).


rule report_anchors:
    """Our measured figures beside the published anchors (results/reports/anchors.tsv)."""
    input:
        dict_stats="results/dict/stats.json",
        validate_summary="results/validate/summary.json",
        load_times="results/media/load-times.json",
        machine_run="results/machine/run.json",
        ready_bench="results/bench/ready.json",
        solver_summary="results/solver/summary.json",
        absurdle="results/solver/absurdle.txt",
        letters_bench="results/bench/letters.json",
        letters_compression="results/letters/compression.tsv",
    output:
        table=report(
            "results/reports/anchors.tsv",
            caption="../report/report_anchors.rst",
            category="Overview",
        ),
        markdown="results/reports/anchors.md",
    log:
        "logs/report/anchors.log",
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/report_anchors.py"
