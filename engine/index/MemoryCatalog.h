#pragma once

#include "core/Result.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>

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
    bool session = false; ///< the file is a conversation: an agent's log or a Markdown transcript
    QString excerpt;      ///< a session chunk's first words ("user: …", "**Caroline:** …"): a turn in a list
    QString speaker;      ///< a session chunk's speaker (user, assistant), empty when it holds both
};

} // namespace engram

// Its members move by memcpy: a list of a million rows that is full grows by realloc, not by moving
// each row's ten strings to a new block (a row appended to the session's catalog and the table's rows
// of a million took the UI thread 290 ms).
Q_DECLARE_TYPEINFO(engram::MemoryRow, Q_RELOCATABLE_TYPE);

namespace engram {

/// Read-only listings of the index for browsing. SQL stays in the engine.
class MemoryCatalog {
public:
    explicit MemoryCatalog(IndexStore &store) : m_store(store) { }

    /// Every chunk, file by file (in indexing order) and by position within a file.
    Result<QList<MemoryRow>> rows();
    /// rows() in parts of about `partSize` rows, cut between files, each handed to `part` as soon as
    /// it is read (the first screen of a million-row catalog in ~50 ms instead of after ~5 s).
    Status rows(qsizetype partSize, const std::function<void(const QList<MemoryRow> &)> &part);
    /// Every chunk of these files (vault-relative paths), file by file in the order given and by
    /// position within a file; a file the index does not hold has none. What a model needs to
    /// follow one saved note without re-reading 100k rows.
    Result<QList<MemoryRow>> rows(const QStringList &paths);

private:
    class RowReader;

    IndexStore &m_store;
};

} // namespace engram
