#!/bin/sh
# The GPP cross-check: an independent decoder (gppdec.py, written from the spec pages only) against ours, on
# seeded random strings; what it writes goes to $TMPDIR/gpp-crosscheck-SEED.
#   ./run.sh [SEED] [VALID_PER_ID] [MULTI] [MUTATED]
# Needs only python3 and the release CLI (CONSENT_CLI, default .build/release/consent of this repository).
set -e
cd "$(dirname "$0")"
SEED=${1:-20261201}
PER=${2:-800}
MULTI=${3:-2000}
MUT=${4:-5000}
OUT=${TMPDIR:-/tmp}/gpp-crosscheck-$SEED
mkdir -p "$OUT"
echo "# 1. our decoder (gppdec.py) against the repository's vectors"
python3 checkvec.py ../../../Vectors/gpp.jsonl ../../../Vectors/own-gpp.jsonl | tail -1
echo "# 2. generate: $PER valid strings per section id (25 ids), $MULTI multi-section, 300 with unknown ids, $MUT mutated"
python3 gen.py --seed "$SEED" --valid-per-id "$PER" --multi "$MULTI" --unknown 300 --mutated "$MUT" --out "$OUT/gen.jsonl"
echo "# 3. compare gppdec.py (and the generator's truth) with the CLI"
python3 compare.py "$OUT/gen.jsonl" "$OUT"
echo "# 4. hand-built edge strings (probes.py)"
python3 probes.py > "$OUT/probes.tsv"
python3 cmpprobe.py "$OUT/probes.tsv" > "$OUT/probes.txt"
grep -c '^\*\*' "$OUT/probes.txt" | sed 's/^/probe disagreements: /'
echo "unexplained: $(wc -l < "$OUT/unexplained.jsonl")  (details: $OUT/disagreements.jsonl, $OUT/selfcheck.jsonl)"
