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
#include <QSet>

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

/// What one listing reads once: the memories its rows name (one statement for all), each side a person
/// sees, each file's lineage, and the facts a later restatement confirms.
struct MemoryReview::Listing {
    explicit Listing(Engine &engine) : lineage(engine) { }
    QDateTime now;
    QHash<qint64, Chunk> chunks;
    QHash<qint64, QDateTime> dates;
    QHash<qint64, ReviewSide> sides;
    MemoryLineage lineage;
    QSet<qint64> confirmed;
};

void MemoryReview::readMemories(Listing &listing, const QList<FindingRow> &rows)
{
    QList<qint64> ids;
    QSet<qint64> named;
    for (const FindingRow &row : rows)
        for (const qint64 id : {row.older, row.newer})
            if (!named.contains(id)) {
                named.insert(id);
                ids << id;
            }
    for (const Chunk &chunk : internals(m_engine).store().chunks(ids))
        listing.chunks.insert(chunk.id, chunk);
}

QDateTime MemoryReview::dateOf(Listing &listing, const Chunk &chunk)
{
    if (chunk.time.isValid())
        return chunk.time;
    if (const auto it = listing.dates.constFind(chunk.id); it != listing.dates.cend())
        return *it;
    QDateTime date;
    if (const auto record = internals(m_engine).store().file(chunk.path))
        date = QDateTime::fromMSecsSinceEpoch(record->mtimeMs, Qt::UTC);
    listing.dates.insert(chunk.id, date);
    return date;
}

ReviewSide MemoryReview::sideOf(Listing &listing, const Chunk &chunk)
{
    if (const auto it = listing.sides.constFind(chunk.id); it != listing.sides.cend())
        return *it;
    ReviewSide side;
    side.chunk = chunk;
    side.text = m_engine.displayText(chunk);
    side.date = dateOf(listing, chunk);
    side.recalls = m_engine.memoryState(chunk, listing.now).accessCount;
    listing.sides.insert(chunk.id, side);
    return side;
}

bool MemoryReview::resolvedPair(Listing &listing, const QString &pathA, const QString &pathB)
{
    auto distinct = internals(m_engine).store().database().cached(QStringLiteral(
        "SELECT 1 FROM dyn_edges WHERE type = 'distinct' AND ((src = ?1 AND dst = ?2) OR (src = ?2 AND dst = ?1)) LIMIT 1"));
    if (distinct) {
        distinct->bind(1, pathA).bind(2, pathB);
        if (distinct->next())
            return true;
    }
    const MemoryFileFacts a = listing.lineage.facts(pathA);
    return a.supersedes.contains(pathB) || a.supersededBy.contains(pathB);
}

std::optional<ReviewFinding> MemoryReview::openFinding(Listing &listing, const FindingRow &row)
{
    const auto older = listing.chunks.constFind(row.older);
    const auto newer = listing.chunks.constFind(row.newer);
    if (older == listing.chunks.cend() || newer == listing.chunks.cend())
        return std::nullopt; // removed since the last update
    QDateTime lastConfirmed;
    if (row.kind == FindingKind::Stale) {
        // Most related pairs are not stale: the checks that read nothing come first, the display text last.
        // "Newer sessions talk about its subject differently": the newer side is a session.
        if (!holdsFacts(older->path) || !newer->path.startsWith(QLatin1String("sessions/"))
            || listing.confirmed.contains(row.older))
            return std::nullopt;
        const QDateTime olderDate = dateOf(listing, *older);
        if (olderDate.daysTo(dateOf(listing, *newer)) < kNewerByDays)
            return std::nullopt;
        const MemoryState state = m_engine.memoryState(*older, listing.now);
        lastConfirmed = state.lastAccess.isValid() ? qMax(state.lastAccess, olderDate) : olderDate;
        if (lastConfirmed.daysTo(listing.now) < kStaleAfterDays)
            return std::nullopt;
    }
    if (resolvedPair(listing, older->path, newer->path))
        return std::nullopt;
    // The reason quotes values from the raw index text ("x → y"): it leaves through the gate like the texts.
    ReviewFinding f{row.id,
                    row.kind,
                    m_engine.redactionGate().clean(row.reason),
                    row.similarity,
                    sideOf(listing, *older),
                    sideOf(listing, *newer)};
    if (row.kind == FindingKind::Stale)
        f.reason = QStringLiteral("not confirmed since %1; %2 (%3) talks about its subject differently")
                       .arg(lastConfirmed.date().toString(Qt::ISODate), f.newer.source(),
                            f.newer.date.date().toString(Qt::ISODate));
    return f;
}

Result<QList<ReviewFinding>> MemoryReview::findings(std::optional<FindingKind> kind, const QDateTime &now)
{
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
    Listing listing(m_engine);
    listing.now = now.isValid() ? now : m_engine.now();
    if (!kind || *kind == FindingKind::Stale) {
        auto duplicates = kind ? index.rows(FindingIndex::Stored::Duplicate) : Result<QList<FindingRow>>(rows);
        if (!duplicates)
            return duplicates.error();
        for (const FindingRow &d : std::as_const(*duplicates))
            if (d.kind == FindingKind::Duplicate)
                listing.confirmed.insert(d.older);
    }
    readMemories(listing, rows);
    QList<ReviewFinding> out;
    QHash<qint64, qsizetype> staleOf; // a fact → its stale finding in `out` (one per fact: the newest material)
    for (const FindingRow &row : std::as_const(rows)) {
        std::optional<ReviewFinding> f = openFinding(listing, row);
        if (!f)
            continue;
        if (row.kind == FindingKind::Stale) {
            if (auto it = staleOf.constFind(row.older); it != staleOf.cend()) {
                if (out[*it].newer.date < f->newer.date)
                    out[*it] = *f;
                continue;
            }
            staleOf.insert(row.older, out.size());
        }
        out << *f;
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
    // One row and what it names, not the whole listing (resolve() asks for one finding by its id).
    FindingIndex &index = internals(m_engine).findings();
    auto row = index.row(id);
    if (!row)
        return Error{QStringLiteral("no open finding %1 (engram-cli review lists them)").arg(id)};
    Listing listing(m_engine);
    listing.now = now.isValid() ? now : m_engine.now();
    if (row->kind == FindingKind::Stale) {
        auto around = index.rowsOf(row->older);
        if (!around)
            return around.error();
        for (const FindingRow &d : std::as_const(*around))
            if (d.kind == FindingKind::Duplicate && d.older == row->older)
                listing.confirmed.insert(d.older);
    }
    readMemories(listing, {*row});
    if (std::optional<ReviewFinding> f = openFinding(listing, *row))
        return *f;
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
