#pragma once

#include "core/Result.h"
#include "hygiene/MemoryComparison.h"
#include "ingest/Chunk.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>

#include <optional>

namespace engram {

class Engine;
struct FindingRow;

/// One memory of a finding, as a person compares it with the other.
struct ReviewSide {
    Chunk chunk;
    QString text;   ///< what a person reads (Engine::displayText: through the gate)
    QDateTime date; ///< its source's date: the chunk's time, else its file's
    int recalls = 0;
    QString source() const; ///< "path:start-end"
};

/// A finding a person (or an agent with the person) resolves: two memories that repeat each other,
/// cannot both hold now, or an old fact that newer material talks about differently.
struct ReviewFinding {
    QString id;
    FindingKind kind = FindingKind::Duplicate;
    QString reason; ///< why: "Friday → Tuesday", "one holds the other", "not confirmed since …"
    double similarity = 0.0;
    ReviewSide older; ///< for Stale: the fact
    ReviewSide newer; ///< for Stale: the newest material about its subject
    /// id, kind, reason, similarity, older and newer (path, lines, source, text, date, recalls), newer_is
    /// ("older"/"newer" are by date; a person decides which is right).
    QJsonObject toJson() const;
};

/// What a person can do with a finding.
enum class ReviewAction {
    Merge,     ///< one file stays (`take`) and supersedes the other, which is archived (restorable)
    Supersede, ///< `take` supersedes the other (writes `supersedes:`); both stay, the other ranks low
    KeepBoth,  ///< both are right: remembered (a `distinct` link in the journal), never asked again
    Archive,   ///< `take` is archived (restorable); the other stays
};
QString reviewActionName(ReviewAction action); ///< "merge", "supersede", "keep-both", "archive"
bool reviewActionFromName(const QString &name, ReviewAction *action);

/// How to take an action back: the bytes of each file it rewrote, the files it archived, the link it
/// journaled.
struct ReviewUndo {
    QString findingId;
    QList<QPair<QString, QByteArray>> rewritten; ///< vault-relative path, bytes before
    QList<QPair<QString, QString>> archived;     ///< original path, archive path
    QStringList distinct;                        ///< {from, to} of the `distinct` link written, or empty
};

/// The Review surface of every front end (workbench, `engram-cli review`, MCP `review`): the open
/// findings of the hygiene detector with both memories, and the actions that resolve one. Every write
/// goes through the vault boundary (MemoryWriter, QSaveFile via VaultBoundary) and the journal; every
/// action can be undone.
class MemoryReview {
public:
    explicit MemoryReview(Engine &engine);

    /// The open findings (of `kind`, or all), newest first, then the most recalled: resolved pairs
    /// (kept both, superseded, archived) are left out. Stale facts are judged at `now`: an old fact
    /// (older than kStaleAfterDays) not recalled since, while material at least kNewerByDays newer talks
    /// about its subject without repeating it.
    Result<QList<ReviewFinding>> findings(std::optional<FindingKind> kind = {}, const QDateTime &now = {});
    Result<ReviewFinding> finding(const QString &id, const QDateTime &now = {});
    /// Resolves finding `id`. `take` is the vault-relative path of the memory the action keeps (Merge,
    /// Supersede) or archives (Archive); KeepBoth ignores it.
    Result<ReviewUndo> resolve(const QString &id, ReviewAction action, const QString &take);
    /// Takes a resolve() back: rewritten files get their bytes back, archived ones are restored, the
    /// link is unlinked; each touched file is indexed again.
    Status undo(const ReviewUndo &undo);

    static constexpr int kStaleAfterDays = 90;
    static constexpr int kNewerByDays = 30;

private:
    Result<ReviewUndo> apply(const QString &id, ReviewAction action, const QString &take);
    Status takeBack(const ReviewUndo &undo);
    struct Listing;
    void readMemories(Listing &listing, const QList<FindingRow> &rows);
    QDateTime dateOf(Listing &listing, const Chunk &chunk);
    ReviewSide sideOf(Listing &listing, const Chunk &chunk);
    bool resolvedPair(Listing &listing, const QString &pathA, const QString &pathB);
    /// The finding `row` shows a person, or nothing when it is resolved, no longer indexed or (a related
    /// pair) not stale at listing.now.
    std::optional<ReviewFinding> openFinding(Listing &listing, const FindingRow &row);
    Status writeFile(const QString &path, const QByteArray &bytes);

    Engine &m_engine;
};

} // namespace engram
