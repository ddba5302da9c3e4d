#pragma once

#include "agent/MemoryItem.h"
#include "core/Result.h"

#include <QJsonObject>

namespace engram {

class Engine;

/// A decision and where it stands among the decisions before and after it.
struct DecisionRecord {
    MemoryItem memory;
    QStringList supersedes;
    QStringList supersededBy;
    QStringList derivedFrom;
    QStringList chain; ///< paths, oldest to newest, this one included

    bool current() const { return supersededBy.isEmpty(); }
    /// MemoryItem::toJson with status (current or superseded), supersedes, superseded_by,
    /// derived_from and chain (at Detail::Agent no score, since the order gives the relevance, and of the
    /// paths only those that are not empty, chain only when it holds another decision).
    QJsonObject toJson(MemoryItem::Detail detail = MemoryItem::Detail::Full) const;
};

/// "Why did we …": the decisions that bear on a question (recalled among the
/// memories of category decision, archived ones included, for a superseded
/// decision is history), each with its supersession chain and sources, as the
/// index's `supersedes` and `derived_from` edges state them. The same answer
/// for `engram-cli why` and the MCP `why_did_we` tool.
struct DecisionHistory {
    QString question;
    QList<DecisionRecord> decisions; ///< by relevance, one per file

    static Result<DecisionHistory> trace(Engine &engine, const QString &question, int k = 5);

    /// decisions, and the question at Detail::Full.
    QJsonObject toJson(MemoryItem::Detail detail = MemoryItem::Detail::Full) const;
    QString text() const;
};

} // namespace engram
