#pragma once

#include "cognition/InteractionAnalyzer.h"
#include "core/Result.h"

#include <QDateTime>
#include <QStringList>

#include <functional>

namespace engram {

/// What one agent turn changed.
struct AppliedInteraction {
    InteractionAnalysis analysis;
    QStringList creditedHeuristics;
    QStringList memoriesWritten; ///< vault-relative paths of new memory files
    QStringList learningsAdded;
    QStringList avoidancesAdded;
    int toolEventsRecorded = 0;
    QString toolEventsError;  ///< when the tool statistics file could not be updated
    bool alreadySeen = false; ///< the same user message was processed before: nothing changed
};

/// Applies the InteractionAnalyzer's findings to a vault (the `agent-end`
/// hook): positive feedback credits the heuristics of the last pack and is
/// recorded as a feedback learning; memory requests become memory files under
/// memories/semantic/ (front matter + body, written atomically), learnings or
/// avoidances; engagement counts the turn. The cognitive state is changed in
/// one checked write before any file is created, so a damaged or concurrently
/// edited state leaves the vault untouched. The transcript's tool calls go to
/// the tool statistics (each call once). The same user message is applied
/// only once, however often the hook runs.
class InteractionLearner {
public:
    explicit InteractionLearner(const QString &vaultPath);

    /// Writes one requested memory and returns its vault-relative path. The
    /// default writes the file with writeMemory(); the CLI passes MemoryWriter
    /// (which also indexes and journals it).
    using MemorySink = std::function<Result<QString>(const QString &text, const QString &signal, const QDateTime &now)>;
    void setMemorySink(MemorySink sink) { m_sink = std::move(sink); }

    Result<AppliedInteraction> apply(const AgentTurn &turn, const QDateTime &now);

    /// Writes one memory file; returns its vault-relative path.
    static Result<QString> writeMemory(const QString &vaultPath, const QString &store, const QString &text,
                                       const QString &signal, const QDateTime &now);

private:
    QString m_vaultPath;
    MemorySink m_sink;
};

} // namespace engram
