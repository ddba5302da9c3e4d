#pragma once

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
    double meanStrength = -1.0;  ///< -1 when no strength data exists yet
};

struct GraphNode {
    qint64 id = 0;
    QString label;
    QString region;
    double strength = 1.0;
};

/// A typed association: related, caused, contradicts, supersedes, part_of, derived_from, co_activated.
struct GraphEdge {
    qint64 from = 0;
    qint64 to = 0;
    QString type;
    double weight = 1.0;
};

struct GraphData {
    QList<GraphNode> nodes;
    QList<GraphEdge> edges;
    bool isEmpty() const { return nodes.isEmpty(); }
};

/// Tokens held by one consolidation layer on one day.
struct LayerTokens {
    QDate day;
    QString layer;  ///< raw, session, daily, weekly, fact
    qint64 tokens = 0;
};

/// A digest or fact and the files it was derived from.
struct Lineage {
    QString digest;    ///< vault-relative path
    QString layer;
    QStringList sources;
    double compression = 0.0;  ///< source tokens / digest tokens
    QDate day;
};

struct TimelineData {
    QList<LayerTokens> tokens;
    QList<Lineage> lineage;
    bool isEmpty() const { return tokens.isEmpty() && lineage.isEmpty(); }
};

struct ToolStat {
    QString tool;
    int calls = 0;
    int failures = 0;
    QList<qint64> durationsMs;
    bool dropped = false;  ///< usage fell sharply (flagged by the statistics layer)
    double successRate() const { return calls > 0 ? double(calls - failures) / calls : 0.0; }
};

struct ToolSequence {
    QStringList tools;
    int count = 0;
};

struct ToolStatsData {
    QList<ToolStat> tools;
    QList<ToolSequence> topSequences;
    bool isEmpty() const { return tools.isEmpty(); }
};

/// A change a reflection suggests to the cognitive state, for the person to accept or reject.
struct ReflectionProposal {
    QString kind;  ///< heuristic, learning, avoidance or priority
    QString text;
    QString rationale;
};

} // namespace engram
