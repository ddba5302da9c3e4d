#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QPair>
#include <QSet>
#include <QString>

namespace engram::agentlog {

/// The fields both agents' JSONL lines share, read one way by the parser that indexes a
/// transcript (AgentLogParser) and the reader that shows it as a conversation (ConversationReader).

/// A line's `timestamp` (ISO 8601, with milliseconds when the agent wrote them).
QDateTime timestampOf(const QJsonObject &object);

/// The first line of `text`, trimmed, at most 200 characters: an error's headline.
QString firstLine(const QString &text);

/// A tool result's text: the string itself, or the `text` of each part of a content array.
QString resultText(const QJsonValue &content);

/// The line types each agent writes that are not a turn of the conversation, read or knowingly
/// skipped: a parser warns only about a type outside these lists (a newer client's). Taken from
/// the clients themselves: Claude Code 2.1.197's transcript loader and writers, Codex 0.171's
/// RolloutItem and ResponseItem variants (tests/data/agentlogs/README.md).
bool knownClaudeLineType(const QString &type);
bool knownCodexLineType(const QString &type);
/// A Codex `response_item`'s payload type.
bool knownCodexItemType(const QString &itemType);

/// The name of a Codex tool call as Claude Code spells it: an MCP tool in a `namespace`
/// ("mcp__engram" + "recall") is "mcp__engram__recall", as both clients show it.
QString codexToolName(const QJsonObject &payload);

/// A Codex tool result's text as the model received it: the string, or the text of each part.
QString codexOutputText(const QJsonObject &payload);

/// How a Codex tool call ended, read from its `function_call_output` and, for an MCP call, the
/// `item_completed` event Codex writes before it (0.171 frames every output as text, so the
/// output alone cannot say that an MCP call failed).
class CodexCallOutcomes {
public:
    struct Outcome {
        bool ok = false;
        qint64 durationMs = -1;
        QString text; ///< the output, or the error for a failure
    };
    /// Notes the failed MCP calls of an `event_msg` line; other lines are ignored.
    void readLine(const QJsonObject &line);
    Outcome outcome(const QJsonObject &outputPayload) const;

private:
    QSet<QString> m_failed; ///< call ids
};

/// What a session's title is made of, gathered line by line. The parser that indexes a transcript
/// and the reader that shows it give it the lines they parsed anyway, so both name the session
/// alike without reading it twice.
class TitleFacts {
public:
    void readClaudeLine(const QJsonObject &line);
    void readCodexLine(const QJsonObject &line);
    /// "request — project, date" (SessionTitle::compose); empty when the session holds no request.
    QString title() const;

private:
    void offer(const QString &text, bool commandOnly);
    QString ownSummary() const;

    QList<QPair<QString, QString>> m_summaries; ///< (leafUuid, summary) in file order
    QSet<QString> m_uuids;                      ///< every message uuid of this file
    QString m_cwd;
    QDateTime m_started;
    QString m_request;        ///< the first plain request of the person
    QString m_commandRequest; ///< the first slash command without arguments, when nothing better comes
};

} // namespace engram::agentlog
