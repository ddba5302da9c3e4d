#include "MemoryDynamics.h"

#include "AssociationExtractor.h"
#include "DecayPolicy.h"
#include "DynamicSignals.h"
#include "IndexStore.h"
#include "VectorIndex.h"

#include <QJsonArray>

#include <QTimeZone>

#include <map>

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
CREATE INDEX IF NOT EXISTS dyn_edges_dst ON dyn_edges(dst);
CREATE TABLE IF NOT EXISTS dyn_files(
  path TEXT PRIMARY KEY, project TEXT NOT NULL, valence REAL NOT NULL, arousal REAL NOT NULL,
  link_name TEXT NOT NULL, title_key TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS dyn_files_link ON dyn_files(link_name);
CREATE INDEX IF NOT EXISTS dyn_files_project ON dyn_files(project);
CREATE TABLE IF NOT EXISTS dyn_archive(archive TEXT PRIMARY KEY, original TEXT NOT NULL, t INTEGER NOT NULL);
)SQL";

const QString kJournalOrigin = QStringLiteral("journal");

QString iso(const QDateTime &t)
{
    return t.toUTC().toString(Qt::ISODateWithMs);
}

QDateTime fromIso(const QJsonValue &v)
{
    QDateTime t = QDateTime::fromString(v.toString(), Qt::ISODateWithMs);
    if (!t.isValid())
        t = QDateTime::fromString(v.toString(), Qt::ISODate);
    return t.toUTC();
}

QDateTime fromMs(const Statement &s, int column)
{
    return s.isNull(column) ? QDateTime() : QDateTime::fromMSecsSinceEpoch(s.int64(column), Qt::UTC);
}

QString pathOfKey(const QString &key)
{
    const qsizetype hash = key.lastIndexOf(QLatin1Char('#'));
    if (hash < 0)
        return key;
    bool digits = false;
    key.mid(hash + 1).toInt(&digits);
    return digits ? key.left(hash) : key;
}

} // namespace

struct MemoryDynamics::Private {
    std::unique_ptr<DynamicSignals> signalSource;
};

MemoryDynamics::MemoryDynamics(const QString &vaultPath, IndexStore &store, VectorIndex &vectors)
    : m_vaultPath(vaultPath), m_store(store), m_vectors(vectors), m_journal(vaultPath), d(std::make_unique<Private>())
{
    d->signalSource = std::make_unique<DynamicSignals>(*this);
}

MemoryDynamics::~MemoryDynamics() = default;

QString MemoryDynamics::chunkKey(const QString &path, int ordinal)
{
    return path + QLatin1Char('#') + QString::number(ordinal);
}

void MemoryDynamics::setClock(std::function<QDateTime()> clock)
{
    m_clock = std::move(clock);
}

QDateTime MemoryDynamics::now() const
{
    return m_clock ? m_clock().toUTC() : QDateTime::currentDateTimeUtc();
}

SignalSource &MemoryDynamics::signalSource()
{
    return *d->signalSource;
}

Status MemoryDynamics::open()
{
    if (Status s = m_store.database().exec(QString::fromLatin1(kDynamicSchema)); !s)
        return s;
    return catchUp();
}

Status MemoryDynamics::replayAll()
{
    if (Status s = m_store.database().exec(QStringLiteral(
            "DELETE FROM dyn_seen; DELETE FROM dyn_state; DELETE FROM dyn_archive; DELETE FROM dyn_edges WHERE origin = 'journal';"));
        !s)
        return s;
    (void)m_store.setMeta(QStringLiteral("journal_offset"), QStringLiteral("0"));
    (void)m_store.setMeta(QStringLiteral("journal_fingerprint"), QString());
    return catchUp();
}

Status MemoryDynamics::clearIndexRows()
{
    return m_store.database().exec(QStringLiteral("DELETE FROM dyn_files; DELETE FROM dyn_edges WHERE origin <> 'journal';"));
}

Status MemoryDynamics::catchUp()
{
    qint64 offset = m_store.meta(QStringLiteral("journal_offset"), QStringLiteral("0")).toLongLong();
    const QString known = m_store.meta(QStringLiteral("journal_fingerprint"));
    const qint64 size = m_journal.size();
    if (offset > 0 && (size < offset || m_journal.fingerprint(offset) != known)) {
        // The journal was compacted or replaced: what the index holds no longer matches it.
        if (Status s = m_store.database().exec(QStringLiteral(
                "DELETE FROM dyn_seen; DELETE FROM dyn_state; DELETE FROM dyn_archive; "
                "DELETE FROM dyn_edges WHERE origin = 'journal';"));
            !s)
            return s;
        offset = 0;
    }
    if (size == offset)
        return {};
    auto chunk = m_journal.readFrom(offset);
    if (!chunk)
        return chunk.error();
    m_problems << chunk->problems;
    Transaction transaction(m_store.database());
    for (const QJsonObject &event : std::as_const(chunk->events))
        if (Status s = apply(event); !s)
            m_problems << s.error().toString();
    (void)m_store.setMeta(QStringLiteral("journal_offset"), QString::number(chunk->endOffset));
    (void)m_store.setMeta(QStringLiteral("journal_fingerprint"), m_journal.fingerprint(chunk->endOffset));
    return transaction.commit();
}

Status MemoryDynamics::record(QJsonObject event)
{
    if (!event.contains(QStringLiteral("t")))
        event.insert(QStringLiteral("t"), iso(now()));
    if (Status s = m_journal.append(event); !s)
        return s;
    return catchUp();
}

Status MemoryDynamics::apply(const QJsonObject &e)
{
    Database &db = m_store.database();
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

    if (type == QLatin1String("seen"))
        return run(QStringLiteral("INSERT OR IGNORE INTO dyn_seen(path, t) VALUES(?, ?)"),
                   {e.value(QStringLiteral("path")).toString(), ms});
    if (type == QLatin1String("access") || type == QLatin1String("strength")) {
        const bool access = type == QLatin1String("access");
        const QJsonArray keys = e.value(QStringLiteral("keys")).toArray();
        const QJsonArray strengths = e.value(QStringLiteral("strengths")).toArray();
        for (int i = 0; i < keys.size(); ++i) {
            const QString key = keys[i].toString();
            const double strength = qBound(0.0, strengths.at(i).toDouble(1.0), 1.0);
            const QString sql = access
                ? QStringLiteral("INSERT INTO dyn_state(key, path, base, anchor, last_access, count) VALUES(?, ?, ?, ?, ?, 1) "
                                 "ON CONFLICT(key) DO UPDATE SET base = excluded.base, anchor = excluded.anchor, "
                                 "last_access = excluded.last_access, count = count + 1")
                : QStringLiteral("INSERT INTO dyn_state(key, path, base, anchor, last_access, count) VALUES(?, ?, ?, ?, NULL, 0) "
                                 "ON CONFLICT(key) DO UPDATE SET base = excluded.base, anchor = excluded.anchor");
            QVariantList binds{key, pathOfKey(key), strength, ms};
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
        auto read = db.prepare(QStringLiteral("SELECT weight, updated, count FROM dyn_edges "
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
                if (Status s = run(QStringLiteral("INSERT OR REPLACE INTO dyn_edges(src, dst, type, origin, weight, count, updated) "
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
            if (Status s = run(QStringLiteral("INSERT OR REPLACE INTO dyn_edges(src, dst, type, origin, weight, count, updated) "
                                              "VALUES(?, ?, ?, 'journal', ?, 0, ?)"),
                               {e.value(QStringLiteral("from")).toString(), to[i].toString(),
                                e.value(QStringLiteral("edge")).toString(), weights.at(i).toDouble(1.0), ms});
                !s)
                return s;
        return {};
    }
    if (type == QLatin1String("unlink"))
        return run(QStringLiteral("DELETE FROM dyn_edges WHERE src = ? AND dst = ? AND type = ? AND origin = 'journal'"),
                   {e.value(QStringLiteral("from")).toString(), e.value(QStringLiteral("to")).toString(),
                    e.value(QStringLiteral("edge")).toString()});
    if (type == QLatin1String("forget"))
        return run(QStringLiteral("INSERT OR REPLACE INTO dyn_archive(archive, original, t) VALUES(?, ?, ?)"),
                   {e.value(QStringLiteral("archive")).toString(), e.value(QStringLiteral("path")).toString(), ms});
    if (type == QLatin1String("restore"))
        return run(QStringLiteral("DELETE FROM dyn_archive WHERE archive = ?"), {e.value(QStringLiteral("archive")).toString()});
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
    // Snapshot lines written by compaction: exact rows.
    if (type == QLatin1String("state"))
        return run(QStringLiteral("INSERT OR REPLACE INTO dyn_state(key, path, base, anchor, last_access, count) VALUES(?, ?, ?, ?, ?, ?)"),
                   {e.value(QStringLiteral("key")).toString(), pathOfKey(e.value(QStringLiteral("key")).toString()),
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
    if (type == QLatin1String("compacted"))
        return {};
    return Error{QStringLiteral("unknown journal event type \"%1\"; skipped").arg(type), Journal::relativePath()};
}

Status MemoryDynamics::recordAccess(const QList<Chunk> &chunks, const QString &via, const QDateTime &at)
{
    const QDateTime t = at.isValid() ? at.toUTC() : now();
    QJsonArray keys;
    QJsonArray strengths;
    QSet<QString> seen;
    for (const Chunk &chunk : chunks) {
        const QString key = chunkKey(chunk.path, chunk.ordinal);
        if (seen.contains(key))
            continue;
        seen.insert(key);
        const MemoryState st = state(chunk, t);
        const QDateTime previous = st.lastAccess.isValid() ? st.lastAccess : st.firstSeen;
        keys.append(key);
        strengths.append(DecayPolicy::reinforced(st.strength, DecayPolicy::daysBetween(previous, t)));
    }
    if (keys.isEmpty())
        return {};
    return record(QJsonObject{{QStringLiteral("type"), QStringLiteral("access")}, {QStringLiteral("t"), iso(t)},
                              {QStringLiteral("via"), via}, {QStringLiteral("keys"), keys},
                              {QStringLiteral("strengths"), strengths}});
}

Status MemoryDynamics::recordCoactivation(const QList<Chunk> &chunks, const QDateTime &at)
{
    QJsonArray keys;
    for (const Chunk &chunk : chunks.mid(0, 20)) {  // bounded: 20 memories make 190 pairs
        const QString key = chunkKey(chunk.path, chunk.ordinal);
        if (!keys.contains(key))
            keys.append(key);
    }
    if (keys.size() < 2)
        return {};
    const QDateTime t = at.isValid() ? at.toUTC() : now();
    return record(QJsonObject{{QStringLiteral("type"), QStringLiteral("coactivate")}, {QStringLiteral("t"), iso(t)},
                              {QStringLiteral("keys"), keys}});
}

Status MemoryDynamics::recordStrength(const Chunk &chunk, double strength, const QDateTime &at)
{
    const QDateTime t = at.isValid() ? at.toUTC() : now();
    return record(QJsonObject{{QStringLiteral("type"), QStringLiteral("strength")}, {QStringLiteral("t"), iso(t)},
                              {QStringLiteral("keys"), QJsonArray{chunkKey(chunk.path, chunk.ordinal)}},
                              {QStringLiteral("strengths"), QJsonArray{qBound(0.0, strength, 1.0)}}});
}

Status MemoryDynamics::compact()
{
    if (Status s = catchUp(); !s)
        return s;
    Database &db = m_store.database();
    QList<QJsonObject> events;
    events << QJsonObject{{QStringLiteral("type"), QStringLiteral("compacted")}, {QStringLiteral("t"), iso(now())},
                          {QStringLiteral("bytes_before"), double(m_journal.size())}};
    auto seen = db.prepare(QStringLiteral("SELECT path, t FROM dyn_seen ORDER BY path"));
    auto states = db.prepare(QStringLiteral("SELECT key, base, anchor, last_access, count FROM dyn_state ORDER BY key"));
    auto edges = db.prepare(QStringLiteral("SELECT src, dst, type, weight, count, updated FROM dyn_edges "
                                           "WHERE origin = 'journal' ORDER BY src, dst, type"));
    auto archive = db.prepare(QStringLiteral("SELECT archive, original, t FROM dyn_archive ORDER BY archive"));
    if (!seen || !states || !edges || !archive)
        return Error{QStringLiteral("cannot read the dynamic tables to compact the journal")};
    auto msIso = [](const Statement &s, int c) { return iso(fromMs(s, c)); };
    while (seen->next())
        events << QJsonObject{{QStringLiteral("type"), QStringLiteral("seen")}, {QStringLiteral("t"), msIso(*seen, 1)},
                              {QStringLiteral("path"), seen->text(0)}};
    while (states->next()) {
        QJsonObject e{{QStringLiteral("type"), QStringLiteral("state")}, {QStringLiteral("t"), msIso(*states, 2)},
                      {QStringLiteral("key"), states->text(0)}, {QStringLiteral("base"), states->real(1)},
                      {QStringLiteral("count"), states->integer(4)}};
        if (!states->isNull(3))
            e.insert(QStringLiteral("last"), msIso(*states, 3));
        events << e;
    }
    while (edges->next())
        events << QJsonObject{{QStringLiteral("type"), QStringLiteral("edge")}, {QStringLiteral("t"), msIso(*edges, 5)},
                              {QStringLiteral("from"), edges->text(0)}, {QStringLiteral("to"), edges->text(1)},
                              {QStringLiteral("edge"), edges->text(2)}, {QStringLiteral("weight"), edges->real(3)},
                              {QStringLiteral("count"), edges->integer(4)}};
    while (archive->next())
        events << QJsonObject{{QStringLiteral("type"), QStringLiteral("forget")}, {QStringLiteral("t"), msIso(*archive, 2)},
                              {QStringLiteral("archive"), archive->text(0)}, {QStringLiteral("path"), archive->text(1)}};
    if (Status s = m_journal.rewrite(events); !s)
        return s;
    return replayAll();
}

MemoryState MemoryDynamics::state(const Chunk &chunk, const QDateTime &at)
{
    const QDateTime t = at.isValid() ? at.toUTC() : now();
    MemoryState st;
    st.key = chunkKey(chunk.path, chunk.ordinal);
    Database &db = m_store.database();
    double valence = 0.0;
    double arousal = 0.0;
    if (auto f = db.prepare(QStringLiteral("SELECT valence, arousal FROM dyn_files WHERE path = ?")); f) {
        f->bind(1, chunk.path);
        if (f->next()) {
            valence = f->real(0);
            arousal = f->real(1);
        }
    }
    if (auto s = db.prepare(QStringLiteral("SELECT t FROM dyn_seen WHERE path = ?")); s) {
        s->bind(1, chunk.path);
        if (s->next())
            st.firstSeen = fromMs(*s, 0);
    }
    double base = 1.0;
    QDateTime anchor = st.firstSeen.isValid() ? st.firstSeen : t;
    if (auto s = db.prepare(QStringLiteral("SELECT base, anchor, last_access, count FROM dyn_state WHERE key = ?")); s) {
        s->bind(1, st.key);
        if (s->next()) {
            base = s->real(0);
            anchor = fromMs(*s, 1);
            st.lastAccess = fromMs(*s, 2);
            st.accessCount = s->integer(3);
        }
    }
    st.exempt = DecayPolicy::isExempt(chunk.tags.store.value, chunk.tags.layer.value);
    st.dailyLoss = DecayPolicy::dailyLoss(chunk.tags.store.value, chunk.tags.layer.value, valence, arousal);
    st.strength = DecayPolicy::strengthAt(base, anchor, t, st.dailyLoss);
    st.archived = DecayPolicy::isArchived(st.strength);
    if (chunk.tags.store.value == QLatin1String("sensory")) {
        const QDateTime fresh = st.lastAccess.isValid() ? st.lastAccess : anchor;
        if (fresh.secsTo(t) > DecayPolicy::kSensorySeconds)
            st.archived = true;
    }
    if (auto s = db.prepare(QStringLiteral("SELECT 1 FROM dyn_edges WHERE type = 'supersedes' AND (dst = ? OR dst = ?) LIMIT 1")); s) {
        s->bind(1, chunk.path).bind(2, st.key);
        st.superseded = s->next();
    }
    return st;
}

QString MemoryDynamics::originalOfArchived(const QString &archivePath)
{
    auto s = m_store.database().prepare(QStringLiteral("SELECT original FROM dyn_archive WHERE archive = ?"));
    if (!s)
        return {};
    s->bind(1, archivePath);
    return s->next() ? s->text(0) : QString();
}

QList<MemoryEdge> MemoryDynamics::edgesOf(const QString &key, const QDateTime &at, bool chunksOfFile)
{
    const QDateTime t = at.isValid() ? at.toUTC() : now();
    QList<MemoryEdge> out;
    Database &db = m_store.database();
    const bool isFile = pathOfKey(key) == key;
    QStringList targets{key};
    QString project;
    if (isFile) {
        if (auto f = db.prepare(QStringLiteral("SELECT link_name, title_key, project FROM dyn_files WHERE path = ?")); f) {
            f->bind(1, key);
            if (f->next()) {
                targets << QStringLiteral("wiki:") + f->text(0);
                if (!f->text(1).isEmpty())
                    targets << QStringLiteral("wiki:") + f->text(1);
                project = f->text(2);
            }
        }
    }
    QString sql = QStringLiteral("SELECT src, dst, type, origin, weight, count, updated FROM dyn_edges WHERE src = ?1 OR dst = ?1");
    for (int i = 1; i < targets.size(); ++i)
        sql += QStringLiteral(" OR dst = ?%1").arg(i + 1);
    if (isFile && chunksOfFile)
        sql += QStringLiteral(" OR src LIKE ?%1 OR dst LIKE ?%1").arg(targets.size() + 1);
    sql += QStringLiteral(" ORDER BY weight DESC, src, dst, type LIMIT 500");
    auto s = db.prepare(sql);
    if (!s)
        return out;
    for (int i = 0; i < targets.size(); ++i)
        s->bind(i + 1, targets[i]);
    if (isFile && chunksOfFile)
        s->bind(int(targets.size()) + 1, key + QStringLiteral("#%"));
    auto resolve = db.prepare(QStringLiteral("SELECT path FROM dyn_files WHERE link_name = ?1 OR title_key = ?1 ORDER BY path LIMIT 1"));
    while (s->next()) {
        MemoryEdge e{s->text(0), s->text(1), s->text(2), s->real(4), s->integer(5), fromMs(*s, 6), s->text(3)};
        if (e.type == QLatin1String("co_activated"))
            e.weight = DecayPolicy::coactivationAt(e.weight, e.updated, t);
        if (e.to.startsWith(QLatin1String("wiki:")) && resolve) {
            resolve->bind(1, e.to.mid(5));
            if (resolve->next())
                e.to = resolve->text(0);
            resolve->reset();
        }
        if (e.from != e.to)
            out << e;
    }
    if (!project.isEmpty()) {
        // Files of one project are related; computed here rather than stored, so no pair table grows with the project.
        if (auto p = db.prepare(QStringLiteral("SELECT path FROM dyn_files WHERE project = ? AND path <> ? ORDER BY path LIMIT 24")); p) {
            p->bind(1, project).bind(2, key);
            while (p->next())
                out << MemoryEdge{key, p->text(0), QStringLiteral("related"), 0.3, 0, {}, QStringLiteral("project")};
        }
    }
    return out;
}

QList<MemoryEdge> MemoryDynamics::edges(const QString &path, int ordinal, const QDateTime &at)
{
    if (ordinal < 0)
        return edgesOf(path, at, true);
    return edgesOf(chunkKey(path, ordinal), at, false) + edgesOf(path, at, false);
}

void MemoryDynamics::documentIndexed(const Document &document, const QList<qint64> &chunkIds)
{
    Database &db = m_store.database();
    const QList<Chunk> chunks = m_store.chunks(chunkIds);
    const FileFacts facts = AssociationExtractor::facts(document);
    {
        Transaction transaction(db);
        if (auto f = db.prepare(QStringLiteral("INSERT OR REPLACE INTO dyn_files(path, project, valence, arousal, link_name, "
                                               "title_key) VALUES(?, ?, ?, ?, ?, ?)"));
            f) {
            f->bind(1, document.path).bind(2, facts.project).bind(3, facts.valence).bind(4, facts.arousal);
            (void)f->bind(5, facts.linkName).bind(6, facts.titleKey).exec();
        }
        if (auto del = db.prepare(QStringLiteral("DELETE FROM dyn_edges WHERE origin = ?")); del)
            (void)del->bind(1, document.path).exec();
        if (auto ins = db.prepare(QStringLiteral("INSERT OR REPLACE INTO dyn_edges(src, dst, type, origin, weight, count, updated) "
                                                 "VALUES(?, ?, ?, ?, ?, 0, NULL)"));
            ins) {
            for (const StatedEdge &e : AssociationExtractor::edges(document, chunks))
                (void)ins->bind(1, e.from).bind(2, e.to).bind(3, e.type).bind(4, document.path).bind(5, e.weight).exec();
        }
        (void)transaction.commit();
    }

    bool known = false;
    if (auto s = db.prepare(QStringLiteral("SELECT 1 FROM dyn_seen WHERE path = ?")); s) {
        s->bind(1, document.path);
        known = s->next();
    }
    if (known)
        return;
    (void)record(QJsonObject{{QStringLiteral("type"), QStringLiteral("seen")}, {QStringLiteral("path"), document.path}});
    if (document.path.startsWith(QLatin1String("memories/")))
        autoAssociate(chunks);
}

void MemoryDynamics::autoAssociate(const QList<Chunk> &chunks)
{
    auto blob = m_store.database().prepare(QStringLiteral("SELECT vector FROM chunks WHERE id = ?"));
    if (!blob)
        return;
    for (const Chunk &chunk : chunks) {
        blob->bind(1, chunk.id);
        if (!blob->next()) {
            blob->reset();
            continue;
        }
        const QByteArray bytes = blob->blob(0);
        blob->reset();
        Vector v(bytes.size() / qsizetype(sizeof(float)));
        memcpy(v.data(), bytes.constData(), size_t(v.size()) * sizeof(float));
        const auto hits = m_vectors.search(v, kNeighbours + int(chunks.size()) + 1);
        QList<qint64> ids;
        for (const auto &hit : hits)
            ids << hit.id;
        const QList<Chunk> found = m_store.chunks(ids);
        QHash<qint64, Chunk> byId;
        for (const Chunk &c : found)
            byId.insert(c.id, c);
        QJsonArray to;
        QJsonArray weights;
        for (const auto &hit : hits) {
            const auto it = byId.constFind(hit.id);
            if (it == byId.constEnd() || it->path == chunk.path || hit.similarity <= 0.0f)
                continue;
            to.append(chunkKey(it->path, it->ordinal));
            weights.append(double(hit.similarity));
            if (to.size() == kNeighbours)
                break;
        }
        if (!to.isEmpty())
            (void)record(QJsonObject{{QStringLiteral("type"), QStringLiteral("link")},
                                     {QStringLiteral("edge"), QStringLiteral("related")},
                                     {QStringLiteral("from"), chunkKey(chunk.path, chunk.ordinal)},
                                     {QStringLiteral("to"), to},
                                     {QStringLiteral("weights"), weights}});
    }
}

void MemoryDynamics::fileRemoved(const QString &path)
{
    Database &db = m_store.database();
    for (const QString &sql : {QStringLiteral("DELETE FROM dyn_files WHERE path = ?"), QStringLiteral("DELETE FROM dyn_edges WHERE origin = ?")})
        if (auto s = db.prepare(sql); s)
            (void)s->bind(1, path).exec();
}

} // namespace engram
