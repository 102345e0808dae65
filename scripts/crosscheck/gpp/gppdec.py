#!/usr/bin/env python3
"""Independent GPP string decoder, written from the spec pages only (spec/gpp.md, gpp-sections.md, tcf.md, usp.md,
json.md and DESIGN.md of the shared project files), never from the Swift sources.

decode(s) -> dict in the json.md shape (without "encoding"), or raises DecodeError.
CLI: python3 gppdec.py STRING...   or   python3 gppdec.py -  (one string a line on stdin)
"""
import sys, json, datetime

B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
B64V = {c: i for i, c in enumerate(B64)}


class DecodeError(Exception):
    def __init__(self, code, field=None, bit=None, section=None, msg=""):
        super().__init__(f"{code} {section}.{field} @{bit} {msg}")
        self.code, self.field, self.bit, self.section, self.msg = code, field, bit, section, msg

    def as_json(self):
        return {"code": self.code, "field": self.field, "bitOffset": self.bit, "segment": self.section}


def seg_bits(text, section=None, allow_equals=True):
    """base64url segment -> bit string ('0'/'1'), 6 bits a character, MSB first (gpp.md 1.1)."""
    if allow_equals:
        t = text.rstrip("=")  # trailing '=' accepted (gpp.md 1.1, tcf.md 2)
    else:
        t = text
    if t == "":
        raise DecodeError("badBase64", "segment", 0, section, "empty segment")
    out = []
    for i, c in enumerate(t):
        v = B64V.get(c)
        if v is None:
            raise DecodeError("badBase64", "character", i, section, repr(c))
        out.append(format(v, "06b"))
    return "".join(out)


class Reader:
    def __init__(self, bits, section=None):
        self.b, self.p, self.section = bits, 0, section

    def left(self):
        return len(self.b) - self.p

    def int(self, n, field):
        if self.p + n > len(self.b):
            raise DecodeError("truncated", field, self.p, self.section)
        v = int(self.b[self.p:self.p + n], 2) if n else 0
        self.p += n
        return v

    def bool(self, field):
        return self.int(1, field) == 1

    def bitfield(self, n, field):
        if self.p + n > len(self.b):
            raise DecodeError("truncated", field, self.p, self.section)
        s = self.b[self.p:self.p + n]
        self.p += n
        return [i + 1 for i, c in enumerate(s) if c == "1"]

    def list2(self, k, field):
        return [self.int(2, field) for _ in range(k)]

    def fib(self, field, cap=32):
        # gpp.md 4.3: Zeckendorf, lowest term first, terminated by the second of two consecutive 1s
        start = self.p
        w = [1, 2]
        total, prev = 0, 0
        i = 0
        while True:
            if self.p >= len(self.b):
                raise DecodeError("truncated", field, start, self.section)
            if self.p - start >= cap:
                raise DecodeError("badValue", field, start, self.section, "fibonacci code too long")
            bit = self.b[self.p]
            self.p += 1
            if bit == "1" and prev == 1:
                return total
            while len(w) <= i:
                w.append(w[-1] + w[-2])
            if bit == "1":
                total += w[i]
            prev = 1 if bit == "1" else 0
            i += 1

    def fib_range(self, field):
        # gpp.md 4.4
        n = self.int(12, field)
        ids, prev = [], 0
        for _ in range(n):
            g = self.bool(field)
            if not g:
                d = self.fib(field)
                prev = prev + d
                ids.append(prev)
            else:
                first = prev + self.fib(field)
                span = self.fib(field)
                last = first + span
                ids.extend(range(first, last + 1))
                prev = last
        return sorted(set(ids))

    def string2(self, field):
        # gpp.md 4.12 / tcf.md 2: letters 0..25 only
        at = self.p
        a = self.int(6, field)
        b = self.int(6, field)
        if a > 25 or b > 25:
            raise DecodeError("badValue", field, at, self.section, "letter above Z")
        return chr(65 + a) + chr(65 + b)

    def datetime(self, field):
        v = self.int(36, field)
        ms = v * 100
        d = datetime.datetime(1970, 1, 1) + datetime.timedelta(milliseconds=ms)
        return d.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (d.microsecond // 1000)


# --------------------------------------------------------------------------------------------
# TCF vendor encodings

def range_int_entries(r, field, maxid=None):
    """Range(Int): Int(12) count, entries IsARange + 16 [+16]. ids > maxid dropped (DESIGN 6)."""
    n = r.int(12, field)
    ids = set()
    for _ in range(n):
        isr = r.bool(field)
        at = r.p
        a = r.int(16, field)
        b = r.int(16, field) if isr else a
        if a == 0 or b == 0:
            raise DecodeError("badValue", field, at, r.section, "vendor id 0")
        if b < a:
            raise DecodeError("badValue", field, at, r.section, "range end before start")
        for v in range(a, b + 1):
            if maxid is None or v <= maxid:
                ids.add(v)
    return ids


def opt_int_range(r, field):
    """OptimizedIntRange / TCF vendor section (gpp.md 4.8, tcf.md 4)."""
    maxid = r.int(16, field)
    isr = r.bool(field)
    if not isr:
        return r.bitfield(maxid, field)
    return sorted(range_int_entries(r, field, maxid))


def opt_fib_range(r, field):
    """iabgpp-es 2026 variant: Int(16) maxId, Boolean isRange, Range(Fibonacci) or Bitfield (gpp.md 4.9)."""
    maxid = r.int(16, field)
    isr = r.bool(field)
    if not isr:
        return r.bitfield(maxid, field)
    ids = r.fib_range(field)
    return [i for i in ids if i <= maxid]


def restrictions_json(entries):
    m = {}
    for pid, t, ids in entries:
        m.setdefault((pid, t), set()).update(ids)
    return [{"purposeId": k[0], "restrictionType": k[1], "vendorIds": sorted(v)} for k, v in sorted(m.items())]


# --------------------------------------------------------------------------------------------
# Section 1: TCF v1.1 (tcf.md 8)

def shared_tc_fields(r, version, sec):
    """Version (checked) through VendorListVersion: the first fields of v1.1 and v2 alike (tcf.md 4)."""
    o = {"version": r.int(6, "version")}
    if o["version"] != version:
        raise DecodeError("badVersion", "version", 0, sec)
    o["created"] = r.datetime("created")
    o["lastUpdated"] = r.datetime("lastUpdated")
    o["cmpId"] = r.int(12, "cmpId")
    o["cmpVersion"] = r.int(12, "cmpVersion")
    o["consentScreen"] = r.int(6, "consentScreen")
    o["consentLanguage"] = r.string2("consentLanguage")
    o["vendorListVersion"] = r.int(12, "vendorListVersion")
    return o


def dec_tcfeuv1(text):
    sec = "tcfeuv1"
    if "." in text:
        raise DecodeError("badValue", "segments", None, sec, "v1 has one segment")
    r = Reader(seg_bits(text, sec), sec)
    o = shared_tc_fields(r, 1, sec)
    o["purposesAllowed"] = r.bitfield(24, "purposesAllowed")
    maxid = r.int(16, "maxVendorId")
    enc = r.int(1, "encodingType")
    if enc == 0:
        o["vendorConsents"] = r.bitfield(maxid, "vendorConsents")
    else:
        default = r.bool("defaultConsent")
        n = r.int(12, "numEntries")
        covered = set()
        for _ in range(n):
            isr = r.bool("vendorConsents")
            at = r.p
            a = r.int(16, "vendorConsents")
            b = r.int(16, "vendorConsents") if isr else a
            if a == 0 or b == 0:
                raise DecodeError("badValue", "vendorConsents", at, sec, "vendor id 0")
            if b < a:
                raise DecodeError("badValue", "vendorConsents", at, sec, "end before start")
            covered.update(range(a, min(b, maxid) + 1))
        if default:
            o["vendorConsents"] = [i for i in range(1, maxid + 1) if i not in covered]
        else:
            o["vendorConsents"] = sorted(covered)
    return o


# --------------------------------------------------------------------------------------------
# Section 2: TCF EU v2 (tcf.md 4-7)

def dec_tcfeuv2(text):
    sec = "tcfeuv2"
    parts = text.split(".")
    core = Reader(seg_bits(parts[0], sec), sec)
    o = shared_tc_fields(core, 2, sec)
    o["policyVersion"] = core.int(6, "policyVersion")
    o["isServiceSpecific"] = core.bool("isServiceSpecific")
    o["useNonStandardTexts"] = core.bool("useNonStandardTexts")
    o["specialFeatureOptins"] = core.bitfield(12, "specialFeatureOptins")
    o["purposeConsents"] = core.bitfield(24, "purposeConsents")
    o["purposeLegitimateInterests"] = core.bitfield(24, "purposeLegitimateInterests")
    o["purposeOneTreatment"] = core.bool("purposeOneTreatment")
    o["publisherCountryCode"] = core.string2("publisherCountryCode")
    o["vendorConsents"] = opt_int_range(core, "vendorConsents")
    o["vendorLegitimateInterests"] = opt_int_range(core, "vendorLegitimateInterests")
    entries = []
    if core.left() >= 12:  # tolerance: fewer than 12 bits left -> no restrictions (gpp.md 7.2)
        n = core.int(12, "publisherRestrictions")
        for _ in range(n):
            at = core.p
            pid = core.int(6, "publisherRestrictions")
            t = core.int(2, "publisherRestrictions")
            if pid == 0:
                raise DecodeError("badValue", "publisherRestrictions.purposeId", at, sec)
            if t == 3:
                raise DecodeError("badValue", "publisherRestrictions.restrictionType", at + 6, sec)
            ids = range_int_entries(core, "publisherRestrictions")
            entries.append((pid, t, ids))
    o["publisherRestrictions"] = restrictions_json(entries)
    o["disclosedVendors"] = None
    o["allowedVendors"] = None
    o["publisherTC"] = None
    seen = set()
    for p in parts[1:]:
        r = Reader(seg_bits(p, sec), sec)
        st = r.int(3, "segmentType")
        if st == 0:
            raise DecodeError("badValue", "segmentType", 0, sec, "second core")
        if st > 3:
            continue  # unknown type: ignored (tcf.md 3, recommended)
        if st in seen:
            continue  # duplicate: first wins (lenient reading); ambiguous
        seen.add(st)
        if st == 1:
            o["disclosedVendors"] = opt_int_range(r, "disclosedVendors")
        elif st == 2:
            o["allowedVendors"] = opt_int_range(r, "allowedVendors")
        else:
            pc = r.bitfield(24, "publisherConsents")
            pli = r.bitfield(24, "publisherLegitimateInterests")
            nc = r.int(6, "numCustomPurposes")
            cc = r.bitfield(nc, "publisherCustomConsents")
            cli = r.bitfield(nc, "publisherCustomLegitimateInterests")
            o["publisherTC"] = {"publisherConsents": pc, "publisherLegitimateInterests": pli,
                                "numCustomPurposes": nc, "publisherCustomConsents": cc,
                                "publisherCustomLegitimateInterests": cli}
    return o


# --------------------------------------------------------------------------------------------
# Section 5: TCF CA v1 (gpp-sections.md 5)

def _tcfca_core(bits, vendor_reader, fib_restr):
    sec = "tcfcav1"
    r = Reader(bits, sec)
    o = {}
    o["version"] = r.int(6, "version")  # not checked: gpp-sections.md 5 gives no rule (vectors decode 0/2)
    o["created"] = r.datetime("created")
    o["lastUpdated"] = r.datetime("lastUpdated")
    o["cmpId"] = r.int(12, "cmpId")
    o["cmpVersion"] = r.int(12, "cmpVersion")
    o["consentScreen"] = r.int(6, "consentScreen")
    o["consentLanguage"] = r.string2("consentLanguage")
    o["vendorListVersion"] = r.int(12, "vendorListVersion")
    o["tcfPolicyVersion"] = r.int(6, "tcfPolicyVersion")
    o["useNonStandardStacks"] = r.bool("useNonStandardStacks")
    o["specialFeatureExpressConsent"] = r.bitfield(12, "specialFeatureExpressConsent")
    o["purposesExpressConsent"] = r.bitfield(24, "purposesExpressConsent")
    o["purposesImpliedConsent"] = r.bitfield(24, "purposesImpliedConsent")
    o["vendorExpressConsent"] = vendor_reader(r, "vendorExpressConsent")
    o["vendorImpliedConsent"] = vendor_reader(r, "vendorImpliedConsent")
    entries = []
    if r.left() >= 12:
        n = r.int(12, "pubRestrictions")
        for _ in range(n):
            at = r.p
            pid = r.int(6, "pubRestrictions")
            t = r.int(2, "pubRestrictions")
            if fib_restr:
                ids = set(opt_fib_range(r, "pubRestrictions"))
            else:
                ids = range_int_entries(r, "pubRestrictions")
            entries.append((pid, t, ids))
    o["pubRestrictions"] = restrictions_json(entries)
    return o, r


def dec_tcfcav1(text):
    sec = "tcfcav1"
    parts = text.split(".")
    bits = seg_bits(parts[0], sec)
    # OptimizedIntRange first; if it fails or leaves a non-padding remainder, the Fibonacci variant
    res, err = None, None
    try:
        o, r = _tcfca_core(bits, opt_int_range, False)
        rem = r.b[r.p:]
        if "1" in rem or len(rem) >= 24:
            res = (o, "remainder")
        else:
            res = (o, None)
    except DecodeError as e:
        err = e
    if res is None or res[1] is not None:
        try:
            o2, r2 = _tcfca_core(bits, opt_fib_range, True)
            res = (o2, None)
        except DecodeError:
            if res is None:
                raise err
    o = res[0]
    dv = None
    pub = None
    seen = set()
    for p in parts[1:]:
        r = Reader(seg_bits(p, sec), sec)
        st = r.int(3, "subsectionType")
        if st in seen:
            continue
        if st == 1:
            seen.add(st)
            sub_bits = r.b
            try:
                rr = Reader(sub_bits, sec); rr.p = 3
                dv = opt_int_range(rr, "disclosedVendors")
                rem = rr.b[rr.p:]
                if "1" in rem or len(rem) >= 24:
                    raise DecodeError("badValue", "disclosedVendors", rr.p, sec, "remainder")
            except DecodeError as e1:
                try:
                    rr = Reader(sub_bits, sec); rr.p = 3
                    dv = opt_fib_range(rr, "disclosedVendors")
                except DecodeError:
                    raise e1
        elif st == 3:
            seen.add(st)
            pe = r.bitfield(24, "pubPurposesExpressConsent")
            pi = r.bitfield(24, "pubPurposesImpliedConsent")
            nc = r.int(6, "numCustomPurposes")
            ce = r.bitfield(nc, "customPurposesExpressConsent")
            ci = r.bitfield(nc, "customPurposesImpliedConsent")
            pub = (pe, pi, nc, ce, ci)
        else:
            raise DecodeError("badValue", "subsectionType", 0, sec, "unknown subsection %d" % st)
    o["disclosedVendors"] = dv
    keys = ["pubPurposesExpressConsent", "pubPurposesImpliedConsent", "numCustomPurposes",
            "customPurposesExpressConsent", "customPurposesImpliedConsent"]
    for i, k in enumerate(keys):
        o[k] = pub[i] if pub else None
    return o


# --------------------------------------------------------------------------------------------
# Section 6: uspv1 (usp.md 3)

def dec_uspv1(text):
    sec = "uspv1"
    if len(text) != 4:
        raise DecodeError("badValue", "length", None, sec)
    if text[0] != "1":
        if text[0].isdigit():
            raise DecodeError("badVersion", "version", None, sec)
        raise DecodeError("badVersion", "version", None, sec)
    o = {"version": 1}
    for k, c in zip(["notice", "optOutSale", "lspaCovered"], text[1:]):
        if c not in "YN-":
            raise DecodeError("badValue", k, None, sec)
        o[k] = c
    return o


# --------------------------------------------------------------------------------------------
# US sections

def read_gpc(text, sec, o):
    o.pop("gpc", None)
    r = Reader(seg_bits(text, sec), sec)
    t = r.int(2, "gpcSegmentType")
    if t != 1:
        raise DecodeError("badValue", "gpcSegmentType", 0, sec)
    g = r.bool("gpc")
    o["gpcSegmentType"] = t
    o["gpcSegmentIncluded"] = True
    o["gpc"] = g


USNAT_HEAD = ["sharingNotice", "saleOptOutNotice", "sharingOptOutNotice", "targetedAdvertisingOptOutNotice",
              "sensitiveDataProcessingOptOutNotice", "sensitiveDataLimitUseNotice", "saleOptOut",
              "sharingOptOut", "targetedAdvertisingOptOut"]


def dec_usnat(text):
    sec = "usnat"
    parts = text.split(".")
    bits = seg_bits(parts[0], sec)
    L = len(bits)
    r = Reader(bits, sec)
    o = {}
    v = r.int(6, "version")
    o["version"] = v
    if v == 1:
        layout = 2 if L >= 70 else 1
    elif v == 2:
        layout = 1 if 60 <= L < 70 else 2
    else:
        raise DecodeError("badVersion", "version", 0, sec)
    for k in USNAT_HEAD:
        o[k] = r.int(2, k)
    sdp, kc = (12, 2) if layout == 1 else (16, 3)
    o["sensitiveDataProcessing"] = r.list2(sdp, "sensitiveDataProcessing")
    o["knownChildSensitiveDataConsents"] = r.list2(kc, "knownChildSensitiveDataConsents")
    for k in ["personalDataConsents", "mspaCoveredTransaction", "mspaOptOutOptionMode", "mspaServiceProviderMode"]:
        o[k] = r.int(2, k)
    gpc_parts(parts, sec, o, True)
    return o


def gpc_parts(parts, sec, o, has_gpc):
    if not has_gpc:
        return  # usva/usut/usfl: later parts ignored (iabgpp-es); no gpc keys (json.md)
    if len(parts) >= 2:
        read_gpc(parts[1], sec, o)
    else:
        o["gpc"] = None
    # parts after the GPC subsection: ignored (no spec rule; vector sources-gpp-061 decodes)


# id: (name, first notice, extra notice, sdp k, kc k, adpc, gpc)
STATES = {
    9: ("usva", "sharingNotice", None, 8, 1, False, False),
    10: ("usco", "sharingNotice", None, 7, 1, False, True),
    11: ("usut", "sharingNotice", "sensitiveDataProcessingOptOutNotice", 8, 1, False, False),
    12: ("usct", "sharingNotice", None, 8, 3, False, True),
    13: ("usfl", "processingNotice", None, 8, 3, True, False),
    14: ("usmt", "sharingNotice", None, 8, 3, True, True),
    15: ("usor", "processingNotice", None, 11, 3, True, True),
    16: ("ustx", "processingNotice", None, 8, 1, True, True),
    17: ("usde", "processingNotice", None, 9, 5, True, True),
    18: ("usia", "processingNotice", "sensitiveDataOptOutNotice", 8, 1, False, True),
    19: ("usne", "processingNotice", None, 8, 1, True, True),
    20: ("usnh", "processingNotice", None, 8, 3, True, True),
    21: ("usnj", "processingNotice", None, 10, 5, True, True),
    22: ("ustn", "processingNotice", None, 8, 1, True, True),
    23: ("usmn", "processingNotice", None, 8, 1, True, True),
}


def state_fields(sid):
    """list of (key, kind, n): kind 'int' (n bits) or 'list' (n x Int(2))."""
    if sid == 8:
        f = [("version", "int", 6)] + [(k, "int", 2) for k in
             ["saleOptOutNotice", "sharingOptOutNotice", "sensitiveDataLimitUseNotice", "saleOptOut", "sharingOptOut"]]
        f += [("sensitiveDataProcessing", "list", 9), ("knownChildSensitiveDataConsents", "list", 2),
              ("personalDataConsents", "int", 2)]
    else:
        name, first, extra, sdp, kc, adpc, gpc = STATES[sid]
        f = [("version", "int", 6), (first, "int", 2), ("saleOptOutNotice", "int", 2),
             ("targetedAdvertisingOptOutNotice", "int", 2)]
        if extra:
            f.append((extra, "int", 2))
        f += [("saleOptOut", "int", 2), ("targetedAdvertisingOptOut", "int", 2), ("sensitiveDataProcessing", "list", sdp)]
        f.append(("knownChildSensitiveDataConsents", "int", 2) if kc == 1 else ("knownChildSensitiveDataConsents", "list", kc))
        if adpc:
            f.append(("additionalDataProcessingConsent", "int", 2))
    f += [(k, "int", 2) for k in ["mspaCoveredTransaction", "mspaOptOutOptionMode", "mspaServiceProviderMode"]]
    return f


def state_name(sid):
    return "usca" if sid == 8 else STATES[sid][0]


def state_has_gpc(sid):
    return True if sid == 8 else STATES[sid][6]


def dec_state(sid, text):
    sec = state_name(sid)
    parts = text.split(".")
    r = Reader(seg_bits(parts[0], sec), sec)
    o = {}
    for k, kind, n in state_fields(sid):
        if kind == "int":
            o[k] = r.int(n, k)
        else:
            o[k] = r.list2(n, k)
        if k == "version" and o[k] != 1:
            raise DecodeError("badVersion", "version", 0, sec)
    gpc_parts(parts, sec, o, state_has_gpc(sid))
    return o


NEW = {24: "usmd", 25: "usin", 26: "usky", 27: "usri"}


def new_core(sid, r, o):
    o["mspaVersion"] = r.int(6, "mspaVersion")
    for k in ["mspaCoveredTransaction", "mspaMode", "processingNotice", "saleOptOutNotice",
              "targetedAdvertisingOptOutNotice", "saleOptOut", "targetedAdvertisingOptOut"]:
        o[k] = r.int(2, k)
    if sid != 24:
        o["knownChildSensitiveDataConsents"] = r.int(2, "knownChildSensitiveDataConsents")
    o["additionalDataProcessingConsent"] = r.int(2, "additionalDataProcessingConsent")


def read_sdc(text, sec, o):
    r = Reader(seg_bits(text, sec), sec)
    o["sensitiveDataProcessing"] = r.list2(8, "sensitiveDataProcessing")


def dec_new(sid, text):
    sec = NEW[sid]
    parts = text.split(".")
    first = seg_bits(parts[0], sec)
    o = {}
    if len(first) >= 6 and int(first[:6], 2) == sid:
        # header-first layout
        h = Reader(first, sec)
        o["sectionId"] = h.int(6, "sectionId")
        o["version"] = h.int(6, "version")
        o["subSections"] = h.fib_range("subSections")
        subs = o["subSections"]
        if len(parts) < 2:
            raise DecodeError("truncated", "core", None, sec, "no core part")
        r = Reader(seg_bits(parts[1], sec), sec)
        new_core(sid, r, o)
        opt = parts[2:]
        if len(opt) != len(subs):
            raise DecodeError("badValue", "subSections", None, sec, "parts vs list")
        if sid == 24:
            o["gpc"] = None
        else:
            o["sensitiveDataProcessing"] = None
        for sub, p in zip(subs, opt):
            if sub != 1:
                raise DecodeError("badValue", "subSections", None, sec, "unknown subsection %d" % sub)
            if sid == 24:
                read_gpc(p, sec, o)
            else:
                read_sdc(p, sec, o)
    else:
        r = Reader(first, sec)
        new_core(sid, r, o)
        if sid == 24:
            o["gpc"] = None
            if len(parts) >= 2:
                read_gpc(parts[1], sec, o)
        else:
            o["sensitiveDataProcessing"] = None
            if len(parts) >= 2:
                read_sdc(parts[1], sec, o)
        # parts after the optional subsection: ignored, as for the other US sections (no spec rule)
    return o


SECTION_NAMES = {1: "tcfeuv1", 2: "tcfeuv2", 5: "tcfcav1", 6: "uspv1", 7: "usnat", 8: "usca"}
SECTION_NAMES.update({k: v[0] for k, v in STATES.items()})
SECTION_NAMES.update(NEW)


def dec_section(sid, text):
    if sid == 1:
        return dec_tcfeuv1(text)
    if sid == 2:
        return dec_tcfeuv2(text)
    if sid == 5:
        return dec_tcfcav1(text)
    if sid == 6:
        return dec_uspv1(text)
    if sid == 7:
        return dec_usnat(text)
    if 8 <= sid <= 23:
        return dec_state(sid, text)
    if sid in NEW:
        return dec_new(sid, text)
    return {"raw": text}


def decode(s):
    s = s.strip()
    if s == "":
        raise DecodeError("empty", None, None, "header")
    parts = s.split("~")
    head = parts[0]
    # Type first (checked before the alphabet of the rest)
    if head == "" or head[0] not in B64V:
        raise DecodeError("unknownFormat", "type", 0, "header")
    if B64V[head[0]] != 3:
        raise DecodeError("unknownFormat", "type", 0, "header")
    r = Reader(seg_bits(head, "header"), "header")
    r.int(6, "type")
    v = r.int(6, "version")
    if v != 1:
        raise DecodeError("badVersion", "version", 6, "header")
    ids = r.fib_range("sectionIds")
    secs = parts[1:]
    if len(secs) != len(ids):
        raise DecodeError("badValue", "sectionIds", None, "header", "count mismatch")
    out = {"type": "gpp", "version": v, "sectionIds": ids, "sections": {}}
    for sid, text in zip(ids, secs):
        if text == "":
            raise DecodeError("badValue", "section", None, SECTION_NAMES.get(sid, str(sid)), "empty part")
        key = SECTION_NAMES.get(sid, str(sid))
        out["sections"][key] = dec_section(sid, text)
    return out


def decode_json(s):
    try:
        return decode(s)
    except DecodeError as e:
        return {"type": "error", "input": s, "error": e.as_json()}


if __name__ == "__main__":
    args = sys.argv[1:]
    if not args or args == ["-"]:
        for line in sys.stdin:
            print(json.dumps(decode_json(line.rstrip("\n")), separators=(",", ":")))
    else:
        for a in args:
            print(json.dumps(decode_json(a), separators=(",", ":")))
