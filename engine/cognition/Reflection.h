#pragma once

#include "cognition/CognitiveState.h"
#include "core/Config.h"
#include "core/Result.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>

namespace engram {

/// One reflection: what the model proposed, and whether a person took it.
struct ReflectionRecord {
    QString id;
    QDateTime time;
    QString model;
    QString endpoint;                            ///< "openai" or "ollama"
    int interactionsAt = 0;                      ///< engagement.totalInteractions when it ran
    QList<Learning> proposals;                   ///< insights, patterns and open questions as learnings
    QString status = QStringLiteral("proposed"); ///< proposed, applied or dismissed
    QDateTime decidedAt;

    QJsonObject toJson() const;
    static ReflectionRecord fromJson(const QJsonObject &object);
};

/// When a reflection is due, and why (or why not).
struct ReflectionDue {
    bool due = false;
    int interactionsSince = 0;
    double hoursSince = -1; ///< -1: never reflected
    QString reason;
};

/// Reflection (DESIGN.md): a local LLM over the configured `llm` endpoint
/// (OpenAI-compatible `/v1/chat/completions` or Ollama `/api/chat`, streaming
/// off) is asked what insights, patterns and open questions emerge from the
/// focus, heuristics and recent learnings. The answer becomes proposed
/// learnings kept in `state/reflections.jsonl` (newest 20); they reach the
/// cognitive state only when a person accepts them. Due after at least 10
/// interactions and 4 hours since the last reflection, or whenever asked.
/// Timeouts, refused connections and malformed answers are errors that leave
/// every file as it was.
class Reflection {
public:
    static constexpr int kMaxRecords = 20;
    static constexpr int kMinInteractions = 10;
    static constexpr int kMinHours = 4;

    Reflection(const QString &vaultPath, const Endpoint &llm);

    static QString relativePath() { return QStringLiteral("state/reflections.jsonl"); }
    QString filePath() const;

    /// Oldest first. A line that is not a reflection is an error naming the line.
    Result<QList<ReflectionRecord>> load() const;
    Result<ReflectionDue> due(const QDateTime &now) const;

    /// Asks the model now and stores its proposals; the cognitive state is not changed.
    Result<ReflectionRecord> reflect(const QDateTime &now) const;

    /// Applies the proposals of reflection `id` (all, or the 0-based indexes in
    /// `which`) as learnings, then marks the reflection applied.
    Status accept(const QString &id, const QList<int> &which, const QDateTime &now) const;
    Status dismiss(const QString &id, const QDateTime &now) const;
    /// Stores a record of proposals made elsewhere (a merge's conflicts); one with the same id
    /// already stored is left as it is.
    Status propose(const ReflectionRecord &record) const;

    static QString prompt(const CognitiveState &state);
    /// Proposed learnings out of the model's text: the JSON object asked for
    /// (also inside a ``` fence), else Markdown "Insights/Patterns/Questions" bullets.
    static Result<QList<Learning>> parseProposals(const QString &text);

private:
    Status write(const QList<ReflectionRecord> &records) const;

    QString m_vaultPath;
    Endpoint m_llm;
};

} // namespace engram
