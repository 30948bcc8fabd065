# One rule per configured source (fetch_words, fetch_frequency, fetch_profanity, ...): the
# content store's copy if it verifies, else download with requests, else the mirror; sha256
# verified; the file lands atomically in resources/<name>/<sha256>/ (wordle64.fetch).
for source_name in config["sources"]:

    rule:
        name:
            f"fetch_{source_name}"
        output:
            source_path(source_name),
        log:
            f"logs/fetch/{source_name}.log",
        params:
            name=source_name,
            source=source_entry(source_name),
            mirror_dir=config["mirror_dir"],
            timeout=config["fetch"]["timeout"],
            retries=config["fetch"]["retries"],
            deadline=config["fetch"]["deadline"],
            max_bytes=config["fetch"]["max_bytes"],
            store_dir=SOURCE_STORE,
        conda:
            "../envs/wordle64.yaml"
        script:
            "../scripts/fetch_source.py"
