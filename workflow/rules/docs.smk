# Docs stage: the measured figures the docs name, from the result files of this build.
from wordle64.figure_list import figure_sources


rule docs_figures:
    """Write results/reports/figures.md: every figure docs/*.md names (registry:
    wordle64/figure_list.py), read from this build's result files; fails when one is missing
    or when an example output the README shows differs from this build's."""
    input:
        sources=figure_sources(),
        readme="README.md",
        answers="results/words/answers.txt",
    output:
        report(
            "results/reports/figures.md",
            caption="../report/docs_figures.rst",
            category="Overview",
        ),
    log:
        "logs/docs/figures.log",
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/docs_figures.py"
