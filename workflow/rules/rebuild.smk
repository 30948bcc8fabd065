# Opt-in (not in rule all): what each tweak of issue 30 reruns and how long it takes, measured on
# a copy of the built project (wordle64.rebuild), never on the project itself. It runs Snakemake
# a dozen times on the copy: minutes. docs/rebuild.md reads its figures.


rule bench_rebuild:
    """Opt-in: jobs and wall time of each tweak, measured on a copy (results/bench/rebuild.json)."""
    input:
        all_targets,
    output:
        "results/bench/rebuild.json",
    log:
        main="logs/bench/rebuild.log",
        runs="logs/bench/rebuild-runs.log",
    params:
        mirror_dir=config["mirror_dir"],
        cores=2,
    threads: 2
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/bench_rebuild.py"
