#!/usr/bin/env python3
"""Generates a synthetic vault for the workbench benchmarks.

gen_workbench_vault.py DIR [--chunks 100000] [--sections-per-file 20]

Every file holds `sections-per-file` headed sections of one short paragraph,
so the chunker makes one chunk per section: --chunks 100000 gives ~100k chunks
spread over notes/, memories/<store>/ and sessions/. Deterministic (seeded).
"""
import argparse
import os
import random

WORDS = ("memory agent build test deploy garden coffee review design index vector recall pack budget "
         "session decision lesson heuristic focus project alpha beta gamma delta river mountain "
         "python rust qt sqlite cmake ninja release bug fix performance latency cache journal").split()
STORES = ["episodic", "semantic", "procedural", "prospective"]


def paragraph(rng, n=40):
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("vault")
    parser.add_argument("--chunks", type=int, default=100000)
    parser.add_argument("--sections-per-file", type=int, default=20)
    args = parser.parse_args()
    rng = random.Random(7)
    files = max(1, args.chunks // args.sections_per_file)
    for i in range(files):
        kind = i % 3
        if kind == 0:
            rel = f"notes/topic-{i // 100:03d}/note-{i:05d}.md"
            head = f"---\ntitle: Note {i}\ntags: [{rng.choice(WORDS)}, {rng.choice(WORDS)}]\n---\n"
        elif kind == 1:
            store = STORES[i % len(STORES)]
            rel = f"memories/{store}/memory-{i:05d}.md"
            head = f"---\ntitle: Memory {i}\nstore: {store}\n---\n"
        else:
            rel = f"sessions/2026-{1 + i % 12:02d}-{1 + i % 28:02d}/session-{i:05d}.md"
            head = ""
        path = os.path.join(args.vault, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(head)
            f.write(f"# Document {i}\n\n")
            for s in range(args.sections_per_file):
                f.write(f"## Section {s}\n\n{paragraph(rng)}\n\n")
    print(f"wrote {files} files into {args.vault}")


if __name__ == "__main__":
    main()
