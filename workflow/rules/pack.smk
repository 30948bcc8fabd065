# Pack the dictionary for the C64: the RAM table and its index, the blobs of both codecs, the
# compression report; and the 6502 unpackers' benchmark under py65.


checkpoint pack:
    """Pack the words for the C64: RAM table, index, both codecs' blobs, compression report."""
    input:
        words="results/words/words.tsv",
    output:
        table="results/dict/table.bin",
        index="results/dict/index.bin",
        blob="results/dict/blob.bin",
        seed_blob="results/dict/blob-seed.bin",
        stats=report(
            "results/dict/stats.json",
            caption="../report/pack_stats.rst",
            category="Pack",
        ),
        compression=report(
            "results/reports/compression.tsv",
            caption="../report/pack_compression.rst",
            category="Pack",
        ),
        plot=report(
            "results/reports/compression.png",
            caption="../report/pack_compression_plot.rst",
            category="Pack",
        ),
    log:
        "logs/pack/pack.log",
    params:
        codec=config["dict"]["codec"],
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/pack_dictionary.py"


rule bench_unpack:
    """Time the 6502 dictionary unpackers under py65 (results/bench/unpack.json)."""
    input:
        words="results/words/words.tsv",
        prg="results/staging/build/unpack-seed.prg",
        labels="results/staging/build/unpack-seed.lbl",
    output:
        report(
            "results/bench/unpack.json",
            caption="../report/pack_bench_unpack.rst",
            category="Pack",
        ),
    log:
        "logs/pack/bench_unpack.log",
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/pack_bench_unpack.py"


rule pack_study:
    """Measure alternative context models of the dictionary's trie walk (pack-study.json)."""
    input:
        words="results/words/words.tsv",
    output:
        report(
            "results/bench/pack-study.json",
            caption="../report/pack_study.rst",
            category="Pack",
        ),
    log:
        "logs/pack/pack_study.log",
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/pack_study.py"
