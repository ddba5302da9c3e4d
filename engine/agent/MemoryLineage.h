#pragma once

#include <QDateTime>
#include <QHash>
#include <QString>
#include <QStringList>

namespace engram {

class Engine;

/// What the index knows of one memory file beyond its chunks: the dates and
/// flags of its front matter and its place among other memories.
struct MemoryFileFacts {
    QString path;
    bool indexed = false;
    QString category; ///< front matter `category:`
    QDateTime created;
    QDateTime due; ///< prospective memories: `due:` (invalid when absent)
    bool archived = false;
    QStringList supersedes;   ///< files this one replaces
    QStringList supersededBy; ///< files that replace this one (their `supersedes:`, or its `superseded_by:`)
    QStringList derivedFrom;
};

/// Which memory replaced which, read from the index: the `supersedes` and
/// `derived_from` edges the indexer derived from front matter (wiki links and
/// bare names resolved as the dynamics resolve them) and the front matter the
/// index stores with each file. It never opens a vault file. Facts are looked
/// up per file on first use and kept for the life of the object (one answer).
class MemoryLineage {
public:
    explicit MemoryLineage(Engine &engine) : m_engine(engine) { }

    MemoryFileFacts facts(const QString &path);
    /// Paths from the oldest superseded ancestor to the newest successor of `path`.
    QStringList chain(const QString &path);

private:
    QString resolve(const QString &reference);

    Engine &m_engine;
    QHash<QString, MemoryFileFacts> m_facts;
};

} // namespace engram
