# One rule per configured source (fetch_words, fetch_frequency, fetch_profanity, ...): the
# content store's copy if it verifies, else download with requests, else the mirror; sha256
# verified; the file lands atomically in resources/<name>/<sha256>/ (wordle64.fetch). Its output
# path is its content: where it comes from is a derived param (source_location), never a rerun.
for source_name in config["sources"]:

    rule:
        """Fetch one source (store, URL, else mirror), sha256-checked, into resources/<name>/."""
        name:
            f"fetch_{source_name}"
        output:
            source_path(source_name),
        log:
            f"logs/fetch/{source_name}.log",
        params:
            name=source_name,
            location=source_location,
            store_dir=SOURCE_STORE,
        conda:
            "../envs/wordle64.yaml"
        script:
            "../scripts/fetch_source.py"
