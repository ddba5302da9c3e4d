#pragma once

#include "core/Config.h"
#include "recall/WordFrequency.h"
#include "vault/EngineTypes.h"

#include <QDateTime>

#include <optional>

namespace engram {

/// The cognitive layer's health checks, run by Engine::health() after the
/// index checks: the cognitive state present and current, the memory folders,
/// today's session file and how stale it is, the tool-usage and reflections
/// files, and each configured model endpoint reachable. Thresholds come from
/// engram.json `health`. Each check says ok, stale, missing or error, why, and
/// what fixes it.
class HealthChecks {
public:
    static QList<HealthCheck> run(const QString &vaultPath, const Config &config, const QDateTime &now);

    static HealthCheck cognitiveState(const QString &vaultPath, const HealthThresholds &limits, const QDateTime &now);
    static HealthCheck memoryFolders(const QString &vaultPath);
    static HealthCheck todaysSession(const QString &vaultPath, const HealthThresholds &limits, const QDateTime &now);
    static HealthCheck toolUsage(const QString &vaultPath, const HealthThresholds &limits, const QDateTime &now);
    static HealthCheck reflections(const QString &vaultPath, const Config &config, const QDateTime &now);
    /// `name` is "llm endpoint" or "embedding endpoint"; not configured is ok.
    static HealthCheck endpoint(const QString &name, const Endpoint &endpoint);
    /// Whether the index's last run could write everything. `failure` is "<ISO time>\t<error>" of the
    /// last write that failed (empty: none); `unfinished`: the last run stopped before its end and
    /// left no failure (it could not even record one). Says how much space the index's disk has left.
    /// A note when the English word-frequency list recall weighs question words with is missing (recall
    /// then gates on the vault's own word statistics alone, as before the list); nothing when it is there.
    static std::optional<HealthCheck> wordFrequency(const WordFrequency &list, const QString &path);
    static HealthCheck indexWrites(const QString &indexDirectory, const QString &failure, bool unfinished);
};

} // namespace engram
