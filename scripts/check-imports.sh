#!/usr/bin/env bash
# The codec modules (ConsentCore, TCF, USPrivacy, AdditionalConsent, GPP, ConsentKit) build for any platform:
# they may import only the standard library and each other. Foundation, Glibc and C modules stay out.
# ConsentInput (the CLI's input extraction) may import the codec modules, and Foundation only to read property
# lists (PropertyListPreferences.swift).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
allowed='^(ConsentCore|TCF|USPrivacy|AdditionalConsent|GPP|ConsentKit)$'
status=0

# imports DIR: one `file:line:module` line per import statement of the Swift files under DIR.
imports() {
    grep -rnE '^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*((public|package|internal|private|fileprivate)[[:space:]]+)?import[[:space:]]' "$1" |
        sed -E 's/^([^:]*:[0-9]+):[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*((public|package|internal|private|fileprivate)[[:space:]]+)?import[[:space:]]+(struct |class |enum |func |protocol |typealias |var |let )?([A-Za-z_0-9]+).*/\1:\6/' ||
        true
}

for module in ConsentCore TCF USPrivacy AdditionalConsent GPP ConsentKit; do
    while IFS=: read -r file line name; do
        if ! [[ "$name" =~ $allowed ]]; then
            echo "$file:$line: $module may not import $name" >&2
            status=1
        fi
    done < <(imports "$root/Sources/$module")
done
while IFS=: read -r file line name; do
    [[ "$name" =~ $allowed ]] && continue
    [ "$name" = Foundation ] && [ "$(basename "$file")" = PropertyListPreferences.swift ] && continue
    echo "$file:$line: ConsentInput may not import $name" >&2
    status=1
done < <(imports "$root/Sources/ConsentInput")
exit $status
