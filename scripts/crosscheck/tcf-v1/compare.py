#!/usr/bin/env python3
"""Compares, on every string of a gen.py output, the generator's truth, v1dec.py, iab-tcf's decode_v1 (PyPI,
optional: the column is skipped when `iab_tcf` cannot be imported) and our CLI (`consent decode --json --kind tcf`).

    python3 compare.py GENFILE OUTDIR

CONSENT_CLI names the CLI (default: .build/release/consent of this repository). Prints the counts and writes to
OUTDIR: summary.json, disagreements.jsonl (every difference between the CLI and v1dec.py or the truth, with its
class) and unexplained.jsonl (those of no known class, below). Valid strings: truth = v1dec.py, truth = CLI (the
values, the keys exactly json.md's, and the CLI's `encoding` facts = how the generator wrote the string).
Mutated strings: v1dec.py = CLI (the same values, or the same error code). iab-tcf is only counted.

Known classes, not counted as unexplained:
  lineEnding  a trailing \\r or \\n, which the CLI strips as a line ending;
  inputCap    `tooLong` from the CLI for an input above its length cap (DecodingOptions.maxInputLength,
              100,000 by default: DESIGN.md §10, "Bounded");
  inputForm   a first character that makes the line another kind of CLI input (DESIGN.md, "The CLI"): `?` a
              query string (unknownFormat: no consent parameter), `{` JSON (badJSON).
"""
import collections
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # nothing written next to the scripts
sys.path.insert(0, HERE)
import v1dec  # noqa: E402
from gen import range_consents  # noqa: E402

try:
    from iab_tcf import decode_v1
except ImportError:
    decode_v1 = None

CLI = os.environ.get("CONSENT_CLI", os.path.join(HERE, "..", "..", "..", ".build", "release", "consent"))
MAX_INPUT = 100_000
FIELDS = ["type", "version", "created", "lastUpdated", "cmpId", "cmpVersion", "consentScreen", "consentLanguage",
          "vendorListVersion", "purposesAllowed", "vendorConsents"]


def run_cli(inputs):
    """The CLI's JSON object for each input (fed one a line on stdin)."""
    p = subprocess.run([CLI, "decode", "--json", "--kind", "tcf", "--no-cache", "-"], capture_output=True,
                       input="".join(s + "\n" for s in inputs).encode())
    lines = p.stdout.decode().splitlines()
    if len(lines) != len(inputs):
        raise SystemExit("%s printed %d lines for %d inputs: %s" % (CLI, len(lines), len(inputs), p.stderr[:300]))
    return [json.loads(line) for line in lines]


def mine(s):
    """v1dec.py's outcome: ("ok", value) or ("error", code)."""
    try:
        return "ok", v1dec.decode(s)
    except v1dec.DecodeError as e:
        return "error", e.code


def theirs(obj):
    """The CLI's outcome: ("ok", value without `encoding`) or ("error", code)."""
    if obj.get("type") == "error":
        return "error", obj["error"]["code"]
    return "ok", {k: v for k, v in obj.items() if k != "encoding"}


def differences(a, b):
    """[] if two outcomes agree, else what differs: field names, or ("outcome"/"code", a, b)."""
    if a[0] == b[0] == "ok":
        return [k for k in sorted(set(a[1]) | set(b[1])) if a[1].get(k, "<absent>") != b[1].get(k, "<absent>")]
    if a != b:
        return ["code" if a[0] == b[0] else "outcome", a[1] if a[0] == "error" else "ok",
                b[1] if b[0] == "error" else "ok"]
    return []


def classify(s, cli):
    """The known class of a disagreement between v1dec.py and the CLI's outcome `cli` on `s`, or None."""
    if cli == ("error", "tooLong") and len(s.encode()) > MAX_INPUT:
        return "inputCap"
    if s.rstrip("\r\n") != s and mine(s.rstrip("\r\n")) == cli:
        return "lineEnding"
    if s[:1] in ("?", "{") and cli[0] == "error" and cli[1] in ("unknownFormat", "badJSON"):
        return "inputForm"
    return None


def iab(s):
    """iab-tcf's reading in json.md form (timestamps to the second, as it keeps them), or None if it fails."""
    try:
        c = decode_v1(s)
        max_id = c.max_vendor_id
        if c.is_range_encoding:
            vendors = range_consents(max_id, int(c.default_consent), c.range_entries)  # is_vendor_allowed, faster
        else:
            vendors = [k for k, v in sorted(c.consented_vendors.items()) if v]
        return {"type": "tcf", "version": c.version, "created": c.created.strftime("%Y-%m-%dT%H:%M:%S"),
                "lastUpdated": c.last_updated.strftime("%Y-%m-%dT%H:%M:%S"), "cmpId": c.cmp_id,
                "cmpVersion": c.cmp_version, "consentScreen": c.consent_screen,
                "consentLanguage": c.consent_language.decode("latin-1"), "vendorListVersion": c.vendor_list_version,
                "purposesAllowed": [k for k, v in sorted(c.purposes_allowed.items()) if v], "vendorConsents": vendors}
    except Exception:  # noqa: BLE001 -- any failure of the other library is "it rejects the string"
        return None


def to_seconds(value):
    return dict(value, created=value["created"][:19], lastUpdated=value["lastUpdated"][:19])


def encoding_facts(obj, meta):
    """Names of the CLI's `encoding` facts that differ from how the generator wrote the string."""
    enc = obj.get("encoding", {})
    vc = enc.get("vendorConsents", {})
    want = {"maxVendorId": (vc.get("maxVendorId"), meta["maxVendorId"]), "form": (str(vc.get("form")).lower(), meta["form"]),
            "paddingBits": (enc.get("paddingBits"), meta["paddingBits"]),
            "paddingIsZero": (enc.get("paddingIsZero"), meta["paddingIsZero"]),
            "trailingEquals": (enc.get("trailingEquals"), meta["trailingEquals"])}
    if meta["form"] == "range":
        for k in ("defaultConsent", "rangeEntries", "idsAboveMaxVendorId"):
            want[k] = (vc.get(k), meta[k])
    return [k for k, (got, expected) in want.items() if got != expected]


def main():
    generated, outdir = sys.argv[1], sys.argv[2]
    os.makedirs(outdir, exist_ok=True)
    rows = [json.loads(line) for line in open(generated)]
    cli = run_cli([r["input"] for r in rows])
    n = collections.Counter()
    iab_classes = collections.Counter()
    explained = collections.Counter()
    with open(os.path.join(outdir, "disagreements.jsonl"), "w") as dis, \
            open(os.path.join(outdir, "unexplained.jsonl"), "w") as unexplained:
        def note(record, label):
            record["class"] = label
            dis.write(json.dumps(record, ensure_ascii=False) + "\n")
            if label:
                explained[label] += 1
            else:
                unexplained.write(json.dumps(record, ensure_ascii=False) + "\n")

        for r, obj in zip(rows, cli):
            s, ours, me = r["input"], theirs(obj), mine(r["input"])
            short = s if len(s) <= 300 else s[:300] + "…"
            if r["kind"] == "valid":
                n["valid"] += 1
                n["valid." + r["meta"]["form"]] += 1
                truth = ("ok", r["truth"])
                d = differences(truth, me)
                n["truth=v1dec"] += not d
                if d:
                    note({"input": short, "what": "truth vs v1dec", "diff": d, "meta": r["meta"]}, None)
                d = differences(truth, ours)
                n["truth=cli"] += not d
                if d:
                    note({"input": short, "what": "truth vs CLI", "diff": d, "meta": r["meta"]}, classify(s, ours))
                elif set(obj) != set(FIELDS) | {"encoding"}:
                    note({"input": short, "what": "CLI keys", "diff": sorted(set(obj) ^ set(FIELDS))}, None)
                else:
                    n["cli.keys"] += 1
                    bad = encoding_facts(obj, r["meta"])
                    n["cli.encoding"] += not bad
                    if bad:
                        note({"input": short, "what": "CLI encoding facts", "diff": bad, "meta": r["meta"],
                              "encoding": obj.get("encoding")}, None)
                if decode_v1:
                    other = iab(s)
                    d = ["<error>"] if other is None else differences(("ok", to_seconds(r["truth"])), ("ok", other))
                    n["truth=iab"] += not d
                    if d:
                        iab_classes["padding %s: %s" % (r["meta"]["padding"], ", ".join(d))] += 1
                continue
            if me == ("error", "v2"):
                n["mutated.v2"] += 1
                continue
            n["mutated"] += 1
            d = differences(me, ours)
            if not d:
                n["mutated.same " + ("values" if me[0] == "ok" else "error code")] += 1
            else:
                n["mutated.differ"] += 1
                note({"input": short, "what": "v1dec vs CLI (%s)" % r["how"], "diff": d}, classify(s, ours))
            if decode_v1:
                other = iab(s)
                if (other is None) != (me[0] == "error"):
                    iab_classes["mutated: iab-tcf %s, v1dec %s" % (
                        "rejects" if other is None else "accepts", me[1] if me[0] == "error" else "accepts")] += 1
                elif other is not None and differences(("ok", to_seconds(me[1])), ("ok", other)):
                    iab_classes["mutated: both accept, values differ"] += 1

    k = sum(1 for _ in open(os.path.join(outdir, "unexplained.jsonl")))
    print("valid strings: %d (bitfield %d, range %d)" % (n["valid"], n["valid.bitfield"], n["valid.range"]))
    print("  truth = v1dec.py: %d" % n["truth=v1dec"])
    print("  truth = CLI: %d (of those, keys exactly json.md's: %d, encoding facts as written: %d)"
          % (n["truth=cli"], n["cli.keys"], n["cli.encoding"]))
    print("mutated strings: %d compared (%d read as version 2 after the mutation, not compared)"
          % (n["mutated"], n["mutated.v2"]))
    print("  v1dec.py = CLI: %d same values, %d same error code; %d differ"
          % (n["mutated.same values"], n["mutated.same error code"], n["mutated.differ"]))
    if decode_v1:
        print("iab-tcf: truth = iab-tcf on %d valid strings (timestamps to the second); the rest:" % n["truth=iab"])
        for label, count in iab_classes.most_common():
            print("  %5d  %s" % (count, label))
    else:
        print("iab-tcf: not importable (pip install iab-tcf==0.2.2), its column skipped")
    print("explained disagreements: %s" % (", ".join("%s %d" % kv for kv in sorted(explained.items())) or "none"))
    print("unexplained here: %d (%s)" % (k, os.path.join(outdir, "unexplained.jsonl")))
    with open(os.path.join(outdir, "summary.json"), "w") as f:
        json.dump({"counts": dict(n), "iabTcf": dict(iab_classes) if decode_v1 else None,
                   "explained": dict(explained), "unexplained": k}, f, indent=1)


if __name__ == "__main__":
    main()
