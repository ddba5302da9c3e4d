#pragma once

#include "Embedder.h"
#include "Result.h"

#include <QList>
#include <QPair>

#include <memory>
#include <shared_mutex>

namespace engram {

/// Approximate nearest neighbours over unit vectors (cosine = inner product),
/// backed by hnswlib. hnswlib is included by VectorIndex.cpp only: its
/// headers define non-inline globals. Searches run concurrently under a
/// shared lock; adds and removes take the lock exclusively (hnswlib's
/// concurrent addPoint is not safe).
class VectorIndex {
public:
    struct Hit {
        qint64 id = 0;
        float similarity = 0.0f;
    };

    explicit VectorIndex(int dimensions);
    ~VectorIndex();
    VectorIndex(const VectorIndex &) = delete;
    VectorIndex &operator=(const VectorIndex &) = delete;

    int dimensions() const { return m_dimensions; }
    qint64 size() const;

    void add(qint64 id, const Vector &vector);
    void remove(qint64 id);
    void clear();
    /// Most similar first.
    QList<Hit> search(const Vector &query, int k) const;

    /// Saves atomically (temporary file, then rename).
    Status save(const QString &path) const;
    Status load(const QString &path);

private:
    struct Impl;
    void ensureCapacity(size_t needed);

    int m_dimensions;
    mutable std::shared_mutex m_mutex;
    std::unique_ptr<Impl> d;
};

} // namespace engram
