#pragma once

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace engram::mcp {

/// What a Markdown file's front matter says about it as a memory.
struct CatalogEntry {
    QString path; ///< vault-relative
    QString title;
    QString store;
    QString category;
    QDateTime created;
    QDateTime due;            ///< prospective memories: `due:` (invalid when absent)
    QStringList supersedes;   ///< vault-relative paths, as resolved
    QStringList supersededBy; ///< from `superseded_by:` and from other files' `supersedes:`
    QStringList derivedFrom;
    bool archived = false;
    QString excerpt; ///< the first lines of the body
    int lineCount = 0;
};

/// The front matter of every Markdown file of a vault (dot folders skipped),
/// read straight from the files, so links between memories (supersedes,
/// derived_from) can be followed both ways. Read on demand: cheap next to a
/// recall for vaults of a few thousand notes.
class MemoryCatalog {
public:
    static MemoryCatalog scan(const QString &vaultPath);

    const QList<CatalogEntry> &entries() const { return m_entries; }
    const CatalogEntry *find(const QString &path) const;

    /// Paths from the oldest superseded ancestor to the newest successor of `path`.
    QStringList chain(const QString &path) const;

private:
    QString resolve(const QString &reference) const;

    QList<CatalogEntry> m_entries;
    QHash<QString, int> m_byPath;
    QHash<QString, QString> m_byStem; ///< "memories/semantic/use-sqlite" → path, for links without ".md"
};

} // namespace engram::mcp
