#!/usr/bin/env python3
"""Hand-built legacy TCF v1.1 edge strings (bits written from tcf.md §8; characters, padding and segments from §2
and §3), each read by v1dec.py, our CLI and iab-tcf (if importable).

    python3 probes.py [OUTDIR]

prints a line a probe (`**` marks a disagreement between v1dec.py and the CLI, then comes its known class,
as in compare.py, or UNEXPLAINED) and a last line with the counts; with OUTDIR, writes the unexplained ones
to OUTDIR/probes-unexplained.jsonl. CONSENT_CLI names the CLI, as for compare.py.
"""
import json
import os
import sys

sys.dont_write_bytecode = True  # nothing written next to the scripts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import classify, decode_v1, differences, iab, mine, run_cli, theirs  # noqa: E402
from gen import bits_of as b, to_b64  # noqa: E402


def core(version=1, l1=4, l2=13, max_id=10):
    """The fields up to MaxVendorId: created/lastUpdated 2017-07-14, cmpId 7, cmpVersion 1, screen 3, EN, list 8."""
    return (b(version, 6) + b(15000000001, 36) + b(15000000002, 36) + b(7, 12) + b(1, 12) + b(3, 6) + b(l1, 6)
            + b(l2, 6) + b(8, 12) + b(0b111 << 21, 24) + b(max_id, 16))


def enc(bits, byte=True):
    """base64url of the bits, zero-padded to a multiple of 8 (byte) then of 6."""
    bits += "0" * (-len(bits) % 8 if byte else 0)
    return to_b64(bits + "0" * (-len(bits) % 6))


def ranged(max_id, default, entries, **kw):
    bits = core(max_id=max_id, **kw) + "1" + str(default) + b(len(entries), 12)
    for e in entries:
        bits += "0" + b(e[0], 16) if len(e) == 1 else "1" + b(e[0], 16) + b(e[1], 16)
    return bits


BASE = enc(ranged(10, 0, [(2, 4)]))
V2 = enc(core(version=2, max_id=0) + "0")
PROBES = [
    ("single id 0", enc(ranged(10, 0, [(0,)]))),
    ("range 0-5", enc(ranged(10, 0, [(0, 5)]))),
    ("range 5-3 (end < start)", enc(ranged(10, 0, [(5, 3)]))),
    ("range 5-3, DefaultConsent 1", enc(ranged(10, 1, [(5, 3)]))),
    ("range 11-5 (start above max, end < start)", enc(ranged(10, 0, [(11, 5)]))),
    ("range 30-20, both above max", enc(ranged(10, 0, [(30, 20)]))),
    ("single id above max only, DefaultConsent 1", enc(ranged(10, 1, [(11,)]))),
    ("max 0, range, DefaultConsent 1, entry 1", enc(ranged(0, 1, [(1,)]))),
    ("max 0, bitfield", enc(core(max_id=0) + "0")),
    ("max 0, range, DefaultConsent 1, no entries", enc(ranged(0, 1, []))),
    ("overlap, DefaultConsent 0: 1-5, 3-7, 3", enc(ranged(10, 0, [(1, 5), (3, 7), (3,)]))),
    ("overlap, DefaultConsent 1: 1-5, 3-7, 3", enc(ranged(10, 1, [(1, 5), (3, 7), (3,)]))),
    ("same single id twice, DefaultConsent 0", enc(ranged(10, 0, [(4,), (4,)]))),
    ("4095 single ids 1...4095, max 65535", enc(ranged(65535, 0, [(i + 1,) for i in range(4095)]))),
    ("4095 odd ids as ranges, DefaultConsent 1", enc(ranged(65535, 1, [(2 * i + 1, 2 * i + 1) for i in range(4095)]))),
    ("range 1-65535, DefaultConsent 1, max 65535", enc(ranged(65535, 1, [(1, 65535)]))),
    ("letter 26 first", enc(ranged(10, 0, [], l1=26))),
    ("letter 63 second", enc(core(l2=63, max_id=0) + "0")),
    ("letter 26 second", enc(core(l2=26, max_id=0) + "0")),
    ("version 0", enc(core(version=0, max_id=0) + "0")),
    ("version 3", enc(core(version=3, max_id=0) + "0")),
    ("version 63", enc(core(version=63, max_id=0) + "0")),
    ("exactly 174 bits (bitfield, max 0), 6-bit padding", enc(core(max_id=0) + "0", byte=False)),
    ("ends after EncodingType 1", enc(core(max_id=5) + "1", byte=False)),
    ("ends inside NumEntries", enc(core(max_id=5) + "11" + "0000", byte=False)),
    ("NumEntries 1, no entry", enc(core(max_id=5) + "10" + b(1, 12), byte=False)),
    ("bitfield 6 bits short (max 24, 18 bits)", enc(core(max_id=24) + "0" + "1" * 18, byte=False)),
    ("trailing =", BASE + "="),
    ("trailing ===", BASE + "==="),
    ("trailing = x10", BASE + "=" * 10),
    ("= inside", BASE[:10] + "=" + BASE[10:]),
    ("= then a letter", BASE + "=A"),
    ("only B", "B"),
    ("B=", "B="),
    ("trailing dot", BASE + "."),
    ("two dots, then a segment", BASE + "..AAAA"),
    ("dot, then a v2 core", BASE + "." + V2),
    ("dot, then an I segment", BASE + ".IAAA"),
    ("= before a dot", BASE + "=.AAAA"),
    ("core cut short, then a dot", BASE[:10] + "."),
    ("core cut short, then two dots", BASE[:10] + ".."),
    ("letter 26 in the core, then a dot", enc(ranged(10, 0, [], l1=26)) + ".IAAA"),
    ("+ in the core, then a dot", BASE[:4] + "+" + BASE[5:] + "."),
    ("= inside the core, then a dot", BASE[:4] + "=" + BASE[5:] + ".AAAA"),
    ("a dot alone", "."),
    ("leading space", " " + BASE),
    ("trailing space", BASE + " "),
    ("trailing tab", BASE + "\t"),
    ("trailing CR", BASE + "\r"),
    ("20,000 A of padding", BASE + "A" * 20000),
    ("20,000 _ of padding", BASE + "_" * 20000),
    ("200,000 A of padding (above the CLI's cap)", BASE + "A" * 200000),
    ("percent-encoded character", BASE[:5] + "%2D" + BASE[6:]),
    ("leading ?", "?" + BASE),
]


def outcome(o):
    if o[0] == "error":
        return "error " + o[1]
    n = len(o[1]["vendorConsents"])
    return "ok, %d vendor%s%s" % (n, "" if n == 1 else "s", " %s" % o[1]["vendorConsents"] if n <= 8 else "")


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else None
    cli = run_cli([s for _, s in PROBES])
    differ = unexplained = 0
    records = []
    for (label, s), obj in zip(PROBES, cli):
        me, ours = mine(s), theirs(obj)
        d = differences(me, ours)
        cls = (classify(s, ours) or "UNEXPLAINED") if d else ""
        differ += bool(d)
        if cls == "UNEXPLAINED":
            unexplained += 1
            records.append({"probe": label, "input": s[:300], "diff": d, "cli": obj.get("error")})
        other = decode_v1 and iab(s)
        other = "" if not decode_v1 else " | iab-tcf: " + (outcome(("ok", other)) if other else "error")
        print("%s %-11s %-50s v1dec: %-26s CLI: %-26s%s"
              % ("**" if d else "  ", cls, label, outcome(me), outcome(ours), other))
    if outdir:
        with open(os.path.join(outdir, "probes-unexplained.jsonl"), "w") as f:
            f.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    print("probes: %d, v1dec.py and the CLI differ on %d (unexplained %d)%s"
          % (len(PROBES), differ, unexplained, "" if decode_v1 else "; iab-tcf not importable, its column skipped"))


if __name__ == "__main__":
    main()
