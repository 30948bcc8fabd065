# Join the guess list with frequencies and profanity; choose the answers.


rule words:
    input:
        words=source_path("words"),
        frequency=source_path("frequency"),
        profanity=source_path("profanity"),
    output:
        table=report(
            "results/words/words.tsv",
            caption="../report/words_table.rst",
            category="Words",
        ),
        answers="results/words/answers.txt",
        guesses="results/words/guesses.txt",
        stats=report(
            "results/words/stats.json",
            caption="../report/words_stats.rst",
            category="Words",
        ),
    log:
        "logs/words/words.log",
    params:
        min_frequency=config["answers"]["min_frequency"],
        on_bad_line=config["words"]["on_bad_line"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/words_table.py"


rule words_threshold_plot:
    input:
        table="results/words/words.tsv",
    output:
        plot=report(
            "results/words/threshold.png",
            caption="../report/words_threshold.rst",
            category="Words",
        ),
        curve="results/words/threshold.tsv",
    log:
        "logs/words/threshold.log",
    params:
        min_frequency=config["answers"]["min_frequency"],
        max_threshold=config["answers"]["plot_max_threshold"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/words_threshold.py"
