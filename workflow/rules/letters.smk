# Countdown letters round on SCOWL British English: the dictionary and its front coding, the
# ternary search tree (and its tree file, which `wordle64 letters` reads instead of building the
# tree), conundrums, a chunked brute-force check of both walks and the benchmark.


rule letters_dictionary:
    """Countdown dictionary from SCOWL British English: the plain list and its front coding."""
    input:
        source=source_path("scowl"),
    output:
        plain="results/letters/words.txt",
        fc="results/letters/words.fc",
        stats=report(
            "results/letters/dictionary.json",
            caption="../report/letters_dictionary.rst",
            category="Letters",
        ),
    log:
        "logs/letters/dictionary.log",
    params:
        on_bad_line=config["letters"]["on_bad_line"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/letters_dictionary.py"


rule letters_compression:
    """Sizes of the plain and front-coded dictionary, raw and compressed."""
    input:
        fc="results/letters/words.fc",
    output:
        table=report(
            "results/letters/compression.tsv",
            caption="../report/letters_compression.rst",
            category="Letters",
        ),
    log:
        "logs/letters/compression.log",
    params:
        dataset=config["letters"]["dataset"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/letters_compression.py"


rule letters_tree:
    """Ternary search tree nodes and depth, median-first against sorted insertion."""
    input:
        fc="results/letters/words.fc",
    output:
        table=report(
            "results/letters/tree.tsv",
            caption="../report/letters_tree.rst",
            category="Letters",
        ),
    log:
        "logs/letters/tree.log",
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/letters_tree.py"


rule letters_tree_file:
    """Write the ternary search tree file that `wordle64 letters` loads instead of building it."""
    input:
        fc="results/letters/words.fc",
    output:
        "results/letters/words.tree",
    log:
        "logs/letters/tree_file.log",
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/letters_tree_file.py"


rule letters_draws:
    """Seeded Countdown letter draws for the letters benchmark."""
    output:
        "results/letters/draws.txt",
    log:
        "logs/letters/draws.log",
    params:
        draws=config["letters"]["bench_draws"],
        seed=config["letters"]["seed"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/letters_draws.py"


rule letters_conundrums:
    """Conundrums: unique nine-letter anagrams shown as two or three words."""
    input:
        fc="results/letters/words.fc",
        frequency=source_path("frequency"),
    output:
        table=report(
            "results/letters/conundrums.tsv",
            caption="../report/letters_conundrums.rst",
            category="Letters",
        ),
    log:
        "logs/letters/conundrums.log",
    params:
        min_part=config["letters"]["conundrum_min_part"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/letters_conundrums.py"


rule letters_check_chunk:
    """One chunk of seeded draws: both tree walks against a brute-force scan."""
    input:
        fc="results/letters/words.fc",
    output:
        "results/letters/check/chunk{letters_chunk}.json",
    log:
        "logs/letters/check_chunk{letters_chunk}.log",
    params:
        draws=config["letters"]["check_draws"],
        chunks=config["letters"]["check_chunks"],
        seed=config["letters"]["seed"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/letters_check_chunk.py"


rule letters_check:
    """Gather the letters check chunks into results/letters/check.json."""
    input:
        chunks=letters_check_chunk_files,
    output:
        summary=report(
            "results/letters/check.json",
            caption="../report/letters_check.rst",
            category="Letters",
        ),
    log:
        "logs/letters/check.log",
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/letters_check.py"


rule bench_letters:
    """Time the letters solver over the seeded draws (results/bench/letters.json)."""
    input:
        fc="results/letters/words.fc",
        tree="results/letters/words.tree",
        draws="results/letters/draws.txt",
    output:
        "results/bench/letters.json",
    log:
        "logs/letters/bench.log",
    params:
        draws=config["letters"]["bench_draws"],
        seed=config["letters"]["seed"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/bench_letters.py"
