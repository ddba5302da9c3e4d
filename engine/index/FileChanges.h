#pragma once

#include "index/FileRecord.h"
#include "ingest/VaultScanner.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QStringList>

namespace engram {

class IndexStore;

/// How the files on disk differ from what the index recorded, by size and mtime (a touched file
/// whose bytes did not change counts as modified here; the indexer's content hash tells them apart).
/// The one comparison behind the indexer's run, the `index matches files` health check and the
/// workbench's catch-up after a folder changed (ofPaths: only the folders and files its watcher named).
struct FileChanges {
    QList<VaultFile> added;     ///< on disk, not in the index, and not a file that failed before
    QList<VaultFile> modified;  ///< in the index with another size or mtime
    QList<VaultFile> unchanged; ///< in the index with the same size and mtime
    QList<VaultFile> failed;    ///< on disk, not in the index, with an error problem recorded for it
    QStringList removed;        ///< in the index, no longer found on disk
    /// ofPaths(): the subfolders of a folder named that the index holds nothing of (made or moved
    /// in, or empty), vault-relative: a watcher watches them from now on.
    QStringList newFolders;

    /// How ofPaths() reads the files of a folder that the index already knows.
    enum class KnownFiles {
        Compare,     ///< stat() each, compare size and mtime
        WatchedEach, ///< each has a watch of its own that names it when it changes: only names are read, and
                     ///< a known name counts as unchanged (20,000 in a folder: 15 ms instead of 100–300 ms)
    };

    /// The paths to index again: added, modified and removed (failed ones are not retried).
    QStringList changedPaths() const;
    bool isEmpty() const { return added.isEmpty() && modified.isEmpty() && removed.isEmpty(); }

    /// Sorts `scanned` against `known` (the index's records); `failed` holds the paths with an error problem.
    static FileChanges compare(const QList<VaultFile> &scanned, const QHash<QString, FileRecord> &known,
                               const QSet<QString> &failed);

    /// The whole vault at `vaultPath` against everything `store` holds.
    static FileChanges ofVault(IndexStore &store, const QString &vaultPath, qint64 maxFileBytes);
    /// Only what a file watcher named: each of `paths` (vault-relative; "" is the vault's root) is
    /// a folder, a file, or what was one. A folder is compared with the index's rows in it, not
    /// below it (its subfolders are watched for themselves), except for a subfolder the index
    /// holds nothing of (made or moved in: all of it) and one that is gone (all its rows go). A
    /// file is compared alone; a path that is neither any more takes all its rows with it.
    /// Hidden folders, state/ and archive/ are never compared, as in ofVault().
    static FileChanges ofPaths(IndexStore &store, const QString &vaultPath, const QStringList &paths,
                               qint64 maxFileBytes, KnownFiles knownFiles = KnownFiles::Compare);
};

} // namespace engram
