#!/usr/bin/env bash
# The codec modules (ConsentCore, TCF, USPrivacy, AdditionalConsent, GPP, ConsentKit) build for any platform:
# they may import only the standard library and each other. Foundation, Glibc and C modules stay out.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
allowed='^(ConsentCore|TCF|USPrivacy|AdditionalConsent|GPP|ConsentKit)$'
status=0
for module in ConsentCore TCF USPrivacy AdditionalConsent GPP ConsentKit; do
    while IFS=: read -r file line text; do
        name=$(sed -E 's/^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*((public|package|internal|private|fileprivate)[[:space:]]+)?import[[:space:]]+(struct |class |enum |func |protocol |typealias |var |let )?([A-Za-z_0-9]+).*/\5/' <<<"$text")
        if ! [[ "$name" =~ $allowed ]]; then
            echo "$file:$line: $module may not import $name" >&2
            status=1
        fi
    done < <(grep -rnE '^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*((public|package|internal|private|fileprivate)[[:space:]]+)?import[[:space:]]' "$root/Sources/$module" || true)
done
exit $status
