#!/usr/bin/env python3
"""Writes Vectors/independent-gpp.jsonl: from a gen.py output, the first 12 valid strings of each known section id
that hold that section alone, each with gppdec.py's reading as `expect` (the golden-vector format of
Vectors/README.md). The conformance tests then check that we decode every one to that reading and re-encode it.

    python3 gen.py --seed 20261201 --valid-per-id 800 --multi 2000 --unknown 300 --mutated 5000 --out GEN
    python3 vectors.py GEN SEED > ../../../Vectors/independent-gpp.jsonl
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gppdec  # noqa: E402
from gen import KNOWN  # noqa: E402

PER_SECTION = 12


def main(generated, seed):
    taken = {}
    number = 0
    for line in open(generated):
        entry = json.loads(line)
        if entry["kind"] != "valid":
            continue
        ids = entry["truth"].get("sectionIds", [])
        if len(ids) != 1 or ids[0] not in KNOWN or taken.get(ids[0], 0) >= PER_SECTION:
            continue
        taken[ids[0]] = taken.get(ids[0], 0) + 1
        number += 1
        vector = {
            "id": f"independent-gpp-{number:03d}",
            "kind": "gpp",
            "input": entry["input"],
            "expect": gppdec.decode(entry["input"]),
            "source": f"seeded random string (scripts/crosscheck/gpp/gen.py, seed {seed}), "
            f"{PER_SECTION} for each known section id",
            "verifiedBy": "independent decode",
        }
        print(json.dumps(vector, ensure_ascii=False, separators=(", ", ": ")))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
