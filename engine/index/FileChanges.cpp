#include "index/FileChanges.h"

#include "index/IndexStore.h"

#include <QDir>
#include <QFileInfo>

namespace engram {

namespace {

QSet<QString> failedPaths(IndexStore &store)
{
    QSet<QString> failed;
    for (const Problem &p : store.problems())
        if (p.severity == QLatin1String("error"))
            failed.insert(p.path);
    return failed;
}

/// A vault-relative path the scanner never enters: a hidden part, or state/ or archive/ at the top.
bool outsideTheScan(const QString &relative)
{
    const QStringList parts = relative.split(u'/', Qt::SkipEmptyParts);
    for (const QString &part : parts)
        if (part.startsWith(u'.'))
            return true;
    return parts.size() > 1 && (parts.front() == QLatin1String("state") || parts.front() == QLatin1String("archive"));
}

} // namespace

QStringList FileChanges::changedPaths() const
{
    QStringList paths;
    paths.reserve(added.size() + modified.size() + removed.size());
    for (const VaultFile &f : added)
        paths << f.relativePath;
    for (const VaultFile &f : modified)
        paths << f.relativePath;
    return paths + removed;
}

FileChanges FileChanges::compare(const QList<VaultFile> &scanned, const QHash<QString, FileRecord> &known,
                                 const QSet<QString> &failed)
{
    FileChanges changes;
    QSet<QString> seen;
    seen.reserve(scanned.size());
    for (const VaultFile &f : scanned) {
        seen.insert(f.relativePath);
        const auto it = known.constFind(f.relativePath);
        if (it == known.constEnd())
            (failed.contains(f.relativePath) ? changes.failed : changes.added) << f;
        else if (it->size != f.size || it->mtimeMs != f.mtimeMs)
            changes.modified << f;
        else
            changes.unchanged << f;
    }
    for (auto it = known.cbegin(); it != known.cend(); ++it)
        if (!seen.contains(it.key()))
            changes.removed << it.key();
    changes.removed.sort(); // QHash order is not stable between runs
    return changes;
}

FileChanges FileChanges::ofVault(IndexStore &store, const QString &vaultPath, qint64 maxFileBytes)
{
    // The index is read before the folder, as the indexer does: a file added meanwhile is at worst
    // not seen yet, never taken for deleted.
    const QHash<QString, FileRecord> known = store.files();
    const QSet<QString> failed = failedPaths(store);
    const VaultScanner::Result scan = VaultScanner(maxFileBytes).scan(vaultPath);
    return compare(scan.files, known, failed);
}

FileChanges FileChanges::ofPaths(IndexStore &store, const QString &vaultPath, const QStringList &paths,
                                 qint64 maxFileBytes, KnownFiles knownFiles)
{
    const VaultScanner scanner(maxFileBytes);
    QStringList scopes;
    for (const QString &path : paths) {
        QString clean = QDir::cleanPath(path);
        if (clean == QLatin1String("."))
            clean.clear();
        if (QDir::isAbsolutePath(clean) || clean == QLatin1String("..") || clean.startsWith(QLatin1String("../")))
            continue; // not in the vault
        if (!clean.isEmpty() && outsideTheScan(clean))
            continue;
        scopes << clean;
    }
    scopes.removeDuplicates();

    // As in ofVault(), each part of the index is read before the part of the disk it is compared with.
    QHash<QString, FileRecord> known;
    QHash<QString, VaultFile> scanned; // by path: a file named on its own and by its folder counts once
    auto take = [&scanned](const QList<VaultFile> &files) {
        for (const VaultFile &f : files)
            scanned.insert(f.relativePath, f);
    };
    QStringList newFolders;
    const auto detail =
        knownFiles == KnownFiles::WatchedEach ? VaultScanner::FileDetail::NameOnly : VaultScanner::FileDetail::Stat;
    for (const QString &scope : std::as_const(scopes)) {
        const QString absolute = scope.isEmpty() ? vaultPath : vaultPath + u'/' + scope;
        if (QFileInfo(absolute).isDir()) {
            QStringList indexedSubfolders;
            const QHash<QString, FileRecord> inFolder = store.filesIn(scope, &indexedSubfolders);
            known.insert(inFolder);
            QStringList subfolders;
            for (VaultFile &file : scanner.scanFolder(vaultPath, scope, &subfolders, detail).files) {
                if (file.size >= 0) {
                    scanned.insert(file.relativePath, file);
                } else if (const auto record = inFolder.constFind(file.relativePath); record != inFolder.cend()) {
                    // Its own watch names it when it changes: then it is among `paths` and compared alone.
                    file.size = record->size;
                    file.mtimeMs = record->mtimeMs;
                    if (!scanned.contains(file.relativePath))
                        scanned.insert(file.relativePath, file);
                } else {
                    take(scanner.scanFile(vaultPath, file.relativePath).files); // new: read as scan() reads it
                }
            }
            const QSet<QString> indexed(indexedSubfolders.cbegin(), indexedSubfolders.cend());
            const QSet<QString> onDisk(subfolders.cbegin(), subfolders.cend());
            for (const QString &subfolder : std::as_const(subfolders))
                if (!indexed.contains(subfolder))
                    newFolders << subfolder; // made or moved in: nothing of it is known yet
            for (const QString &subfolder : std::as_const(indexedSubfolders))
                if (!onDisk.contains(subfolder))
                    known.insert(store.filesUnder(subfolder)); // gone or moved away: its rows go
        } else if (const std::optional<FileRecord> record = store.file(scope)) {
            known.insert(scope, *record);
            take(scanner.scanFile(vaultPath, scope).files);
        } else {
            known.insert(store.filesUnder(scope)); // a folder that is gone, or nothing the index knew
            take(scanner.scanFile(vaultPath, scope).files);
        }
    }
    if (!newFolders.isEmpty())
        take(scanner.scanTrees(vaultPath, newFolders).files);

    FileChanges changes = compare(scanned.values(), known, failedPaths(store));
    changes.newFolders = newFolders;
    return changes;
}

} // namespace engram
