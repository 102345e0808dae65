#!/usr/bin/env bash
# Rebuilds the seed corpora, Corpus/<Target>/, from the golden vectors (../Vectors/*.jsonl) and the first
# lines of each benchmark corpus (BENCH, default ../../shared/bench), and, for InputExtraction, the CLI's input
# fixtures (../Tests/ConsentCLITests/Fixtures) and the inline inputs below. Each seed is one file named by its SHA-1:
# the option byte 0 (default options, see _ConsentFuzzSupport/FuzzInput.swift) followed by the input.
# Deterministic: running it twice gives the same files. Needs jq. Only targets that exist (run.sh --list).
set -euo pipefail
fuzz="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
vectors="$fuzz/../Vectors"
bench="${BENCH:-$fuzz/../../shared/bench}"
[ -d "$bench" ] || bench="/work/shared/bench"
per_bench=12
targets="$("$fuzz/run.sh" --list)"

# seed TARGET BYTES...: writes the option byte 0 and the text given on stdin.
seed() {
    local target="$1" file
    grep -qx "$target" <<<"$targets" || { cat >/dev/null; return 0; }
    mkdir -p "$fuzz/Corpus/$target"
    file="$(mktemp)"
    { printf '\0'; cat; } >"$file"
    mv "$file" "$fuzz/Corpus/$target/$(sha1sum "$file" | cut -c1-40)"
}

# Inputs of the vectors of one kind (valid and invalid), one per line.
inputs() { cat "$vectors"/*.jsonl | jq -r "select(.kind == \"$1\") | .input"; }
bench_lines() { [ -f "$bench/$1" ] && head -n "$per_bench" "$bench/$1" || true; }

for target in $targets; do rm -rf "${fuzz:?}/Corpus/$target"; done

while IFS= read -r line; do printf '%s' "$line" | seed TCString; done < <(inputs tcf; bench_lines tcf-small.txt;
    bench_lines tcf-typical.txt; bench_lines tcf-large.txt)
while IFS= read -r line; do printf '%s' "$line" | seed TCFQuery; done < <(inputs tcf; bench_lines tcf-typical.txt)
while IFS= read -r line; do printf '%s' "$line" | seed GPP; done < <(inputs gpp; bench_lines gpp-typical.txt)
while IFS= read -r line; do printf '%s' "$line" | seed GPPQuery; done < <(inputs gpp; bench_lines gpp-typical.txt)
while IFS= read -r line; do printf '%s' "$line" | seed USPrivacy; done < <(inputs usp; sort -u "$bench/usp.txt")
while IFS= read -r line; do printf '%s' "$line" | seed AdditionalConsent; done < <(inputs ac; bench_lines ac.txt)
while IFS= read -r line; do printf '%s' "$line" | seed ConsentKit; done < <(for kind in tcf gpp usp ac; do
    inputs "$kind"; done)
while IFS= read -r line; do printf '%s' "$line" | seed Base64URL; done < <(inputs tcf | tr '.~' '\n\n' | sort -u)
while IFS= read -r line; do printf '%s' "$line" | seed JSON; done < <(cat "$vectors"/*.jsonl | jq -c '.expect // empty')
# BitReader: a 32-byte program (from the SHA-256 of the text, so it is fixed) in front of each TC/GPP segment.
while IFS= read -r line; do
    { printf '\x20'; printf '%s' "$line" | sha256sum | cut -c1-64 | xxd -r -p; printf '%s' "$line"; } | seed BitReader
done < <(inputs tcf | tr '.' '\n'; inputs gpp | tr '.~' '\n\n' | grep -v '^1')
# InputExtraction: whole files as `@FILE` reads them (plist XML and binary, Android XML, JSON preferences, OpenRTB,
# lines of text), and inputs written inline: URLs and query strings (escapes, a macro, a fragment, `&amp;`),
# cookies, a curl command (and, below, fetch and PowerShell ones), an access log line, a one-line bid request with every consent field, Android XML with entities, what the CMP APIs return,
# JSON log records (a URL, cookies, a request as JSON text, parameters as members), inputs in JSON quotes.
fixtures="$fuzz/../Tests/ConsentCLITests/Fixtures"
for file in "$fixtures"/*; do
    [ "$(basename "$file")" = vendor-list.json ] || seed InputExtraction <"$file"
done
tc='CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQA4AAgAKAGQAygAAA.YAAAAAAAAAAA'
gpp='DBACNY~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA~1YNN'
while IFS= read -r line; do printf '%s' "$line" | seed InputExtraction; done <<EOF_INPUTS
https://ads.example/bid?gdpr=1&gdpr_consent=$tc&gpp=$gpp&gpp_sid=2,6&us_privacy=1YNN&addtl_consent=2~1.35.41~dv.9.21#top
?gdpr=1&gdpr_consent=\${GDPR_CONSENT_755}&gpp=DBABM%7ECPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA&gpp_sid=2%2C6&gpp=x
gdpr_consent=$tc&us_privacy=1YNN
{"id":"r","imp":[{"id":"1"}],"regs":{"gdpr":1,"gpp":"$gpp","gpp_sid":[2,6],"us_privacy":"1YNN","ext":{"gdpr":0,"us_privacy":"1YYN"}},"user":{"consent":"$tc","ext":{"consent":"$tc","consented_providers_settings":{"consented_providers":[1,35,41]}}}}
<map><string name="IABTCF_TCString">$tc</string><string name="IABTCF_AddtlConsent">2~1.35&#46;41~dv.9</string><int name="IABTCF_gdprApplies" value="1"/><set name="s"><string>a</string></set><null name="n"/></map>
{"IABTCF_TCString":"$tc","IABGPP_HDR_GppString":"$gpp","IABGPP_GppSID":"2_6","IABTCF_gdprApplies":true,"IABTCF_PurposeConsents":"1101"}
{"tcString":"$tc","gdprApplies":true,"eventStatus":"tcloaded","addtlConsent":"2~1.35~dv.9","purpose":{"consents":{"1":true}}}
{"gppVersion":"1.1","gppString":"$gpp","applicableSections":[2,6],"sectionList":[2,6]}
{"version":1,"uspString":"1YNN"}
Cookie: _ga=GA1.2.3; euconsent-v2=$tc; usprivacy=1YNN; __gpp=DBABTA%7E1YN-; addtl_consent="2~1.35~dv.9"
Set-Cookie: usprivacy=1YNN; Path=/; Secure
203.0.113.7 - - [30/Nov/2026:10:00:00 +0000] "GET /px?gdpr=1&gdpr_consent=$tc&us_privacy=1YNN HTTP/1.1" 200 43 "https://x.example/?a=b" "Mozilla/5.0"
curl 'https://x.example/openrtb2/auction?gdpr=1' -H 'Cookie: usprivacy=1YNN' -b "euconsent-v2=$tc" --data-raw \$'{"regs":{"gpp":"DBABTA~1YNN","gpp_sid":[6]},"user":{"consent":"$tc","ext":{"n":"it\\'s \\u00e9"}}}' --compressed
https://app.example/?us_privacy=1YNN#/route?gpp=DBABTA~1YNN&amp;gpp_sid=6&us_privacy=1YYN
{"ts":1,"message":"GET /px?gdpr=1&gdpr_consent=$tc HTTP/1.1","url":{"original":"/px?gdpr=1&gdpr_consent=$tc"},"http":{"request":{"headers":{"Cookie":"addtl_consent=2~1.35~dv.9"}}},"bid_request":"{\"regs\":{\"gpp\":\"DBABTA~1YNN\"}}"}
{"ts":2,"params":{"gdpr":1,"gdpr_consent":"$tc","gpp_sid":[2,6],"us_privacy":null,"gpp":"\${GPP}"}}
{"bidderCode":"x","gdprConsent":{"consentString":"$tc","gdprApplies":true,"addtlConsent":"2~1.35~dv.9"},"uspConsent":"1YNN","gppConsent":{"gppString":"$gpp","applicableSections":[-1]},"user":"u1","cookie_sync_url":"https://s.example/?gdpr_consent=$tc"}
"{\"url\":\"https://x.example/?us_privacy=1YNN\",\"cookie\":\"euconsent-v2=$tc\"}"
"$tc"
"https:\/\/ads.example\/bid?us_privacy=1YN\u004E"
$tc
$gpp
EOF_INPUTS
# An HTTP request as a proxy copies it (several lines: one seed, not one a line).
printf 'POST /openrtb2/auction HTTP/1.1\r\nHost: x.example\r\nCookie: usprivacy=1YNN\r\n\r\n{"regs":{"gdpr":1},"user":{"consent":"%s"}}' "$tc" | seed InputExtraction
# Requests copied as fetch and as PowerShell (several lines each: one seed each).
printf 'fetch("https://x.example/openrtb2/auction?gdpr=1", {\n  "headers": {\n    "cookie": "euconsent-v2=%s; usprivacy=1YNN",\n  },\n  "body": "{\\"user\\":{\\"consent\\":\\"%s\\"}}",\n  "method": "POST"\n});' "$tc" "$tc" | seed InputExtraction
printf '$session = New-Object Microsoft.PowerShell.Commands.WebRequestSession\n$session.Cookies.Add((New-Object System.Net.Cookie("euconsent-v2", "%s", "/", ".x.example")))\nInvoke-WebRequest -UseBasicParsing -Uri "https://x.example/px?us_privacy=1YNN" `\n-Method "POST" `\n-Headers @{\n"Cookie"="usprivacy=1YNN"\n} `\n-Body "{`"user`":{`"consent`":`"%s`"}}"' "$tc" "$tc" | seed InputExtraction
# Documents printed over several lines, `{` alone on the first: two bid requests as `jq .` prints them, one after
# another, then a line after them; and a document that never closes.
printf '{\n  "regs": {\n    "gpp": "DBABTA~1YNN",\n    "gpp_sid": [\n      6\n    ]\n  },\n  "site": {"page": "/?q={"}\n}\n{\n  "user": {\n    "consent": "%s"\n  }\n}\n1YNN\n' "$tc" | seed InputExtraction
printf '{\n  "tcString": "%s",\n  "purpose": {\n    "consents": {\n\n1YYN\n' "$tc" | seed InputExtraction
# Preferences as XML over several lines among other lines (adb shell cat, plutil -convert xml1 -o -).
printf '1YYN\n<?xml version="1.0" encoding="utf-8" standalone="yes" ?>\n<map>\n    <string name="IABTCF_TCString">%s</string>\n    <!-- <other> -->\n    <int name="IABTCF_gdprApplies" value="1" />\n</map>\n<plist version="1.0">\n<dict>\n<key>IABUSPrivacy_String</key>\n<string>1YNN</string>\n</dict>\n</plist>\n' "$tc" | seed InputExtraction
# Lines copied out of a dump: a name and its value, as each form writes a member.
printf "tcString: '%s',\n  \"IABUSPrivacy_String\" => \"1YNN\"\nIABTCF_TCString = %s;\ngdpr_consent: %s\n" "$tc" "$tc" "$tc" | seed InputExtraction
# Objects as JavaScript prints them: Node's console.log (over several lines), Chrome's and Firefox's previews.
printf "{\n  tcString: '%s',\n  gdprApplies: true,\n  purpose: { consents: {}, legitimateInterests: [Object] },\n  listener: [Function: f],\n  listenerId: undefined\n}\n" "$tc" | seed InputExtraction
printf "{gppString: 'DBABTA~1YNN', applicableSections: (1) [6], url: '%s', …}" 'https://x.example/?us_privacy=1YN\u004E' | seed InputExtraction
printf 'Object { tcString: "%s", gdprApplies: true, addtlConsent: `2~1.35~dv.9`, … }' "$tc" | seed InputExtraction
# RoundTrip: the generator reads raw bytes; seed it with fixed byte patterns of several lengths.
for length in 16 64 256 1024; do
    for pattern in '\000' '\377' '\132' '\245'; do head -c "$length" /dev/zero | tr '\000' "$pattern" | seed RoundTrip; done
done
for target in $targets; do
    [ -d "$fuzz/Corpus/$target" ] && echo "$target: $(ls "$fuzz/Corpus/$target" | wc -l) seeds" >&2
done
