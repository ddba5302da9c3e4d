#pragma once

#include "core/Result.h"
#include "ingest/VaultScanner.h"

#include <QStringList>

#include <functional>
#include <optional>

namespace engram {

/// Called after each file of an index run: how many are done of how many, and the last path.
using IndexProgress = std::function<void(int done, int total, const QString &path)>;

/// What one index run (or several, added up) did.
struct IndexReport {
    int scanned = 0;
    int indexed = 0; ///< new or changed files (re)indexed
    int unchanged = 0;
    int removed = 0;
    int failed = 0;    ///< files with an error problem
    qint64 chunks = 0; ///< chunks written in this run
    qint64 elapsedMs = 0;
    QList<Problem> problems;
    QStringList changedPaths; ///< indexed or removed in this run
    /// Set when the run did not take place, stopped early (another writer held the vault) or could
    /// not write part of what it found (the first such error).
    std::optional<Error> error;
    /// The error is a write that failed (a full disk, a file size limit, an I/O error): the run
    /// was undone back to its last whole batch, so the index holds what it held before, and the
    /// next run indexes the rest.
    bool writeFailed = false;

    /// Adds another run's counts, problems and paths (one report for several indexPath calls).
    IndexReport &operator+=(const IndexReport &other)
    {
        scanned += other.scanned;
        indexed += other.indexed;
        unchanged += other.unchanged;
        removed += other.removed;
        failed += other.failed;
        chunks += other.chunks;
        elapsedMs += other.elapsedMs;
        problems += other.problems;
        changedPaths += other.changedPaths;
        if (other.error && !error) {
            error = other.error;
            writeFailed = other.writeFailed;
        }
        return *this;
    }
};

} // namespace engram
