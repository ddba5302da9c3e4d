#include "agent/MemoryReview.h"

#include "agent/MemoryLineage.h"
#include "agent/MemoryWriter.h"
#include "consolidation/DigestFile.h"
#include "core/Database.h"
#include "core/FrontMatter.h"
#include "core/VaultBoundary.h"
#include "vault/EngineInternals.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>

#include <algorithm>

namespace engram {

namespace {

const QString kDistinctEdge = QStringLiteral("distinct");

/// A standing fact a person or the agent wrote down, not a turn of talk or a digest: what can go stale.
bool holdsFacts(const QString &path)
{
    return path.startsWith(QLatin1String("memories/")) || path.startsWith(QLatin1String("notes/"))
           || path.startsWith(QLatin1String("consolidated/fact/"));
}

QJsonObject sideJson(const ReviewSide &side)
{
    return QJsonObject{
        {QStringLiteral("path"), side.chunk.path},
        {QStringLiteral("start_line"), side.chunk.startLine},
        {QStringLiteral("end_line"), side.chunk.endLine},
        {QStringLiteral("source"), side.source()},
        {QStringLiteral("text"), side.text},
        {QStringLiteral("date"), side.date.isValid() ? side.date.toUTC().toString(Qt::ISODate) : QString()},
        {QStringLiteral("recalls"), side.recalls}};
}

} // namespace

QString ReviewSide::source() const
{
    return QStringLiteral("%1:%2-%3").arg(chunk.path).arg(chunk.startLine).arg(chunk.endLine);
}

QJsonObject ReviewFinding::toJson() const
{
    return QJsonObject{{QStringLiteral("id"), id},
                       {QStringLiteral("kind"), findingKindName(kind)},
                       {QStringLiteral("reason"), reason},
                       {QStringLiteral("similarity"), qRound(similarity * 100) / 100.0},
                       {QStringLiteral("older"), sideJson(older)},
                       {QStringLiteral("newer"), sideJson(newer)}};
}

QString reviewActionName(ReviewAction action)
{
    switch (action) {
    case ReviewAction::Merge: return QStringLiteral("merge");
    case ReviewAction::Supersede: return QStringLiteral("supersede");
    case ReviewAction::KeepBoth: return QStringLiteral("keep-both");
    case ReviewAction::Archive: return QStringLiteral("archive");
    }
    return {};
}

bool reviewActionFromName(const QString &name, ReviewAction *action)
{
    for (ReviewAction a : {ReviewAction::Merge, ReviewAction::Supersede, ReviewAction::KeepBoth, ReviewAction::Archive})
        if (reviewActionName(a) == name) {
            *action = a;
            return true;
        }
    return false;
}

MemoryReview::MemoryReview(Engine &engine) : m_engine(engine) { }

Result<ReviewSide> MemoryReview::sideOf(qint64 chunkId, const QDateTime &now)
{
    IndexStore &store = internals(m_engine).store();
    const QList<Chunk> chunks = store.chunks({chunkId});
    if (chunks.isEmpty())
        return Error{QStringLiteral("memory %1 is no longer indexed").arg(chunkId)};
    ReviewSide side;
    side.chunk = chunks.first();
    side.text = m_engine.displayText(side.chunk);
    side.date = side.chunk.time;
    if (!side.date.isValid())
        if (const auto record = store.file(side.chunk.path))
            side.date = QDateTime::fromMSecsSinceEpoch(record->mtimeMs, Qt::UTC);
    side.recalls = m_engine.memoryState(side.chunk, now).accessCount;
    return side;
}

bool MemoryReview::resolvedPair(const QString &pathA, const QString &pathB)
{
    auto distinct = internals(m_engine).store().database().cached(QStringLiteral(
        "SELECT 1 FROM dyn_edges WHERE type = 'distinct' AND ((src = ?1 AND dst = ?2) OR (src = ?2 AND dst = ?1)) LIMIT 1"));
    if (distinct) {
        distinct->bind(1, pathA).bind(2, pathB);
        if (distinct->next())
            return true;
    }
    MemoryLineage lineage(m_engine);
    const MemoryFileFacts a = lineage.facts(pathA);
    return a.supersedes.contains(pathB) || a.supersededBy.contains(pathB);
}

Result<QList<ReviewFinding>> MemoryReview::findings(std::optional<FindingKind> kind, const QDateTime &nowIn)
{
    const QDateTime now = nowIn.isValid() ? nowIn : m_engine.now();
    FindingIndex &index = internals(m_engine).findings();
    QList<FindingRow> rows;
    for (auto [stored, shown] : {std::pair{FindingIndex::Stored::Duplicate, FindingKind::Duplicate},
                                 std::pair{FindingIndex::Stored::Contradiction, FindingKind::Contradiction},
                                 std::pair{FindingIndex::Stored::Related, FindingKind::Stale}}) {
        if (kind && *kind != shown)
            continue;
        auto some = index.rows(stored);
        if (!some)
            return some.error();
        rows += *some;
    }
    QList<ReviewFinding> out;
    QHash<qint64, qsizetype> staleOf; // a fact → its stale finding in `out` (one per fact: the newest material)
    QSet<qint64> confirmed;           // facts a later restatement confirms
    if (!kind || *kind == FindingKind::Stale) {
        auto duplicates = index.rows(FindingIndex::Stored::Duplicate);
        if (!duplicates)
            return duplicates.error();
        for (const FindingRow &d : *duplicates)
            confirmed.insert(d.older);
    }
    for (const FindingRow &row : std::as_const(rows)) {
        auto older = sideOf(row.older, now);
        auto newer = sideOf(row.newer, now);
        if (!older || !newer)
            continue; // removed since the last update
        if (resolvedPair(older->chunk.path, newer->chunk.path))
            continue;
        // The reason quotes values from the raw index text ("x → y"): it leaves through the gate like the texts.
        ReviewFinding f{row.id, row.kind, m_engine.redactionGate().clean(row.reason), row.similarity, *older, *newer};
        if (row.kind == FindingKind::Stale) {
            const MemoryState state = m_engine.memoryState(older->chunk, now);
            const QDateTime lastConfirmed =
                state.lastAccess.isValid() ? qMax(state.lastAccess, older->date) : older->date;
            // "Newer sessions talk about its subject differently": the newer side is a session.
            if (!holdsFacts(older->chunk.path) || !newer->chunk.path.startsWith(QLatin1String("sessions/"))
                || confirmed.contains(row.older) || lastConfirmed.daysTo(now) < kStaleAfterDays
                || older->date.daysTo(newer->date) < kNewerByDays)
                continue;
            f.reason = QStringLiteral("not confirmed since %1; %2 (%3) talks about its subject differently")
                           .arg(lastConfirmed.date().toString(Qt::ISODate), newer->source(),
                                newer->date.date().toString(Qt::ISODate));
            if (auto it = staleOf.constFind(row.older); it != staleOf.cend()) {
                if (out[*it].newer.date < newer->date)
                    out[*it] = f;
                continue;
            }
            staleOf.insert(row.older, out.size());
        }
        out << f;
    }
    std::stable_sort(out.begin(), out.end(), [](const ReviewFinding &a, const ReviewFinding &b) {
        if (a.newer.date != b.newer.date)
            return a.newer.date > b.newer.date;
        return a.older.recalls + a.newer.recalls > b.older.recalls + b.newer.recalls;
    });
    return out;
}

Result<ReviewFinding> MemoryReview::finding(const QString &id, const QDateTime &now)
{
    auto all = findings(std::nullopt, now);
    if (!all)
        return all.error();
    for (const ReviewFinding &f : *all)
        if (f.id == id)
            return f;
    return Error{QStringLiteral("no open finding %1 (engram-cli review lists them)").arg(id)};
}

Status MemoryReview::writeFile(const QString &path, const QByteArray &bytes)
{
    if (Status s = VaultBoundary(m_engine.vaultPath()).writeFile(path, bytes); !s)
        return s;
    const IndexReport report = m_engine.indexPath(path);
    if (report.error)
        return Error{QStringLiteral("%1 is written but not indexed yet: %2").arg(path, report.error->toString())};
    return {};
}

Result<ReviewUndo> MemoryReview::resolve(const QString &id, ReviewAction action, const QString &take)
{
    auto undo = apply(id, action, take);
    // The files it rewrote or archived were indexed again: their findings follow now, not at the next run.
    if (undo)
        (void)m_engine.updateFindings();
    return undo;
}

Result<ReviewUndo> MemoryReview::apply(const QString &id, ReviewAction action, const QString &take)
{
    auto found = finding(id);
    if (!found)
        return found.error();
    const QString a = found->older.chunk.path, b = found->newer.chunk.path;
    ReviewUndo undo;
    undo.findingId = id;
    if (action == ReviewAction::KeepBoth) {
        if (Status s =
                internals(m_engine).dynamics().record(QJsonObject{{QStringLiteral("type"), QStringLiteral("link")},
                                                                  {QStringLiteral("from"), a},
                                                                  {QStringLiteral("to"), QJsonArray{b}},
                                                                  {QStringLiteral("edge"), kDistinctEdge},
                                                                  {QStringLiteral("weights"), QJsonArray{1.0}}});
            !s)
            return s.error();
        undo.distinct = {a, b};
        return undo;
    }
    if (take != a && take != b)
        return Error{QStringLiteral("--take names the memory to %1: %2 or %3").arg(reviewActionName(action), a, b)};
    const QString other = take == a ? b : a;
    MemoryWriter writer(m_engine);
    if (action == ReviewAction::Archive) {
        QString archivedAs;
        if (Status s = writer.forget(take, &archivedAs); !s)
            return s.error();
        undo.archived << qMakePair(take, archivedAs);
        return undo;
    }
    // Merge and Supersede: `take` states that it replaces the other.
    QFile file(QDir(m_engine.vaultPath()).filePath(take));
    if (!file.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("cannot read %1: %2").arg(take, file.errorString())};
    const QByteArray before = file.readAll();
    file.close();
    const QString content = QString::fromUtf8(before);
    QStringList supersedes;
    if (auto parsed = FrontMatter::parse(content.split(QLatin1Char('\n'))); parsed)
        supersedes = FrontMatter::listOf(parsed->values.value(QStringLiteral("supersedes")));
    if (!supersedes.contains(other))
        supersedes << other;
    if (Status s = writeFile(take, withFrontMatterList(content, QStringLiteral("supersedes"), supersedes).toUtf8()); !s)
        return s.error();
    undo.rewritten << qMakePair(take, before);
    if (action == ReviewAction::Merge) {
        QString archivedAs;
        if (Status s = writer.forget(other, &archivedAs); !s) {
            (void)takeBack(undo);
            return s.error();
        }
        undo.archived << qMakePair(other, archivedAs);
    }
    return undo;
}

Status MemoryReview::undo(const ReviewUndo &undo)
{
    const Status undone = takeBack(undo);
    (void)m_engine.updateFindings();
    return undone;
}

Status MemoryReview::takeBack(const ReviewUndo &undo)
{
    MemoryWriter writer(m_engine);
    for (const auto &[original, archive] : undo.archived)
        if (Status s = writer.restore(archive); !s)
            return s;
    for (const auto &[path, bytes] : undo.rewritten)
        if (Status s = writeFile(path, bytes); !s)
            return s;
    if (undo.distinct.size() == 2)
        return internals(m_engine).dynamics().record(QJsonObject{{QStringLiteral("type"), QStringLiteral("unlink")},
                                                                 {QStringLiteral("from"), undo.distinct[0]},
                                                                 {QStringLiteral("to"), undo.distinct[1]},
                                                                 {QStringLiteral("edge"), kDistinctEdge}});
    return {};
}

} // namespace engram
