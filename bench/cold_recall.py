#!/usr/bin/env python3
"""Cold CLI recall: evict a vault's index files from the page cache, then time one
`engram-cli recall` and count what it read from disk.

  bench/cold_recall.py CLI VAULT [--runs N] [--warm] QUERY...

Eviction is posix_fadvise(DONTNEED) on .engram/index.db(-wal) and vectors.hnsw only: the
machine's other cached files stay (as `dd iflag=nocache count=0` would). read_bytes is the
child's /proc/<pid>/io counter of bytes fetched from the block device, taken by wait4's rusage
(ru_inblock, 512-byte units), so mapped faults count as well as read() calls.
"""
import os
import sys
import time


def evict(vault):
    folder = os.path.join(vault, ".engram")
    for name in os.listdir(folder):
        if name.startswith("index.db") or name.startswith("vectors"):
            path = os.path.join(folder, name)
            fd = os.open(path, os.O_RDONLY)
            try:
                os.fsync(fd)  # dirty pages are not dropped
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            finally:
                os.close(fd)


def run(cli, vault, query):
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        os.execv(cli, [cli, "recall", "--vault", vault, query, "-k", "10"])
    _, status, usage = os.wait4(pid, 0)
    elapsed = (time.monotonic() - start) * 1000
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{cli} recall exited with {os.waitstatus_to_exitcode(status)}")
    return elapsed, usage.ru_inblock * 512 / 1048576, usage.ru_maxrss / 1024


def main():
    args = sys.argv[1:]
    runs, warm = 1, False
    if "--runs" in args:
        i = args.index("--runs")
        runs = int(args[i + 1])
        del args[i:i + 2]
    if "--warm" in args:
        args.remove("--warm")
        warm = True
    if len(args) < 3:
        sys.exit(__doc__)
    cli, vault, queries = args[0], args[1], args[2:]
    for r in range(runs):
        for q in queries:
            if not warm:
                evict(vault)
            ms, read_mib, rss = run(cli, vault, q)
            print(f"{'warm' if warm else 'cold'} {ms:8.1f} ms  read {read_mib:7.1f} MiB  maxrss {rss:6.1f} MiB  {q}")


if __name__ == "__main__":
    main()
