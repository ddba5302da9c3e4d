#include "dynamics/JournalReplayer.h"

#include "dynamics/DecayPolicy.h"
#include "dynamics/MemoryDynamics.h"

#include <QJsonArray>
#include <QJsonValue>

namespace engram {

namespace {

const char *const kDynamicSchema = R"SQL(
CREATE TABLE IF NOT EXISTS dyn_seen(path TEXT PRIMARY KEY, t INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS dyn_state(
  key TEXT PRIMARY KEY, path TEXT NOT NULL, base REAL NOT NULL, anchor INTEGER NOT NULL,
  last_access INTEGER, count INTEGER NOT NULL DEFAULT 0);
CREATE INDEX IF NOT EXISTS dyn_state_path ON dyn_state(path);
CREATE TABLE IF NOT EXISTS dyn_edges(
  src TEXT NOT NULL, dst TEXT NOT NULL, type TEXT NOT NULL, origin TEXT NOT NULL,
  weight REAL NOT NULL, count INTEGER NOT NULL DEFAULT 0, updated INTEGER,
  PRIMARY KEY(src, dst, type, origin));
-- (dst, type) and (type, src): a recall asks which candidates are superseded and which are
-- co-activated; by dst or src alone it read every edge of each candidate (a turn has several).
DROP INDEX IF EXISTS dyn_edges_dst;
CREATE INDEX IF NOT EXISTS dyn_edges_dst_type ON dyn_edges(dst, type);
CREATE INDEX IF NOT EXISTS dyn_edges_type_src ON dyn_edges(type, src);
-- Each (re)indexed or removed file deletes the edges it states (WHERE origin = ?): without this
-- index that scanned the whole table per file, quadratic in a full index (bench/README.md).
CREATE INDEX IF NOT EXISTS dyn_edges_origin ON dyn_edges(origin);
DROP TABLE IF EXISTS dyn_files;
CREATE TABLE IF NOT EXISTS dyn_facts(
  path TEXT PRIMARY KEY, project TEXT NOT NULL, valence REAL NOT NULL, arousal REAL NOT NULL,
  confidence REAL NOT NULL, source TEXT NOT NULL, explicit INTEGER NOT NULL,
  link_name TEXT NOT NULL, title_key TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS dyn_facts_link ON dyn_facts(link_name);
-- (project, path): a file's project mates come sorted from the index (ORDER BY path LIMIT 24);
-- by project alone each graph-walk node sorted its whole project (700 files in the 100k bench).
DROP INDEX IF EXISTS dyn_facts_project;
CREATE INDEX IF NOT EXISTS dyn_facts_project_path ON dyn_facts(project, path);
CREATE INDEX IF NOT EXISTS dyn_facts_title ON dyn_facts(title_key);  -- wiki links resolve by link name or title
CREATE TABLE IF NOT EXISTS dyn_archive(archive TEXT PRIMARY KEY, original TEXT NOT NULL, t INTEGER NOT NULL);
)SQL";

} // namespace

QString JournalReplayer::iso(const QDateTime &t)
{
    return t.toUTC().toString(Qt::ISODateWithMs);
}

QDateTime JournalReplayer::fromIso(const QJsonValue &v)
{
    QDateTime t = QDateTime::fromString(v.toString(), Qt::ISODateWithMs);
    if (!t.isValid())
        t = QDateTime::fromString(v.toString(), Qt::ISODate);
    return t.toUTC();
}

QDateTime JournalReplayer::fromMs(const Statement &s, int column)
{
    return s.isNull(column) ? QDateTime() : QDateTime::fromMSecsSinceEpoch(s.int64(column), Qt::UTC);
}

Status JournalReplayer::createSchema()
{
    return m_db.exec(QString::fromLatin1(kDynamicSchema));
}

Status JournalReplayer::clearJournalRows()
{
    return m_db.exec(QStringLiteral(
        "DELETE FROM dyn_seen; DELETE FROM dyn_state; DELETE FROM dyn_archive; DELETE FROM dyn_edges WHERE origin = 'journal';"));
}

Status JournalReplayer::apply(const QJsonObject &e)
{
    Database &db = m_db;
    const QString type = e.value(QStringLiteral("type")).toString();
    const QDateTime t = fromIso(e.value(QStringLiteral("t")));
    const qint64 ms = t.toMSecsSinceEpoch();
    auto run = [&](const QString &sql, const QVariantList &binds) -> Status {
        auto st = db.prepare(sql);
        if (!st)
            return st.error();
        for (int i = 0; i < binds.size(); ++i) {
            const QVariant &v = binds[i];
            if (v.typeId() == QMetaType::Double)
                st->bind(i + 1, v.toDouble());
            else if (v.typeId() == QMetaType::LongLong || v.typeId() == QMetaType::Int)
                st->bind(i + 1, v.toLongLong());
            else if (v.isNull())
                st->bindNull(i + 1);
            else
                st->bind(i + 1, v.toString());
        }
        return st->exec();
    };

    // The earliest sight wins, whichever device's journal (or compacted snapshot) says it first.
    if (type == QLatin1String("seen"))
        return run(QStringLiteral("INSERT INTO dyn_seen(path, t) VALUES(?, ?) ON CONFLICT(path) DO UPDATE SET t = "
                                  "min(t, excluded.t)"),
                   {e.value(QStringLiteral("path")).toString(), ms});
    // A promotion (the consolidator moved an episodic memory to semantic) restarts the decay of
    // each chunk it names from full strength, like a strength event of 1: becoming semantic is the
    // consolidation that a memory's repeated recall earned. Older journals name only the file
    // ("key", no "keys"): those replay to no change, which is what they did before.
    const bool promote = type == QLatin1String("promote");
    if (type == QLatin1String("access") || type == QLatin1String("strength") || promote) {
        const bool access = type == QLatin1String("access");
        const QJsonArray keys = e.value(QStringLiteral("keys")).toArray();
        const QJsonArray strengths = e.value(QStringLiteral("strengths")).toArray();
        for (int i = 0; i < keys.size(); ++i) {
            const QString key = keys[i].toString();
            const double strength = promote ? 1.0 : qBound(0.0, strengths.at(i).toDouble(1.0), 1.0);
            const QString sql =
                access
                    ? QStringLiteral(
                        "INSERT INTO dyn_state(key, path, base, anchor, last_access, count) VALUES(?, ?, ?, ?, ?, 1) "
                        "ON CONFLICT(key) DO UPDATE SET base = excluded.base, anchor = excluded.anchor, "
                        "last_access = excluded.last_access, count = count + 1")
                    : QStringLiteral(
                        "INSERT INTO dyn_state(key, path, base, anchor, last_access, count) VALUES(?, ?, ?, ?, NULL, 0) "
                        "ON CONFLICT(key) DO UPDATE SET base = excluded.base, anchor = excluded.anchor");
            QVariantList binds{key, MemoryDynamics::pathOfKey(key), strength, ms};
            if (access)
                binds << ms;
            if (Status s = run(sql, binds); !s)
                return s;
        }
        return {};
    }
    if (type == QLatin1String("coactivate")) {
        QStringList keys;
        for (const QJsonValue &v : e.value(QStringLiteral("keys")).toArray())
            if (!keys.contains(v.toString()))
                keys << v.toString();
        keys.sort();
        auto read =
            db.cached(QStringLiteral("SELECT weight, updated, count FROM dyn_edges "
                                     "WHERE src = ? AND dst = ? AND type = 'co_activated' AND origin = 'journal'"));
        if (!read)
            return read.error();
        for (int i = 0; i < keys.size(); ++i) {
            for (int j = i + 1; j < keys.size(); ++j) {
                double current = 0.0;
                int count = 0;
                read->bind(1, keys[i]).bind(2, keys[j]);
                if (read->next()) {
                    current = DecayPolicy::coactivationAt(read->real(0), fromMs(*read, 1), t);
                    count = read->integer(2);
                }
                read->reset();
                if (Status s =
                        run(QStringLiteral(
                                "INSERT OR REPLACE INTO dyn_edges(src, dst, type, origin, weight, count, updated) "
                                "VALUES(?, ?, 'co_activated', 'journal', ?, ?, ?)"),
                            {keys[i], keys[j], DecayPolicy::coactivationGrown(current), qint64(count + 1), ms});
                    !s)
                    return s;
            }
        }
        return {};
    }
    if (type == QLatin1String("link")) {
        const QJsonArray to = e.value(QStringLiteral("to")).toArray();
        const QJsonArray weights = e.value(QStringLiteral("weights")).toArray();
        for (int i = 0; i < to.size(); ++i)
            if (Status s = run(
                    QStringLiteral("INSERT OR REPLACE INTO dyn_edges(src, dst, type, origin, weight, count, updated) "
                                   "VALUES(?, ?, ?, 'journal', ?, 0, ?)"),
                    {e.value(QStringLiteral("from")).toString(), to[i].toString(),
                     e.value(QStringLiteral("edge")).toString(), weights.at(i).toDouble(1.0), ms});
                !s)
                return s;
        return {};
    }
    if (type == QLatin1String("unlink"))
        return run(
            QStringLiteral("DELETE FROM dyn_edges WHERE src = ? AND dst = ? AND type = ? AND origin = 'journal'"),
            {e.value(QStringLiteral("from")).toString(), e.value(QStringLiteral("to")).toString(),
             e.value(QStringLiteral("edge")).toString()});
    if (type == QLatin1String("forget"))
        return run(QStringLiteral("INSERT OR REPLACE INTO dyn_archive(archive, original, t) VALUES(?, ?, ?)"),
                   {e.value(QStringLiteral("archive")).toString(), e.value(QStringLiteral("path")).toString(), ms});
    if (type == QLatin1String("restore"))
        return run(QStringLiteral("DELETE FROM dyn_archive WHERE archive = ?"),
                   {e.value(QStringLiteral("archive")).toString()});
    if (type == QLatin1String("purge")) {
        const QString path = e.value(QStringLiteral("path")).toString();
        const QString like = path + QStringLiteral("#%");
        for (const QString &sql : {QStringLiteral("DELETE FROM dyn_archive WHERE archive = ?2 OR original = ?1"),
                                   QStringLiteral("DELETE FROM dyn_state WHERE path = ?1"),
                                   QStringLiteral("DELETE FROM dyn_seen WHERE path = ?1"),
                                   QStringLiteral("DELETE FROM dyn_edges WHERE origin = 'journal' AND "
                                                  "(src = ?1 OR dst = ?1 OR src LIKE ?3 OR dst LIKE ?3)")})
            if (Status s = run(sql, {path, e.value(QStringLiteral("archive")).toString(), like}); !s)
                return s;
        return {};
    }
    // Snapshot lines written by compaction: one device's rows. They add to what other devices'
    // journals gave the same chunk (access counts add up, the later strength and access win), so
    // a compacted file merges as its history did; on rows of its own they are the exact rows.
    if (type == QLatin1String("state"))
        return run(
            QStringLiteral(
                "INSERT INTO dyn_state(key, path, base, anchor, last_access, count) VALUES(?1, ?2, ?3, ?4, ?5, ?6) "
                "ON CONFLICT(key) DO UPDATE SET "
                "base = CASE WHEN excluded.anchor >= anchor THEN excluded.base ELSE base END, "
                "anchor = max(anchor, excluded.anchor), "
                "last_access = CASE WHEN last_access IS NULL THEN excluded.last_access "
                "WHEN excluded.last_access IS NULL THEN last_access ELSE max(last_access, excluded.last_access) END, "
                "count = count + excluded.count"),
            {e.value(QStringLiteral("key")).toString(),
             MemoryDynamics::pathOfKey(e.value(QStringLiteral("key")).toString()),
             e.value(QStringLiteral("base")).toDouble(), ms,
             e.contains(QStringLiteral("last")) ? QVariant(fromIso(e.value(QStringLiteral("last"))).toMSecsSinceEpoch())
                                                : QVariant(),
             qint64(e.value(QStringLiteral("count")).toInt())});
    if (type == QLatin1String("edge"))
        return run(QStringLiteral("INSERT OR REPLACE INTO dyn_edges(src, dst, type, origin, weight, count, updated) "
                                  "VALUES(?, ?, ?, 'journal', ?, ?, ?)"),
                   {e.value(QStringLiteral("from")).toString(), e.value(QStringLiteral("to")).toString(),
                    e.value(QStringLiteral("edge")).toString(), e.value(QStringLiteral("weight")).toDouble(),
                    qint64(e.value(QStringLiteral("count")).toInt()), ms});
    if (type == QLatin1String("compacted") || type == QLatin1String("migrated"))
        return {};
    return Error{QStringLiteral("unknown journal event type \"%1\"; skipped").arg(type), Journal::folder()};
}

Result<QList<QJsonObject>> JournalReplayer::snapshot(const QDateTime &now, qint64 bytesBefore)
{
    Database &db = m_db;
    QList<QJsonObject> events;
    events << QJsonObject{{QStringLiteral("type"), QStringLiteral("compacted")},
                          {QStringLiteral("t"), iso(now)},
                          {QStringLiteral("bytes_before"), double(bytesBefore)}};
    auto seen = db.prepare(QStringLiteral("SELECT path, t FROM dyn_seen ORDER BY path"));
    auto states =
        db.prepare(QStringLiteral("SELECT key, base, anchor, last_access, count FROM dyn_state ORDER BY key"));
    auto edges = db.prepare(QStringLiteral("SELECT src, dst, type, weight, count, updated FROM dyn_edges "
                                           "WHERE origin = 'journal' ORDER BY src, dst, type"));
    auto archive = db.prepare(QStringLiteral("SELECT archive, original, t FROM dyn_archive ORDER BY archive"));
    if (!seen || !states || !edges || !archive)
        return Error{QStringLiteral("cannot read the dynamic tables to compact the journal")};
    auto msIso = [](const Statement &s, int c) { return iso(fromMs(s, c)); };
    while (seen->next())
        events << QJsonObject{{QStringLiteral("type"), QStringLiteral("seen")},
                              {QStringLiteral("t"), msIso(*seen, 1)},
                              {QStringLiteral("path"), seen->text(0)}};
    while (states->next()) {
        QJsonObject e{{QStringLiteral("type"), QStringLiteral("state")},
                      {QStringLiteral("t"), msIso(*states, 2)},
                      {QStringLiteral("key"), states->text(0)},
                      {QStringLiteral("base"), states->real(1)},
                      {QStringLiteral("count"), states->integer(4)}};
        if (!states->isNull(3))
            e.insert(QStringLiteral("last"), msIso(*states, 3));
        events << e;
    }
    while (edges->next())
        events << QJsonObject{
            {QStringLiteral("type"), QStringLiteral("edge")}, {QStringLiteral("t"), msIso(*edges, 5)},
            {QStringLiteral("from"), edges->text(0)},         {QStringLiteral("to"), edges->text(1)},
            {QStringLiteral("edge"), edges->text(2)},         {QStringLiteral("weight"), edges->real(3)},
            {QStringLiteral("count"), edges->integer(4)}};
    while (archive->next())
        events << QJsonObject{{QStringLiteral("type"), QStringLiteral("forget")},
                              {QStringLiteral("t"), msIso(*archive, 2)},
                              {QStringLiteral("archive"), archive->text(0)},
                              {QStringLiteral("path"), archive->text(1)}};
    return events;
}

} // namespace engram
