#include "index/FileChanges.h"

namespace engram {

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

} // namespace engram
