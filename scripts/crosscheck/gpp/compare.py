#!/usr/bin/env python3
"""compare.py GENFILE OUTDIR: run gppdec and the CLI on every generated string, compare."""
import sys, json, subprocess, collections, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gppdec
from classify import classify

CLI = os.environ.get("CONSENT_CLI", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", ".build", "release", "consent"))


def strip(o):
    if isinstance(o, dict):
        return {k: strip(v) for k, v in o.items() if k != "encoding"}
    if isinstance(o, list):
        return [strip(v) for v in o]
    return o


def diff(a, b, path=""):
    """full (two-way) diff of JSON values: list of (path, a, b)"""
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in list(a.keys()) + [k for k in b if k not in a]:
            if k not in a:
                out.append((path + "." + k, "<absent>", b[k]))
            elif k not in b:
                out.append((path + "." + k, a[k], "<absent>"))
            else:
                out += diff(a[k], b[k], path + "." + k)
        return out
    if a != b or type(a) != type(b):
        return [(path, a, b)]
    return []


def run_cli(inputs):
    data = "".join(s + "\n" for s in inputs)
    p = subprocess.run([CLI, "decode", "--json", "--kind", "gpp", "--no-cache", "-"], input=data,
                       capture_output=True, text=True)
    lines = p.stdout.splitlines()
    if len(lines) != len(inputs):
        raise SystemExit("CLI printed %d lines for %d inputs; stderr: %s" % (len(lines), len(inputs), p.stderr[:500]))
    return [json.loads(l) for l in lines]


def main():
    gen, outdir = sys.argv[1], sys.argv[2]
    os.makedirs(outdir, exist_ok=True)
    rows = [json.loads(l) for l in open(gen)]
    cli = []
    B = 2000
    for i in range(0, len(rows), B):
        cli += run_cli([r["input"] for r in rows[i:i + B]])
    stats = collections.defaultdict(lambda: collections.Counter())
    dis = open(os.path.join(outdir, "disagreements.jsonl"), "w")
    selfbug = open(os.path.join(outdir, "selfcheck.jsonl"), "w")
    classes = collections.Counter()
    cls_count = collections.Counter()
    unexplained = open(os.path.join(outdir, "unexplained.jsonl"), "w")
    for r, c in zip(rows, cli):
        s = r["input"]
        mine = gppdec.decode_json(s)
        theirs = strip(c)
        def note(rec):
            k = classify(s, mine, theirs)
            rec["class"] = k
            cls_count[(r["kind"], k or "UNEXPLAINED")] += 1
            if k is None:
                unexplained.write(json.dumps(rec) + "\n")
            dis.write(json.dumps(rec) + "\n")
        if r["kind"] == "valid":
            tag = r["tag"]
            base, _, feats = tag.partition("|")
            key = base.split(":")[0] if ":" in base else base.split("-")[0]
            fkeys = ["feature:" + f for f in feats.split(",") if f]
            if ":" not in base:
                fkeys.append("variant:" + base)
            for fk in fkeys:
                stats[fk]["n"] += 1
            if mine["type"] == "error" or diff(r["truth"], mine):
                selfbug.write(json.dumps({"input": s, "tag": tag, "truth_vs_mine": diff(r["truth"], mine) if mine["type"] != "error" else mine}) + "\n")
                stats[key]["selfcheck-fail"] += 1
            stats[key]["n"] += 1
            if mine["type"] == "error" and theirs.get("type") == "error":
                stats[key]["agree-both-error"] += 1
                continue
            d = diff(mine, theirs) if mine["type"] != "error" and theirs.get("type") != "error" else [("outcome", mine.get("error") or "ok", theirs.get("error") or "ok")]
            if d:
                stats[key]["disagree"] += 1
                note({"kind": "valid", "input": s, "tag": tag, "diff": d[:20], "mine": mine.get("error"), "theirs": theirs.get("error")})
                for p, a, b in d:
                    classes[("valid", key, p if p == "outcome" else p.split(".", 3)[-1] if p.startswith(".sections") else p)] += 1
            else:
                stats[key]["agree"] += 1
                for fk in fkeys:
                    stats[fk]["agree"] += 1
        else:
            key = "mutated"
            stats[key]["n"] += 1
            me, th = mine["type"] == "error", theirs.get("type") == "error"
            if me != th:
                stats[key]["outcome-disagree"] += 1
                note({"kind": "mutated", "input": s, "origin": r["origin"], "how": r["how"], "tag": r["tag"],
                      "mine": mine.get("error") or "ok", "theirs": theirs.get("error") or "ok"})
                classes[("mutated-outcome", "mine-error" if me else "theirs-error",
                         (mine.get("error") or theirs.get("error"))["code"])] += 1
            elif me:
                stats[key]["both-error"] += 1
                a, b = mine["error"], theirs["error"]
                if a["code"] != b["code"] or (a.get("segment") or "") != (b.get("segment") or ""):
                    stats[key]["both-error-code-or-section-differs"] += 1
                    note({"kind": "mutated-errdiff", "input": s, "origin": r["origin"], "how": r["how"], "tag": r["tag"],
                          "mine": a, "theirs": b})
                    classes[("mutated-errdiff", a["code"] + "/" + str(a.get("segment")), b["code"] + "/" + str(b.get("segment")))] += 1
                else:
                    stats[key]["both-error-same-code-section"] += 1
            else:
                stats[key]["both-ok"] += 1
                d = diff(mine, theirs)
                if d:
                    stats[key]["both-ok-fields-differ"] += 1
                    note({"kind": "mutated-fields", "input": s, "origin": r["origin"], "how": r["how"], "tag": r["tag"], "diff": d[:20]})
                    for p, a, b in d:
                        classes[("mutated-fields", p)] += 1
                else:
                    stats[key]["both-ok-agree"] += 1
    with open(os.path.join(outdir, "summary.json"), "w") as f:
        json.dump({k: dict(v) for k, v in stats.items()}, f, indent=1)
    for k in sorted(stats):
        print("%-16s %s" % (k, dict(stats[k])))
    print("--- disagreements by explained class (kind, class): count")
    for k, v in sorted(cls_count.items(), key=lambda x: (x[0][0], -x[1])):
        print("%6d  %s" % (v, k))
    with open(os.path.join(outdir, "classes.json"), "w") as f:
        json.dump({"%s|%s" % k: v for k, v in cls_count.items()}, f, indent=1)
    print("--- disagreement paths")
    for k, v in classes.most_common(80):
        print(v, k)


if __name__ == "__main__":
    main()
