#!/usr/bin/env bash
# The whole test suite, as CI runs it: set-up, format lint, a warnings-as-errors build that enforces
# which module may import what, the import rule for the codec modules, and every test.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
./scripts/bootstrap.sh

echo "== swift format lint --strict"
swift format lint --strict --recursive Sources Tests Package.swift

echo "== codec modules import nothing but the standard library and each other"
./scripts/check-imports.sh

# COVERAGE=1 instruments the build so that scripts/coverage.sh can report afterwards (CI does).
coverage=()
[ "${COVERAGE:-0}" = 1 ] && coverage=(--enable-code-coverage)

echo "== build (warnings are errors, explicit target dependencies)"
swift build --build-tests "${coverage[@]}" -Xswiftc -warnings-as-errors --explicit-target-dependency-import-check error

echo "== swift test"
swift test --skip-build "${coverage[@]}" "$@"
