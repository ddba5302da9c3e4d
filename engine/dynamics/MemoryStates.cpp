// MemoryDynamics::states: the state of many chunks at once, for the ranking signals of a recall.
#include "dynamics/DecayPolicy.h"
#include "dynamics/JournalReplayer.h"
#include "dynamics/MemoryDynamics.h"
#include "index/IndexStore.h"

#include <QHash>

namespace engram {

namespace {

/// Runs `sql` (with `%1` where the list goes) for `values`, calling `row` for each result row.
template <typename Row>
void forEachIn(Database &db, const QString &sql, const QStringList &values, Row row)
{
    auto s = db.cached(sql.arg(QStringLiteral("SELECT value FROM json_each(?)")));
    if (!s)
        return;
    s->bind(1, sqlList(values));
    while (s->next())
        row(*s);
}

struct Facts {
    FileFacts facts;
    QDateTime firstSeen;
};

struct Stored {
    double base = 1.0;
    QDateTime anchor;
    QDateTime lastAccess;
    int count = 0;
};

} // namespace

QList<MemoryState> MemoryDynamics::states(const QList<Chunk> &chunks, const QDateTime &at)
{
    // The same as state() for each chunk, in five queries instead of four per chunk
    // (at 100k chunks those were most of a fast recall: bench/README.md). Pending events that
    // cannot be written now stay pending, as in state().
    (void)flushPending();
    const QDateTime t = at.isValid() ? at.toUTC() : now();
    Database &db = m_store.database();
    QStringList paths;
    QStringList keys;
    QSet<QString> seenPath;
    for (const Chunk &chunk : chunks) {
        keys << chunkKey(chunk.path, chunk.ordinal);
        if (!seenPath.contains(chunk.path)) {
            seenPath.insert(chunk.path);
            paths << chunk.path;
        }
    }

    QHash<QString, Facts> files;
    forEachIn(db,
              QStringLiteral("SELECT path, valence, arousal, confidence, source, explicit, project FROM dyn_facts "
                             "WHERE path IN (%1)"),
              paths, [&](const Statement &s) {
                  FileFacts &f = files[s.text(0)].facts;
                  f.valence = s.real(1);
                  f.arousal = s.real(2);
                  f.confidence = s.real(3);
                  f.source = s.text(4);
                  const int bits = s.integer(5);
                  f.valenceExplicit = bits & 1;
                  f.arousalExplicit = bits & 2;
                  f.confidenceExplicit = bits & 4;
                  f.sourceExplicit = bits & 8;
                  f.project = s.text(6);
              });
    forEachIn(db, QStringLiteral("SELECT path, t FROM dyn_seen WHERE path IN (%1)"), paths,
              [&](const Statement &s) { files[s.text(0)].firstSeen = JournalReplayer::fromMs(s, 1); });
    QHash<QString, Stored> stored;
    forEachIn(db, QStringLiteral("SELECT key, base, anchor, last_access, count FROM dyn_state WHERE key IN (%1)"), keys,
              [&](const Statement &s) {
                  Stored &st = stored[s.text(0)];
                  st.base = s.real(1);
                  st.anchor = JournalReplayer::fromMs(s, 2);
                  st.lastAccess = JournalReplayer::fromMs(s, 3);
                  st.count = s.integer(4);
              });
    QSet<QString> superseded;
    forEachIn(db, QStringLiteral("SELECT DISTINCT dst FROM dyn_edges WHERE type = 'supersedes' AND dst IN (%1)"),
              paths + keys, [&](const Statement &s) { superseded.insert(s.text(0)); });

    QList<MemoryState> out;
    out.reserve(chunks.size());
    for (qsizetype i = 0; i < chunks.size(); ++i) {
        const Chunk &chunk = chunks[i];
        MemoryState st;
        st.key = keys[i];
        const Facts file = files.value(chunk.path);
        st.facts = file.facts;
        st.firstSeen = file.firstSeen;
        double base = 1.0;
        QDateTime anchor = st.firstSeen.isValid() ? st.firstSeen : t;
        if (const auto it = stored.constFind(st.key); it != stored.constEnd()) {
            base = it->base;
            anchor = it->anchor;
            st.lastAccess = it->lastAccess;
            st.accessCount = it->count;
        }
        st.exempt = DecayPolicy::isExempt(chunk.tags.store.value, chunk.tags.layer.value);
        st.dailyLoss =
            DecayPolicy::dailyLoss(chunk.tags.store.value, chunk.tags.layer.value, st.facts.valence, st.facts.arousal);
        st.strength = DecayPolicy::strengthAt(base, anchor, t, st.dailyLoss);
        st.archived = DecayPolicy::isArchived(st.strength);
        if (chunk.tags.store.value == QLatin1String("sensory")) {
            const QDateTime fresh = st.lastAccess.isValid() ? st.lastAccess : anchor;
            if (fresh.secsTo(t) > DecayPolicy::kSensorySeconds)
                st.archived = true;
        }
        st.superseded = superseded.contains(chunk.path) || superseded.contains(st.key);
        out << st;
    }
    return out;
}

} // namespace engram
