#pragma once

#include "core/Result.h"
#include "ingest/Document.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace engram {

/// Calls, success rate and durations of one tool.
struct ToolStat {
    QString name;
    int calls = 0;
    int failures = 0;
    double successRate = 1.0;
    int timedCalls = 0; ///< calls with a known duration
    qint64 p50Ms = -1;  ///< duration percentiles over timed calls; -1 when none
    qint64 p90Ms = -1;
    qint64 maxMs = -1;
};

/// A run of tools called one after another within a session.
struct ToolSequence {
    QStringList tools;
    int count = 0;
};

/// A tool whose recent success rate fell well below its long-run rate.
struct ToolRateDrop {
    QString name;
    double earlierRate = 0;
    double recentRate = 0;
    int recentCalls = 0;
    int earlierCalls = 0;
};

struct ToolStatistics {
    int events = 0;
    int sessions = 0;
    QList<ToolStat> tools; ///< most-called first
    QList<ToolSequence> pairs;
    QList<ToolSequence> triples;
    QList<ToolRateDrop> drops;
};

/// `state/tool-usage.jsonl`: tool events from agent transcripts (collected
/// while indexing) and from `engram-cli hook tool`, bounded to the newest 1000.
/// An event with a call id is stored once per session, so re-indexing a
/// transcript, or a hook and the transcript reporting the same call, never
/// counts it twice. Tool logs are counted here and never embedded.
class ToolUsage {
public:
    static constexpr int kMaxEvents = 1000;
    /// Rate drops compare a tool's last `recentWindow` calls with all earlier ones.
    static constexpr int kRecentWindow = 10;
    static constexpr double kDropThreshold = 0.25;

    explicit ToolUsage(const QString &vaultPath);

    static QString relativePath() { return QStringLiteral("state/tool-usage.jsonl"); }
    QString filePath() const;

    /// Every stored event, oldest first. A line that is not an event is an error
    /// naming the line (the file is left as it is).
    Result<QList<ToolEvent>> load() const;
    /// Adds events not yet stored (same session and call id), keeps the newest
    /// kMaxEvents by time and writes atomically. Returns how many were added.
    Result<int> record(const QList<ToolEvent> &events) const;
    /// One event from a hook: its sequence continues the session's count.
    Result<int> recordCall(const QString &name, bool ok, qint64 durationMs, const QString &sessionId,
                           const QString &callId, const QDateTime &time) const;

    static ToolStatistics statistics(const QList<ToolEvent> &events, int topSequences = 5);

    static QJsonObject eventJson(const ToolEvent &event);
    static ToolEvent eventFromJson(const QJsonObject &object);

private:
    QString m_vaultPath;
};

} // namespace engram
