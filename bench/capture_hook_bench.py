#!/usr/bin/env python3
# End-to-end: `engram-cli hook capture --transcript S` (Claude Code's SessionEnd road) into a fresh vault,
# redaction on and off (capture.redact in engram.json), interleaved; medians of wall and CPU (user+sys).
# Several binaries, comma-separated, are interleaved run by run (main's and a branch's: a load that comes and goes
# then slows both alike).   capture_hook_bench.py CLI[,CLI...] SAMPLE [RUNS]
import json, os, resource, shutil, statistics, subprocess, sys, tempfile, time
clis = sys.argv[1].split(','); sample = sys.argv[2]; runs = int(sys.argv[3]) if len(sys.argv) > 3 else 31
base = tempfile.mkdtemp()
template = os.path.join(base, 'template')
os.makedirs(template)
subprocess.run([clis[0], 'init', '--vault', template], check=True, capture_output=True)
res = {(cli, redact): ([], []) for cli in clis for redact in (False, True)}
for i in range(runs):
    for cli in clis:
        for redact in (False, True):
            v = os.path.join(base, f'v{i}{redact}')
            shutil.copytree(template, v)
            with open(os.path.join(v, 'engram.json'), 'w') as f:
                json.dump({'capture': {'redact': redact}}, f)
            r0 = resource.getrusage(resource.RUSAGE_CHILDREN); t0 = time.perf_counter()
            p = subprocess.run([cli, 'hook', 'capture', '--transcript', sample, '--vault', v], capture_output=True, text=True)
            t1 = time.perf_counter(); r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            if p.returncode != 0: sys.exit(p.stderr)
            res[cli, redact][0].append((t1 - t0) * 1e3)
            res[cli, redact][1].append(((r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)) * 1e3)
            shutil.rmtree(v)
shutil.rmtree(base)
for cli in clis:
    if len(clis) > 1:
        print(f"{cli}:")
    for redact in (False, True):
        w, c = res[cli, redact]
        print(f"redact={redact!s:5}: wall median {statistics.median(w):6.1f} ms (min {min(w):6.1f}), CPU median {statistics.median(c):6.1f} ms (min {min(c):6.1f})")
    w0, c0 = statistics.median(res[cli, False][0]), statistics.median(res[cli, False][1])
    w1, c1 = statistics.median(res[cli, True][0]), statistics.median(res[cli, True][1])
    print(f"redaction: wall +{w1-w0:.1f} ms ({100*(w1-w0)/w1:+.1f} % of the capture with it), CPU +{c1-c0:.1f} ms ({100*(c1-c0)/c1:+.1f} %)")
