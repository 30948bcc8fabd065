"""The Wordle solver: feedback, filtering and ranking (:mod:`.core`), greedy and search decision
trees (:mod:`.play`), the Absurdle adversary (:mod:`.absurdle`), the Snakemake stage
(:mod:`.stage`) and the ``wordle64`` sub-commands (:mod:`.cli`)."""
