import os
import json, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gppdec

def mism(exp, got, path=""):
    out = []
    if isinstance(exp, dict):
        if not isinstance(got, dict):
            return [(path, exp, got)]
        for k, v in exp.items():
            if k not in got:
                out.append((path + "." + k, v, "<missing>"))
            else:
                out += mism(v, got[k], path + "." + k)
        return out
    if exp != got:
        return [(path, exp, got)]
    return []

files = sys.argv[1:] or [os.path.join(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."), 'Vectors', name) for name in ('gpp.jsonl', 'own-gpp.jsonl')]
bad = tot = 0
for f in files:
    for l in open(f):
        d = json.loads(l)
        if d.get('kind', 'gpp') != 'gpp': continue
        tot += 1
        got = gppdec.decode_json(d['input'])
        if d.get('expectError'):
            if got['type'] != 'error':
                bad += 1; print('SHOULD FAIL', d['id'], d['input'][:80])
            else:
                print('  ok-fail', d['id'], got['error']['code'], d.get('expectCode',''))
            continue
        m = mism(d['expect'], got)
        if m:
            bad += 1
            print('MISMATCH', d['id'], d['input'][:100]); [print('   ', x) for x in m[:6]]
print(tot, 'vectors', bad, 'bad')
