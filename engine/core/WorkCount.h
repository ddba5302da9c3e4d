#pragma once

#include <QtGlobal>

#include <atomic>

namespace engram {

/// Characters the ingest passes read or write on a file's way into the index (each line a scan
/// visits, each stretch a search steps over, each chunk, heading and section text made), for
/// tests that bound complexity by counting work instead of CPU seconds: on a shared machine the
/// CPU-time ratio of the same two runs moved from 5.5 to 8.8 with the load beside them
/// (tst_hostilefiles). A count does not move with the load. Relaxed adds: files are read on
/// several threads, and only the sum matters.
class WorkCount {
public:
    static void add(qint64 units) { s_units.fetch_add(units, std::memory_order_relaxed); }
    static qint64 total() { return s_units.load(std::memory_order_relaxed); }

private:
    static inline std::atomic<qint64> s_units{0};
};

} // namespace engram
