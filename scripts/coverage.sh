#!/usr/bin/env bash
# Line coverage of the codec modules after `scripts/test.sh` ran with COVERAGE=1 (or `swift test
# --enable-code-coverage`). Prints llvm-cov's report for Sources/{ConsentCore,TCF,USPrivacy,
# AdditionalConsent,GPP,ConsentKit} and fails when their total line coverage is below the floor.
#   scripts/coverage.sh [FLOOR_PERCENT]      (default 95)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
floor="${1:-95}"
bin="$(swift build --show-bin-path)"
profile="$bin/codecov/default.profdata"
tests="$bin/ConsentStringsPackageTests.xctest"
[ -f "$profile" ] || { echo "coverage: no $profile; run COVERAGE=1 scripts/test.sh first" >&2; exit 1; }
llvm_cov="$(dirname "$(command -v swift)")/llvm-cov"
[ -x "$llvm_cov" ] || llvm_cov=llvm-cov
sources=()
for module in ConsentCore TCF USPrivacy AdditionalConsent GPP ConsentKit; do sources+=("$root/Sources/$module"); done
report="$("$llvm_cov" report "$tests" -instr-profile "$profile" "${sources[@]}")"
echo "$report"
total="$(awk '/^TOTAL/ { print $10 }' <<<"$report" | tr -d '%')"
echo "codec modules: ${total}% of lines covered (floor ${floor}%)"
awk -v total="$total" -v floor="$floor" 'BEGIN { exit !(total + 0 >= floor + 0) }' || {
    echo "coverage: below the floor" >&2
    exit 1
}
