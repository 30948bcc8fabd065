# Join the guess list with frequencies, profanity and the SCOWL lists; choose the answers.
# The choice is made in results/staging/words/ and copied to results/words/ only when it
# succeeded (e.g. a threshold that leaves no answers fails here and keeps the last good lists).


WORDNET_POS = ("noun", "verb", "adj", "adv")  # data.* of all four; *.exc of the first three


rule words_select:
    """Join the guess list with frequencies, profanity and SCOWL; choose the answers (staged)."""
    input:
        words=source_path("words"),
        frequency=source_path("frequency"),
        profanity=source_path("profanity"),
        scowl_35=[source_path("scowl_gb_small"), source_path("scowl_us_small")],
        scowl_50=[source_path("scowl"), source_path("scowl_us")],
        scowl_70=[source_path("scowl_gb_large"), source_path("scowl_us_large")],
        wordnet_data=[source_path(f"wordnet_data_{pos}") for pos in WORDNET_POS],
        wordnet_exceptions=[source_path(f"wordnet_exc_{pos}") for pos in WORDNET_POS[:3]],
        allow=config["answers"]["allow_file"],
        deny=config["answers"]["deny_file"],
    output:
        table="results/staging/words/words.tsv",
        filters="results/staging/words/filters.tsv",
        outcomes="results/staging/words/outcomes.tsv",
        answers="results/staging/words/answers.txt",
        guesses="results/staging/words/guesses.txt",
        stats="results/staging/words/stats.json",
    log:
        "logs/words/words.log",
    params:
        answers=words_select_answers,
        on_bad_line=config["words"]["on_bad_line"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/words_table.py"


checkpoint words:
    """Copy the staged word lists and statistics to results/words/."""
    input:
        staged=expand("results/staging/words/{name}", name=WORDS_FILES),
    output:
        table=report(
            "results/words/words.tsv",
            caption="../report/words_table.rst",
            category="Words",
        ),
        filters=report(
            "results/words/filters.tsv",
            caption="../report/words_filters.rst",
            category="Words",
        ),
        outcomes="results/words/outcomes.tsv",
        answers="results/words/answers.txt",
        guesses="results/words/guesses.txt",
        stats=report(
            "results/words/stats.json",
            caption="../report/words_stats.rst",
            category="Words",
        ),
    log:
        "logs/words/promote.log",
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/promote.py"


rule words_threshold_plot:
    """Answers against the frequency threshold: results/words/threshold.png and .tsv."""
    input:
        filters="results/words/filters.tsv",
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
        answers=config["answers"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/words_threshold.py"


rule words_curated_check:
    """Evaluation only: precision and recall of the answers against public curated answer lists
    (npm packages by name and version, sha256-checked); the filters never read them."""
    input:
        outcomes="results/words/outcomes.tsv",
    output:
        check=report(
            "results/words/curated-check.json",
            caption="../report/words_curated_check.rst",
            category="Words",
        ),
    log:
        "logs/words/curated-check.log",
    params:
        curated_check=config["answers"]["curated_check"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/words_curated_check.py"
