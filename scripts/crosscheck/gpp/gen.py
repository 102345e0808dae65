#!/usr/bin/env python3
"""Seeded random GPP strings, built bit by bit from the spec tables (gpp.md, gpp-sections.md, tcf.md, usp.md).

gen.py --seed N --valid-per-id K --multi M --mutated X --out FILE
writes JSON lines {"input", "truth" (json.md shape or null), "tag", "kind": "valid"|"mutated", "origin"?}
"""
import os
import sys, json, random, argparse, datetime

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gppdec import B64, STATES, NEW, state_fields, state_name, state_has_gpc, SECTION_NAMES  # tables only


# ------------------------------------------------------------------ bit writing
FEAT = set()  # features of the string being generated (for the report)


def ib(v, n):
    assert 0 <= v < (1 << n) or n == 0, (v, n)
    return format(v, "0%db" % n) if n else ""


def fib_code(n):
    assert n >= 1
    w = [1, 2]
    while w[-1] <= n:
        w.append(w[-1] + w[-2])
    bits = [0] * len(w)
    rem = n
    for i in range(len(w) - 1, -1, -1):
        if w[i] <= rem:
            bits[i] = 1
            rem -= w[i]
    while bits and bits[-1] == 0:
        bits.pop()
    return "".join(map(str, bits)) + "1"


def runs_of(ids):
    """[first, last] of each run of consecutive ids, ascending."""
    runs = []
    for i in ids:
        if runs and runs[-1][1] == i - 1:
            runs[-1][1] = i
        else:
            runs.append([i, i])
    return runs


def fib_range_bits(rng, ids, style="random"):
    runs = runs_of(sorted(set(ids)))
    entries = []
    for a, b in runs:
        if a == b:
            entries.append((a, a))
        elif style == "canonical":
            entries.append((a, b))
        else:
            # split the run randomly into groups (>=2) and singles
            x = a
            while x <= b:
                if x < b and rng.random() < 0.7:
                    y = rng.randint(x + 1, b)
                    entries.append((x, y))
                    x = y + 1
                else:
                    entries.append((x, x))
                    x += 1
    out = ib(len(entries), 12)
    prev = 0
    for a, b in entries:
        if a == b:
            out += "0" + fib_code(a - prev)
        else:
            out += "1" + fib_code(a - prev) + fib_code(b - a)
        prev = b
    return out


def to_b64(bits):
    assert len(bits) % 6 == 0
    return "".join(B64[int(bits[i:i + 6], 2)] for i in range(0, len(bits), 6))


def pad(rng, bits, style):
    if style == "six":
        bits += "0" * (-len(bits) % 6)
    elif style == "byte6":
        bits += "0" * (-len(bits) % 8)
        bits += "0" * (-len(bits) % 6)
    elif style == "tcf24":
        bits += "0" * (-len(bits) % 24)
    elif style == "junk":
        FEAT.add("randomPaddingBits")  # non-zero padding bits (gpp.md 2 rule 1: ignored whatever their value)
        bits += "".join(rng.choice("01") for _ in range(-len(bits) % 6))
    elif style == "junk24":
        bits += "".join(rng.choice("01") for _ in range(-len(bits) % 24))
    else:
        raise ValueError(style)
    return to_b64(bits)


def v2(rng, p3=0.08):
    """a 2-bit value: mostly 0-2, sometimes 3 (decoded faithfully, gpp.md 7.3)"""
    v = 3 if rng.random() < p3 else rng.randint(0, 2)
    if v == 3:
        FEAT.add("twoBitValue3")
    return v


def edge_mode(rng):
    r = rng.random()
    return "zeros" if r < 0.06 else "ones" if r < 0.12 else "threes" if r < 0.16 else "twos" if r < 0.2 else "rand"


def val2(rng, mode):
    if mode == "threes":
        FEAT.add("twoBitValue3")
    return {"zeros": 0, "ones": 1, "threes": 3, "twos": 2}.get(mode) if mode != "rand" else v2(rng)


# ------------------------------------------------------------------ TCF helpers
def iso(ds):
    d = datetime.datetime(1970, 1, 1) + datetime.timedelta(milliseconds=ds * 100)
    return d.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (d.microsecond // 1000)


def rand_ts(rng):
    r = rng.random()
    if r < 0.05:
        return 0
    if r < 0.1:
        return (1 << 36) - 1
    if r < 0.5:
        return rng.randint(15000000000, 18000000000) // 864000 * 864000  # day level
    return rng.randint(0, (1 << 36) - 1)


def rand_ids(rng, maxv=None):
    r = rng.random()
    if r < 0.15:
        return []
    if maxv is None:
        maxv = rng.choice([5, 30, 200, 800, 1200, 3000])
        if rng.random() < 0.02:
            maxv = 65535
    k = rng.randint(1, min(maxv, rng.choice([3, 10, 40, 120])))
    ids = set(rng.sample(range(1, maxv + 1), k))
    if rng.random() < 0.3:  # runs
        a = rng.randint(1, maxv)
        ids.update(range(a, min(maxv, a + rng.randint(1, 30)) + 1))
    if rng.random() < 0.05:
        ids.add(maxv)
    return sorted(ids)


def int_range_entries(rng, ids):
    """list of (a,b) covering ids exactly, random split, random order, some overlap."""
    runs = runs_of(sorted(set(ids)))
    ents = []
    for a, b in runs:
        x = a
        while x <= b:
            if x < b and rng.random() < 0.6:
                y = rng.randint(x + 1, b)
                ents.append((x, y))
                x = y + 1
            else:
                ents.append((x, x))
                x += 1
    if ents and rng.random() < 0.1:  # duplicate entry (overlap: union)
        ents.append(rng.choice(ents))
    if rng.random() < 0.3:
        rng.shuffle(ents)
    return ents


def range_int_bits(ents):
    out = ib(len(ents), 12)
    for a, b in ents:
        out += ("0" + ib(a, 16)) if a == b else ("1" + ib(a, 16) + ib(b, 16))
    return out


def vendor_section(rng, ids, allow_above=True):
    """OptimizedIntRange / TCF vendor section; returns (bits, decoded ids)."""
    top = max(ids) if ids else 0
    mode = rng.random()
    if mode < 0.5:  # bitfield
        maxid = top + (rng.randint(0, 20) if rng.random() < 0.3 else 0)
        maxid = min(maxid, 65535)
        if maxid > 20000 and rng.random() < 0.5:
            return vendor_section(rng, ids, allow_above)  # keep bitfields mostly small
        s = set(ids)
        FEAT.add("vendorBitfield")
        if maxid > 20000:
            FEAT.add("vendorBitfieldOver20000Bits")
        return ib(maxid, 16) + "0" + "".join("1" if i in s else "0" for i in range(1, maxid + 1)), list(ids)
    FEAT.add("vendorRange")
    if rng.random() < 0.004:
        FEAT.add("vendorRange4095Entries")  # the most range entries a list holds: 4095 single ids
        ids = list(range(2, 8191, 2))
        top = 8190
    ents = int_range_entries(rng, ids)
    while len(ents) > 4095:
        ents = int_range_entries(rng, ids)
    maxid = top + (rng.randint(0, 50) if rng.random() < 0.3 else 0)
    maxid = min(maxid, 65535)
    dec = set(ids)
    if allow_above and ids and rng.random() < 0.05 and top < 65000 and len(ents) < 4095:
        # ids above MaxVendorId: kept in the string, not in the set (DESIGN 6)
        extra = rng.randint(maxid + 1, min(65535, maxid + 100))
        FEAT.add("vendorIdsAboveMaxVendorId")
        ents.append((extra, extra))
    return ib(maxid, 16) + "1" + range_int_bits(ents), sorted(i for i in dec if i <= maxid)


def fib_vendor_section(rng, ids):
    """iabgpp-es 2026 tcfcav1 form: Int(16) maxId, Boolean isRange, Range(Fibonacci) or bitfield."""
    top = max(ids) if ids else 0
    if rng.random() < 0.3:
        s = set(ids)
        return ib(top, 16) + "0" + "".join("1" if i in s else "0" for i in range(1, top + 1)), list(ids)
    return ib(top, 16) + "1" + fib_range_bits(rng, ids), list(ids)


def lang(rng):
    a, b = rng.randint(0, 25), rng.randint(0, 25)
    return ib(a, 6) + ib(b, 6), chr(65 + a) + chr(65 + b)


def bitfield(rng, n, mode=None):
    if mode == "zeros":
        s = "0" * n
    elif mode == "ones":
        s = "1" * n
    else:
        s = "".join(rng.choice("01") for _ in range(n))
    return s, [i + 1 for i, c in enumerate(s) if c == "1"]


def restr_json(entries):
    m = {}
    for pid, t, ids in entries:
        m.setdefault((pid, t), set()).update(ids)
    return [{"purposeId": k[0], "restrictionType": k[1], "vendorIds": sorted(v)} for k, v in sorted(m.items())]


# ------------------------------------------------------------------ sections
def gen_tcfeuv1(rng):
    mode = edge_mode(rng)
    o = {}
    bits = ib(1, 6)
    o["version"] = 1
    c, l = rand_ts(rng), rand_ts(rng)
    bits += ib(c, 36) + ib(l, 36)
    o["created"], o["lastUpdated"] = iso(c), iso(l)
    for k, n in [("cmpId", 12), ("cmpVersion", 12), ("consentScreen", 6)]:
        v = rng.randint(0, (1 << n) - 1) if mode != "zeros" else 0
        bits += ib(v, n); o[k] = v
    lb, ls = lang(rng); bits += lb; o["consentLanguage"] = ls
    v = rng.randint(0, 4095); bits += ib(v, 12); o["vendorListVersion"] = v
    b, ids = bitfield(rng, 24, mode); bits += b; o["purposesAllowed"] = ids
    vids = rand_ids(rng)
    top = max(vids) if vids else 0
    if rng.random() < 0.4:
        maxid = top
        s = set(vids)
        bits += ib(maxid, 16) + "0" + "".join("1" if i in s else "0" for i in range(1, maxid + 1))
        o["vendorConsents"] = vids
    else:
        maxid = top + rng.randint(0, 10)
        maxid = min(maxid, 65535)
        default = rng.random() < 0.4
        listed = vids
        ents = int_range_entries(rng, listed)
        bits += ib(maxid, 16) + "1" + ("1" if default else "0") + range_int_bits(ents)
        if default:
            o["vendorConsents"] = [i for i in range(1, maxid + 1) if i not in set(listed)]
        else:
            o["vendorConsents"] = sorted(listed)
    return pad(rng, bits, rng.choice(["six", "byte6", "junk"])), o, "tcfeuv1"


def gen_tcfeuv2(rng):
    mode = edge_mode(rng)
    o = {}
    tags = []
    bits = ib(2, 6); o["version"] = 2
    c, l = rand_ts(rng), rand_ts(rng)
    bits += ib(c, 36) + ib(l, 36); o["created"], o["lastUpdated"] = iso(c), iso(l)
    for k, n in [("cmpId", 12), ("cmpVersion", 12), ("consentScreen", 6)]:
        v = {"zeros": 0, "ones": (1 << n) - 1}.get(mode, rng.randint(0, (1 << n) - 1))
        bits += ib(v, n); o[k] = v
    lb, ls = lang(rng); bits += lb; o["consentLanguage"] = ls
    v = rng.randint(0, 4095); bits += ib(v, 12); o["vendorListVersion"] = v
    v = rng.randint(0, 63); bits += ib(v, 6); o["policyVersion"] = v
    for k in ["isServiceSpecific", "useNonStandardTexts"]:
        v = rng.random() < 0.5; bits += "1" if v else "0"; o[k] = v
    for k, n in [("specialFeatureOptins", 12), ("purposeConsents", 24), ("purposeLegitimateInterests", 24)]:
        b, ids = bitfield(rng, n, mode); bits += b; o[k] = ids
    v = rng.random() < 0.5; bits += "1" if v else "0"; o["purposeOneTreatment"] = v
    lb, ls = lang(rng); bits += lb; o["publisherCountryCode"] = ls
    for k in ["vendorConsents", "vendorLegitimateInterests"]:
        b, ids = vendor_section(rng, rand_ids(rng)); bits += b; o[k] = ids
    entries = []
    if rng.random() < 0.1:
        tags.append("noPubRestrCount")  # tolerance (gpp.md 7.2): core ends before NumPubRestrictions
        style = rng.choice(["six", "byte6"])
    else:
        n = rng.choice([0, 0, 1, 2, 3, 5])
        plan = []
        for _ in range(n):
            plan.append((rng.choice([1, 2, 3, 10, 24, 63, rng.randint(1, 63)]), rng.randint(0, 2)))
        if plan and rng.random() < 0.2:  # repeated (purpose, type): vendor ids merged (tcf.md 5)
            plan.insert(rng.randrange(len(plan) + 1), rng.choice(plan))
            FEAT.add("tcfRestrictionRepeatedPair")
        if rng.random() < 0.01:
            plan = [(rng.randint(1, 63), rng.randint(0, 2)) for _ in range(rng.choice([64, 300]))]
            FEAT.add("tcfManyRestrictions")
        bits += ib(len(plan), 12)
        for pid, t in plan:
            ids = rand_ids(rng, rng.choice([20, 300, 2000]))
            ents = int_range_entries(rng, ids)
            bits += ib(pid, 6) + ib(t, 2) + range_int_bits(ents)
            entries.append((pid, t, set(ids)))
        style = rng.choice(["tcf24", "tcf24", "six", "byte6", "junk", "junk24"])
    o["publisherRestrictions"] = restr_json(entries)
    segs = [pad(rng, bits, style)]
    o["disclosedVendors"] = None; o["allowedVendors"] = None; o["publisherTC"] = None
    opt = []
    if rng.random() < 0.5:
        b, ids = vendor_section(rng, rand_ids(rng)); opt.append(ib(1, 3) + b); o["disclosedVendors"] = ids
    if rng.random() < 0.15:
        b, ids = vendor_section(rng, rand_ids(rng)); opt.append(ib(2, 3) + b); o["allowedVendors"] = ids
    if rng.random() < 0.4:
        pc, pci = bitfield(rng, 24, mode); pl, pli = bitfield(rng, 24, mode)
        nc = rng.choice([0, 1, 2, 5, 63, rng.randint(0, 63)])
        cc, cci = bitfield(rng, nc, mode); cl, cli = bitfield(rng, nc, mode)
        opt.append(ib(3, 3) + pc + pl + ib(nc, 6) + cc + cl)
        o["publisherTC"] = {"publisherConsents": pci, "publisherLegitimateInterests": pli, "numCustomPurposes": nc,
                            "publisherCustomConsents": cci, "publisherCustomLegitimateInterests": cli}
    rng.shuffle(opt)
    for b in opt:
        segs.append(pad(rng, b, rng.choice(["tcf24", "six", "byte6", "junk"])))
    return ".".join(segs), o, "tcfeuv2" + ("-" + "-".join(tags) if tags else "")


def gen_tcfcav1(rng, fib=None):
    if fib is None:
        fib = rng.random() < 0.2
    mode = edge_mode(rng)
    o = {}
    bits = ib(1, 6); o["version"] = 1
    c, l = rand_ts(rng), rand_ts(rng)
    bits += ib(c, 36) + ib(l, 36); o["created"], o["lastUpdated"] = iso(c), iso(l)
    for k, n in [("cmpId", 12), ("cmpVersion", 12), ("consentScreen", 6)]:
        v = {"zeros": 0, "ones": (1 << n) - 1}.get(mode, rng.randint(0, (1 << n) - 1))
        bits += ib(v, n); o[k] = v
    lb, ls = lang(rng); bits += lb; o["consentLanguage"] = ls
    v = rng.randint(0, 4095); bits += ib(v, 12); o["vendorListVersion"] = v
    v = rng.randint(0, 63); bits += ib(v, 6); o["tcfPolicyVersion"] = v
    v = rng.random() < 0.5; bits += "1" if v else "0"; o["useNonStandardStacks"] = v
    for k, n in [("specialFeatureExpressConsent", 12), ("purposesExpressConsent", 24), ("purposesImpliedConsent", 24)]:
        b, ids = bitfield(rng, n, mode); bits += b; o[k] = ids
    fibused = False
    for k in ["vendorExpressConsent", "vendorImpliedConsent"]:
        ids = rand_ids(rng)
        if fib:
            b, d = fib_vendor_section(rng, ids)
            fibused = fibused or (b[16] == "1")
        else:
            b, d = vendor_section(rng, ids, allow_above=False)
        bits += b; o[k] = d
    entries = []
    tag = "tcfcav1-fib" if fib else "tcfcav1"
    if rng.random() < 0.1:
        tag += "-noPubRestrCount"
    else:
        n = rng.choice([0, 0, 1, 2, 3])
        bits += ib(n, 12)
        for _ in range(n):
            pid = rng.randint(1, 63)
            t = rng.randint(0, 2)
            ids = rand_ids(rng, rng.choice([20, 300]))
            if fib:
                b, d = fib_vendor_section(rng, ids)
                fibused = fibused or (b[16] == "1")
            else:
                b, d = range_int_bits(int_range_entries(rng, ids)), ids
            bits += ib(pid, 6) + ib(t, 2) + b
            entries.append((pid, t, set(d)))
    o["pubRestrictions"] = restr_json(entries)
    segs = [pad(rng, bits, rng.choice(["six", "byte6"]))]
    o["disclosedVendors"] = None
    opt = []
    if rng.random() < 0.5:
        ids = rand_ids(rng)
        if fib:
            b, d = fib_vendor_section(rng, ids)
        else:
            b, d = vendor_section(rng, ids, allow_above=False)
        opt.append(ib(1, 3) + b); o["disclosedVendors"] = d
    keys = ["pubPurposesExpressConsent", "pubPurposesImpliedConsent", "numCustomPurposes",
            "customPurposesExpressConsent", "customPurposesImpliedConsent"]
    for k in keys:
        o[k] = None
    if rng.random() < 0.5:
        pc, pci = bitfield(rng, 24, mode); pl, pli = bitfield(rng, 24, mode)
        nc = rng.choice([0, 1, 3, 63, rng.randint(0, 63)])
        cc, cci = bitfield(rng, nc, mode); cl, cli = bitfield(rng, nc, mode)
        opt.append(ib(3, 3) + pc + pl + ib(nc, 6) + cc + cl)
        for k, v in zip(keys, [pci, pli, nc, cci, cli]):
            o[k] = v
    rng.shuffle(opt)
    for b in opt:
        segs.append(pad(rng, b, rng.choice(["six", "byte6", "tcf24"])))
    if fib and not fibused:
        tag = tag.replace("-fib", "-fibbitfieldonly")
    return ".".join(segs), o, tag


def gen_uspv1(rng):
    a, b, c = (rng.choice("YN-") for _ in range(3))
    return "1" + a + b + c, {"version": 1, "notice": a, "optOutSale": b, "lspaCovered": c}, "uspv1"


def gpc_part(rng, o, tagl):
    g = rng.random() < 0.5
    FEAT.add("gpcSubsection")
    o["gpcSegmentType"] = 1; o["gpcSegmentIncluded"] = True; o["gpc"] = g
    return pad(rng, "01" + ("1" if g else "0"), rng.choice(["six", "byte6", "junk"]))


USNAT_HEAD = ["sharingNotice", "saleOptOutNotice", "sharingOptOutNotice", "targetedAdvertisingOptOutNotice",
              "sensitiveDataProcessingOptOutNotice", "sensitiveDataLimitUseNotice", "saleOptOut",
              "sharingOptOut", "targetedAdvertisingOptOut"]


def gen_usnat(rng):
    mode = edge_mode(rng)
    r = rng.random()
    # (version written, layout written)
    if r < 0.4:
        ver, lay = 1, 1
    elif r < 0.8:
        ver, lay = 2, 2
    elif r < 0.9:
        ver, lay = 1, 2  # iabgpp-java style: read 16/3 (L >= 70)
    else:
        ver, lay = 2, 1  # CVQqAAAACg style: read 12/2 (60 <= L < 70)
    o = {"version": ver}
    bits = ib(ver, 6)
    for k in USNAT_HEAD:
        v = val2(rng, mode); bits += ib(v, 2); o[k] = v
    sdp, kc = (12, 2) if lay == 1 else (16, 3)
    o["sensitiveDataProcessing"] = [val2(rng, mode) for _ in range(sdp)]
    o["knownChildSensitiveDataConsents"] = [val2(rng, mode) for _ in range(kc)]
    bits += "".join(ib(v, 2) for v in o["sensitiveDataProcessing"] + o["knownChildSensitiveDataConsents"])
    for k in ["personalDataConsents", "mspaCoveredTransaction", "mspaOptOutOptionMode", "mspaServiceProviderMode"]:
        v = val2(rng, mode); bits += ib(v, 2); o[k] = v
    style = rng.choice(["six", "byte6", "junk"])
    core = pad(rng, bits, style)
    tag = "usnat-v%d-l%d" % (ver, lay)
    parts = [core]
    if rng.random() < 0.5:
        parts.append(gpc_part(rng, o, None))
    else:
        o["gpc"] = None
    return ".".join(parts), o, tag


def gen_state(rng, sid):
    mode = edge_mode(rng)
    o = {}
    bits = ""
    for k, kind, n in state_fields(sid):
        if k == "version":
            v = 1
            bits += ib(1, 6)
            o[k] = v
        elif kind == "int":
            v = val2(rng, mode); bits += ib(v, 2); o[k] = v
        else:
            vs = [val2(rng, mode) for _ in range(n)]
            bits += "".join(ib(v, 2) for v in vs); o[k] = vs
    parts = [pad(rng, bits, rng.choice(["six", "byte6", "junk"]))]
    if state_has_gpc(sid):
        if rng.random() < 0.5:
            parts.append(gpc_part(rng, o, None))
        else:
            o["gpc"] = None
    return ".".join(parts), o, state_name(sid)


def gen_new(rng, sid):
    mode = edge_mode(rng)
    hdr = rng.random() < 0.5
    o = {}
    withopt = rng.random() < 0.5
    hparts = []
    if hdr:
        o["sectionId"] = sid; o["version"] = 1; o["subSections"] = [1] if withopt else []
        hb = ib(sid, 6) + ib(1, 6) + fib_range_bits(rng, o["subSections"])
        hparts.append(pad(rng, hb, rng.choice(["six", "byte6", "junk"])))
    mv = rng.choice([1, 1, 1, 0, 63, rng.randint(0, 63)])
    if not hdr:
        while mv == sid:
            mv = rng.randint(0, 63)
    o["mspaVersion"] = mv
    bits = ib(mv, 6)
    keys = ["mspaCoveredTransaction", "mspaMode", "processingNotice", "saleOptOutNotice",
            "targetedAdvertisingOptOutNotice", "saleOptOut", "targetedAdvertisingOptOut"]
    if sid != 24:
        keys.append("knownChildSensitiveDataConsents")
    keys.append("additionalDataProcessingConsent")
    for k in keys:
        v = val2(rng, mode); bits += ib(v, 2); o[k] = v
    # core part: no junk padding beyond the char (a longer core is read differently by ours, see report)
    core = pad(rng, bits, rng.choice(["six", "byte6"] + (["junk"] if sid == 24 else [])))
    parts = hparts + [core]
    if sid == 24:
        if withopt:
            parts.append(gpc_part(rng, o, None))
        else:
            o["gpc"] = None
    else:
        if withopt:
            vs = [val2(rng, mode) for _ in range(8)]
            o["sensitiveDataProcessing"] = vs
            parts.append(pad(rng, "".join(ib(v, 2) for v in vs), rng.choice(["six", "byte6"])))
        else:
            o["sensitiveDataProcessing"] = None
    return ".".join(parts), o, NEW[sid] + ("-hdr" if hdr else "-nohdr")


def gen_unknown(rng, sid):
    n = rng.randint(1, 12)
    t = "".join(rng.choice(B64) for _ in range(n))
    if rng.random() < 0.3:
        t += "." + "".join(rng.choice(B64) for _ in range(rng.randint(1, 4)))
    return t, {"raw": t}, "unknown%d" % sid


def gen_section(rng, sid):
    if sid == 1:
        return gen_tcfeuv1(rng)
    if sid == 2:
        return gen_tcfeuv2(rng)
    if sid == 5:
        return gen_tcfcav1(rng)
    if sid == 6:
        return gen_uspv1(rng)
    if sid == 7:
        return gen_usnat(rng)
    if 8 <= sid <= 23:
        return gen_state(rng, sid)
    if 24 <= sid <= 27:
        return gen_new(rng, sid)
    return gen_unknown(rng, sid)


KNOWN = [1, 2, 5, 6, 7] + list(range(8, 28))


def gen_gpp(rng, ids):
    FEAT.clear()
    ids = sorted(set(ids))
    head = ib(3, 6) + ib(1, 6) + fib_range_bits(rng, ids, rng.choice(["random", "canonical"]))
    hs = pad(rng, head, rng.choice(["six", "byte6", "junk"]))
    out = {"type": "gpp", "version": 1, "sectionIds": ids, "sections": {}}
    texts, tags = [], []
    for sid in ids:
        t, o, tag = gen_section(rng, sid)
        texts.append(t)
        tags.append(tag)
        out["sections"][SECTION_NAMES.get(sid, str(sid))] = o
    return "~".join([hs] + texts), out, "+".join(tags) + ("|" + ",".join(sorted(FEAT)) if FEAT else "")


# ------------------------------------------------------------------ mutations
def mutate(rng, s):
    parts = s.split("~")
    r = rng.random()
    if r < 0.45:  # replace one character by another base64url character
        # pick a position that is not a separator
        pos = [i for i, c in enumerate(s) if c not in "~."]
        i = rng.choice(pos)
        c = rng.choice([x for x in B64 if x != s[i]])
        return s[:i] + c + s[i + 1:], "flip@%d" % i
    if r < 0.75:  # truncate one part (section or a dot-segment) by k characters
        pi = rng.randrange(len(parts))
        segs = parts[pi].split(".")
        si = rng.randrange(len(segs))
        k = rng.randint(1, max(1, len(segs[si])))
        segs[si] = segs[si][:-k]
        if segs[si] == "" and len(segs) > 1 and rng.random() < 0.5:
            del segs[si]
        parts[pi] = ".".join(segs)
        return "~".join(parts), "trunc p%d s%d -%d" % (pi, si, k)
    if r < 0.85:  # cut the whole string
        k = rng.randint(1, len(s) - 1)
        return s[:k], "cut@%d" % k
    if r < 0.93 and len(parts) > 1:  # drop or duplicate a section part
        pi = rng.randrange(1, len(parts))
        if rng.random() < 0.5:
            del parts[pi]
            return "~".join(parts), "dropsec%d" % pi
        parts.insert(pi, parts[pi])
        return "~".join(parts), "dupsec%d" % pi
    # delete one character
    pos = [i for i, c in enumerate(s) if c not in "~."]
    i = rng.choice(pos)
    return s[:i] + s[i + 1:], "del@%d" % i


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--valid-per-id", type=int, default=800)
    ap.add_argument("--multi", type=int, default=2000)
    ap.add_argument("--unknown", type=int, default=300)
    ap.add_argument("--mutated", type=int, default=5000)
    ap.add_argument("--out", default="-")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    out = sys.stdout if a.out == "-" else open(a.out, "w")
    valid = []
    for sid in KNOWN:
        for _ in range(a.valid_per_id):
            s, t, tag = gen_gpp(rng, [sid])
            valid.append((s, t, tag))
    for _ in range(a.multi):
        k = rng.choice([2, 2, 3, 4, 6])
        ids = rng.sample(KNOWN, k)
        s, t, tag = gen_gpp(rng, ids)
        valid.append((s, t, "multi:" + tag))
    for _ in range(a.unknown):
        ids = [rng.choice([4, 28, 29, 40, 63, 100, 1000])] + rng.sample(KNOWN, rng.randint(0, 2))
        s, t, tag = gen_gpp(rng, ids)
        valid.append((s, t, "unknown:" + tag))
    for s, t, tag in valid:
        out.write(json.dumps({"kind": "valid", "input": s, "truth": t, "tag": tag}) + "\n")
    for _ in range(a.mutated):
        s, t, tag = rng.choice(valid)
        m, how = mutate(rng, s)
        out.write(json.dumps({"kind": "mutated", "input": m, "truth": None, "tag": tag, "origin": s, "how": how}) + "\n")


if __name__ == "__main__":
    main()
