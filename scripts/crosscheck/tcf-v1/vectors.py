#!/usr/bin/env python3
"""Writes Vectors/independent-tcf-v1.jsonl: 60 valid strings of a gen.py output, stratified (STRATA: bitfield and
range forms at edge MaxVendorIds, both DefaultConsent values, unsorted and overlapping entries, ids above
MaxVendorId, every padding kind), each with v1dec.py's reading as `expect`, which must equal the generator's
truth (the golden-vector format of Vectors/README.md). Lines over ~30 KB (a vendor list above 4,000 ids) are
passed over. The conformance tests then check that we decode every one to that reading and re-encode it.

    python3 gen.py --seed 20261202 --count 2000 --mutated 0 --out GEN
    python3 vectors.py GEN 20261202 > ../../../Vectors/independent-tcf-v1.jsonl

    python3 vectors.py --check    v1dec.py against every legacy v1.1 vector in Vectors/*.jsonl
"""
import glob
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # nothing written next to the scripts
sys.path.insert(0, HERE)
import v1dec  # noqa: E402

VECTORS = os.path.join(HERE, "..", "..", "..", "Vectors")
OUTPUT = "independent-tcf-v1.jsonl"
MAX_VENDORS, MAX_LINE = 4000, 30000


def bitfield(max_ids):
    return lambda m, t: m["form"] == "bitfield" and m["maxVendorId"] in max_ids


def density(m, t):
    return len(t["vendorConsents"]) / max(m["maxVendorId"], 1)


def ranged(test):
    return lambda m, t: m["form"] == "range" and test(m)


def padding(kind):
    return lambda m, t: m["padding"] == kind


def some(test):
    """test, and at least one vendor with consent"""
    return lambda m, t: test(m, t) and len(t["vendorConsents"]) > 0


STRATA = [  # (name, count, test(meta, truth)); some(): with at least one vendor
    ("bitfield, MaxVendorId 0", 2, bitfield({0})),
    ("bitfield, MaxVendorId 1", 2, bitfield({1})),
    ("bitfield, MaxVendorId 63", 2, bitfield({63})),
    ("bitfield, MaxVendorId 64", 2, bitfield({64})),
    ("bitfield, MaxVendorId 65", 2, bitfield({65})),
    ("bitfield, MaxVendorId 128", 2, bitfield({128})),
    ("bitfield, MaxVendorId 2-2999", 3, bitfield(range(2, 3000))),
    ("bitfield, MaxVendorId 3000-65470, sparse (under 10% of the ids)", 3,
     some(lambda m, t: bitfield(range(3000, 65471))(m, t) and density(m, t) < 0.1)),
    ("bitfield, MaxVendorId 1000-65534, dense (over half the ids)", 2,
     lambda m, t: bitfield(range(1000, 65535))(m, t) and density(m, t) > 0.5),
    ("bitfield, MaxVendorId 65471-65534, sparse", 1, some(bitfield(range(65471, 65535)))),
    ("bitfield, MaxVendorId 65535, sparse", 1, some(bitfield({65535}))),
    ("range, DefaultConsent 0, sorted entries", 3,
     some(ranged(lambda m: not m["defaultConsent"] and m["entryOrder"] == "sorted" and m["rangeEntries"] >= 2))),
    ("range, DefaultConsent 1, sorted entries", 3,
     some(ranged(lambda m: m["defaultConsent"] and m["entryOrder"] == "sorted" and m["rangeEntries"] >= 2))),
    ("range, DefaultConsent 0, 0 entries", 2, ranged(lambda m: not m["defaultConsent"] and m["rangeEntries"] == 0)),
    ("range, DefaultConsent 1, 0 entries", 2, ranged(lambda m: m["defaultConsent"] and m["rangeEntries"] == 0)),
    ("range, DefaultConsent 0, overlapping unsorted entries", 3,
     some(ranged(lambda m: not m["defaultConsent"] and m["overlapping"] and m["entryOrder"] != "sorted"))),
    ("range, DefaultConsent 1, overlapping unsorted entries", 3,
     some(ranged(lambda m: m["defaultConsent"] and m["overlapping"] and m["entryOrder"] != "sorted"))),
    ("range, DefaultConsent 0, ids above MaxVendorId", 2,
     some(ranged(lambda m: not m["defaultConsent"] and m["idsAboveMaxVendorId"]))),
    ("range, DefaultConsent 1, ids above MaxVendorId", 2,
     some(ranged(lambda m: m["defaultConsent"] and m["idsAboveMaxVendorId"]))),
    ("range, single-id entries only", 2, some(ranged(lambda m: m["singles"] >= 2 and not m["ranges"]))),
    ("range, range entries only", 2, some(ranged(lambda m: m["ranges"] >= 2 and not m["singles"]))),
    ("range, MaxVendorId 65535", 2, some(ranged(lambda m: m["maxVendorId"] == 65535))),
    ("padding to a byte", 2, some(padding("byte"))),
    ("padding to 6 bits only", 2, some(padding("six"))),
    ("padding to 24 bits", 2, some(padding("twentyfour"))),
    ("padding bits not zero", 2, some(padding("nonzero"))),
    ("byte padding and trailing =", 2, some(padding("equals"))),
    ("byte padding and 1-3 more zero bytes", 2, some(padding("extra"))),
]


def write(generated, seed):
    rows = [json.loads(line) for line in open(generated)]
    rows = [r for r in rows if r["kind"] == "valid"]
    taken, vectors = set(), []
    for name, count, test in STRATA:
        found = 0
        for i, r in enumerate(rows):
            if found == count:
                break
            if i in taken or not test(r["meta"], r["truth"]) or len(r["truth"]["vendorConsents"]) > MAX_VENDORS:
                continue
            expect = v1dec.decode(r["input"])
            assert expect == r["truth"], r["input"]
            vector = {"id": "independent-tcf-v1-%03d" % (len(vectors) + 1), "kind": "tcf", "input": r["input"],
                      "expect": expect,
                      "source": "seeded random string (scripts/crosscheck/tcf-v1/gen.py, seed %s), %s" % (seed, name),
                      "verifiedBy": "independent decode"}
            line = json.dumps(vector, ensure_ascii=False, separators=(", ", ": "))
            if len(line.encode()) > MAX_LINE:
                continue
            taken.add(i)
            vectors.append(line)
            found += 1
        assert found == count, "stratum %r: %d of %d" % (name, found, count)
    ours = {json.loads(line)["id"] for line in vectors}
    for path in glob.glob(os.path.join(VECTORS, "*.jsonl")):
        if os.path.basename(path) != OUTPUT:
            clash = ours & {json.loads(line)["id"] for line in open(path) if line.strip()}
            assert not clash, (path, sorted(clash))
    print("\n".join(vectors))


def check():
    """v1dec.py on every kind-tcf vector whose input begins with B: the listed values, or a failure (same code)."""
    codes = {}
    for line in open(os.path.join(VECTORS, "error-codes.txt")):
        if line.strip() and not line.startswith("#"):
            codes[line.split()[0]] = line.split()[1]
    total = bad = 0
    for path in sorted(glob.glob(os.path.join(VECTORS, "*.jsonl"))):
        for line in open(path):
            v = json.loads(line)
            if v.get("kind") != "tcf" or not v["input"].startswith("B"):
                continue
            total += 1
            try:
                got = v1dec.decode(v["input"])
            except v1dec.DecodeError as e:
                got = e.code
            if v.get("expectError"):
                want = v.get("expectCode") or codes.get(v["id"])
                ok = isinstance(got, str) and got == (want or got)
            else:
                ok = isinstance(got, dict) and all(got.get(k) == x for k, x in v["expect"].items())
            if not ok:
                bad += 1
                print("MISMATCH", os.path.basename(path), v["id"], got if isinstance(got, str) else "decodes")
    print("%d legacy v1.1 vectors in Vectors/, %d disagree with v1dec.py" % (total, bad))
    return bad


if __name__ == "__main__":
    if sys.argv[1:] == ["--check"]:
        sys.exit(1 if check() else 0)
    write(sys.argv[1], sys.argv[2])
