# One rule per configured source (fetch_words, fetch_frequency, fetch_profanity, ...): download
# with requests, verify sha256, fall back to the mirror; the file lands atomically in resources/.
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
        conda:
            "../envs/wordle64.yaml"
        script:
            "../scripts/fetch_source.py"
