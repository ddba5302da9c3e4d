#!/usr/bin/env python3
# Step 2: re-ranks a run file of bench/locomo_eval.sh by score/best + W x cosine of GloVe meanings
# (vault idf; MODE=rank for frequency-rank weights with rank.json).
#   python3 meaning_rerank.py RUN.jsonl W OUT.jsonl   (in the folder of vocab.json)
import json,re,math,sys,subprocess,collections
L='/work/shared/bench/locomo-dev/'
V=json.load(open("vocab.json")); RANK=json.load(open("rank.json")); import os; MODE=os.environ.get("MODE","idf")
STOP=set("""a about above after again against all am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours yourself yourselves s t d ll m re ve don didn doesn isn wasn im ive id youre its also like get got really yeah oh hey wow thats lets gonna kind kinda much many lot well one us""".split())
qs=[json.loads(l) for l in open(L+'queries.jsonl')]
idx={(d['conversation'],d['dia_id']):d for d in map(json.loads,open(L+'dia_index.jsonl'))}
lines={}
def line(f,n):
    if f not in lines: lines[f]=open(L+f).read().split('\n')
    return lines[f][n-1]
turns=collections.defaultdict(list)
for (c,di),d in idx.items(): turns[c].append((di,line(d['file'],d['line'])))
df={}
for c,ts in turns.items():
    cnt=collections.Counter()
    for _,t in ts: cnt.update(set(w for w in re.findall(r"[a-z]+",t.lower()) if w not in STOP))
    df[c]=(cnt,len(ts))
def emb(text,c):
    cnt,n=df[c]; v=[0.0]*100
    ws=[w for w in re.findall(r"[a-z]+",re.sub(r'\(D\d+:\d+\)|\*\*[A-Za-z]+\*\*','',text).lower()) if w not in STOP and w in V]
    for w in set(ws):
        idf=(math.log(1+RANK[w]/100.0) if MODE=="rank" else math.log(1+n/(1+cnt.get(w,0))))
        x=V[w]
        for i in range(100): v[i]+=idf*x[i]
    nn=math.sqrt(sum(a*a for a in v)) or 1
    return [a/nn for a in v]
def cos(a,b): return sum(x*y for x,y in zip(a,b))
run={}
for l in open(sys.argv[1]):
    r=json.loads(l); run[r['id']]=r
w=float(sys.argv[2]); out=sys.argv[3]
with open(out,'w') as fo:
    for q in qs:
        r=run[q['id']]; c=q['conversation']; qe=emb(q['question'],c)
        res=r['results']
        if res:
            top=max(x['score'] for x in res) or 1
            for x in res: x['_s']=x['score']/top + w*cos(qe,emb(x['text'],c))
            res.sort(key=lambda x:-x['_s'])
        fo.write(json.dumps({'id':r['id'],'results':res})+'\n')
