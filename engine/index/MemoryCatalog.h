#pragma once

#include "core/Result.h"

#include <QDateTime>
#include <QList>
#include <QString>

namespace engram {

class IndexStore;

/// One row of the workbench's memory browser: what a chunk is and where it
/// came from, without its text (a 100k-chunk vault lists in well under a second).
struct MemoryRow {
    qint64 id = 0;
    QString path;
    QString title;
    QString heading;
    QString region;
    QString store;
    QString layer;
    QString category;
    int startLine = 0;
    int endLine = 0;
    int tokens = 0;
    QDateTime time;
};

/// Read-only listings of the index for browsing. SQL stays in the engine.
class MemoryCatalog {
public:
    explicit MemoryCatalog(IndexStore &store) : m_store(store) { }

    /// Every chunk, file by file (in indexing order) and by position within a file.
    Result<QList<MemoryRow>> rows();

private:
    IndexStore &m_store;
};

} // namespace engram
