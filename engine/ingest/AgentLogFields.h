#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QJsonValue>
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

} // namespace engram::agentlog
