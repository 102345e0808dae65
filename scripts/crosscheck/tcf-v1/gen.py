#!/usr/bin/env python3
"""Seeded random legacy TCF v1.1 consent strings, written bit by bit from tcf.md §8 (alphabet, bit order and
padding from §2), with the values they hold (`truth`), and mutations of them.

    python3 gen.py --seed SEED --count N --mutated M --out FILE

writes JSON lines, first N valid strings, then M mutated ones:
    {"kind": "valid", "input", "truth" (json.md form), "meta" (how it was written: form, padding, entries...)}
    {"kind": "mutated", "input", "how" (replace|truncate|segment|badchar), "origin" (index of the valid string)}
Truth of a range (§8): all ids 1…MaxVendorId start at DefaultConsent, an id covered by any entry (once or more)
gets the opposite value; ids above MaxVendorId are never in vendorConsents.
"""
import argparse
import json
import os
import random
import sys

sys.dont_write_bytecode = True  # nothing written next to the scripts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from v1dec import ALPHA, iso_ds  # noqa: E402

EDGE_MAX_IDS = [0, 1, 2, 63, 64, 65, 127, 128, 129, 255, 256, 257]
LARGE_MAX_IDS = [65535, 65534, 65472, 65473, 65471, 32768, 32767]
PADDINGS = ["byte", "six", "twentyfour", "nonzero", "equals", "extra"]


def bits_of(v, n):
    assert 0 <= v < (1 << n), (v, n)
    return format(v, "0%db" % n) if n else ""


def to_b64(bits):
    assert len(bits) % 6 == 0
    return "".join(ALPHA[int(bits[i:i + 6], 2)] for i in range(0, len(bits), 6))


def pick_ts(r):
    k = r.random()
    if k < 0.05:
        return 0
    if k < 0.10:
        return (1 << 36) - 1
    if k < 0.40:
        return r.randrange(1 << 36)
    return r.randrange(15000000000, 16300000000)  # 2017-2021, with deciseconds


def pick_int(r, n):
    k = r.random()
    if k < 0.1:
        return 0
    if k < 0.2:
        return (1 << n) - 1
    if k < 0.3:
        return r.choice([1, 2, (1 << n) - 2])
    return r.randrange(1 << n)


def pick_max(r):
    k = r.random()
    if k < 0.10:
        return r.choice(EDGE_MAX_IDS)
    if k < 0.25:
        return r.randrange(0, 21)
    if k < 0.45:
        return 64 * r.randrange(1, 40) + r.choice([-1, 0, 1])
    if k < 0.75:
        return r.randrange(21, 3000)
    if k < 0.85:
        return r.choice(LARGE_MAX_IDS)
    return r.randrange(3000, 65536)


def gen_entries(r, max_id):
    """Range entries [(is_range, start, end)]: ids >= 1, end >= start, some above MaxVendorId, in some order."""
    k = r.random()
    n = 0 if k < 0.12 else 1 if k < 0.35 else r.randrange(2, 20) if k < 0.75 else \
        r.randrange(20, 120) if k < 0.93 else r.randrange(120, 301)
    above = r.random() < 0.25 or max_id == 0  # may this string name ids above MaxVendorId?
    hi = 65535 if above else max_id
    entries = []
    for _ in range(n):
        x = r.random()
        if x < 0.08:
            s = 1
        elif x < 0.16:
            s = max(max_id, 1)
        elif x < 0.2 and above:
            s = min(65535, max_id + 1)
        else:
            s = r.randint(1, hi)
        if r.random() < 0.5:
            entries.append((0, s, s))
            continue
        y = r.random()
        if y < 0.4:
            e = s + r.randrange(0, 5)
        elif y < 0.7:
            e = s + r.randrange(0, 200)
        elif y < 0.85 and max_id >= s:
            e = max_id  # a range ending exactly at MaxVendorId
        elif y < 0.93:
            e = max(s, max_id) + r.randrange(1, 50)  # crossing or above MaxVendorId
        else:
            e = r.randint(s, 65535)
        entries.append((1, s, max(s, min(hi, e, 65535))))
    order = r.random()
    if order < 0.45:
        entries.sort(key=lambda t: (t[1], t[2]))
        order = "sorted"
    elif order < 0.6 and entries:
        for _ in range(r.randrange(1, 4)):
            entries.append(r.choice(entries))  # repeated entries
        r.shuffle(entries)
        order = "repeated"
    else:
        r.shuffle(entries)
        order = "shuffled"
    return entries[:4095], order


def range_consents(max_id, default, spans):
    """§8: the ids 1…MaxVendorId that no (start, end) span covers have DefaultConsent, the covered ones the opposite."""
    covered = bytearray(max_id + 1)
    for s, e in spans:
        e = min(e, max_id)
        if s <= e:
            covered[s:e + 1] = b"\1" * (e + 1 - s)
    return [v for v in range(1, max_id + 1) if covered[v] != default]


def overlapping(entries):
    spans = sorted((s, e) for _, s, e in entries)
    return any(spans[i + 1][0] <= spans[i][1] for i in range(len(spans) - 1))


def pad(r, bits):
    """(padded bits, padding kind, trailing '=' count)"""
    k = r.random()
    equals = 0
    if k < 0.60:
        kind = "byte"  # the v1.1 spec: to a multiple of 8 bits, base64url without '='
        bits += "0" * (-len(bits) % 8)
    elif k < 0.72:
        kind = "six"  # tcf.md §2: zero bits to a multiple of 6
    elif k < 0.82:
        kind = "twentyfour"  # iabtcf-es
        bits += "0" * (-len(bits) % 24)
    elif k < 0.90:
        kind = "nonzero"  # §2: bits after the last field are ignored whatever their value
        bits += "".join(r.choice("01") for _ in range((-len(bits) % 8) or 8))
        bits += "".join(r.choice("01") for _ in range(-len(bits) % 6))
    elif k < 0.95:
        kind = "equals"  # byte padding by a padded base64 encoder (§2: trailing '=' accepted)
        bits += "0" * (-len(bits) % 8)
        equals = (-(len(bits) // 8)) % 3
    else:
        kind = "extra"  # byte padding and 1-3 more zero bytes
        bits += "0" * (-len(bits) % 8 + 8 * r.randrange(1, 4))
    return bits + "0" * (-len(bits) % 6), kind, equals


def generate(r):
    created = pick_ts(r)
    last = created if r.random() < 0.3 else pick_ts(r)
    cmp_id, cmp_version, screen = pick_int(r, 12), pick_int(r, 12), pick_int(r, 6)
    l1, l2 = (r.randrange(26), r.randrange(26)) if r.random() < 0.8 else r.choice([(4, 13), (0, 0), (25, 25), (3, 4)])
    vlv = pick_int(r, 12)
    k = r.random()
    purposes = 0 if k < 0.1 else (1 << 24) - 1 if k < 0.2 else 0b11111 << 19 if k < 0.3 else r.randrange(1 << 24)
    max_id = pick_max(r)
    is_range = r.random() < 0.55
    bits = [bits_of(1, 6), bits_of(created, 36), bits_of(last, 36), bits_of(cmp_id, 12), bits_of(cmp_version, 12),
            bits_of(screen, 6), bits_of(l1, 6), bits_of(l2, 6), bits_of(vlv, 12), bits_of(purposes, 24),
            bits_of(max_id, 16), "1" if is_range else "0"]
    meta = {"maxVendorId": max_id, "form": "range" if is_range else "bitfield"}
    if is_range:
        default = 1 if r.random() < 0.4 else 0
        entries, order = gen_entries(r, max_id)
        bits += [str(default), bits_of(len(entries), 12)]
        for ranged, s, e in entries:
            bits.append("1" + bits_of(s, 16) + bits_of(e, 16) if ranged else "0" + bits_of(s, 16))
        vendors = range_consents(max_id, default, [(s, e) for _, s, e in entries])
        meta.update(defaultConsent=bool(default), rangeEntries=len(entries),
                    idsAboveMaxVendorId=any(e > max_id for _, _, e in entries), entryOrder=order,
                    overlapping=overlapping(entries), singles=sum(1 for t in entries if not t[0]),
                    ranges=sum(1 for t in entries if t[0]))
    else:
        fill = r.random()
        p = 0.0 if fill < 0.1 else 1.0 if fill < 0.2 else r.uniform(0, 0.03) if fill < 0.4 else r.random()
        field = [1 if r.random() < p else 0 for _ in range(max_id)]
        bits.append("".join(map(str, field)))
        vendors = [i + 1 for i, x in enumerate(field) if x]
    bits = "".join(bits)
    padded, kind, equals = pad(r, bits)
    meta.update(padding=kind, usedBits=len(bits), paddingBits=len(padded) - len(bits),
                paddingIsZero="1" not in padded[len(bits):], trailingEquals=equals)
    truth = {"type": "tcf", "version": 1, "created": iso_ds(created), "lastUpdated": iso_ds(last),
             "cmpId": cmp_id, "cmpVersion": cmp_version, "consentScreen": screen,
             "consentLanguage": ALPHA[l1] + ALPHA[l2], "vendorListVersion": vlv,
             "purposesAllowed": [i + 1 for i in range(24) if (purposes >> (23 - i)) & 1], "vendorConsents": vendors}
    return {"kind": "valid", "input": to_b64(padded) + "=" * equals, "truth": truth, "meta": meta}


BAD_CHARS = ["+", "/", "=", "*", "!", "~", "%", "$", "#", " ", "\t", "é", ",", ":", "&", "?", "\"", "@"]


def mutate(r, s):
    """(how, mutated string): one character replaced, a cut, a '.' segment appended, or a bad character."""
    how = r.choice(["replace", "replace", "truncate", "segment", "badchar"])
    pos = r.randrange(min(len(s), 40)) if r.random() < 0.6 else r.randrange(len(s))
    if how == "replace":
        return how, s[:pos] + r.choice([x for x in ALPHA if x != s[pos]]) + s[pos + 1:]
    if how == "truncate":
        return how, s[:r.randrange(1, len(s)) if r.random() < 0.5 else r.randrange(1, max(2, min(len(s), 45)))]
    if how == "segment":
        tail = r.choice(["", "AAAA", "IAAA", "YAAAAAAAAAAA", "".join(r.choice(ALPHA) for _ in range(r.randrange(1, 12)))])
        return how, s + "." + tail + ("." if r.random() < 0.15 else "")
    bad = r.choice(BAD_CHARS)
    return how, s[:pos] + bad + s[pos + (r.random() < 0.5):]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--mutated", type=int, default=1000)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    r = random.Random(a.seed)
    valid, seen = [], set()
    while len(valid) < a.count:
        g = generate(r)
        if g["input"] not in seen:
            seen.add(g["input"])
            valid.append(g)
    r = random.Random(a.seed * 7919 + 1)  # mutations draw from their own stream
    pool = [i for i, g in enumerate(valid) if len(g["input"]) < 2000] or list(range(len(valid)))
    mutated = []
    while len(mutated) < a.mutated:
        origin = r.choice(pool)
        base = valid[origin]["input"]
        how, s = mutate(r, base.rstrip("=") if r.random() < 0.9 else base)
        if s not in seen and s.strip():
            seen.add(s)
            mutated.append({"kind": "mutated", "input": s, "how": how, "origin": origin})
    with open(a.out, "w") as f:
        for g in valid + mutated:
            f.write(json.dumps(g, ensure_ascii=False, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
