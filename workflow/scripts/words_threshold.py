"""Snakemake glue: answer count against threshold, as a table and a plot."""

from wordle64.glue import rule_logging
from wordle64.words import plot_threshold, read_word_table, threshold_curve

with rule_logging(snakemake.log[0]):
    table = read_word_table(snakemake.input.table)
    curve = threshold_curve(table, snakemake.params.max_threshold)
    curve.to_csv(snakemake.output.curve, sep="\t", index=False)
    counted = table.loc[table["frequency"] > 0, "frequency"]
    plot_threshold(curve, snakemake.params.min_frequency, int(table["answer"].sum()),
                   snakemake.output.plot, floor=int(counted.min()) if len(counted) else 0)
