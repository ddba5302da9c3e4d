#pragma once

#include "core/Result.h"
#include "index/Embedder.h"

#include <QList>
#include <QPair>

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <vector>

namespace engram {

/// Approximate nearest neighbours over unit vectors (cosine = inner product),
/// backed by hnswlib. The graph holds int8 vectors (VectorKernels: a quarter of
/// float32's memory); float16 vectors are kept beside it (half of float32's), and
/// every answer's similarity is the float query's with the float16 vector, by
/// whichever path it was found: the graph's candidates are ranked again.
/// A loaded file is mapped, not read (a recall touches the pages it visits).
/// hnswlib is included by VectorIndex.cpp only: its headers define non-inline
/// globals. Searches run concurrently under a shared lock; adds and removes take
/// the lock exclusively (hnswlib's concurrent addPoint is not safe).
class VectorIndex {
public:
    struct Hit {
        qint64 id = 0;
        float similarity = 0.0f;
    };

    /// `buildEffort` is hnswlib's efConstruction: candidates weighed per insert. Graph building
    /// is most of a full index run (bench/README.md), so the engine asks for less of it where
    /// the vectors weigh less (kHashBuildEffort).
    explicit VectorIndex(int dimensions, int buildEffort = kModelBuildEffort);

    static constexpr int kModelBuildEffort = 64;
    /// For the offline hashed vectors (15 % of relevance, many near-ties): 100k chunks index in
    /// 52 s CPU instead of 70 s; LoCoMo dev unchanged, LoCoMo at 100k R@10 73.9 → 74.9.
    static constexpr int kHashBuildEffort = 40;
    ~VectorIndex();
    VectorIndex(const VectorIndex &) = delete;
    VectorIndex &operator=(const VectorIndex &) = delete;

    int dimensions() const { return m_dimensions; }
    qint64 size() const;

    /// Applied at once, or queued in order for the insertion thread during a bulk run.
    void add(qint64 id, const Vector &vector);
    void remove(qint64 id);
    void clear();
    /// How many add(), remove() and clear() calls this index has taken (applied or queued):
    /// unchanged across an index run means the saved file is still current.
    qint64 changeCount() const { return m_changes.load(); }

    /// A bulk run (a full index): add() and remove() return at once and a second thread applies
    /// them in the order they were made, so the graph is the same as without it while the
    /// caller parses, embeds and writes the next files. Searches see what has been applied.
    void beginBulk();
    /// Waits until every queued add and remove is applied.
    void drain();
    /// drain(), then back to applying at once.
    void endBulk();
    /// CPU seconds the insertion threads of bulk runs have spent (for measurement: how a full index
    /// divides between the parser's thread and the graph's).
    double bulkCpuSeconds() const { return double(m_bulkCpuNs.load()) / 1e9; }
    /// Most similar first, by the similarity with the float16 vector. Which vectors are weighed:
    /// - up to kExactBelow vectors, every one (float16); the answer depends on the vectors alone, not
    ///   on the order they came in;
    /// - above it, hnswlib's graph proposes efSearch candidates, which depend on the order the
    ///   vectors were added in (a chunk's graph level depends on its id alone, its links do not).
    /// kScanSearch (every int8 vector, the best max(4k, kShortlist) ranked in float16) is as
    /// order-independent and matched the float scan's top 60 for every query measured, but over
    /// hnswlib's element layout (528-byte stride) it costs 2.5 ms at 100k alone and 6 ms inside a
    /// recall on the shared machine, over the 5 ms target: kScanBelow leaves it off until the int8
    /// vectors have a contiguous array of their own (1.5 ms in vector_order_bench).
    QList<Hit> search(const Vector &query, int k) const;
    static constexpr qint64 kExactBelow = 20000;
    static constexpr qint64 kScanBelow = kExactBelow;
    static constexpr int kShortlist = 256;

    /// For measurement (bench/vector_order_bench.cpp), not for the engine: kAutomaticSearch (the
    /// default) is the rule above; kExactSearch compares every vector at any size; kScanSearch
    /// scans the int8 vectors at any size; a width > 0 always asks the graph, weighing that many
    /// candidates (hnswlib's efSearch, 96 by default).
    void setSearchWidth(int width);
    static constexpr int kAutomaticSearch = -1;
    static constexpr int kExactSearch = 0;
    static constexpr int kScanSearch = -2;

    /// The ids held, ascending (health compares them with the index's chunks).
    std::vector<qint64> ids() const;

    /// The index generation (meta `generation` of the SQLite index) these vectors are the vectors
    /// of; shared by every Engine of a process that shares this index. Another process that writes
    /// the index bumps the generation, and this one then brings its vectors up to date by ids.
    qint64 generation() const { return m_generation.load(); }
    void setGeneration(qint64 generation) { m_generation.store(generation); }
    /// Held while the vectors are brought up to date with the index (one thread of a process at a time).
    std::mutex &syncMutex() { return m_syncMutex; }

    /// Where the float16 vectors of adds are kept (HalfVectorStore): an unnamed file in `directory`
    /// (the engine's index folder) rather than this process's memory. Takes effect at once while the
    /// index holds no added vectors, else from the next clear() or load().
    Status setScratchDirectory(const QString &directory);
    /// A failure of that file since the last call (the vectors then went to memory).
    std::optional<Error> takeScratchError();

    /// Saves atomically: a temporary file, flushed to disk, then renamed over `path`, so after an
    /// interrupted save (or a full disk) the path holds the previous file whole.
    Status save(const QString &path) const;
    /// Maps the file (header, upper graph levels and id list are read; the floats and level 0 are
    /// paged in as searches touch them). On an error the index is as it was.
    Status load(const QString &path);
    /// save(), then, when more than kMapAfterSaveAbove vectors of the graph are in this process's
    /// heap (a full index built them there), load() of the file just written: the same graph, now
    /// file pages the kernel can drop and read again instead of anonymous memory it cannot. At 1M
    /// chunks a full index left ~1 GB of heap behind it, and under a 2 GiB memory limit recall then
    /// had no room for the file pages it reads and took 2 s (bench/README.md, "In 2 GiB").
    /// A failed save is returned; a saved file that cannot be loaded back goes to `notMapped`, and
    /// the index stays as it was (in memory, searchable).
    Status saveAndMap(const QString &path, std::optional<Error> &notMapped);
    static constexpr qint64 kMapAfterSaveAbove = kExactBelow;

private:
    struct Impl;
    struct Bulk;
    void addNow(qint64 id, const Vector &vector);
    void removeNow(qint64 id);

    int m_dimensions;
    std::atomic<qint64> m_changes{0};
    std::atomic<qint64> m_generation{-1};
    std::atomic<qint64> m_bulkCpuNs{0};
    std::mutex m_syncMutex;
    mutable std::shared_mutex m_mutex;
    std::unique_ptr<Impl> d;
    std::unique_ptr<Bulk> m_bulk;
};

} // namespace engram
