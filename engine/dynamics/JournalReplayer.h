#pragma once

#include "core/Database.h"
#include "core/Result.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>

namespace engram {

/// What each journal event means for the dynamic tables of the derived index
/// (dyn_seen, dyn_state, dyn_edges, dyn_archive): apply() replays one event;
/// snapshot() turns the tables back into events that replay to the same rows
/// (journal compaction). Replay needs nothing but the events, so it gives the
/// same state before or after the files are indexed.
class JournalReplayer {
public:
    explicit JournalReplayer(Database &db) : m_db(db) { }

    Status createSchema();
    /// Deletes every row that came from the journal (before a full replay).
    Status clearJournalRows();
    Status apply(const QJsonObject &event);
    Result<QList<QJsonObject>> snapshot(const QDateTime &now, qint64 bytesBefore);

    static QString iso(const QDateTime &time);
    static QDateTime fromIso(const QJsonValue &value);
    static QDateTime fromMs(const Statement &statement, int column);

private:
    Database &m_db;
};

} // namespace engram
