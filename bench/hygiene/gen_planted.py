#!/usr/bin/env python3
"""Memory-hygiene benchmark vault: planted duplicates, contradictions and hard negatives.

  python3 bench/hygiene/gen_planted.py --out DIR [--memories 10000] [--seed 7]
                                       [--split dev|heldout] [--locomo /work/shared/bench/locomo-dev]

Writes an Engram vault in DIR:
  sessions/<yyyy-mm-dd>/<conv>-s<N>.md   the LoCoMo sessions, copied byte for byte (the form
                                         bench/consolidation_compression.sh and tst_cliqa use)
  sessions/<yyyy-mm-dd>/chat-<NNNN>-s1.md generated chats in the same Markdown form; each one
                                         carries one planted life update in one turn
  memories/<store>/<slug>.md              one short memory each, front matter as MemoryWriter writes it
  notes/<topic>/<slug>.md                 one short note each
  planted.json                            every planted pair (duplicates, contradictions, hard negatives)
until the number of chunks (memory files + notes + transcript turns) reaches --memories.

The two splits draw on disjoint template banks (bank_dev.py, bank_heldout.py): other
subjects, vocabulary and sentence shapes. The same seed and split give the same bytes.
See bench/hygiene/README.md.
"""
import argparse
import datetime
import json
import math
import os
import re
import sys
import time
import unicodedata
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import random  # noqa: E402

from bankkit import cap, fill, render  # noqa: E402

START = datetime.datetime(2024, 1, 8, 0, 0)
END = datetime.datetime(2025, 10, 31, 0, 0)
TURN = re.compile(r'^\*\*[^*]+\*\* \(D\d+:\d+\): ')

DUP_FORMS = [("exact", 0.25), ("reworded", 0.25), ("reordered", 0.25), ("partial", 0.25)]
CON_FORMS = [("changed-value", 0.4), ("reversed-decision", 0.3), ("life-update", 0.3)]
NEG_FORMS = [("other-fact", 0.3), ("other-number", 0.2), ("other-event", 0.25), ("history", 0.25)]
PAIRS_PER_10K = 180  # per kind
GATE = 0.6  # no two texts (other than a planted pair) may share more than this word-set Jaccard

STOP = set("""a an the of to in on at and or but for is are was were be been it its this that these with by from as
into than then so not no do does did has have had he she his her him they them their we our us you your i my me
now new all any each one two per after before about over under up out off""".split())


def words(text):
    return set(re.findall(r"[a-z0-9]+", text.lower()))


def jaccard(a, b):
    inter = len(a & b)
    return inter / (len(a) + len(b) - inter) if (a or b) else 0.0


class NearDup:
    """Word-set Jaccard index with prefix filtering: J(A, B) > t implies that A and B share a token
    among the first |X| - ceil(t |X|) + 1 tokens of each, in any fixed token order. The order puts
    rare words first (freq: an estimate of how common each word is; unknown words count as rare),
    so the prefixes hold names and values and their postings stay short."""

    def __init__(self, t, freq=None):
        self.t = t
        self.freq = freq or {}
        self.sets = []
        self.index = {}

    def order(self, tok):
        return (tok in STOP, self.freq.get(tok, 0), zlib.crc32(tok.encode()))

    def prefix(self, toks):
        s = sorted(toks, key=self.order)
        n = len(s)
        return s[:max(1, n - math.ceil(self.t * n) + 1)]

    def conflict(self, text):
        a = words(text)
        if not a:
            return None
        lo, hi = self.t * len(a), len(a) / self.t
        seen = set()
        for tok in self.prefix(a):
            for j in self.index.get(tok, ()):
                if j in seen:
                    continue
                seen.add(j)
                b = self.sets[j]
                if lo <= len(b) <= hi and jaccard(a, b) > self.t:
                    return j
        return None

    def add(self, text):
        a = words(text)
        i = len(self.sets)
        self.sets.append(a)
        for tok in self.prefix(a):
            self.index.setdefault(tok, []).append(i)
        return i


class Retry(Exception):
    pass


class Exhausted(Exception):
    """The bank has no unused fact or item left for this form."""


def slugify(text):
    """MemoryWriter::slugify: NFKD, lower case, letters and digits kept, runs of anything else one '-'."""
    slug = ""
    for c in unicodedata.normalize("NFKD", text).lower():
        if unicodedata.category(c) == "Mn":
            continue
        if "a" <= c <= "z" or "0" <= c <= "9" or (ord(c) > 0x7f and c.isalnum()):
            slug += c
        elif slug and not slug.endswith("-"):
            slug += "-"
    slug = slug.rstrip("-")
    if len(slug) > 60:
        slug = slug[:60]
        cut = slug.rfind("-")
        if cut > 30:
            slug = slug[:cut]
    return slug or "memory"


def content_title(text):
    """The title MemoryWriter derives when none is given: the first 60 characters, cut at a word."""
    t = " ".join(text.split())
    if len(t) > 60:
        t = t[:60].rsplit(" ", 1)[0]
    return t


def split_counts(total, forms):
    counts = [int(total * w) for _, w in forms]
    i = 0
    while sum(counts) < total:
        counts[i % len(counts)] += 1
        i += 1
    return [(name, c) for (name, _), c in zip(forms, counts)]


def iso(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ")


def yaml_scalar(value):
    if re.match(r'^[A-Za-z0-9_./@][A-Za-z0-9 _./@\-]*$', value) and value not in ("true", "false", "null") \
            and not value.endswith(" "):
        try:
            float(value)
        except ValueError:
            return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


class World:
    def __init__(self, r, bank, n):
        self.r = r
        self.bank = bank
        self.ents = {}
        self.types = {}
        for et in bank.ETYPES:
            count = max(et.minimum, round(et.per10k * n / 10000))
            taken = set()
            lst = []
            for i in range(count):
                e = et.make(r, i, taken, self)
                if e is None:
                    break
                e["_type"] = et.name
                e["_vals"] = {}
                lst.append(e)
            self.ents[et.name] = lst
            self.types[et.name] = et
        self.reserved = set()
        self.free_keys = set()

    def val(self, e, attr):
        if attr.key not in e["_vals"]:
            e["_vals"][attr.key] = attr.gen(self.r, e, self)
        return e["_vals"][attr.key]

    def free(self, e, attr):
        return (e["id"], attr.key) not in self.reserved

    def reserve(self, e, attr):
        self.reserved.add((e["id"], attr.key))

    def people(self):
        return self.ents["person"]

    def colleague(self):
        """A person who works with the owner (the banks mark them 'colleague')."""
        pool = self.__dict__.setdefault("_colleagues", [p for p in self.ents["person"] if p.get("colleague")])
        return self.r.choice(pool)

    def any(self, etype):
        return self.r.choice(self.ents[etype])


def merged(e, vals, old=None, extra=None):
    d = {k: v for k, v in e.items() if not k.startswith("_")}
    d.update(vals)
    if old:
        d.update({"old_" + k: v for k, v in old.items()})
    if extra:
        d.update(extra)
    return d


class Generator:
    def __init__(self, args, bank):
        self.args = args
        self.bank = bank
        self.r = random.Random(f"hygiene:{args.split}:{args.seed}")
        self.w = World(self.r, bank, args.memories)
        self.docs = []        # every memory/note file: dict
        self.sessions = []    # generated chat sessions
        self.pairs = []
        self.chat_no = 0
        self.gate = NearDup(GATE, self.pilot_frequencies())
        self.rejected = 0
        # the banks' chat builders try their parts against the same gate
        self.w.fits = lambda t: self.gate.conflict(t) is None
        self.w.close = lambda x, y: jaccard(words(x), words(y)) > GATE

    def pilot_frequencies(self, n=4000):
        """How common each word is in what the bank writes, from a throwaway sample (own RNG)."""
        main_r = self.w.r
        pr = random.Random(f"pilot:{self.args.split}:{self.args.seed}")
        self.w.r = pr
        freq = {}
        try:
            facts = [(et, a) for et in self.bank.ETYPES for a in et.attrs if a.say and self.w.ents.get(et.name)]
            frees = [f for f in self.bank.FREES if f.weight > 0]
            for i in range(n):
                if i % 2:
                    et, a = pr.choice(facts)
                    e = pr.choice(self.w.ents[et.name])
                    text = render(pr.choice(a.say), merged(e, a.gen(pr, e, self.w)))
                else:
                    item = pr.choice(frees).make(pr, self.w)
                    text = pr.choice(item["forms"]) if item else ""
                for tok in words(text):
                    freq[tok] = freq.get(tok, 0) + 1
        finally:
            self.w.r = main_r
        return freq

    # ---- dates -------------------------------------------------------------------------
    def when(self, lo=START, hi=END):
        span = int((hi - lo).total_seconds() // 60)
        return lo + datetime.timedelta(minutes=self.r.randrange(span))

    def pair_dates(self):
        old = self.when(START, END - datetime.timedelta(days=160))
        new = old + datetime.timedelta(days=self.r.randint(3, 150), minutes=self.r.randint(0, 600))
        return old, new

    # ---- documents ---------------------------------------------------------------------
    def spec(self, text, src, e, **kw):
        """What a file will hold, before the gate has let it in."""
        return {"text": text, "src": src, "e": e, "kw": kw}

    def fits(self, *texts):
        for t in texts:
            if self.gate.conflict(t) is not None:
                self.rejected += 1
                return False
        return True

    def doc(self, text, src, e, created, kind=None, title=None, store=None, cat=None, tags=None, project=None,
            topic=None):
        r = self.r
        if kind is None:
            kind = "note" if r.random() < 0.25 else "memory"
        if title is None and getattr(src, "titles", None) and r.random() < 0.55:
            title = render(r.choice(src.titles), merged(e, {}) if e else {})
        et = self.w.types.get(e["_type"]) if e else None
        if project is None:
            project = et.project(e) if (et and et.project) else None
        if topic is None:
            topic = getattr(src, "topic", None) or (et.topic if et else "misc")
        tg = list(tags) if tags is not None else list(getattr(src, "tags", []))
        if e and e.get("tag") and e["tag"] not in tg:
            tg.append(e["tag"])
        d = {"text": text, "kind": kind, "store": store or src.store, "cat": cat or src.cat, "tags": tg[:4],
             "project": project, "topic": topic, "created": created, "title": title}
        self.docs.append(d)
        self.gate.add(text)
        return d

    def commit_pair(self, sa, sb, kinds=None):
        """Both texts pass the gate (against everything but each other), then become files."""
        if not self.fits(sa["text"], sb["text"]):
            raise Retry()
        old, new = self.pair_dates()
        if kinds is None:
            kinds = self.r.choice([("memory", "memory")] * 11 + [("memory", "note"), ("note", "memory")] * 4
                                  + [("note", "note")] * 2)
        da = self.doc(sa["text"], sa["src"], sa["e"], old, kind=kinds[0], **sa["kw"])
        db = self.doc(sb["text"], sb["src"], sb["e"], new, kind=kinds[1], **sb["kw"])
        return da, db

    # ---- picking facts -------------------------------------------------------------------
    def eligible_attrs(self, test):
        out = []
        for et in self.bank.ETYPES:
            if not self.w.ents.get(et.name):
                continue
            for a in et.attrs:
                if test(a):
                    out.append((et, a))
        return out

    def pick_fact(self, test, need_pair=None):
        """A random unreserved (entity, attr) with test(attr); with need_pair, also a second
        unreserved attr of the same entity passing need_pair(a1, a2). Reserves what it returns."""
        r = self.r
        cands = self.eligible_attrs(test)
        weights = [a.weight for _, a in cands]
        for _ in range(400):
            et, a = r.choices(cands, weights)[0]
            e = r.choice(self.w.ents[et.name])
            if not self.w.free(e, a) or not a.fits(e):
                continue
            if need_pair:
                others = [b for b in et.attrs if b is not a and b.fits(e) and self.w.free(e, b) and need_pair(a, b)]
                if not others:
                    continue
                close = [b for b in others if b.group == a.group]
                b = r.choice(close if close and r.random() < 0.8 else others)
                self.w.reserve(e, a)
                self.w.reserve(e, b)
                return e, a, b
            self.w.reserve(e, a)
            return e, a
        raise Exhausted()

    def say(self, a, e, v, template=None):
        return render(template or self.r.choice(a.say), merged(e, v))

    def joined(self, e, a, b, va, vb, pa=None, pb=None):
        """'S pred-a and pred-b.' with each predicate filled from its own values."""
        pa = fill(pa or self.r.choice(a.pred), merged(e, va))
        pb = fill(pb or self.r.choice(b.pred), merged(e, vb))
        return cap(e["S"] + " " + pa + " and " + pb + "."), pa, pb

    @staticmethod
    def joinable(a, b):
        """Two predicates read well after one subject unless they start with the same verb."""
        return bool(a.pred and b.pred) and a.pred[0].split()[0] != b.pred[0].split()[0]

    @staticmethod
    def pronoun(e, sentence):
        """A second sentence about the same subject starts with He/She/It instead of the name."""
        subj = e["S"]
        if e.get("no_pronoun") or sentence[:len(subj)].lower() != subj.lower():
            return sentence
        rest = sentence[len(subj):]
        if rest.startswith("'s "):
            return e["His"] + rest[2:]
        if rest.startswith(" ") and rest[1:2].isalpha():
            return e["He"] + rest
        return sentence

    def tail(self, text, p):
        """An attribution or context tail (bank.tail), to give templated texts their own words."""
        if self.r.random() < p and hasattr(self.bank, "tail"):
            return self.bank.tail(self.r, self.w, text)
        return text

    # ---- planted pairs ------------------------------------------------------------------
    def dup_exact(self):
        r = self.r
        if r.random() < 0.3:
            f, item = self.free_item()
            t = r.choice(item["forms"])
            kw = self.free_kw(f, item)
            return self.spec(t, f, None, **kw), self.spec(t, f, None, **kw)
        e, a = self.pick_fact(lambda a: bool(a.say))
        t = self.say(a, e, self.w.val(e, a))
        return self.spec(t, a, e), self.spec(t, a, e)

    def dup_reworded(self):
        r = self.r
        if r.random() < 0.25:
            f, item = self.free_item(min_forms=2)
            t1, t2 = r.sample(item["forms"], 2)
            kw = self.free_kw(f, item)
            return self.spec(t1, f, None, **kw), self.spec(t2, f, None, **kw)
        e, a = self.pick_fact(lambda a: len(a.say) >= 2)
        v = self.w.val(e, a)
        s1, s2 = r.sample(a.say, 2)
        return self.spec(self.say(a, e, v, s1), a, e), self.spec(self.tail(self.say(a, e, v, s2), 0.15), a, e)

    def two_facts(self):
        e, a, b = self.pick_fact(lambda a: bool(a.say), need_pair=lambda a, b: bool(b.say))
        return e, a, b, self.w.val(e, a), self.w.val(e, b)

    def dup_reordered(self):
        r = self.r
        if r.random() < 0.2:
            f, item = self.free_item(parts=True)
            p1, p2 = item["parts"]
            kw = self.free_kw(f, item)
            return self.spec(p1 + " " + p2, f, None, **kw), self.spec(p2 + " " + p1, f, None, **kw)
        e, a, b, va, vb = self.two_facts()
        if self.joinable(a, b) and r.random() < 0.7:
            t1, pa, pb = self.joined(e, a, b, va, vb)
            t2 = cap(e["S"] + " " + pb + " and " + pa + ".")
        else:
            sa, sb = self.say(a, e, va), self.say(b, e, vb)
            t1, t2 = sa + " " + sb, sb + " " + sa
        return self.spec(t1, a, e), self.spec(t2, a, e)

    def dup_partial(self):
        r = self.r
        if r.random() < 0.2:
            f, item = self.free_item(parts=True)
            p1, p2 = item["parts"]
            kw = self.free_kw(f, item)
            long, short = p1 + " " + p2, p1  # the first part stands on its own; a detail may not
            src, e = f, None
        else:
            e, a, b, va, vb = self.two_facts()
            if self.joinable(a, b) and r.random() < 0.5:
                long, pa, pb = self.joined(e, a, b, va, vb)
                short = cap(e["S"] + " " + r.choice([pa, pb]) + ".")
            else:
                sa, sb = self.say(a, e, va), self.say(b, e, vb)
                long, short = sa + " " + (self.pronoun(e, sb) if r.random() < 0.5 else sb), r.choice([sa, sb])
            kw = {}
            src = a
        x, y = self.spec(long, src, e, **kw), self.spec(short, src, e, **kw)
        return (x, y) if r.random() < 0.5 else (y, x)

    def con_changed(self):
        r = self.r
        e, a = self.pick_fact(lambda a: a.changeable and not a.life and not a.rev)
        v = self.w.val(e, a)
        nv = a.changed(r, e, self.w, v)
        if nv is None:
            raise Retry()
        t_old = self.tail(self.say(a, e, v), 0.15)
        if r.random() < 0.6:
            t_new = render(r.choice(a.upd), merged(e, nv, old=v))
        else:
            t_new = self.say(a, e, nv)
        return self.spec(t_old, a, e), self.spec(self.tail(t_new, 0.15), a, e)

    def con_reversed(self):
        r = self.r
        e, a = self.pick_fact(lambda a: bool(a.rev))
        v = self.w.val(e, a)
        return (self.spec(self.tail(self.say(a, e, v), 0.15), a, e),
                self.spec(self.tail(render(r.choice(a.rev), merged(e, v)), 0.15), a, e))

    def con_life_memory(self):
        r = self.r
        e, a = self.pick_fact(lambda a: a.life)
        v = self.w.val(e, a)
        nv = a.changed(r, e, self.w, v)
        if nv is None:
            raise Retry()
        return self.spec(self.say(a, e, v), a, e), self.spec(render(r.choice(a.upd), merged(e, nv, old=v)), a, e)

    def con_life_session(self):
        r = self.r
        e, a = self.pick_fact(lambda a: a.life and bool(a.chat1 or a.chat3))
        v = self.w.val(e, a)
        nv = a.changed(r, e, self.w, v)
        if nv is None:
            raise Retry()
        t_old = self.say(a, e, v)
        first = bool(a.chat1) and (not a.chat3 or r.random() < 0.5)
        if not self.fits(t_old):
            raise Retry()
        chat = self.bank.chat(r, self.w, e, a, merged(e, nv, old=v), first_person=first)
        if chat is None or not self.fits(chat["turns"][chat["planted"]][1]):
            raise Retry()
        old, new = self.pair_dates()
        da = self.doc(t_old, a, e, old)
        for _, text in chat["turns"]:
            self.gate.add(text)
        return da, self.session(chat, new)

    def neg_other_fact(self, numeric):
        r = self.r
        if numeric:
            e, a, b = self.pick_fact(lambda a: a.numeric, need_pair=lambda a, b: b.numeric)
        else:
            same = r.random() < 0.6
            e, a, b = self.pick_fact(lambda a: a.group is not None and not a.numeric,
                                     need_pair=lambda a, b: b.group is not None and not b.numeric
                                     and (b.group == a.group) == same)
        return (self.spec(self.tail(self.say(a, e, self.w.val(e, a)), 0.15), a, e),
                self.spec(self.tail(self.say(b, e, self.w.val(e, b)), 0.15), b, e))

    def neg_event(self):
        r = self.r
        for _ in range(200):
            item = self.bank.event_pair(r, self.w)
            if item["key"] not in self.w.free_keys:
                break
        self.w.free_keys.add(item["key"])
        f = self.bank.EVENT_SRC
        kw = {"project": item.get("project"), "tags": item.get("tags", f.tags)}
        return self.spec(item["a"], f, None, **kw), self.spec(item["b"], f, None, **kw)

    def neg_history(self):
        r = self.r
        e, a = self.pick_fact(lambda a: bool(a.hist))
        cur = self.w.val(e, a)
        past = a.changed(r, e, self.w, cur)
        if past is None:
            raise Retry()
        year = START.year - r.randint(1, 8)
        t_hist = render(r.choice(a.hist), merged(e, cur, old=past, extra={"year": str(year)}))
        x, y = self.spec(t_hist, a, e), self.spec(self.say(a, e, cur), a, e)
        return (x, y) if r.random() < 0.5 else (y, x)

    # ---- free items (events, lessons ...) ------------------------------------------------
    def free_item(self, min_forms=1, parts=False):
        r = self.r
        frees = [f for f in self.bank.FREES if f.weight > 0]
        for _ in range(2000):
            f = r.choices(frees, [x.weight for x in frees])[0]
            item = f.make(r, self.w)
            keys = [item["key"]] + list(item.get("also", ())) if item else []
            if item is None or any(k in self.w.free_keys for k in keys):
                continue
            if len(item["forms"]) < min_forms or (parts and not item.get("parts")):
                continue
            self.w.free_keys.update(keys)
            return f, item
        raise Exhausted()

    def free_kw(self, f, item):
        return {"project": item.get("project"), "tags": item.get("tags", f.tags), "title": item.get("title"),
                "topic": item.get("topic")}

    # ---- sessions -------------------------------------------------------------------------
    def session(self, chat, when):
        self.chat_no += 1
        conv = f"chat-{self.chat_no:04d}"
        names = chat["participants"]
        firsts = [n.split()[0] for n in names]
        clock = when.strftime('%I:%M %p').lstrip('0').lower()
        date_text = f"{clock} on {when.day} {when.strftime('%B, %Y')}"
        head_date = f"{when.day} {when.strftime('%B %Y')}, {clock}"
        lines = ["---", f'title: "{firsts[0]} & {firsts[1]} — session 1"',
                 f"date: {when.strftime('%Y-%m-%dT%H:%M:00')}", f'date_text: "{date_text}"',
                 "participants: [" + ", ".join(f'"{n}"' for n in names) + "]",
                 "kind: transcript", f"conversation: {conv}", "session: 1", "---", "",
                 f"# {firsts[0]} & {firsts[1]} — session 1 ({head_date})", ""]
        planted_line = None
        for i, (speaker, text) in enumerate(chat["turns"]):
            if i == chat["planted"]:
                planted_line = len(lines) + 1
            lines.append(f"**{speaker}** (D1:{i + 1}): {text}")
            lines.append("")
        path = f"sessions/{when.strftime('%Y-%m-%d')}/{conv}-s1.md"
        s = {"path": path, "text": "\n".join(lines).rstrip("\n"), "turns": len(chat["turns"]),
             "line": planted_line, "turn_text": chat["turns"][chat["planted"]][1], "created": when, "session": True}
        self.sessions.append(s)
        return s

    # ---- the run --------------------------------------------------------------------------
    def plant(self):
        n = self.args.memories
        per_kind = max(4, round(PAIRS_PER_10K * n / 10000))
        jobs = []
        for kind, forms in (("duplicate", DUP_FORMS), ("contradiction", CON_FORMS), ("none", NEG_FORMS)):
            for form, c in split_counts(per_kind, forms):
                jobs += [(kind, form)] * c
        makers = {"exact": self.dup_exact, "reworded": self.dup_reworded, "reordered": self.dup_reordered,
                  "partial": self.dup_partial, "changed-value": self.con_changed,
                  "reversed-decision": self.con_reversed, "other-fact": lambda: self.neg_other_fact(False),
                  "other-number": lambda: self.neg_other_fact(True), "other-event": self.neg_event,
                  "history": self.neg_history}
        life_i = 0
        self.shortfall = {}
        for kind, form in jobs:
            done = False
            for attempt in range(60):
                try:
                    extra = {}
                    if form == "life-update":
                        if life_i % 2 == 1:
                            da, db = self.con_life_session()
                            extra = {"b_line": db["line"]}
                        else:
                            da, db = self.commit_pair(*self.con_life_memory())
                    else:
                        kinds = None
                        if form == "history":
                            kinds = self.r.choice([("memory", "memory")] * 3 + [("memory", "note"), ("note", "memory")])
                        da, db = self.commit_pair(*makers[form](), kinds=kinds)
                    done = True
                    break
                except Retry:
                    continue
                except Exhausted:
                    break
            if not done:
                # the bank is used up for this form at this size: plant fewer, say so
                self.shortfall[f"{kind}/{form}"] = self.shortfall.get(f"{kind}/{form}", 0) + 1
                continue
            if form == "life-update":
                life_i += 1
            if self.r.random() < 0.5 and "b_line" not in extra:
                da, db = db, da
            self.pairs.append({"kind": kind, "form": form, "a": da, "b": db, "extra": extra})

    def background(self, budget):
        r = self.r
        share = getattr(self.bank, "ENTITY_SHARE", 0.5)
        cands = []
        for et in self.bank.ETYPES:
            for e in self.w.ents[et.name]:
                for a in et.attrs:
                    if self.w.free(e, a) and a.say and a.fits(e):
                        cands.append((e, a))
        r.shuffle(cands)
        target = min(len(cands), int(budget * share))
        made = 0
        for e, a in cands:
            if made >= target:
                break
            if not self.w.free(e, a):
                continue
            self.w.reserve(e, a)
            v = self.w.val(e, a)
            et = self.w.types[e["_type"]]
            text = None
            if a.pred and r.random() < 0.12:
                others = [b for b in et.attrs if b is not a and self.joinable(a, b) and self.w.free(e, b)
                          and b.group == a.group and b.fits(e)]
                if others:
                    b = r.choice(others)
                    self.w.reserve(e, b)
                    text = self.joined(e, a, b, v, self.w.val(e, b))[0]
            if text is None:
                text = self.say(a, e, v)
            base = text
            text = self.tail(base, getattr(self.bank, "TAIL_P", 0.3))
            if not self.fits(text):
                # a second chance with its own words attached (who said it, when)
                text = self.tail(base, 1.0)
                if not self.fits(text):
                    continue
            self.doc(text, a, e, self.when())
            made += 1
        misses = 0
        while made < budget:
            try:
                f, item = self.free_item()
            except Exhausted:
                raise SystemExit("gen_planted.py: the template bank cannot fill a vault this large without "
                                 "near-duplicates; use a smaller --memories")
            text = r.choice(item["forms"])
            if not self.fits(text):
                misses += 1
                if misses > 50 * budget + 1000:
                    raise RuntimeError("free generators cannot fill the vault without near-duplicates")
                continue
            self.doc(text, f, None, self.when(), **self.free_kw(f, item))
            made += 1

    def run(self):
        t0 = time.time()
        out = self.args.out
        locomo = self.copy_locomo(out)
        self.plant()
        planted_docs = len(self.docs)
        session_turns = sum(s["turns"] for s in self.sessions)
        budget = self.args.memories - locomo["turns"] - session_turns - planted_docs
        if budget > 0:
            self.background(budget)
        self.assign_paths()
        for d in self.docs:
            self.write(os.path.join(out, d["path"]), self.render_doc(d))
        for s in self.sessions:
            self.write(os.path.join(out, s["path"]), s["text"] + "\n")
        total = len(self.docs) + session_turns + locomo["turns"]
        pairs = []
        for i, p in enumerate(self.pairs):
            a, b = p["a"], p["b"]
            q = {"id": f"{self.args.split}-{i + 1:04d}", "kind": p["kind"], "form": p["form"], "a": a["path"],
                 "b": b["path"], "newer": a["path"] if a["created"] > b["created"] else b["path"],
                 "a_created": iso(a["created"]), "b_created": iso(b["created"]),
                 "a_text": a.get("turn_text") or a["text"], "b_text": b.get("turn_text") or b["text"]}
            q.update(p["extra"])
            pairs.append(q)
        counts = {}
        for q in pairs:
            counts.setdefault(q["kind"], {}).setdefault(q["form"], 0)
            counts[q["kind"]][q["form"]] += 1
        manifest = {"split": self.args.split, "seed": self.args.seed, "memories": total,
                    "files": {"memories": sum(1 for d in self.docs if d["kind"] == "memory"),
                              "notes": sum(1 for d in self.docs if d["kind"] == "note"),
                              "corpus_sessions": len(locomo["paths"]), "corpus_turns": locomo["turns"],
                              "generated_sessions": len(self.sessions), "generated_turns": session_turns},
                    "counts": counts,
                    "gate": {"jaccard_max": GATE, "rejected_texts": self.rejected},
                    "shortfall": self.shortfall,
                    "corpus": locomo["paths"],
                    "pairs": pairs}
        with open(os.path.join(out, "planted.json"), "w", encoding="utf-8") as f:
            json.dump(manifest, f, indent=1, ensure_ascii=False)
            f.write("\n")
        return manifest, time.time() - t0

    def copy_locomo(self, out):
        src = self.args.locomo
        res = {"turns": 0, "paths": []}
        if not src or src == "none":
            return res
        corpus = os.path.join(src, "corpus")
        if not os.path.isdir(corpus):
            raise SystemExit(f"gen_planted.py: no LoCoMo corpus at {corpus}")
        for conv in sorted(os.listdir(corpus)):
            folder = os.path.join(corpus, conv)
            if not os.path.isdir(folder):
                continue
            for name in sorted(os.listdir(folder)):
                if not name.endswith(".md"):
                    continue
                with open(os.path.join(folder, name), "rb") as f:
                    raw = f.read()
                text = raw.decode("utf-8")
                m = re.search(r'^date: (\d{4}-\d{2}-\d{2})', text, re.M)
                sm = re.search(r'^session: (\d+)', text, re.M)
                number = int(sm.group(1)) if sm else int(re.sub(r'\D', '', name))
                rel = f"sessions/{m.group(1)}/{conv}-s{number}.md"
                dest = os.path.join(out, rel)
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                with open(dest, "wb") as f:
                    f.write(raw)
                res["turns"] += sum(1 for line in text.splitlines() if TURN.match(line))
                res["paths"].append(rel)
        return res

    def assign_paths(self):
        taken = set(s["path"] for s in self.sessions)
        for d in self.docs:
            title = d["title"] or content_title(d["text"])
            d["title"] = title
            if d["kind"] == "memory":
                folder = f"memories/{d['store']}"
            else:
                folder = f"notes/{d['topic']}"
            stem = slugify(title)
            k = 1
            while True:
                path = f"{folder}/{stem}{'-' + str(k) if k > 1 else ''}.md"
                if path not in taken:
                    break
                k += 1
            taken.add(path)
            d["path"] = path

    def render_doc(self, d):
        fm = ["---", f"title: {yaml_scalar(d['title'])}"]
        if d["kind"] == "memory":
            fm.append(f"store: {d['store']}")
            fm.append(f"category: {d['cat']}")
            if d["tags"]:
                fm.append("tags: [" + ", ".join(yaml_scalar(t) for t in d["tags"]) + "]")
            fm.append("source: conversation")
            if d["project"]:
                fm.append(f"project: {yaml_scalar(d['project'])}")
            fm.append(f"created: {iso(d['created'])}")
            fm.append("---")
            return "\n".join(fm) + "\n" + d["text"] + "\n"
        # a note: written by a person; created as a date, a heading, the text
        if self.r.random() < 0.3:
            fm.append(f"store: {d['store']}")
        fm.append(f"category: {d['cat']}")
        if d["tags"]:
            fm.append("tags: [" + ", ".join(yaml_scalar(t) for t in d["tags"]) + "]")
        if d["project"]:
            fm.append(f"project: {yaml_scalar(d['project'])}")
        fm.append(f"created: {d['created'].strftime('%Y-%m-%d')}")
        fm.append("---")
        return "\n".join(fm) + "\n\n# " + d["title"] + "\n\n" + d["text"] + "\n"

    def write(self, path, text):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--memories", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--split", choices=["dev", "heldout"], default="dev")
    ap.add_argument("--locomo", default="/work/shared/bench/locomo-dev",
                    help="LoCoMo folder with corpus/conv-*/session_NN.md ('none' to leave it out)")
    args = ap.parse_args()
    if os.path.exists(args.out) and os.listdir(args.out):
        raise SystemExit(f"gen_planted.py: {args.out} exists and is not empty; give a new folder")
    if args.split == "dev":
        import bank_dev as bank
    else:
        import bank_heldout as bank
    manifest, took = Generator(args, bank).run()
    c = manifest["counts"]
    print(f"{args.out}: split {args.split}, seed {args.seed}: {manifest['memories']} chunks "
          f"({manifest['files']['memories']} memories, {manifest['files']['notes']} notes, "
          f"{manifest['files']['corpus_turns']} LoCoMo turns, {manifest['files']['generated_turns']} generated chat turns); "
          f"planted: " + ", ".join(f"{k} {sum(v.values())}" for k, v in c.items()) + f"; {took:.1f} s")
    if manifest["shortfall"]:
        print("warning: the bank ran out for " + ", ".join(f"{k} ({v} fewer)" for k, v in manifest["shortfall"].items()),
              file=sys.stderr)


if __name__ == "__main__":
    main()
