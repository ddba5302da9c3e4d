#include "dynamics/MemoryDynamics.h"

#include "core/DeviceIdentity.h"
#include "dynamics/AssociationExtractor.h"
#include "dynamics/DecayPolicy.h"
#include "dynamics/DynamicSignals.h"
#include "dynamics/JournalMerge.h"
#include "dynamics/JournalReplayer.h"
#include "index/IndexStore.h"
#include "index/VectorIndex.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <utility>

namespace engram {

namespace {

QString iso(const QDateTime &t)
{
    return JournalReplayer::iso(t);
}

QDateTime fromMs(const Statement &s, int column)
{
    return JournalReplayer::fromMs(s, column);
}

const QString kPositionsKey = QStringLiteral("journal_positions");

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

QString MemoryDynamics::pathOfKey(const QString &key)
{
    const qsizetype hash = key.lastIndexOf(QLatin1Char('#'));
    if (hash < 0)
        return key;
    bool digits = false;
    key.mid(hash + 1).toInt(&digits);
    return digits ? key.left(hash) : key;
}

QString MemoryDynamics::chunkKey(const QString &path, int ordinal)
{
    return MemoryEdge::chunkKey(path, ordinal);
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
    if (!DeviceIdentity::isValid(m_journal.device())) {
        auto device = DeviceIdentity::of(m_vaultPath);
        return device ? Error{QStringLiteral("this device's name changed while opening; open the vault again")}
                      : device.error();
    }
    if (Status s = JournalReplayer(m_store.database()).createSchema(); !s)
        return s;
    if (Status s = m_journal.migrateLegacy(); !s)
        return s;
    // Another process writing the index for longer than the busy timeout (an index run's batch on a
    // slow disk) does not stop this one opening: what it has not replayed yet it replays at its
    // first write, and until then it answers from the index as it is.
    bool busy = false;
    if (Status s = catchUp(&busy); !s && !busy)
        return s;
    return {};
}

Status MemoryDynamics::compactIfLarge()
{
    const qint64 snapshot = m_store.meta(QStringLiteral("journal_snapshot_bytes"), QStringLiteral("0")).toLongLong();
    if (m_journal.size() > kCompactAboveBytes && m_journal.size() > 2 * snapshot)
        return compact();
    return {};
}

Status MemoryDynamics::replayAll()
{
    if (Status s = JournalReplayer(m_store.database()).clearJournalRows(); !s)
        return s;
    if (Status s = m_store.setMeta(kPositionsKey, QString()); !s)
        return s;
    return catchUp();
}

Status MemoryDynamics::clearIndexRows()
{
    return m_store.database().exec(
        QStringLiteral("DELETE FROM dyn_facts; DELETE FROM dyn_edges WHERE origin <> 'journal';"));
}

Status MemoryDynamics::catchUp(bool *busy)
{
    // BEGIN IMMEDIATE: one connection at a time applies journal lines, so a
    // worker and the main engine never apply the same line twice.
    Transaction transaction(m_store.database());
    if (!transaction.isActive()) {
        if (busy)
            *busy = true;
        return Error{QStringLiteral("the index database is busy; the journal could not be replayed, try again")};
    }
    auto pending = JournalMerge::readNew(m_journal, JournalPositions::fromText(m_store.meta(kPositionsKey)));
    if (!pending)
        return pending.error();
    if (pending->events.isEmpty() && pending->next.toText() == m_store.meta(kPositionsKey))
        return transaction.commit();
    m_problems << pending->problems;
    // What the index holds no longer matches the journals (a file was compacted or replaced, or a
    // sync brought events that belong before those replayed): replay every file from its start.
    if (pending->fullReplay)
        if (Status s = JournalReplayer(m_store.database()).clearJournalRows(); !s)
            return s;
    for (const OrderedEvent &event : std::as_const(pending->events))
        if (Status s = apply(event.event); !s)
            m_problems << s.error().toString();
    // Rolled back (by the transaction's end) when the positions cannot be kept: the lines are then
    // applied again next time, never skipped.
    if (Status s = m_store.setMeta(kPositionsKey, pending->next.toText()); !s)
        return s;
    return transaction.commit();
}

Status MemoryDynamics::record(QJsonObject event)
{
    if (!event.contains(QStringLiteral("t")))
        event.insert(QStringLiteral("t"), iso(now()));
    m_pendingSeen << event;
    return flushPending();
}

Status MemoryDynamics::flushPending()
{
    if (m_pendingSeen.isEmpty())
        return {};
    QList<QJsonObject> events = std::exchange(m_pendingSeen, {});
    m_pendingPaths.clear();
    // Each event sorts after everything replayed, even when this clock is behind another device's.
    const JournalPositions positions = JournalPositions::fromText(m_store.meta(kPositionsKey));
    qint64 previous = positions.files.value(m_journal.device()).lastOrder;
    for (QJsonObject &event : events) {
        if (const qint64 stamp = JournalMerge::stampFor(event, positions, previous); stamp != 0)
            event.insert(QStringLiteral("o"), double(stamp));
        previous = JournalMerge::orderOf(event, previous);
    }
    if (Status s = m_journal.append(events); !s)
        return s;
    return catchUp();
}

Status MemoryDynamics::noteUnseenFiles()
{
    auto unseen = m_store.database().prepare(
        QStringLiteral("SELECT path FROM files WHERE path NOT IN (SELECT path FROM dyn_seen) ORDER BY path"));
    if (!unseen)
        return unseen.error();
    const QString t = iso(seenNow());
    while (unseen->next()) {
        const QString path = unseen->text(0);
        if (m_pendingPaths.contains(path))
            continue;
        m_pendingSeen << QJsonObject{
            {QStringLiteral("type"), QStringLiteral("seen")}, {QStringLiteral("t"), t}, {QStringLiteral("path"), path}};
        m_pendingPaths.insert(path);
    }
    return {};
}

Status MemoryDynamics::apply(const QJsonObject &event)
{
    return JournalReplayer(m_store.database()).apply(event);
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
    return record(QJsonObject{{QStringLiteral("type"), QStringLiteral("access")},
                              {QStringLiteral("t"), iso(t)},
                              {QStringLiteral("via"), via},
                              {QStringLiteral("keys"), keys},
                              {QStringLiteral("strengths"), strengths}});
}

Status MemoryDynamics::recordCoactivation(const QList<Chunk> &chunks, const QDateTime &at)
{
    QJsonArray keys;
    for (const Chunk &chunk : chunks.mid(0, 20)) { // bounded: 20 memories make 190 pairs
        const QString key = chunkKey(chunk.path, chunk.ordinal);
        if (!keys.contains(key))
            keys.append(key);
    }
    if (keys.size() < 2)
        return {};
    const QDateTime t = at.isValid() ? at.toUTC() : now();
    return record(QJsonObject{{QStringLiteral("type"), QStringLiteral("coactivate")},
                              {QStringLiteral("t"), iso(t)},
                              {QStringLiteral("keys"), keys}});
}

Status MemoryDynamics::recordStrength(const Chunk &chunk, double strength, const QDateTime &at)
{
    const QDateTime t = at.isValid() ? at.toUTC() : now();
    return record(QJsonObject{{QStringLiteral("type"), QStringLiteral("strength")},
                              {QStringLiteral("t"), iso(t)},
                              {QStringLiteral("keys"), QJsonArray{chunkKey(chunk.path, chunk.ordinal)}},
                              {QStringLiteral("strengths"), QJsonArray{qBound(0.0, strength, 1.0)}}});
}

Status MemoryDynamics::compact()
{
    if (Status s = catchUp(); !s)
        return s;
    qint64 bytes = 0;
    bool rewritten = false;
    {
        // Under the journal lock no one appends to this device's file. Only that file is folded,
        // from its own events replayed alone in a scratch index: other devices' files are theirs
        // to compact, and this snapshot then merges with them as the events it replaces did.
        // The index is not written while the lock is held (an index run that waits for this
        // lock to append holds the database's write lock).
        auto held = m_journal.lock();
        if (!held)
            return held.error();
        auto own = m_journal.readFrom(0);
        if (!own)
            return own.error();
        Database scratch;
        if (Status s = scratch.open(QStringLiteral(":memory:")); !s)
            return s;
        JournalReplayer replayer(scratch);
        if (Status s = replayer.createSchema(); !s)
            return s;
        qint64 lastOrder = std::numeric_limits<qint64>::min();
        for (const QJsonObject &event : std::as_const(own->events)) {
            lastOrder = JournalMerge::orderOf(event, lastOrder);
            (void)replayer.apply(event); // a line the replay rejects was reported by catchUp()
        }
        auto events = replayer.snapshot(now(), m_journal.size());
        if (!events)
            return events.error();
        // The snapshot takes the place in the merged order of the last event it folds.
        if (!own->events.isEmpty())
            for (QJsonObject &event : *events)
                event.insert(QStringLiteral("o"), double(lastOrder));
        for (const QJsonObject &event : std::as_const(*events))
            bytes += QJsonDocument(event).toJson(QJsonDocument::Compact).size() + 1;
        if (bytes < m_journal.size()) { // else it is already as small as its meaning: left alone
            if (Status s = m_journal.rewrite(*events, **held); !s)
                return s;
            rewritten = true;
        }
    }
    if (Status s = m_store.setMeta(QStringLiteral("journal_snapshot_bytes"), QString::number(bytes)); !s)
        return s;
    return rewritten ? replayAll() : Status();
}

MemoryState MemoryDynamics::state(const Chunk &chunk, const QDateTime &at)
{
    // Pending first-sight events make a new file's first_seen exact; when they cannot be written
    // now they stay pending (the index run's flush reports the failure), and the state is read as is.
    (void)flushPending();
    const QDateTime t = at.isValid() ? at.toUTC() : now();
    MemoryState st;
    st.key = chunkKey(chunk.path, chunk.ordinal);
    Database &db = m_store.database();
    if (auto f = db.cached(QStringLiteral(
            "SELECT valence, arousal, confidence, source, explicit, project FROM dyn_facts WHERE path = ?"));
        f) {
        f->bind(1, chunk.path);
        if (f->next()) {
            st.facts.valence = f->real(0);
            st.facts.arousal = f->real(1);
            st.facts.confidence = f->real(2);
            st.facts.source = f->text(3);
            const int bits = f->integer(4);
            st.facts.valenceExplicit = bits & 1;
            st.facts.arousalExplicit = bits & 2;
            st.facts.confidenceExplicit = bits & 4;
            st.facts.sourceExplicit = bits & 8;
            st.facts.project = f->text(5);
        }
    }
    const double valence = st.facts.valence;
    const double arousal = st.facts.arousal;
    if (auto s = db.cached(QStringLiteral("SELECT t FROM dyn_seen WHERE path = ?")); s) {
        s->bind(1, chunk.path);
        if (s->next())
            st.firstSeen = fromMs(*s, 0);
    }
    double base = 1.0;
    QDateTime anchor = st.firstSeen.isValid() ? st.firstSeen : t;
    if (auto s = db.cached(QStringLiteral("SELECT base, anchor, last_access, count FROM dyn_state WHERE key = ?")); s) {
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
    if (auto s = db.cached(
            QStringLiteral("SELECT 1 FROM dyn_edges WHERE type = 'supersedes' AND (dst = ? OR dst = ?) LIMIT 1"));
        s) {
        s->bind(1, chunk.path).bind(2, st.key);
        st.superseded = s->next();
    }
    return st;
}

QString MemoryDynamics::originalOfArchived(const QString &archivePath)
{
    auto s = m_store.database().cached(QStringLiteral("SELECT original FROM dyn_archive WHERE archive = ?"));
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
        if (auto f = db.cached(QStringLiteral("SELECT link_name, title_key, project FROM dyn_facts WHERE path = ?"));
            f) {
            f->bind(1, key);
            if (f->next()) {
                targets << QStringLiteral("wiki:") + f->text(0);
                if (!f->text(1).isEmpty())
                    targets << QStringLiteral("wiki:") + f->text(1);
                project = f->text(2);
            }
        }
    }
    QString sql = QStringLiteral(
        "SELECT src, dst, type, origin, weight, count, updated FROM dyn_edges WHERE src = ?1 OR dst = ?1");
    for (int i = 1; i < targets.size(); ++i)
        sql += QStringLiteral(" OR dst = ?%1").arg(i + 1);
    if (isFile && chunksOfFile)
        sql += QStringLiteral(" OR src LIKE ?%1 OR dst LIKE ?%1").arg(targets.size() + 1);
    sql += QStringLiteral(" ORDER BY weight DESC, src, dst, type LIMIT 500");
    auto s = db.cached(sql);
    if (!s)
        return out;
    for (int i = 0; i < targets.size(); ++i)
        s->bind(i + 1, targets[i]);
    if (isFile && chunksOfFile)
        s->bind(int(targets.size()) + 1, key + QStringLiteral("#%"));
    auto resolve = db.cached(
        QStringLiteral("SELECT path FROM dyn_facts WHERE link_name = ?1 OR title_key = ?1 ORDER BY path LIMIT 1"));
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
        if (auto p = db.cached(
                QStringLiteral("SELECT path FROM dyn_facts WHERE project = ? AND path <> ? ORDER BY path LIMIT 24"));
            p) {
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

Status MemoryDynamics::writeFacts(const Document &document, const QList<Chunk> &chunks)
{
    Database &db = m_store.database();
    const FileFacts facts = AssociationExtractor::facts(document);
    // All or nothing: a failed statement returns before commit(), and the transaction's end rolls
    // the file's facts and edges back to what they were.
    Transaction transaction(db);
    if (!transaction.isActive())
        return Error{
            QStringLiteral("the index database is busy; the associations of %1 were not written").arg(document.path)};
    auto f = db.cached(QStringLiteral("INSERT OR REPLACE INTO dyn_facts(path, project, valence, arousal, confidence, "
                                      "source, explicit, link_name, title_key) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    if (!f)
        return f.error();
    const int bits = (facts.valenceExplicit ? 1 : 0) | (facts.arousalExplicit ? 2 : 0)
                     | (facts.confidenceExplicit ? 4 : 0) | (facts.sourceExplicit ? 8 : 0);
    f->bind(1, document.path).bind(2, facts.project).bind(3, facts.valence).bind(4, facts.arousal);
    f->bind(5, facts.confidence).bind(6, facts.source).bind(7, bits);
    if (Status s = f->bind(8, facts.linkName).bind(9, facts.titleKey).exec(); !s)
        return s;
    auto del = db.cached(QStringLiteral("DELETE FROM dyn_edges WHERE origin = ?"));
    if (!del)
        return del.error();
    if (Status s = del->bind(1, document.path).exec(); !s)
        return s;
    auto ins = db.cached(QStringLiteral("INSERT OR REPLACE INTO dyn_edges(src, dst, type, origin, weight, count, "
                                        "updated) VALUES(?, ?, ?, ?, ?, 0, NULL)"));
    if (!ins)
        return ins.error();
    for (const StatedEdge &e : AssociationExtractor::edges(document, chunks))
        if (Status s =
                ins->bind(1, e.from).bind(2, e.to).bind(3, e.type).bind(4, document.path).bind(5, e.weight).exec();
            !s)
            return s;
    return transaction.commit();
}

Status MemoryDynamics::documentIndexed(const Document &document, const QList<qint64> &chunkIds)
{
    Database &db = m_store.database();
    const QList<Chunk> chunks = m_store.chunks(chunkIds);
    const Status written = writeFacts(document, chunks);

    bool known = m_pendingPaths.contains(document.path);
    if (auto s = db.cached(QStringLiteral("SELECT 1 FROM dyn_seen WHERE path = ?")); s && !known) {
        s->bind(1, document.path);
        known = s->next();
    }
    if (known)
        return written;
    m_pendingSeen << QJsonObject{{QStringLiteral("type"), QStringLiteral("seen")},
                                 {QStringLiteral("t"), iso(seenNow())},
                                 {QStringLiteral("path"), document.path}};
    m_pendingPaths.insert(document.path);
    if (document.path.startsWith(QLatin1String("memories/")))
        autoAssociate(chunks); // its record() writes the pending events first
    return written;
}

void MemoryDynamics::autoAssociate(const QList<Chunk> &chunks)
{
    auto blob = m_store.database().cached(QStringLiteral("SELECT vector FROM chunks WHERE id = ?"));
    if (!blob)
        return;
    m_vectors.drain(); // during a full run vectors are added on a second thread: search what is indexed so far
    for (const Chunk &chunk : chunks) {
        blob->bind(1, chunk.id);
        if (!blob->next()) {
            blob->reset();
            continue;
        }
        const Vector v = IndexStore::vectorFromBlob(blob->blob(0)); // float16, or float32 from an older index
        blob->reset();
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
        // Queued behind the first-sight events, in order, and written with them by flushPending()
        // (after each index run): one journal write per run, not one per memory.
        if (!to.isEmpty())
            m_pendingSeen << QJsonObject{{QStringLiteral("type"), QStringLiteral("link")},
                                         {QStringLiteral("t"), iso(now())},
                                         {QStringLiteral("edge"), QStringLiteral("related")},
                                         {QStringLiteral("from"), chunkKey(chunk.path, chunk.ordinal)},
                                         {QStringLiteral("to"), to},
                                         {QStringLiteral("weights"), weights}};
    }
}

Status MemoryDynamics::fileRemoved(const QString &path)
{
    Database &db = m_store.database();
    for (const QString &sql : {QStringLiteral("DELETE FROM dyn_facts WHERE path = ?"),
                               QStringLiteral("DELETE FROM dyn_edges WHERE origin = ?")}) {
        auto statement = db.prepare(sql);
        if (!statement)
            return statement.error();
        if (Status s = statement->bind(1, path).exec(); !s)
            return s;
    }
    return {};
}

} // namespace engram
