#!/usr/bin/env python3
"""Score memory-hygiene findings against a planted vault (bench/hygiene/gen_planted.py).

  python3 bench/hygiene/score.py VAULT/planted.json FINDINGS.json [--json OUT.json]

FINDINGS is a JSON list (or JSON lines, or {"findings": [...]}) of
  {"kind": "duplicate" | "contradiction" | "stale", "a": {"path": ...}, "b": {"path": ...}}
with vault-relative paths; the order of a and b does not matter, other fields are ignored
(except an optional "newer": path, which is checked against the planted newer file).

Matching is by the pair of files. A duplicate finding is right on a planted duplicate pair;
a contradiction or a stale finding is right on a planted contradiction pair. Everything else
is a false positive: a finding on a hard negative (kind "none"), a finding of the wrong kind
on a planted pair, a finding on two files that are no planted pair - EXCEPT a pair of two
LoCoMo transcripts (the copied corpus is natural conversation, it repeats and revises itself,
and nobody has labelled it): those are counted apart, as "unplanted, inside the corpus", and
do not enter precision. Precision = TP / (TP + FP); recall = planted pairs found / planted.
"""
import argparse
import json
import re
import sys

LOCOMO = re.compile(r'^sessions/\d{4}-\d{2}-\d{2}/conv-[^/]+-s\d+\.md$')
KINDS = ("duplicate", "contradiction", "stale")


def load_findings(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    text = text.strip()
    if not text:
        return []
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        data = [json.loads(line) for line in text.splitlines() if line.strip()]
    if isinstance(data, dict):
        data = data.get("findings", [])
    return data


def side(x):
    if isinstance(x, dict):
        return x.get("path") or x.get("file")
    return x


def pct(x):
    return f"{100 * x:5.1f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("planted")
    ap.add_argument("findings")
    ap.add_argument("--json", help="also write the numbers to this file")
    args = ap.parse_args()
    with open(args.planted, encoding="utf-8") as f:
        manifest = json.load(f)
    pairs = manifest["pairs"]
    corpus = set(manifest.get("corpus", []))

    def in_corpus(p):
        return p in corpus or (not corpus and bool(LOCOMO.match(p)))

    by_pair = {}
    for p in pairs:
        by_pair[frozenset((p["a"], p["b"]))] = p
    planted = {k: [p for p in pairs if p["kind"] == k] for k in ("duplicate", "contradiction", "none")}

    seen = set()
    tp = {k: 0 for k in KINDS}
    fp = {k: 0 for k in KINDS}
    found = {k: 0 for k in KINDS}
    recalled = {k: set() for k in KINDS}
    wrong_kind = {k: 0 for k in KINDS}
    negatives_hit = {}
    unplanted = []
    corpus_pairs = []
    malformed = 0
    newer_checked = newer_right = 0
    for item in load_findings(args.findings):
        kind = item.get("kind") if isinstance(item, dict) else None
        a, b = (side(item.get("a")), side(item.get("b"))) if isinstance(item, dict) else (None, None)
        if kind not in KINDS or not a or not b:
            malformed += 1
            continue
        key = (kind, frozenset((a, b)))
        if key in seen:
            continue
        seen.add(key)
        if in_corpus(a) and in_corpus(b):
            corpus_pairs.append((kind, a, b))
            continue
        found[kind] += 1
        p = by_pair.get(frozenset((a, b)))
        right = p is not None and ((kind == "duplicate" and p["kind"] == "duplicate")
                                   or (kind in ("contradiction", "stale") and p["kind"] == "contradiction"))
        if right:
            tp[kind] += 1
            recalled[kind].add(p["id"])
            if item.get("newer"):
                newer_checked += 1
                newer_right += side(item["newer"]) == p["newer"]
            continue
        fp[kind] += 1
        if p is None:
            unplanted.append((kind, a, b))
        elif p["kind"] == "none":
            negatives_hit.setdefault(p["id"], p)
        else:
            wrong_kind[kind] += 1

    out = {"split": manifest.get("split"), "memories": manifest.get("memories"), "kinds": {}, "forms": {},
           "hard_negatives": {}, "corpus_internal": len(corpus_pairs), "malformed": malformed}
    print(f"Hygiene benchmark — split {manifest.get('split')}, {manifest.get('memories')} chunks, "
          f"{len(pairs)} planted pairs ({len(planted['duplicate'])} duplicates, {len(planted['contradiction'])} "
          f"contradictions, {len(planted['none'])} hard negatives)")
    print()
    print(f"{'kind':<24}{'planted':>8}{'found':>9}{'TP':>8}{'FP':>9}{'precision':>11}{'recall':>9}")
    rows = [("duplicate", "duplicate", ["duplicate"]), ("contradiction", "contradiction", ["contradiction"]),
            ("stale", "contradiction", ["stale"]), ("contradiction + stale", "contradiction", ["contradiction", "stale"])]
    for label, pk, ks in rows:
        n_found = sum(found[k] for k in ks)
        n_tp = sum(tp[k] for k in ks)
        n_fp = sum(fp[k] for k in ks)
        hit = set().union(*(recalled[k] for k in ks))
        prec = n_tp / (n_tp + n_fp) if (n_tp + n_fp) else 0.0
        rec = len(hit) / len(planted[pk]) if planted[pk] else 0.0
        print(f"{label:<24}{len(planted[pk]):>8}{n_found:>9}{n_tp:>8}{n_fp:>9}{pct(prec):>9} %{pct(rec):>7} %")
        out["kinds"][label] = {"planted": len(planted[pk]), "found": n_found, "tp": n_tp, "fp": n_fp,
                               "precision": prec, "recall": rec}
    print("  (stale and contradiction findings are both judged against the planted contradictions; "
          "the last row counts a pair found by either once)")

    print()
    print("Recall per form")
    for pk, ks in (("duplicate", ["duplicate"]), ("contradiction", ["contradiction", "stale"])):
        hit = set().union(*(recalled[k] for k in ks))
        forms = {}
        for p in planted[pk]:
            forms.setdefault(p["form"], []).append(p)
        for form, ps in forms.items():
            r = sum(1 for p in ps if p["id"] in hit) / len(ps)
            print(f"  {pk + ' / ' + form:<40}{len(ps):>5} planted {pct(r)} %")
            out["forms"][f"{pk}/{form}"] = {"planted": len(ps), "recall": r}

    print()
    neg_forms = {}
    for p in planted["none"]:
        neg_forms.setdefault(p["form"], [0, 0])
        neg_forms[p["form"]][0] += 1
        if p["id"] in negatives_hit:
            neg_forms[p["form"]][1] += 1
    print(f"Hard negatives wrongly flagged: {len(negatives_hit)} of {len(planted['none'])} "
          f"(these count as false positives above)")
    for form, (n, hit) in neg_forms.items():
        print(f"  none / {form:<32}{n:>5} planted {hit:>5} flagged")
        out["hard_negatives"][form] = {"planted": n, "flagged": hit}
    for p in list(negatives_hit.values())[:5]:
        print(f"    e.g. [{p['form']}] {p['a_text']}  |  {p['b_text']}")
    wk = sum(wrong_kind.values())
    if wk:
        print(f"Findings of the wrong kind on a planted pair: {wk} (false positives)")
    print(f"Findings on two files that are no planted pair: {len(unplanted)} (false positives)")
    for kind, a, b in unplanted[:10]:
        print(f"    e.g. {kind}: {a}  |  {b}")

    print()
    print(f"Unplanted, inside the corpus: {len(corpus_pairs)} findings between two LoCoMo transcripts. The "
          "corpus is natural conversation that nobody labelled, so these are neither true nor false positives and "
          "are left out of precision; read them:")
    for kind, a, b in corpus_pairs[:10]:
        print(f"    {kind}: {a}  |  {b}")
    if newer_checked:
        print(f"\nWhich file is newer (findings that name one): {newer_right} of {newer_checked} right")
        out["newer"] = {"checked": newer_checked, "right": newer_right}
    if malformed:
        print(f"\n{malformed} findings skipped: no known kind or no a/b path")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=1)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
