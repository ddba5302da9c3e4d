#pragma once

#include "cognition/CognitiveState.h"
#include "core/Result.h"

#include <QDateTime>
#include <QList>
#include <QString>

namespace engram {

/// One item edited differently on two machines: the merged state keeps `mine`; `theirs` waits
/// for the person as a proposal (never dropped).
struct CognitiveConflict {
    QString kind; ///< heuristic, learning, avoidance, priority, focus or setting:<key>
    QString base;
    QString mine;
    QString theirs;

    QJsonObject toJson() const;
    static CognitiveConflict fromJson(const QJsonObject &object);
};

struct CognitiveMergeResult {
    CognitiveState merged; ///< carries `conflicts` under kProposalsKey too, so writing it loses none
    QList<CognitiveConflict> conflicts;
};

/// Three-way merge of `state/cognitive.json` item by item against the common ancestor, so two
/// machines that changed the state never meet a git conflict in it:
/// - Heuristics, learnings, avoidances and priorities are identified by their text, lower-cased
///   with white space collapsed (the file gives them no ids, and a person edits it by hand). An
///   item whose text one side changed is matched to its ancestor by word overlap (Jaccard ≥ 0.5),
///   so an edit is an edit, not a removal and an addition.
/// - Added on either side: kept. Removed on one side and left alone on the other: removed.
///   Removed on one side and edited on the other: the edit is kept.
/// - Counters add their increments (useCount, interactions), times take the later; other fields
///   take the side that changed them. Both sides changing a text, category or context
///   differently is a conflict.
/// - Unknown top-level keys merge as whole values the same way.
CognitiveMergeResult mergeCognitive(const CognitiveState &base, const CognitiveState &mine,
                                    const CognitiveState &theirs);

/// Where conflicts wait in cognitive.json until adoptMergeProposals() turns them into proposals.
inline constexpr char kMergeProposalsKey[] = "mergeProposals";

/// Moves the conflicts a merge left in `state/cognitive.json` into one proposal record of
/// `state/reflections.jsonl` (model "merge"), which the workbench's proposal panel and
/// `engram-cli reflect` show: accepting keeps the other machine's version as a learning.
/// Returns how many conflicts were moved (0 when there were none; nothing is written then).
Result<int> adoptMergeProposals(const QString &vaultPath, const QDateTime &now);

} // namespace engram
