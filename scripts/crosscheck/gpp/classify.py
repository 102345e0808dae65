"""Label a disagreement with its explained class (see the report), or None."""
import os
import sys, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gppdec

NEWS = {"usmd": 24, "usin": 25, "usky": 26, "usri": 27}


def section_texts(s):
    try:
        parts = s.strip().split("~")
        r = gppdec.Reader(gppdec.seg_bits(parts[0], "header"), "header")
        r.int(12, "x")
        ids = r.fib_range("sectionIds")
        return dict(zip(ids, parts[1:]))
    except Exception:
        return {}


def ca_readings(text):
    """(legacy_ok, legacy_clean, fib_ok, fib_clean) for a tcfcav1 core"""
    bits = gppdec.seg_bits(text.split(".")[0])
    res = []
    for vr, fr in [(gppdec.opt_int_range, False), (gppdec.opt_fib_range, True)]:
        try:
            o, r = gppdec._tcfca_core(bits, vr, fr)
            rem = r.b[r.p:]
            res += [True, "1" not in rem and len(rem) < 24]
        except gppdec.DecodeError:
            res += [False, False]
    return tuple(res)


def fib_has_id_above_65535(text):
    """does the Fibonacci reading of a tcfcav1 core meet a range id above 65535?"""
    bits = gppdec.seg_bits(text.split(".")[0])
    seen = []
    def fr(r, field):
        maxid = r.int(16, field)
        if not r.bool(field):
            return r.bitfield(maxid, field)
        ids = r.fib_range(field)
        seen.extend(i for i in ids if i > 65535)
        return [i for i in ids if i <= maxid]
    try:
        gppdec._tcfca_core(bits, fr, False)
        # restrictions use the same reader in the Fibonacci variant
        seen2 = []
        orig = gppdec.opt_fib_range
        gppdec.opt_fib_range = fr
        try:
            gppdec._tcfca_core(bits, fr, True)
        finally:
            gppdec.opt_fib_range = orig
    except gppdec.DecodeError:
        pass
    return bool(seen)


def integer_ranges_above_maximum(text):
    """does the integer-range reading of a tcfcav1 core name a vendor id above its MaxVendorId?"""
    bits = gppdec.seg_bits(text.split(".")[0])
    seen = []

    def vr(r, field):
        maxid = r.int(16, field)
        if not r.bool(field):
            return r.bitfield(maxid, field)
        ids = gppdec.range_int_entries(r, field)  # no maxid: every id, above it or not
        seen.extend(i for i in ids if i > maxid)
        return [i for i in ids if i <= maxid]

    try:
        gppdec._tcfca_core(bits, vr, False)
    except gppdec.DecodeError:
        del seen[:]  # the core reads as Fibonacci in both decoders; the subsection is read on its own
    # The disclosed vendors subsection (type 1) is read the same way, on its own.
    for part in text.split(".")[1:]:
        try:
            sub = gppdec.seg_bits(part)
            if len(sub) >= 3 and int(sub[:3], 2) == 1:
                vr(gppdec.Reader(sub[3:], "tcfcav1"), "disclosedVendors")
        except gppdec.DecodeError:
            pass
    return bool(seen)


def merge_restr(lst):
    m = {}
    for e in lst:
        m.setdefault((e["purposeId"], e["restrictionType"]), set()).update(e["vendorIds"])
    return [{"purposeId": k[0], "restrictionType": k[1], "vendorIds": sorted(v)} for k, v in sorted(m.items())]


def classify(s, mine, theirs):
    te = theirs.get("error") if theirs.get("type") == "error" else None
    me = mine.get("error") if mine.get("type") == "error" else None
    msg = (te or {}).get("message", "")
    secs = section_texts(s)
    if te and "3 is the id of the header itself" in msg:
        return "A-id3-in-header"
    if te and te.get("field") == "sectionIds" and te["code"] == "badValue" and "value" in msg and not me:
        try:
            v = int(msg.rsplit("value ", 1)[1].split()[0].rstrip(";:,"))
            if v > 65535:
                return "A-header-id-above-65535"
        except Exception:
            pass
    if s != s.strip() and te and "white space" in msg:
        return "A-whitespace-not-trimmed"
    if te and te["code"] == "badVersion" and te.get("segment") in NEWS and te.get("field") == "version" and te.get("bitOffset") == 6 and not me:
        return "A-newstyle-header-version"
    # sections 25-27 read with the sensitive data consents in the core (ours' extension)
    for name, sid in NEWS.items():
        if sid == 24 or sid not in secs:
            continue
        t = secs[sid]
        first = t.split(".")[0]
        try:
            fb = gppdec.seg_bits(first)
        except gppdec.DecodeError:
            continue
        if not (len(fb) >= 6 and int(fb[:6], 2) == sid) and len(fb) >= 40:
            if (me and me.get("segment") == name) or (te and te.get("segment") == name) or \
               (not me and not te and mine["sections"].get(name) != theirs["sections"].get(name)):
                return "X-us%s-core-holds-sdp" % name[2:]
    if 40 in secs or any(k not in gppdec.SECTION_NAMES for k in secs):
        for sid, t in secs.items():
            if sid not in gppdec.SECTION_NAMES and te and te.get("segment") == "section" and not me and \
               ("empty segment" in msg or "outside the base64url alphabet" in msg):
                return "A-unknown-section-text-validated"
    if 5 in secs:
        t = secs[5]
        try:
            lo, lc, fo, fc = ca_readings(t)
        except gppdec.DecodeError:
            lo = None
        if lo is not None and not lc and fo and fib_has_id_above_65535(t):
            return "A-fibonacci-cap-65535-vs-32bit-code"
        if lo and not lc and fo and not fc:
            return "A-tcfcav1-both-readings-unclean"
        # The integer-range reading (of the core or of the disclosed vendors subsection) names vendor ids above
        # MaxVendorId: ours then takes a clean Fibonacci reading (our extension of gpp-sections.md §5), the
        # spec's wording keeps the integer ranges.
        if not me and not te and integer_ranges_above_maximum(t):
            return "X-tcfcav1-fibonacci-over-ids-above-max"
        if te and te.get("segment") == "tcfcav1" and te.get("field") == "subsectionType" and not me:
            return "A-tcfcav1-duplicate-subsection"
        if not me and not te:
            a, b = mine["sections"].get("tcfcav1"), theirs["sections"].get("tcfcav1")
            if a and b and a != b:
                bb = dict(b); bb["pubRestrictions"] = merge_restr(b["pubRestrictions"])
                if bb == a:
                    rest = {k: v for k, v in mine["sections"].items() if k != "tcfcav1"}
                    rest2 = {k: v for k, v in theirs["sections"].items() if k != "tcfcav1"}
                    if rest == rest2:
                        return "A-tcfcav1-restrictions-not-merged"
    if me and te and me["code"] == te["code"]:
        if te.get("segment") == "section" or me.get("segment") == (te.get("segment") or "x"):
            return "T-same-code-section-label"
    if me and te and s.strip().startswith("~") and {me["code"], te["code"]} == {"unknownFormat", "badBase64"}:
        return "T-empty-header-code"
    return None
