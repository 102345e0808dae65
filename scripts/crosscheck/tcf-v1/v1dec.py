#!/usr/bin/env python3
"""Independent decoder of the legacy TCF v1.1 consent string, written from the project's spec pages only:
tcf.md §2 (transport encoding), §3 (segments), §8 (the v1.1 layout) and json.md (../shared/spec/ from the
repository), never from the Swift sources.

    python3 v1dec.py STRING...    or    python3 v1dec.py < strings.txt    (one string a line)

prints one JSON line an input: the json.md form (type, version, created, lastUpdated, cmpId, cmpVersion,
consentScreen, consentLanguage, vendorListVersion, purposesAllowed, vendorConsents), or
{"type": "error", "input": ..., "error": {"code": ..., "message": ...}}.
As a module: decode(s) -> that dict; read(s) -> (that dict, encoding facts); both raise DecodeError.

Rules, with their source:
- §2: base64url, 6 bits a character, most significant bit first; trailing `=` of a segment stripped; any other
  character outside the alphabet -> badBase64; bits after the last field ignored whatever their value.
- §3: the first segment is the core; its 6-bit Version picks the layout: 1 -> §8, 2 -> version 2 (not decoded
  here: error code "v2"), anything else -> badVersion. A v1 string has exactly one segment: a `.` after a v1
  core -> badValue. The earliest error in the string is the one reported: a character of the core outside the
  alphabet before the `.` (badBase64), else the `.` (a core it cuts short ends there, and a field value before
  it that is wrong is badValue too), so `B….` and `B…..X` give badValue, not §2's empty-segment badBase64.
- §2: a 6-bit letter above Z (26-63) -> badValue ("Recommended: badValue, never alias").
- §8: range entry with id 0 or EndVendorId < StartVendorId -> badValue; ids above MaxVendorId are no error and
  not in the result; "start from all ids 1…MaxVendorId = DefaultConsent, then flip every id covered by an
  entry" (an id covered twice is still covered, not flipped back).
- A field cut short -> truncated. Empty input -> empty.
"""
import json
import sys
from datetime import datetime, timedelta, timezone

ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
VALUE = {c: i for i, c in enumerate(ALPHA)}
EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


class DecodeError(Exception):
    def __init__(self, code, message=""):
        super().__init__("%s: %s" % (code, message))
        self.code, self.message = code, message


def iso_ds(deciseconds):
    """A 36-bit timestamp (deciseconds since 1970) as json.md writes it: ISO 8601 UTC with milliseconds."""
    t = EPOCH + timedelta(milliseconds=deciseconds * 100)
    return t.strftime("%Y-%m-%dT%H:%M:%S") + ".%03dZ" % (t.microsecond // 1000)


class Bits:
    """The bits of one segment, read field by field."""

    def __init__(self, segment):
        self.value = 0
        for c in segment:
            self.value = (self.value << 6) | VALUE[c]
        self.size, self.pos = 6 * len(segment), 0

    def int(self, width, field):
        if self.pos + width > self.size:
            raise DecodeError("truncated", "%s at bit %d: %d bits needed, %d left"
                              % (field, self.pos, width, self.size - self.pos))
        self.pos += width
        return (self.value >> (self.size - self.pos)) & ((1 << width) - 1)

    def ids(self, width, field):
        """A bitfield: the ascending list of ids i+1 whose bit i is 1."""
        bits = format(self.int(width, field), "0%db" % width) if width else ""
        return [i + 1 for i, b in enumerate(bits) if b == "1"]

    def letter(self, field):
        v = self.int(6, field)
        if v > 25:
            raise DecodeError("badValue", "%s: letter value %d is above Z" % (field, v))
        return ALPHA[v]


def read(s):
    """(the json.md form, encoding facts) of a v1.1 string; raises DecodeError."""
    if s == "":
        raise DecodeError("empty")
    dot = s.find(".")
    text = s if dot < 0 else s[:dot]
    core = text.rstrip("=")
    for i, c in enumerate(core):
        if c not in VALUE:
            raise DecodeError("badBase64", "character %d %r" % (i, c))
    if core == "":
        raise DecodeError("badBase64", "empty segment")
    b = Bits(core)
    version = b.int(6, "version")
    if version == 2:
        raise DecodeError("v2", "version 2 (not decoded here)")
    if version != 1:
        raise DecodeError("badVersion", "version %d" % version)
    if dot >= 0:
        raise DecodeError("badValue", "'.' at character %d: a v1 string has one segment" % dot)
    out = {"type": "tcf", "version": 1, "created": iso_ds(b.int(36, "created")),
           "lastUpdated": iso_ds(b.int(36, "lastUpdated")), "cmpId": b.int(12, "cmpId"),
           "cmpVersion": b.int(12, "cmpVersion"), "consentScreen": b.int(6, "consentScreen")}
    out["consentLanguage"] = b.letter("consentLanguage") + b.letter("consentLanguage")
    out["vendorListVersion"] = b.int(12, "vendorListVersion")
    out["purposesAllowed"] = b.ids(24, "purposesAllowed")
    max_id = b.int(16, "maxVendorId")
    facts = {"maxVendorId": max_id, "form": "range" if b.int(1, "encodingType") else "bitfield"}
    if facts["form"] == "bitfield":
        out["vendorConsents"] = b.ids(max_id, "vendorConsents")
    else:
        default = b.int(1, "defaultConsent")
        entries = b.int(12, "numEntries")
        delta = [0] * (max_id + 2)  # +1 where a covered run starts, -1 after it ends
        above = False
        for _ in range(entries):
            is_range = b.int(1, "singleOrRange")
            start = b.int(16, "startVendorId")
            end = b.int(16, "endVendorId") if is_range else start
            if start == 0 or end == 0:
                raise DecodeError("badValue", "vendor id 0")
            if end < start:
                raise DecodeError("badValue", "EndVendorId %d < StartVendorId %d" % (end, start))
            above |= end > max_id
            if start <= max_id:
                delta[start] += 1
                delta[min(end, max_id) + 1] -= 1
        vendors, covered = [], 0
        for v in range(1, max_id + 1):
            covered += delta[v]
            if (covered > 0) != bool(default):
                vendors.append(v)
        out["vendorConsents"] = vendors
        facts.update(defaultConsent=bool(default), rangeEntries=entries, idsAboveMaxVendorId=above)
    facts.update(usedBits=b.pos, paddingBits=b.size - b.pos, trailingEquals=len(text) - len(core))
    return out, facts


def decode(s):
    return read(s)[0]


def main():
    inputs = sys.argv[1:] or (line.rstrip("\n") for line in sys.stdin)
    for s in inputs:
        try:
            print(json.dumps(decode(s), separators=(",", ":")))
        except DecodeError as e:
            print(json.dumps({"type": "error", "input": s, "error": {"code": e.code, "message": e.message}}))


if __name__ == "__main__":
    main()
