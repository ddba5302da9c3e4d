#pragma once

#include "core/Result.h"
#include "ingest/Document.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace engram {

/// The last exchange of an agent session: the person's last message, the
/// agent's reply before it (what "this" refers to) and the reply after it.
struct AgentTurn {
    QString userText;
    QString previousReply;
    QString reply;
    int userLine = 0;            ///< line of the user message in the transcript
    QString sessionId;           ///< when the transcript says
    QList<ToolEvent> toolEvents; ///< every tool call of the transcript (for tool statistics)

    /// The last user message of a transcript: Claude Code or Codex JSONL, or a
    /// Markdown transcript. An error when there is no user message at all.
    static Result<AgentTurn> fromTranscript(const QString &name, const QByteArray &bytes);
};

/// Something the person asked to keep.
struct MemoryRequest {
    enum class Kind { Memory, Learning, Avoidance };
    Kind kind = Kind::Memory;
    QString text;
    QString category; ///< for learnings: insight, feedback, pattern, mistake
    QString signal;   ///< the phrase that matched, e.g. "remember that"
};

/// What the deterministic rules found in one turn. Every decision carries the
/// phrase that triggered it, so the person can see why the state changed.
struct InteractionAnalysis {
    QString positiveSignal; ///< empty when there was none
    QList<MemoryRequest> requests;
    bool meaningful = false;
    QString engagementReason;
};

/// Deterministic rules run after each agent turn (DESIGN.md: interaction analysis):
/// - positive feedback: "perfect", "exactly", "love it", "spot on", 🎉 🙌 …,
///   unless negated ("not perfect", "not exactly");
/// - memory requests: "remember that …", "remember: …", "remember this" (the
///   rest of the message, else the agent's previous reply) become memories;
///   "note: …", "note that …", "lesson: …" insights; "mistake: …" mistakes;
///   "avoid: …", "never again: …" avoidances;
/// - engagement: a bare acknowledgement or greeting, or an exchange of fewer than
///   12 content words, is throwaway; anything else, or any request, is meaningful.
class InteractionAnalyzer {
public:
    static InteractionAnalysis analyze(const AgentTurn &turn);

    /// The positive-feedback phrase in `text`, or empty.
    static QString positiveFeedback(const QString &text);
    static QList<MemoryRequest> memoryRequests(const QString &text, const QString &previousReply);
    static bool isMeaningful(const AgentTurn &turn, QString *reason = nullptr);

    static constexpr int kMeaningfulWords = 12;
};

} // namespace engram
