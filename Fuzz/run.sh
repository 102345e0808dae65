#!/usr/bin/env bash
# Builds the libFuzzer targets (release, -sanitize=fuzzer,address) and runs them.
#
#   Fuzz/run.sh --list                 the targets, one per line
#   Fuzz/run.sh TARGET SECONDS         fuzz one target (TCString or FuzzTCString) for SECONDS
#   Fuzz/run.sh --all SECONDS          fuzz every target for SECONDS each, one after the other
#   Fuzz/run.sh --regressions          replay every file of Regressions/ through every matching target
#   Fuzz/run.sh --build                only build
#   FUZZ_NO_BUILD=1 Fuzz/run.sh ...    run what was built last
#   FUZZ_SEED=N Fuzz/run.sh ...        fuzz with libFuzzer's -seed=N (CI uses 1: the same inputs every run)
#
# A crash, leak, timeout (10 s per input) or out-of-memory (2 GB) ends the run with a non-zero status; the
# input is kept in Fuzz/artifacts/TARGET/ (turn it into a regression: README.md). Seeds come from
# Corpus/TARGET/; what the fuzzer finds goes to .build/corpus/TARGET/, never into the repository.
# The builds take the machine's build lock (scripts/build-slot): do not wrap this script in build-slot.
set -euo pipefail
fuzz="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$fuzz/.." && pwd)"
cd "$fuzz"

# The Swift runtime's own crash handler fights AddressSanitizer's; libFuzzer prints the stack.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}:handle_abort=1"
# Leaks inside the toolchain's own libraries (each one explained in the file) are not ours to fix.
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$fuzz/lsan-suppressions.txt:print_suppressions=0"
bin="$fuzz/.build/release"

usage() {
    sed -n '2,8p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
    exit 64
}

list() { (cd Sources && ls -d Fuzz* | sed 's/^Fuzz//'); }

# Builds the named targets (default: all), one product at a time.
#
# SwiftPM passes its sanitizers to swiftc as separate flags, `-sanitize=fuzzer -sanitize=address` in an order that
# changes from run to run, and swiftc keeps only the last one: half the builds lose coverage (libFuzzer then
# finds nothing) or AddressSanitizer. `-Xswiftc -sanitize=fuzzer,address` comes after them and wins; SwiftPM's own
# flags are still needed for linking (libFuzzer's main instead of the executable's).
build() {
    [ "${FUZZ_NO_BUILD:-0}" = 1 ] && return 0
    local lock=() target targets=("$@")
    [ -x "$root/scripts/build-slot" ] && lock=("$root/scripts/build-slot")
    [ ${#targets[@]} -eq 0 ] && mapfile -t targets < <(list)
    for target in "${targets[@]}"; do
        echo "== building Fuzz$target (release, -sanitize=fuzzer,address)" >&2
        build_product "$target"
        if ! instrumented "$target"; then
            # Objects left by a build with other flags can still be linked in: start again from clean.
            echo "== Fuzz$target has no coverage instrumentation; rebuilding from clean" >&2
            rm -rf "$fuzz/.build/x86_64-unknown-linux-gnu/release"
            build_product "$target"
            instrumented "$target" || { echo "Fuzz$target: still no coverage instrumentation" >&2 && exit 1; }
        fi
    done
}

build_product() {
    "${lock[@]}" swift build -c release --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address \
        -Xswiftc -parse-as-library --product "Fuzz$1" >&2
}

instrumented() {
    local output
    output="$(cd "$fuzz/.build" && "$bin/Fuzz$1" -runs=0 -artifact_prefix="$fuzz/.build/probe-" 2>&1 || true)"
    grep -q 'Loaded [0-9]* modules' <<<"$output"
}

# The dictionary of a target's format (ConsentKit and the CLI inputs get all of them, merged).
dictionary() {
    case "$1" in
    TCString | TCFQuery) echo "$fuzz/Dictionaries/tcf.dict" ;;
    GPP | GPPQuery) echo "$fuzz/Dictionaries/gpp.dict" ;;
    USPrivacy) echo "$fuzz/Dictionaries/usp.dict" ;;
    AdditionalConsent) echo "$fuzz/Dictionaries/ac.dict" ;;
    JSON) echo "$fuzz/Dictionaries/json.dict" ;;
    Base64URL | BitReader) echo "$fuzz/Dictionaries/base64url.dict" ;;
    ConsentKit | InputExtraction)
        mkdir -p "$fuzz/.build/dict"
        cat "$fuzz"/Dictionaries/*.dict >"$fuzz/.build/dict/all.dict"
        echo "$fuzz/.build/dict/all.dict"
        ;;
    *) echo "" ;;
    esac
}

# Runs one target for $2 seconds; prints a summary line; returns libFuzzer's status.
fuzz_one() {
    local target="$1" seconds="$2"
    local work="$fuzz/.build/corpus/$target" artifacts="$fuzz/artifacts/$target/" log="$fuzz/.build/logs/$target.log"
    local dict
    dict="$(dictionary "$target")"
    mkdir -p "$work" "$artifacts" "$(dirname "$log")" "Corpus/$target"
    local args=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
        -artifact_prefix="$artifacts" "$work" "Corpus/$target")
    [ -n "$dict" ] && args=(-dict="$dict" "${args[@]}")
    # Foundation's property-list parser leaks on every plist it reads (lsan-suppressions.txt): suppressed, the
    # leak still makes libFuzzer scan the whole heap after nearly every input, a hundred times slower. Leaks
    # stay checked when the regressions are replayed.
    [ "$target" = InputExtraction ] && args=(-detect_leaks=0 "${args[@]}")
    [ -n "${FUZZ_SEED:-}" ] && args=(-seed="$FUZZ_SEED" "${args[@]}")
    echo "== fuzzing $target for $seconds s (log: ${log#"$root"/})" >&2
    local status=0
    "$bin/Fuzz$target" "${args[@]}" >"$log" 2>&1 || status=$?
    local runs coverage
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    coverage=$(grep -E '^#[0-9]+' "$log" | tail -1 | grep -oE 'cov: [0-9]+ ft: [0-9]+' || true)
    if [ "$status" -eq 0 ]; then
        printf '%-18s ok      %12s runs  %s\n' "$target" "${runs:-?}" "$coverage"
    else
        printf '%-18s FAILED  %12s runs  %s  (status %d, artifacts in %s)\n' "$target" "${runs:-?}" "$coverage" \
            "$status" "${artifacts#"$root"/}"
        grep -E 'ERROR|Fatal error|SUMMARY|Test unit written' "$log" | head -8 >&2 || true
    fi
    return "$status"
}

# Replays Regressions/*: `<Target>-<cause>` through that target, `any-<cause>` through every target.
# Files named in Regressions/open.txt are known, unfixed bugs, skipped here (see FuzzRegressionTests).
regressions() {
    local failed=0 count=0 file name prefix targets target status
    local open=""
    [ -f Regressions/open.txt ] && open="$(awk '!/^#/ && NF { print $1 }' Regressions/open.txt)"
    for file in Regressions/*; do
        name="$(basename "$file")"
        [ "$name" = open.txt ] && continue
        [ "$name" = README.md ] && continue
        prefix="${name%%-*}"
        if [ "$prefix" = any ]; then targets="$(list)"; else targets="$prefix"; fi
        for target in $targets; do
            if [ ! -x "$bin/Fuzz$target" ]; then
                echo "regression $name: no target $target" >&2
                failed=1
                continue
            fi
            if grep -qx "$name" <<<"$open"; then
                # The fuzz binaries let open violations through (so fuzzing gets past them); whether each one
                # still fails is checked by swift test (FuzzRegressionTests), which sees them.
                echo "regression $name ($target): open (listed in open.txt), skipped here" >&2
                continue
            fi
            count=$((count + 1))
            status=0
            "$bin/Fuzz$target" -runs=1 "$file" >"$fuzz/.build/regression.log" 2>&1 || status=$?
            if [ "$status" -ne 0 ]; then
                echo "regression $name ($target): FAILED (status $status)" >&2
                grep -E 'ERROR|Fatal error|SUMMARY' "$fuzz/.build/regression.log" | head -5 >&2 || true
                failed=1
            fi
        done
    done
    echo "== $count regression replays, $([ $failed -eq 0 ] && echo 'all as expected' || echo 'FAILURES')" >&2
    return $failed
}

target_name() {
    local name="${1#Fuzz}"
    if ! list | grep -qx "$name"; then
        echo "unknown target '$1'; run.sh --list names them" >&2
        exit 64
    fi
    echo "$name"
}

[ $# -ge 1 ] || usage
case "$1" in
--list) list ;;
--build) build ;;
--regressions)
    build
    mkdir -p .build
    regressions
    ;;
--all)
    [ $# -eq 2 ] || usage
    build
    failed=0
    for target in $(list); do fuzz_one "$target" "$2" || failed=1; done
    exit $failed
    ;;
-*) usage ;;
*)
    [ $# -eq 2 ] || usage
    target="$(target_name "$1")"
    build "$target"
    fuzz_one "$target" "$2"
    ;;
esac
