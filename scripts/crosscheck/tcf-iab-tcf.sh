#!/usr/bin/env bash
# Regenerates Vectors/crosscheck/tcf-iab-tcf.jsonl with the independent decoder iab-tcf (PyPI), in a venv under .build/.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
venv="$root/.build/crosscheck-venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet "iab-tcf==0.2.2"
[ -x "$root/.build/release/consent" ] || (cd "$root" && swift build -c release --product consent)
"$venv/bin/python" "$root/scripts/crosscheck/tcf-iab-tcf.py"
