#pragma once

#include "cognition/ToolUsage.h"

#include <QDate>
#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace engram {

// Plain data the workbench views draw. The engine layers that produce them
// (dynamics, consolidation, tool statistics) fill these structs; an empty
// struct means "no data yet" and the view says so instead of inventing any.

/// Strength and last access of one memory (from the dynamics journal).
struct MemoryStrength {
    double strength = 1.0;
    QDateTime lastAccess;
    bool archived = false;
};

/// How much lives in one region of the map and how strong it is.
struct RegionStat {
    QString region;
    qint64 count = 0;
    double meanStrength = -1.0; ///< -1 when no strength data exists yet
};

struct GraphNode {
    qint64 id = 0;
    QString label; ///< a session's turn by its first words: its session's title named every turn alike
    QString region;
    double strength = 1.0;
    QString tooltip{}; ///< empty: the label (a default, so that lists of four stay whole)
};

/// A typed association: related, caused, contradicts, supersedes, part_of, derived_from, co_activated.
struct GraphEdge {
    qint64 from = 0;
    qint64 to = 0;
    QString type;
    double weight = 1.0;
};

/// Memories more tightly associated with each other than with the rest (CommunityDetection),
/// named by the words their titles share most and the rest of the vault least.
struct GraphCommunity {
    QString name;          ///< its dominant terms, "deploy · rollback · canary"
    QStringList titles;    ///< the labels of its most connected members, for a tooltip
    QList<qint64> members; ///< most connected (summed edge weight inside) first
    QString region;        ///< its members' most common region
};

struct GraphData {
    QList<GraphNode> nodes;
    QList<GraphEdge> edges;
    qint64 memoriesInVault = 0; ///< every memory of the vault, of which `nodes` are the ones drawn
    /// Communities of two or more memories, largest first; a memory without associations is in none.
    QList<GraphCommunity> communities;
    /// Associations between communities: `from`/`to` are indices into `communities`, `weight`
    /// the summed weight of the edges between their members.
    QList<GraphEdge> communityLinks;
    bool isEmpty() const { return nodes.isEmpty(); }
};

/// Tokens held by one consolidation layer on one day.
struct LayerTokens {
    QDate day;
    QString layer; ///< raw, session, daily, weekly, fact
    qint64 tokens = 0;
};

/// A digest or fact and the files it was derived from.
struct Lineage {
    QString digest; ///< vault-relative path
    QString layer;
    QStringList sources;      ///< filled from Consolidator::lineage() when the digest is selected
    double compression = 0.0; ///< source tokens / digest tokens
    QDate day;
};

struct TimelineData {
    QList<LayerTokens> tokens;
    QList<Lineage> lineage;
    /// Digests under consolidated/ that no ledger entry records (written by hand, by another tool,
    /// or by a run whose ledger was lost): their tokens and sources are unknown, but they exist.
    QStringList unrecorded;
    bool isEmpty() const { return tokens.isEmpty() && lineage.isEmpty() && unrecorded.isEmpty(); }
};

/// Tool-usage statistics (engine/ToolUsage) plus each tool's timed durations for the distribution chart.
struct ToolStatsData {
    ToolStatistics stats;
    QHash<QString, QList<qint64>> durationsMs;
    bool isEmpty() const { return stats.tools.isEmpty(); }
    bool dropped(const QString &tool) const
    {
        for (const ToolRateDrop &d : stats.drops)
            if (d.name == tool)
                return true;
        return false;
    }
};

/// A change a reflection suggests to the cognitive state, for the person to accept or reject.
struct ReflectionProposal {
    QString kind; ///< the proposed learning's category: insight, pattern, feedback, mistake
    QString text;
    QString rationale;
    QString reflectionId; ///< the reflection (state/reflections.jsonl) it belongs to
    int index = 0;        ///< its position among that reflection's proposals
};

} // namespace engram
