#!/usr/bin/env python3
"""Synthetic Engram vault for speed benchmarks: notes and transcripts, deterministic.

  bench/gen_vault.py OUT_DIR --chunks 100000 [--seed 42]

About 70 % of the chunks are conversation turns (sessions/<date>/<id>.md, 20-60 turns
each, one chunk per turn), 30 % note sections (notes/<project>/<slug>.md and
memories/<store>/<slug>.md with front matter, headings and paragraphs; one chunk per
heading section). Words follow a Zipf law over a vocabulary of common English words,
project jargon and generated long-tail terms, so BM25 postings and vector neighbours
look like a real vault rather than uniform noise. The same seed gives the same bytes.
"""
import argparse
import datetime
import os
import random

COMMON = """the of and to a in is it you that he was for on are with as i his they be at one have this from
or had by hot word but what some we can out other were all there when up use your how said an each she which
do their time if will way about many then them write would like so these her long make thing see him two has
look more day could go come did number sound no most people my over know water than call first who may down side
been now find any new work part take get place made live where after back little only round man year came show
every good me give our under name very through just form sentence great think say help low line differ turn cause
much mean before move right boy old too same tell does set three want air well also play small end put home read
hand port large spell add even land here must big high such follow act why ask men change went light kind off need
house picture try us again animal point mother world near build self earth father head stand own page should
country found answer school grow study still learn plant cover food sun four between state keep eye never last let
thought city tree cross farm hard start might story saw far sea draw left late run while press close night real
life few north open seem together next white children begin got walk example ease paper group always music those
both mark often letter until mile river car feet care second book carry took science eat room friend began idea
fish mountain stop once base hear horse cut sure watch color face wood main enough plain girl usual young ready
above ever red list though feel talk bird soon body dog family direct pose leave song measure door product black
short numeral class wind question happen complete ship area half rock order fire south problem piece told knew pass
since top whole king space heard best hour better true during hundred five remember step early hold west ground
interest reach fast verb sing listen six table travel less morning ten simple several vowel toward war lay against
pattern slow center love person money serve appear road map rain rule govern pull cold notice voice unit power town
fine certain fly fall lead cry dark machine note wait plan figure star box noun field rest correct able pound done
beauty drive stood contain front teach week final gave green quick develop ocean warm free minute strong special
mind behind clear tail produce fact street inch multiply nothing course stay wheel full force blue object decide
surface deep moon island foot system busy test record boat common gold possible plane stead dry wonder laugh
thousand ago ran check game shape equate miss brought heat snow tire bring yes distant fill east paint language
among""".split()

JARGON = """index query latency cache vector embedding chunk token budget recall ranking decay strength recency
schema migration sqlite hnsw cosine bm25 stemmer tokenizer parser transcript session digest consolidation
journal watcher thread worker mutex deadlock release deploy rollback branch merge commit review test fixture
benchmark profile allocator heap stack pointer reference lambda template module package build linker compiler
warning error exception timeout retry backoff endpoint server client request response header payload json yaml
markdown frontmatter heading paragraph bullet table widget model view delegate proxy signal slot event loop
timer clipboard hook agent prompt answer tool call result memory focus heuristic learning avoidance reflection
insight feedback pattern mistake decision design architecture interface contract invariant regression golden
latency throughput percentile histogram metric dashboard health integrity vacuum checkpoint wal fsync atomic
rename backup restore export import filter region store layer category tag valence arousal confidence project
""".split()

NAMES = "alice bob carol dave erin frank grace heidi ivan judy mallory niaj olivia peggy rupert sybil trent".split()
PROJECTS = "atlas borealis cygnus draco eridanus fornax gemini hydra indus lyra".split()
STORES = ["episodic", "semantic", "procedural", "prospective"]


def make_vocabulary(rng, tail_size=20000):
    syllables = ["ka", "lo", "mi", "ne", "su", "ta", "ri", "zo", "pe", "qua", "vel", "dor", "an", "is", "ur", "ex"]
    tail = set()
    while len(tail) < tail_size:
        tail.add("".join(rng.choice(syllables) for _ in range(rng.randint(2, 4))))
    words = COMMON + JARGON + NAMES + PROJECTS + sorted(tail)
    # Zipf weights: rank r gets 1/r^1.07; jargon is shuffled into the head so it is frequent.
    head = COMMON[:60] + JARGON + NAMES + PROJECTS
    rest = [w for w in words if w not in set(head)]
    rng.shuffle(head)
    ranked = COMMON[:20] + head + rest
    weights = [1.0 / (r + 1) ** 1.07 for r in range(len(ranked))]
    return ranked, weights


class Writer:
    def __init__(self, rng, vocab, weights):
        self.rng = rng
        self.vocab = vocab
        self.cum = []
        total = 0.0
        for w in weights:
            total += w
            self.cum.append(total)
        self.total = total

    def words(self, n):
        import bisect
        out = []
        for _ in range(n):
            out.append(self.vocab[min(len(self.vocab) - 1, bisect.bisect(self.cum, self.rng.random() * self.total))])
        return out

    def sentence(self, lo=6, hi=18):
        w = self.words(self.rng.randint(lo, hi))
        return w[0].capitalize() + " " + " ".join(w[1:]) + self.rng.choice([".", ".", ".", "?", "!"])

    def paragraph(self, sentences):
        return " ".join(self.sentence() for _ in range(sentences))


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def transcript(w, rng, day, index):
    who = rng.sample(NAMES, 1)[0]
    turns = rng.randint(20, 60)
    lines = ["---", f"title: Session {index} with {who}", f"date: {day.isoformat()}T{rng.randint(8, 20):02d}:00:00",
             "kind: transcript", f"project: {rng.choice(PROJECTS)}", "---", "", f"# Session {index}", ""]
    for t in range(turns):
        speaker = "user" if t % 2 == 0 else "assistant"
        lines.append(f"**{speaker}**: {w.paragraph(rng.randint(1, 3))}")
        lines.append("")
    return "\n".join(lines), turns


def note(w, rng, index, store=None):
    project = rng.choice(PROJECTS)
    title = " ".join(w.words(rng.randint(2, 5))).capitalize()
    sections = rng.randint(3, 8)
    fm = ["---", f"title: {title}", f"project: {project}", f"tags: [{', '.join(rng.sample(JARGON, 2))}]"]
    if store:
        fm.append(f"store: {store}")
    fm += [f"created: 2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}", "---", "", f"# {title}", ""]
    body = []
    for s in range(sections):
        body.append(f"## {' '.join(w.words(rng.randint(1, 4))).capitalize()}")
        body.append("")
        body.append(w.paragraph(rng.randint(2, 5)))
        body.append("")
        if rng.random() < 0.3:
            body += [f"- {w.sentence(3, 8)}" for _ in range(rng.randint(2, 4))] + [""]
    return "\n".join(fm + body), sections


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--chunks", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=42)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    vocab, weights = make_vocabulary(rng)
    w = Writer(rng, vocab, weights)
    start = datetime.date(2025, 1, 1)
    chunks = files = 0
    turn_target = int(args.chunks * 0.7)
    session = 0
    while chunks < turn_target:
        day = start + datetime.timedelta(days=session // 4)
        text, n = transcript(w, rng, day, session)
        write(os.path.join(args.out, "sessions", day.isoformat(), f"s{session:06d}.md"), text)
        chunks += n
        files += 1
        session += 1
    index = 0
    while chunks < args.chunks:
        if index % 5 == 4:
            store = STORES[index % len(STORES)]
            path = os.path.join(args.out, "memories", store, f"m{index:06d}.md")
        else:
            store = None
            path = os.path.join(args.out, "notes", PROJECTS[index % len(PROJECTS)], f"n{index:06d}.md")
        text, n = note(w, rng, index, store)
        write(path, text)
        chunks += n
        files += 1
        index += 1
    print(f"{args.out}: {files} files, about {chunks} chunks (seed {args.seed})")


if __name__ == "__main__":
    main()
