#include "hygiene/FindingIndex.h"

#include "core/Database.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <climits>
#include <cmath>

namespace engram {

namespace {

/// The participants a transcript's front matter lists ("Iker Nyberg", "Mikkel Cullen"), or none.
QStringList participantsOf(const QString &frontMatter)
{
    QStringList out;
    if (frontMatter.isEmpty())
        return out;
    const QJsonArray participants =
        QJsonDocument::fromJson(frontMatter.toUtf8()).object().value(QStringLiteral("participants")).toArray();
    for (const QJsonValue &v : participants)
        out << v.toString().simplified();
    return out;
}

/// A turn's speaker by their whole name when one of the transcript's participants has it as first name ("Mikkel" of
/// "Iker Nyberg", "Mikkel Cullen": "Mikkel Cullen"): who speaks is then that person, not any Mikkel. The label as it
/// stands when no participant or more than one starts with it.
QString speakerInFull(const QString &speaker, const QStringList &participants)
{
    if (speaker.isEmpty() || speaker.contains(QLatin1Char(' ')))
        return speaker;
    QString whole;
    for (const QString &name : participants) {
        if (name.section(QLatin1Char(' '), 0, 0).compare(speaker, Qt::CaseInsensitive) != 0)
            continue;
        if (!whole.isEmpty())
            return speaker; // two of that first name
        whole = name;
    }
    return whole.isEmpty() ? speaker : whole;
}

const char *const kSchema = R"SQL(
CREATE TABLE IF NOT EXISTS review_profiles(
  chunk_id INTEGER PRIMARY KEY REFERENCES chunks(id) ON DELETE CASCADE,
  file_id INTEGER NOT NULL,
  time INTEGER NOT NULL,
  profile TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS review_findings(
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  older INTEGER NOT NULL REFERENCES chunks(id) ON DELETE CASCADE,
  newer INTEGER NOT NULL REFERENCES chunks(id) ON DELETE CASCADE,
  similarity REAL NOT NULL,
  reason TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS review_findings_older ON review_findings(older);
CREATE INDEX IF NOT EXISTS review_findings_newer ON review_findings(newer);
CREATE INDEX IF NOT EXISTS review_findings_kind ON review_findings(kind);
CREATE TABLE IF NOT EXISTS review_verdicts(
  finding_id TEXT PRIMARY KEY,
  verdict TEXT NOT NULL,
  reason TEXT NOT NULL,
  model TEXT NOT NULL);
)SQL";

/// A finding's kind once the judge has spoken: the model's verdict, except that `distinct` leaves a related
/// pair related (the raw material of a stale fact: the judge says nothing about age) and makes a duplicate or
/// contradiction "distinct", which no listing selects.
const QString kKind = QStringLiteral(
    "(CASE WHEN v.verdict IS NULL OR (v.verdict = 'distinct' AND r.kind = 'related') THEN r.kind ELSE v.verdict END)");
/// Verdicts are kept by the finding's id, not by a foreign key: the id hashes both texts, so a re-indexed
/// file whose texts did not change keeps its verdicts, and a changed text is a new id that is asked again.
const QString kJudged = QStringLiteral("FROM review_findings r LEFT JOIN review_verdicts v ON v.finding_id = r.id ");

const QString kHighWaterKey = QStringLiteral("review_high_water");
/// Which detector stored the profiles and findings: another one (an upgrade) starts them over, since a
/// profile's line and the rules that read it change together. Raise it with either.
const QString kDetectorKey = QStringLiteral("review_detector");
const QString kDetectorVersion = QStringLiteral("14");

QString storedName(FindingIndex::Stored kind)
{
    switch (kind) {
    case FindingIndex::Stored::Duplicate: return QStringLiteral("duplicate");
    case FindingIndex::Stored::Contradiction: return QStringLiteral("contradiction");
    case FindingIndex::Stored::Related: return QStringLiteral("related");
    }
    return {};
}

/// Layers whose chunks restate their sources by design: a digest is lineage, not a copy.
bool isDigestLayer(const QString &layer)
{
    return layer == QLatin1String("session") || layer == QLatin1String("daily") || layer == QLatin1String("weekly");
}

/// A standing fact, not an event, a goal or talk: a semantic or procedural memory, a consolidated fact, or a
/// note whose store says nothing more specific.
bool isStanding(const QString &store, const QString &layer, const QString &path)
{
    if (layer == QLatin1String("fact") || store == QLatin1String("semantic") || store == QLatin1String("procedural"))
        return true;
    return path.startsWith(QLatin1String("notes/")) && store != QLatin1String("prospective")
           && store != QLatin1String("episodic");
}

/// The classes of value that two memories disagree on, not what they are about: they pick no candidates.
bool isConflictSlot(const QString &feature)
{
    return feature.startsWith(QLatin1String("day:")) || feature.startsWith(QLatin1String("month:"))
           || feature.startsWith(QLatin1String("number:"));
}

FindingRow rowFrom(const Statement &s)
{
    FindingRow row;
    row.id = s.text(0);
    if (!findingKindFromName(s.text(1), &row.kind))
        row.kind = FindingKind::Stale; // "related": the raw material of a stale finding
    row.older = s.int64(2);
    row.newer = s.int64(3);
    row.similarity = s.real(4);
    row.reason = s.text(5);
    // The model's verdict passes through as it said it, with who said it.
    if (const QString verdict = s.text(6);
        verdict == QLatin1String("duplicate") || verdict == QLatin1String("contradiction")) {
        row.judgedBy = s.text(8);
        row.reason = QStringLiteral("judged by %1: %2").arg(row.judgedBy, s.text(7));
    }
    return row;
}

/// Every row a bound statement of kRowColumns answers.
Result<QList<FindingRow>> rowsFrom(Statement &s)
{
    QList<FindingRow> out;
    while (s.next())
        out << rowFrom(s);
    if (s.failed())
        return s.error();
    return out;
}

const QString kRowColumns =
    QStringLiteral("SELECT r.id, %1, r.older, r.newer, r.similarity, r.reason, v.verdict, v.reason, v.model ")
        .arg(kKind)
    + kJudged;

} // namespace

FindingIndex::FindingIndex(Database &db) : m_db(db) { }

Status FindingIndex::createSchema()
{
    return m_db.exec(QString::fromLatin1(kSchema));
}

int FindingIndex::featureId(const QString &feature)
{
    auto it = m_featureIds.constFind(feature);
    if (it != m_featureIds.cend())
        return *it;
    const int id = int(m_featureNames.size());
    m_featureIds.insert(feature, id);
    m_featureNames << feature;
    m_featureIsValue << feature.contains(QLatin1Char(':'));
    m_featureIsSubjectKey << feature.contains(QLatin1Char('>'));
    m_postings.append(QVector<int>());
    return id;
}

int FindingIndex::addEntry(Entry entry)
{
    const int index = int(m_entries.size());
    m_score << 0.0;
    for (const QString &t : entry.profile.terms)
        entry.features << featureId(t);
    for (const QString &v : entry.profile.valueKeys())
        entry.features << featureId(v);
    for (const QString &k : entry.profile.subjectKeys())
        entry.features << featureId(k);
    std::sort(entry.features.begin(), entry.features.end());
    for (int f : entry.features)
        m_postings[f] << index;
    m_entryOfChunk.insert(entry.chunkId, index);
    if (!entry.profile.lead.isEmpty())
        ++m_leadCount[entry.profile.lead];
    m_entries << std::move(entry);
    return index;
}

double FindingIndex::weight(const QString &feature) const
{
    const int id = m_featureIds.value(feature, -1);
    if (id < 0 || m_postings[id].isEmpty())
        return 1.0;
    return std::log(1.0 + double(m_entryOfChunk.size() + 1) / double(m_postings[id].size()));
}

int FindingIndex::leads(const QString &name) const
{
    return m_leadCount.value(name);
}

Status FindingIndex::loadProfiles()
{
    auto s = m_db.prepare(QStringLiteral("SELECT chunk_id, file_id, time, profile FROM review_profiles "
                                         "WHERE chunk_id > ? ORDER BY chunk_id"));
    if (!s)
        return s.error();
    s->bind(1, qMax<qint64>(m_highWater, 0));
    while (s->next())
        addEntry(Entry{s->int64(0), s->int64(1), s->int64(2), MemoryProfile::deserialize(s->text(3)), {}});
    if (s->failed())
        return s->error();
    return {};
}

QVector<int> FindingIndex::probeOf(int index) const
{
    QVector<int> probe, sameText;
    for (int f : m_entries[index].features)
        if (m_featureNames[f].startsWith(kSameTextKeyPrefix))
            sameText << f; // its copies, besides the rarest words
        else if (!isConflictSlot(m_featureNames[f]))
            probe << f;
    std::sort(probe.begin(), probe.end(), [&](int a, int b) { return m_postings[a].size() < m_postings[b].size(); });
    probe.resize(qMin<qsizetype>(probe.size(), kProbeFeatures));
    probe << sameText;
    return probe;
}

QVector<int> FindingIndex::sharingMost(int index, const QVector<int> &features,
                                       const std::function<bool(int)> &passOver) const
{
    const Entry &entry = m_entries[index];
    // A word a fiftieth of the vault holds says little about a subject, and its list would cost
    // a pass over that fiftieth for every new memory.
    const qsizetype cap = qMax<qsizetype>(400, m_entryOfChunk.size() / 50);
    QVector<int> touched;
    for (int f : features) {
        const QVector<int> &list = m_postings[f];
        if (list.size() > cap)
            continue;
        const double idf = std::log(1.0 + double(m_entryOfChunk.size() + 1) / double(list.size()));
        for (int other : list) {
            if (other == index || m_entries[other].chunkId == 0 || m_entries[other].fileId == entry.fileId
                || (passOver && passOver(other)))
                continue;
            if (m_score[other] == 0.0)
                touched << other;
            m_score[other] += idf;
        }
    }
    auto better = [&](int a, int b) { return m_score[a] != m_score[b] ? m_score[a] > m_score[b] : a < b; };
    const qsizetype keep = qMin<qsizetype>(touched.size(), kCandidates);
    std::partial_sort(touched.begin(), touched.begin() + keep, touched.end(), better);
    QVector<int> out(touched.begin(), touched.begin() + keep);
    for (int t : std::as_const(touched))
        m_score[t] = 0.0;
    return out;
}

QVector<int> FindingIndex::candidatesOf(int index) const
{
    return sharingMost(index, probeOf(index), {});
}

QVector<int> FindingIndex::pickersOf(int index, const QVector<int> &picked, const QSet<int> &isNew) const
{
    // The older memories that share the most weight of all its features (not only its rarest: theirs may be among
    // the rest), besides those it picked, are asked whether they would pick it.
    QVector<int> features;
    for (int f : m_entries[index].features)
        if (!isConflictSlot(m_featureNames[f]))
            features << f;
    QVector<int> out;
    for (int other : sharingMost(index, features, [&](int o) { return isNew.contains(o) || picked.contains(o); }))
        if (candidatesOf(other).contains(index))
            out << other;
    return out;
}

QList<qint64> FindingIndex::candidateChunksOf(qint64 chunkId) const
{
    QList<qint64> out;
    if (const auto it = m_entryOfChunk.constFind(chunkId); it != m_entryOfChunk.cend())
        for (int other : candidatesOf(*it))
            out << m_entries[other].chunkId;
    return out;
}

double FindingIndex::coverageBound(const Entry &a, const Entry &b) const
{
    // One walk of the two sorted feature lists: the weight they share, each side's total, and the weight
    // of values only one side states (a changed value leaves both totals in compare(), so at most that
    // much less is the denominator). compare() can find nothing below kRelatedCoverage.
    double shared = 0.0, totalA = 0.0, totalB = 0.0, onlyValuesA = 0.0, onlyValuesB = 0.0;
    qsizetype i = 0, j = 0;
    while (i < a.features.size() || j < b.features.size()) {
        const int fa = i < a.features.size() ? a.features[i] : INT_MAX;
        const int fb = j < b.features.size() ? b.features[j] : INT_MAX;
        const int f = qMin(fa, fb);
        if (m_featureIsSubjectKey[f]) { // picks candidates, no part of compare()'s coverage
            i += fa == f;
            j += fb == f;
            continue;
        }
        const double w =
            std::log(1.0 + double(m_entryOfChunk.size() + 1) / double(qMax<qsizetype>(1, m_postings[f].size())));
        if (fa == fb) {
            shared += w;
            totalA += w;
            totalB += w;
            ++i;
            ++j;
        } else if (fa < fb) {
            totalA += w;
            onlyValuesA += m_featureIsValue[f] ? w : 0.0;
            ++i;
        } else {
            totalB += w;
            onlyValuesB += m_featureIsValue[f] ? w : 0.0;
            ++j;
        }
    }
    const double smaller = qMin(totalA - onlyValuesA, totalB - onlyValuesB);
    return smaller > 0.0 ? shared / smaller : 0.0;
}

bool FindingIndex::linkedByLineage(qint64 fileA, qint64 fileB)
{
    auto paths = m_db.cached(QStringLiteral("SELECT path FROM files WHERE id = ?"));
    if (!paths)
        return false;
    QString a, b;
    paths->bind(1, fileA);
    if (paths->next())
        a = paths->text(0);
    paths->reset();
    paths->bind(1, fileB);
    if (paths->next())
        b = paths->text(0);
    paths->reset();
    auto edge =
        m_db.cached(QStringLiteral("SELECT 1 FROM dyn_edges WHERE type IN ('derived_from', 'supersedes') AND "
                                   "((src = ?1 AND dst IN (?2, ?4)) OR (src = ?2 AND dst IN (?1, ?3))) LIMIT 1"));
    if (!edge)
        return false; // no dynamics tables (an index opened without them): nothing is linked
    auto stem = [](const QString &p) { return p.endsWith(QLatin1String(".md")) ? p.chopped(3) : p; };
    edge->bind(1, a).bind(2, b).bind(3, stem(a)).bind(4, stem(b));
    return edge->next();
}

Status FindingIndex::store(const FindingRow &row)
{
    auto insert = m_db.cached(QStringLiteral(
        "INSERT OR REPLACE INTO review_findings(id, kind, older, newer, similarity, reason) VALUES(?, ?, ?, ?, ?, ?)"));
    if (!insert)
        return insert.error();
    insert->bind(1, row.id)
        .bind(2, row.kind == FindingKind::Duplicate       ? storedName(Stored::Duplicate)
                 : row.kind == FindingKind::Contradiction ? storedName(Stored::Contradiction)
                                                          : storedName(Stored::Related))
        .bind(3, row.older)
        .bind(4, row.newer)
        .bind(5, row.similarity)
        .bind(6, row.reason);
    return insert->exec();
}

QString FindingIndex::metaValue(const QString &key)
{
    auto s = m_db.cached(QStringLiteral("SELECT value FROM meta WHERE key = ?"));
    if (!s)
        return {};
    s->bind(1, key);
    const QString value = s->next() ? s->text(0) : QString();
    s->reset();
    return value;
}

Status FindingIndex::setMetaValue(const QString &key, const QString &value)
{
    auto s = m_db.cached(QStringLiteral("INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)"));
    if (!s)
        return s.error();
    s->bind(1, key).bind(2, value);
    return s->exec();
}

Status FindingIndex::startOverForAnotherDetector()
{
    if (metaValue(kDetectorKey) == kDetectorVersion)
        return {};
    // Verdicts stay: they are kept by the finding's id, which hashes the texts, not the detector's reading.
    Transaction transaction(m_db);
    for (const char *sql : {"DELETE FROM review_findings", "DELETE FROM review_profiles"})
        if (Status s = m_db.exec(QString::fromLatin1(sql)); !s)
            return s;
    if (Status s = setMetaValue(kHighWaterKey, QStringLiteral("0")); !s)
        return s;
    if (Status s = setMetaValue(kDetectorKey, kDetectorVersion); !s)
        return s;
    return transaction.commit();
}

Result<FindingScan> FindingIndex::update(const std::atomic_bool *cancel)
{
    FindingScan scan;
    if (m_highWater < 0)
        if (Status s = startOverForAnotherDetector(); !s)
            return s.error();
    const qint64 stored = metaValue(kHighWaterKey).toLongLong();
    // Profiles another process stored (or all of them, the first time) join the in-memory index.
    if (m_highWater < 0 || stored > m_highWater) {
        scan.reloaded = m_highWater < 0;
        if (Status s = loadProfiles(); !s)
            return s.error();
        m_highWater = stored;
    }
    // Chunks removed since (a file re-indexed or gone) took their profile rows with them.
    if (auto count = m_db.cached(QStringLiteral("SELECT count(*) FROM review_profiles"));
        count && count->next() && count->int64(0) != m_entryOfChunk.size()) {
        QSet<qint64> present;
        auto ids = m_db.prepare(QStringLiteral("SELECT chunk_id FROM review_profiles"));
        if (!ids)
            return ids.error();
        while (ids->next())
            present.insert(ids->int64(0));
        for (auto it = m_entryOfChunk.begin(); it != m_entryOfChunk.end();) {
            if (present.contains(it.key())) {
                ++it;
                continue;
            }
            m_entries[*it].chunkId = 0;
            if (const QString &lead = m_entries[*it].profile.lead; !lead.isEmpty())
                --m_leadCount[lead];
            it = m_entryOfChunk.erase(it);
        }
    }

    qint64 highest = m_highWater;
    QList<Entry> batch;
    {
        auto fresh = m_db.prepare(QStringLiteral(
            "SELECT c.id, c.file_id, coalesce(c.time, f.mtime / 1000), c.text, c.speaker, c.layer, c.store, f.path, "
            "CASE WHEN c.speaker <> '' THEN f.front_matter END "
            "FROM chunks c JOIN files f ON f.id = c.file_id WHERE c.id > ? ORDER BY c.id"));
        if (!fresh)
            return fresh.error();
        fresh->bind(1, m_highWater);
        QHash<qint64, QStringList> participants; // a transcript's front matter, read once for all its turns
        while (fresh->next()) {
            highest = fresh->int64(0);
            if (isDigestLayer(fresh->text(5)))
                continue;
            const qint64 fileId = fresh->int64(1);
            QString speaker = fresh->text(4);
            if (!speaker.isEmpty()) {
                auto known = participants.find(fileId);
                if (known == participants.end())
                    known = participants.insert(fileId, participantsOf(fresh->text(8)));
                speaker = speakerInFull(speaker, *known);
            }
            Entry e{fresh->int64(0), fileId, fresh->int64(2), MemoryProfile::of(fresh->text(3), speaker), {}};
            e.profile.standing = isStanding(fresh->text(6), fresh->text(5), fresh->text(7));
            if (e.profile.terms.size() + e.profile.valueKeys().size() < kMinimumFeatures)
                continue;
            batch << std::move(e);
        }
        if (fresh->failed())
            return fresh->error();
    }
    QVector<int> added;
    scan.profiled = batch.size();

    Transaction transaction(m_db);
    auto insert = m_db.cached(
        QStringLiteral("INSERT OR REPLACE INTO review_profiles(chunk_id, file_id, time, profile) VALUES(?, ?, ?, ?)"));
    if (!insert)
        return insert.error();
    for (Entry &e : batch) {
        insert->bind(1, e.chunkId).bind(2, e.fileId).bind(3, e.time).bind(4, e.profile.serialize());
        if (Status s = insert->exec(); !s)
            return s.error();
        added << addEntry(std::move(e));
    }
    // A pair is compared once, when either picks the other: one may pick the other where the other does not pick
    // it back (its rarest words lie elsewhere), and either way the two belong side by side. A new memory is
    // compared with what it picks, and with the older memories that pick it (pickersOf), so what a full scan finds
    // does not depend on the order in which files arrived.
    QSet<quint64> compared;
    const QSet<int> isNew(added.cbegin(), added.cend());
    const bool olderEntries = m_entryOfChunk.size() > isNew.size();
    const auto weightOf = [this](const QString &feature) { return weight(feature); };
    const auto leadsOf = [this](const QString &name) { return leads(name); };
    for (int index : std::as_const(added)) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            break;
        QList<FindingRow> related;
        QVector<int> partners = candidatesOf(index);
        if (olderEntries)
            partners << pickersOf(index, partners, isNew);
        for (int other : std::as_const(partners)) {
            const quint64 pair = (quint64(qMin(index, other)) << 32) | quint64(qMax(index, other));
            if (compared.contains(pair))
                continue;
            compared.insert(pair);
            const Entry &a = m_entries[index], &b = m_entries[other];
            if (coverageBound(a, b) < kRelatedCoverage && a.profile.normalized != b.profile.normalized)
                continue;
            const bool aOlder = a.time != b.time ? a.time < b.time : a.chunkId < b.chunkId;
            const Entry &older = aOlder ? a : b, &newer = aOlder ? b : a;
            const Comparison c = compare(older.profile, newer.profile, weightOf, leadsOf);
            ++scan.compared;
            if (!c.duplicate && !c.contradiction && !c.related)
                continue;
            FindingRow row;
            row.kind = c.duplicate       ? FindingKind::Duplicate
                       : c.contradiction ? FindingKind::Contradiction
                                         : FindingKind::Stale;
            row.older = older.chunkId;
            row.newer = newer.chunkId;
            row.similarity = c.similarity;
            row.reason = c.reason;
            QCryptographicHash hash(QCryptographicHash::Sha1);
            hash.addData(findingKindName(row.kind).toUtf8());
            hash.addData(older.profile.normalized.toUtf8());
            hash.addData(QByteArrayView("\x1f", 1));
            hash.addData(newer.profile.normalized.toUtf8());
            row.id = QString::fromLatin1(hash.result().toHex().left(12));
            if (row.kind == FindingKind::Stale) {
                related << row;
                continue;
            }
            if (linkedByLineage(older.fileId, newer.fileId))
                continue;
            if (Status s = store(row); !s)
                return s.error();
            ++scan.found;
        }
        // Only the closest few related memories: they are what a stale fact is checked against.
        std::sort(related.begin(), related.end(),
                  [](const FindingRow &x, const FindingRow &y) { return x.similarity > y.similarity; });
        for (qsizetype i = 0; i < qMin<qsizetype>(related.size(), 3); ++i)
            if (Status s = store(related[i]); !s)
                return s.error();
    }
    if (Status s = setMetaValue(kHighWaterKey, QString::number(highest)); !s)
        return s.error();
    if (Status s = transaction.commit(); !s)
        return s.error();
    m_highWater = highest;
    scan.memories = m_entryOfChunk.size();
    return scan;
}

Result<QList<FindingRow>> FindingIndex::rows(Stored kind)
{
    auto s = m_db.cached(kRowColumns + QStringLiteral("WHERE %1 = ?").arg(kKind));
    if (!s)
        return s.error();
    s->bind(1, storedName(kind));
    return rowsFrom(*s);
}

Result<QList<FindingRow>> FindingIndex::rowsOf(qint64 chunkId)
{
    auto s = m_db.cached(kRowColumns
                         + QStringLiteral("WHERE (r.older = ?1 OR r.newer = ?1) AND %1 != 'distinct'").arg(kKind));
    if (!s)
        return s.error();
    s->bind(1, chunkId);
    return rowsFrom(*s);
}

Result<FindingRow> FindingIndex::row(const QString &id)
{
    auto s = m_db.cached(kRowColumns + QStringLiteral("WHERE r.id = ? AND %1 != 'distinct'").arg(kKind));
    if (!s)
        return s.error();
    s->bind(1, id);
    if (s->next())
        return rowFrom(*s);
    if (s->failed())
        return s->error();
    return Error{QStringLiteral("no finding %1 (it may be resolved, or one of its memories changed)").arg(id)};
}

QHash<qint64, FindingIndex::Successors> FindingIndex::successorsOf(const QList<qint64> &chunkIds)
{
    QHash<qint64, Successors> out;
    if (chunkIds.isEmpty())
        return out;
    // The supersedes edges name a file by its path, or by its path without ".md" (as front matter wrote it).
    auto superseding = m_db.cached(QStringLiteral(
        "SELECT c.id, e.src FROM chunks c JOIN files f ON f.id = c.file_id "
        "JOIN dyn_edges e ON e.type = 'supersedes' AND e.dst IN (f.path, substr(f.path, 1, length(f.path) - 3)) "
        "WHERE c.id IN (SELECT value FROM json_each(?)) AND e.src != f.path"));
    if (superseding) {
        superseding->bind(1, sqlList(chunkIds));
        while (superseding->next()) {
            QStringList &list = out[superseding->int64(0)].supersededBy;
            if (!list.contains(superseding->text(1)))
                list << superseding->text(1);
        }
    }
    auto contradicting = m_db.cached(
        QStringLiteral("SELECT r.older, r.newer, nf.path ") + kJudged
        + QStringLiteral("JOIN chunks o ON o.id = r.older JOIN files of ON of.id = o.file_id "
                         "JOIN chunks n ON n.id = r.newer JOIN files nf ON nf.id = n.file_id WHERE ")
        + kKind
        + QStringLiteral(" = 'contradiction' AND r.older IN (SELECT value FROM json_each(?)) "
                         "AND NOT EXISTS (SELECT 1 FROM dyn_edges e WHERE e.type IN ('distinct', 'supersedes') AND "
                         "((e.src = of.path AND e.dst IN (nf.path, substr(nf.path, 1, length(nf.path) - 3))) OR "
                         "(e.src = nf.path AND e.dst IN (of.path, substr(of.path, 1, length(of.path) - 3)))))"));
    if (contradicting) {
        contradicting->bind(1, sqlList(chunkIds));
        while (contradicting->next()) {
            Successors &s = out[contradicting->int64(0)];
            s.contradictedByChunks << contradicting->int64(1);
            if (!s.contradictedBy.contains(contradicting->text(2)))
                s.contradictedBy << contradicting->text(2);
        }
    }
    return out;
}

QList<QPair<qint64, qint64>> FindingIndex::duplicatesAmong(const QList<qint64> &chunkIds)
{
    QList<QPair<qint64, qint64>> out;
    auto s = m_db.cached(QStringLiteral("SELECT r.older, r.newer ") + kJudged + QStringLiteral("WHERE ") + kKind
                         + QStringLiteral(" = 'duplicate' AND r.older IN (SELECT value FROM json_each(?1)) "
                                          "AND r.newer IN (SELECT value FROM json_each(?1))"));
    if (!s)
        return out;
    s->bind(1, sqlList(chunkIds));
    while (s->next())
        out << qMakePair(s->int64(0), s->int64(1));
    return out;
}

Result<QList<FindingRow>> FindingIndex::unjudged(int limit)
{
    // Stored contradictions first (the offline detector's weakest verdict), then related pairs (where it
    // misses contradictions), then duplicates; the closest pairs first within each.
    auto s = m_db.cached(kRowColumns
                         + QStringLiteral("WHERE v.finding_id IS NULL ORDER BY CASE r.kind WHEN 'contradiction' THEN 0 "
                                          "WHEN 'related' THEN 1 ELSE 2 END, r.similarity DESC, r.id LIMIT ?"));
    if (!s)
        return s.error();
    s->bind(1, limit);
    return rowsFrom(*s);
}

qint64 FindingIndex::unjudgedCount()
{
    auto s = m_db.cached(QStringLiteral("SELECT count(*) ") + kJudged + QStringLiteral("WHERE v.finding_id IS NULL"));
    return s && s->next() ? s->int64(0) : 0;
}

Status FindingIndex::storeVerdict(const QString &findingId, const Judgement &judgement)
{
    auto insert = m_db.cached(QStringLiteral(
        "INSERT OR REPLACE INTO review_verdicts(finding_id, verdict, reason, model) VALUES(?, ?, ?, ?)"));
    if (!insert)
        return insert.error();
    insert->bind(1, findingId)
        .bind(2, judgeVerdictName(judgement.verdict))
        .bind(3, judgement.reason)
        .bind(4, judgement.model);
    return insert->exec();
}

Status FindingIndex::forgetOrphanVerdicts()
{
    return m_db.exec(
        QStringLiteral("DELETE FROM review_verdicts WHERE finding_id NOT IN (SELECT id FROM review_findings)"));
}

} // namespace engram
