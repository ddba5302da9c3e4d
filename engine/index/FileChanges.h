#pragma once

#include "index/FileRecord.h"
#include "ingest/VaultScanner.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QStringList>

namespace engram {

/// How the files on disk differ from what the index recorded, by size and mtime (a touched file
/// whose bytes did not change counts as modified here; the indexer's content hash tells them apart).
/// The one comparison behind the indexer's run, the `index matches files` health check and the
/// workbench's catch-up after a folder changed.
struct FileChanges {
    QList<VaultFile> added;     ///< on disk, not in the index, and not a file that failed before
    QList<VaultFile> modified;  ///< in the index with another size or mtime
    QList<VaultFile> unchanged; ///< in the index with the same size and mtime
    QList<VaultFile> failed;    ///< on disk, not in the index, with an error problem recorded for it
    QStringList removed;        ///< in the index, no longer found on disk

    /// The paths to index again: added, modified and removed (failed ones are not retried).
    QStringList changedPaths() const;
    bool isEmpty() const { return added.isEmpty() && modified.isEmpty() && removed.isEmpty(); }

    /// Sorts `scanned` against `known` (the index's records); `failed` holds the paths with an error problem.
    static FileChanges compare(const QList<VaultFile> &scanned, const QHash<QString, FileRecord> &known,
                               const QSet<QString> &failed);
};

} // namespace engram
