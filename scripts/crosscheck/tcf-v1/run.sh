#!/bin/sh
# The legacy TCF v1.1 cross-check: an independent decoder (v1dec.py, written from the spec pages only) and
# iab-tcf (PyPI) against ours, on seeded random strings, mutations of them and hand-built edge strings; what it
# writes goes to $TMPDIR/tcf-v1-crosscheck-SEED.
#   ./run.sh [SEED [N [MUTATIONS]]]    (default 20261202 2000 1000)
# Needs python3 and the release CLI (CONSENT_CLI, default .build/release/consent of this repository). iab-tcf
# 0.2.2 goes into the venv .build/crosscheck-venv (or CROSSCHECK_VENV), as ../tcf-iab-tcf.sh does; without it
# (offline) its column is skipped. The last line counts the disagreements of the CLI with v1dec.py or the truth
# that no known class explains (compare.py lists the classes).
set -e
export PYTHONDONTWRITEBYTECODE=1
cd "$(dirname "$0")"
root=$(cd ../../.. && pwd)
SEED=${1:-20261202}
N=${2:-2000}
MUT=${3:-1000}
OUT=${TMPDIR:-/tmp}/tcf-v1-crosscheck-$SEED
export CONSENT_CLI="${CONSENT_CLI:-$root/.build/release/consent}"
[ -x "$CONSENT_CLI" ] || { echo "no CLI at $CONSENT_CLI (swift build -c release --product consent)" >&2; exit 1; }
mkdir -p "$OUT"
venv=${CROSSCHECK_VENV:-$root/.build/crosscheck-venv}
PY=python3
if { [ -x "$venv/bin/python" ] || python3 -m venv "$venv" >/dev/null 2>&1; } &&
    "$venv/bin/pip" install --quiet "iab-tcf==0.2.2" >/dev/null 2>&1; then
    PY=$venv/bin/python
fi
echo "# 1. v1dec.py against the repository's legacy v1.1 vectors"
$PY vectors.py --check | tail -1
echo "# 2. generate: $N valid strings and $MUT mutations, seed $SEED"
$PY gen.py --seed "$SEED" --count "$N" --mutated "$MUT" --out "$OUT/gen.jsonl"
echo "# 3. compare the truth, v1dec.py, iab-tcf and the CLI"
$PY compare.py "$OUT/gen.jsonl" "$OUT"
echo "# 4. hand-built edge strings (probes.py, all of them in $OUT/probes.txt)"
$PY probes.py "$OUT" > "$OUT/probes.txt"
grep "^\*\*" "$OUT/probes.txt" | cut -c1-150 || true
tail -1 "$OUT/probes.txt"
echo "unexplained: $(cat "$OUT/unexplained.jsonl" "$OUT/probes-unexplained.jsonl" | wc -l | tr -d ' ')" \
    "(details: $OUT/disagreements.jsonl, $OUT/unexplained.jsonl, $OUT/probes.txt)"
