# Release: the player-facing artifacts (results/build/, results/media/) are built and checked in
# results/staging/; they are copied to their final place only when every check passed, so a failed
# build, image or check leaves the last good game where it was (wordle64/promote.py).


rule release_gate:
    """Pass only when every release check passed and validate/summary.json names every
    validation check (validate.checks cannot be emptied to release an unchecked game)."""
    input:
        RELEASE_CHECKS,
    output:
        "results/staging/release.json",
    log:
        "logs/release/gate.log",
    params:
        required=RELEASE_REQUIRED_CHECKS,
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/gate.py"


rule promote_build:
    """Copy the staged PRG, labels, map and layout to results/build/ once the gate passed."""
    input:
        staged=expand("results/staging/build/{name}", name=RELEASE_BUILD_FILES),
        gate="results/staging/release.json",
    output:
        expand("results/build/{name}", name=RELEASE_BUILD_FILES),
    log:
        "logs/release/promote_build.log",
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/promote.py"


rule promote_media:
    """Copy the staged disk and tape images to results/media/ once the gate passed."""
    input:
        staged=expand("results/staging/media/{name}", name=RELEASE_MEDIA_FILES),
        gate="results/staging/release.json",
    output:
        expand("results/media/{name}", name=RELEASE_MEDIA_FILES),
    log:
        "logs/release/promote_media.log",
    conda:
        "../envs/wordle64.yaml"
    script:
        "../scripts/promote.py"
