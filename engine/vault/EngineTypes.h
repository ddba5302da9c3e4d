#pragma once

#include "dynamics/MemoryTypes.h"
#include "ingest/Chunk.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace engram {

/// How a health check came out, from best to worst. NotYet is something that has simply not
/// started in this vault (no tool call counted, no session captured, never indexed): not a failure.
enum class HealthStatus { Ok, NotYet, Stale, Missing, Error };

/// What fixes a check. Reindex, Rebuild, ConnectAgent (add the hooks that capture sessions and count
/// tool calls) and EditState (set a focus) are actions the workbench runs itself; Manual is something
/// a person does, described by HealthCheck::fixText.
enum class HealthFix { None, Reindex, Rebuild, Manual, ConnectAgent, EditState };

/// "ok", "not-yet", "stale", "missing" or "error": the words of `engram-cli health` and its JSON.
QString healthStatusName(HealthStatus status);

/// One health check: its status, why, and what fixes it.
struct HealthCheck {
    QString name;
    HealthStatus status = HealthStatus::Ok;
    QString reason;
    HealthFix fix = HealthFix::None;
    QString fixText; ///< the command or action a person reads, when there is one
};

/// Counts for `stats` and the workbench.
struct VaultStats {
    qint64 files = 0;
    qint64 chunks = 0;
    qint64 vectors = 0;
    qint64 problems = 0;
    QString embedder;
    QString lastIndex;
    QHash<QString, qint64> byRegion;
    QHash<QString, qint64> byStore;
    QHash<QString, qint64> byLayer;
    QHash<QString, qint64> byCategory;

    /// The JSON form of `engram-cli stats --json` and the MCP stats tool
    /// (an empty tag value counts as "(none)").
    QJsonObject toJson(const QString &vaultPath) const;
};

/// One chunk of a file as the dynamics see it: its strength and use, and its associations.
struct MemoryDetail {
    Chunk chunk;
    MemoryState state;
    QList<MemoryEdge> edges;
};

} // namespace engram
