#!/usr/bin/env bash
# Instructions per operation of the loop benchmarks, counted by callgrind: a figure that, unlike ns per
# operation, does not depend on the machine or on what else runs on it, so a before/after comparison holds
# across machines and sessions. Each benchmark runs twice under `valgrind --tool=callgrind` with a fixed amount
# of work (`consent-bench --passes 1`, then 1 + K passes, one round each, K passes making at least 2,000
# operations); the difference of the two totals over the operations of K passes is the cost of one operation,
# with set-up and warm-up cancelled out. Hashing is made deterministic (SWIFT_DETERMINISTIC_HASHING) so that
# the two processes' set-up costs the same.
#   scripts/bench-instructions.sh [FILTER]     (FILTER: consent-bench's --filter; default every loop benchmark)
#   BENCH=/path/to/consent-bench scripts/bench-instructions.sh '^tcf-decode'   (an already built binary)
# The `cli-` benchmarks run a subprocess and are left out. Needs valgrind (Debian's `valgrind`) and `strip`.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
filter="${1:-.}"
command -v valgrind > /dev/null || { echo "bench-instructions: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
if [ -z "${BENCH:-}" ]; then
    swift build -c release --package-path "$root/Benchmarks" >&2
    BENCH="$root/Benchmarks/.build/release/consent-bench"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# valgrind 3.19 cannot read the DWARF of a Swift 6 release binary ("possibly corrupted debuginfo"): count a copy
# without it (the symbols stay).
cp "$BENCH" "$work/consent-bench"
strip --strip-debug "$work/consent-bench"
corpus="${CORPUS:-$root/Benchmarks/Corpus}"

# Total instructions of one run of benchmark $1 with $2 passes; the run's JSON line goes to $work/run.json.
count() {
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        "$work/consent-bench" --json --filter "^$1\$" --passes "$2" --rounds 1 --corpus "$corpus" \
        > "$work/run.json" 2> "$work/run.err" || {
        cat "$work/run.err" >&2
        exit 1
    }
    awk '/I *refs:/ { gsub(",", "", $NF); print $NF }' "$work/run.err"
}

printf '%-34s %14s %10s\n' benchmark instructions/op allocs/op
printf '%-34s %14s %10s\n' ---------------------------------- -------------- ----------
"$work/consent-bench" --list --filter "$filter" --corpus "$corpus" | awk '{ print $1 }' | grep -v '^cli-' |
    while read -r name; do
        one="$(count "$name" 1)"
        ops="$(sed -n 's/.*"ops":\([0-9]*\).*/\1/p' "$work/run.json")"
        allocations="$(sed -n 's/.*"allocsPerOp":\([0-9.e+-]*\|null\).*/\1/p' "$work/run.json")"
        extra=$(((2000 + ops - 1) / ops))
        more="$(count "$name" $((1 + extra)))"
        awk -v name="$name" -v one="$one" -v more="$more" -v ops=$((extra * ops)) -v allocations="$allocations" \
            'BEGIN {
                shown = allocations == "null" ? "n/a" : sprintf("%.2f", allocations)
                printf "%-34s %14.0f %10s\n", name, (more - one) / ops, shown
            }'
    done
