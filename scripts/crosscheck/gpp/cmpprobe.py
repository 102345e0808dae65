import os
import sys, json, subprocess
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gppdec
from compare import strip, diff
from classify import classify
rows=[l.rstrip('\n').split('\t',1) for l in open(sys.argv[1])]
p=subprocess.run([os.environ.get('CONSENT_CLI', os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..', '.build', 'release', 'consent')),'decode','--json','--kind','gpp','--no-cache','-'],input=''.join(s+'\n' for _,s in rows),capture_output=True,text=True)
outs=[json.loads(l) for l in p.stdout.splitlines()]
assert len(outs)==len(rows),(len(outs),len(rows))
for (lab,s),o in zip(rows,outs):
    m=gppdec.decode_json(s); t=strip(o)
    me=m.get('error'); te=t.get('error')
    if me or te:
        ms=('ERR %s %s.%s'%(me['code'],me['segment'],me['field'])) if me else 'ok'
        ts=('ERR %s'%te.get('message','')[:110]) if te else 'ok'
        flag='  ' if (bool(me)==bool(te) and (not me or me['code']==te['code'])) else '**'
        k=classify(s,m,t) if flag=='**' else ''
        print(flag,lab,'|',s[:60],'|',k or ('UNEXPLAINED' if flag=='**' else '')); print('      mine:',ms); print('      ours:',ts)
        if not te and me: print('      ours-out:', json.dumps(t['sections'])[:300])
        if not me and te: print('      mine-out:', json.dumps(m['sections'])[:300])
    else:
        d=diff(m,t)
        print('**' if d else '  ',lab,'| both ok |', (classify(s,m,t) or 'UNEXPLAINED') if d else '', json.dumps(d)[:400] if d else '')
