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
