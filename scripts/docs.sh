#!/usr/bin/env bash
# Builds the API documentation of the library modules with the toolchain's DocC, and fails on any warning: a
# symbol link (``TCString/encoded(options:)``) that names nothing or is ambiguous, a documented parameter the
# declaration does not have, a parameter left undocumented. The public symbols' doc comments are what it reads
# (swift-format's AllPublicDeclarationsHaveDocumentation makes sure there is one on each).
#
#   scripts/docs.sh            build into .build/docs (open .build/docs/index.html through a web server, or
#                              `docc preview` it); exit 1 on a warning
#
# No package plugin is needed (none can be fetched here): SwiftPM dumps the symbol graphs, and `docc convert`
# reads the seven library modules' graphs together, so a link into another module resolves when it names it
# (``ConsentCore/ConsentError``).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

modules=(ConsentCore TCF USPrivacy AdditionalConsent GPP ConsentKit ConsentCache)
scratch=.build/docs-work
rm -rf "$scratch" .build/docs
mkdir -p "$scratch/symbol-graphs"

echo "== symbol graphs (public symbols)"
log="$scratch/dump.log"
if ! scripts/build-slot swift package dump-symbol-graph --skip-synthesized-members > "$log" 2>&1; then
    cat "$log"
    exit 1
fi
graphs=$(sed -n 's/^Files written to //p' "$log")
for module in "${modules[@]}"; do
    cp "$graphs/$module.symbols.json" "$scratch/symbol-graphs/"
    # Extensions a module declares on another module's types (TCF@ConsentCore: IDSet's TCF members).
    for extension in "$graphs/$module@"*.symbols.json; do
        [ -e "$extension" ] && cp "$extension" "$scratch/symbol-graphs/"
    done
done

echo "== docc convert"
docc convert Documentation/ConsentStrings.docc \
    --additional-symbol-graph-dir "$scratch/symbol-graphs" \
    --fallback-display-name ConsentStrings \
    --fallback-bundle-identifier org.consentstrings \
    --output-path .build/docs \
    --warnings-as-errors \
    --analyze
echo "== documentation in .build/docs"
