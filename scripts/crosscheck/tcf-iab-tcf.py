#!/usr/bin/env python3
"""Writes Vectors/crosscheck/tcf-iab-tcf.jsonl: TC strings decoded by an independent decoder, the PyPI package iab-tcf.

Not run by CI (it needs PyPI); run it by hand after changing the corpora or the mutation rule:

    scripts/crosscheck/tcf-iab-tcf.sh

Inputs: every line of Benchmarks/Corpus/tcf-{small,typical,large}.txt, and for each of them MUTATIONS copies with one
character of the core replaced (seeded, so the file is reproducible). A line is written for each input that iab-tcf
decodes AND our CLI decodes (iab-tcf is lenient where we are strict by design: it reads zeros past the end, accepts
6-bit letters above Z and ranges that end before they start; those inputs are counted and left out).

Each line names its input instead of holding it (the corpora are in the repository): the corpus file, the line
(1-based) and the mutation as [character offset, replacement] or null. Sets are given as their count and the FNV-1a
64-bit hash of their ids in ascending order, each id as two little-endian bytes; so a line stays small whatever the
set. Restrictions are grouped by (purposeId, restrictionType), the union of their entries, as our value model
groups them, and hashed together: each (purposeId, restrictionType, vendor id) in ascending order as four bytes
(purpose, type, id low, id high). Timestamps are whole seconds (iab-tcf drops the deciseconds).
"""
import calendar, json, random, subprocess, sys
from pathlib import Path
from iab_tcf import decode_v2

ROOT = Path(__file__).resolve().parents[2]
CORPORA = ["tcf-small.txt", "tcf-typical.txt", "tcf-large.txt"]
MUTATIONS = 2
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def fnv1a64(data):
    h = 0xCBF29CE484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def fnv(ids):
    return {"count": len(ids), "fnv1a64": fnv1a64(b for i in sorted(ids) for b in (i & 0xFF, i >> 8))}


def bitfield(d):
    return {k for k, v in d.items() if v}


def ranges(rs, maximum=None):
    return {i for a, b in rs for i in range(a, b + 1) if maximum is None or i <= maximum}


def expectation(p):
    vc = ranges(p.consented_vendors_range, p.max_consent_vendor_id) if p.is_consent_range_encoding \
        else bitfield(p.consented_vendors)
    vl = ranges(p.interests_vendors_range, p.max_interests_vendor_id) if p.is_interests_range_encoding \
        else bitfield(p.interests_vendors)
    groups = {}
    for e in p.pub_restriction_entries:
        groups.setdefault((e.purpose_id, e.restriction_type), set()).update(ranges(e.restrictions_range))
    out = {
        "createdSeconds": calendar.timegm(p.created.timetuple()),
        "lastUpdatedSeconds": calendar.timegm(p.last_updated.timetuple()),
        "cmpId": p.cmp_id, "cmpVersion": p.cmp_version, "consentScreen": p.consent_screen,
        "consentLanguage": p.consent_language.decode().upper(), "vendorListVersion": p.vendor_list_version,
        "policyVersion": p.tcf_policy_version, "isServiceSpecific": p.is_service_specific,
        "useNonStandardTexts": p.use_non_standard_stacks,
        "specialFeatureOptins": sorted(bitfield(p.special_features_optin)),
        "purposeConsents": sorted(bitfield(p.purposes_consent)),
        "purposeLegitimateInterests": sorted(bitfield(p.purposes_legitimate_interests)),
        "purposeOneTreatment": p.purpose_one_treatment, "publisherCountryCode": p.publisher_cc.decode().upper(),
        "vendorConsents": fnv(vc), "vendorLegitimateInterests": fnv(vl),
        "publisherRestrictions": {
            "groups": len(groups),
            "vendorIds": sum(len(v) for v in groups.values()),
            "fnv1a64": fnv1a64(b for (purpose, kind), v in sorted(groups.items()) for i in sorted(v)
                               for b in (purpose, kind, i & 0xFF, i >> 8)),
        },
    }
    disclosed = getattr(p, "oob_disclosed_vendors", None)
    out["disclosedVendors"] = None if disclosed is None else fnv(bitfield(disclosed) if isinstance(disclosed, dict)
                                                               else set(disclosed))
    return out


def main():
    random.seed(20261130)
    cases = []
    for name in CORPORA:
        lines = (ROOT / "Benchmarks" / "Corpus" / name).read_text().splitlines()
        for number, text in enumerate(lines, 1):
            cases.append((name, number, None, text))
            core = text.split(".")[0]
            for _ in range(MUTATIONS):
                offset = random.randrange(len(core))
                character = random.choice(ALPHABET.replace(core[offset], ""))
                cases.append((name, number, [offset, character], text[:offset] + character + text[offset + 1:]))
    ours = subprocess.run([str(ROOT / ".build" / "release" / "consent"), "decode", "--json", "-"],
                          input="\n".join(c[3] for c in cases) + "\n", capture_output=True, text=True).stdout.splitlines()
    assert len(ours) == len(cases), (len(ours), len(cases))
    written = lenient = failing = 0
    with open(ROOT / "Vectors" / "crosscheck" / "tcf-iab-tcf.jsonl", "w") as out:
        for (name, number, mutation, text), line in zip(cases, ours):
            try:
                decoded = decode_v2(text)
                if decoded.version != 2:
                    raise ValueError("not v2")
                expect = expectation(decoded)
            except Exception:
                failing += 1
                continue
            if json.loads(line).get("type") != "tcf":
                lenient += 1
                continue
            out.write(json.dumps({"corpus": name, "line": number, "mutation": mutation, "iabTcf": expect},
                                 separators=(",", ":")) + "\n")
            written += 1
    print(f"written {written}; iab-tcf decodes but we reject {lenient}; iab-tcf rejects {failing}", file=sys.stderr)


main()
