#pragma once

namespace engram {

/// The name of an SQLite VFS that is the default one except for the regions it maps: each is
/// marked for random access (madvise MADV_RANDOM), so a page fault reads that page and not the
/// megabytes around it. Registered on first use; every connection that maps its file opens with it.
///
/// Why: the kernel reads ahead around a fault of a file mapping (read_ahead_kb, 8 MB on this
/// machine's disk). Recall touches a few hundred scattered pages, so on a cold cache, or once a
/// memory limit has evicted them, each fault read megabytes that pushed out other pages. At 1M
/// chunks under a 2 GiB memory limit, fast recall's first pass p50 was 75 ms (bench/README.md,
/// "In 2 GiB").
const char *randomAccessVfs();

} // namespace engram
