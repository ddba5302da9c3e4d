#!/usr/bin/env python3
"""Resolves the stall samples StallStacks printed (stderr of workbench_bench --stacks) and shows,
for each stall, the functions found in most of its samples (inclusive), deepest first.
    python3 bench/stall_stacks.py STDERR_FILE [--top N]"""
import collections
import re
import subprocess
import sys


def main():
    path = sys.argv[1]
    top = int(sys.argv[sys.argv.index("--top") + 1]) if "--top" in sys.argv else 14
    stalls = []  # (header, [sample: [(file, offset, symbol)]])
    for line in open(path, errors="replace"):
        if line.startswith("STALL"):
            stalls.append((line.strip(), []))
        elif line.startswith("SAMPLE") and stalls:
            stalls[-1][1].append([])
        elif line.startswith("  ") and stalls and stalls[-1][1]:
            m = re.match(r"\s+(\S+)\+0x([0-9a-f]+) (\S+)", line)
            if m:
                stalls[-1][1][-1].append((m.group(1), int(m.group(2), 16), m.group(3)))
    wanted = collections.defaultdict(set)
    for _, samples in stalls:
        for sample in samples:
            for f, off, sym in sample:
                wanted[f].add(off)
    names = {}
    for f, offs in wanted.items():
        offs = sorted(offs)
        try:
            out = subprocess.run(["addr2line", "-f", "-C", "-e", f] + [hex(o) for o in offs],
                                 capture_output=True, text=True, timeout=120).stdout.split("\n")
        except Exception:
            out = []
        for i, o in enumerate(offs):
            fn = out[2 * i] if 2 * i < len(out) else "??"
            names[(f, o)] = fn
    for header, samples in stalls:
        print(header)
        counts = collections.Counter()
        for sample in samples:
            seen = set()
            for f, off, sym in sample:
                fn = names.get((f, off), "??")
                if fn == "??":
                    fn = sym if sym != "?" else f.rsplit("/", 1)[-1] + "+" + hex(off)
                fn = re.sub(r"\(.*", "", fn)[:140]
                if fn not in seen:
                    seen.add(fn)
                    counts[fn] += 1
        n = max(1, len(samples))
        for fn, c in counts.most_common(top * 3)[:top * 3]:
            if any(s in fn for s in ("main", "QCoreApplication::exec", "QEventLoop::exec", "__libc", "_start",
                                     "QEventDispatcher", "g_main", "QApplication::notify", "doNotify",
                                     "notifyInternal", "QObject::event", "QApplicationPrivate::notify_helper",
                                     "postEventSourceDispatch", "sendPostedEvents", "spin", "waitFor",
                                     "QTimerInfoList", "QCoreApplicationPrivate", "StallStacks", "killpg",
                                     "pthread_kill", "__restore_rt")):
                continue
            print(f"  {100 * c // n:3d}%  {fn}")
        print()


main()
