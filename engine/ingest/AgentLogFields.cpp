#include "ingest/AgentLogFields.h"

#include "ingest/SessionTitle.h"

#include <QJsonArray>
#include <QStringList>

namespace engram::agentlog {

QDateTime timestampOf(const QJsonObject &object)
{
    return QDateTime::fromString(object.value(QStringLiteral("timestamp")).toString(), Qt::ISODateWithMs);
}

QString firstLine(const QString &text)
{
    const QString trimmed = text.trimmed();
    const qsizetype nl = trimmed.indexOf(QLatin1Char('\n'));
    return (nl < 0 ? trimmed : trimmed.left(nl)).left(200);
}

QString resultText(const QJsonValue &content)
{
    if (content.isString())
        return content.toString();
    QStringList parts;
    for (const QJsonValue &part : content.toArray())
        parts << part.toObject().value(QStringLiteral("text")).toString();
    return parts.join(QLatin1Char('\n'));
}

void TitleFacts::readClaudeLine(const QJsonObject &o)
{
    const QString type = o.value(QStringLiteral("type")).toString();
    if (type == QLatin1String("summary"))
        m_summaries << qMakePair(o.value(QStringLiteral("leafUuid")).toString(),
                                 o.value(QStringLiteral("summary")).toString());
    if (const QString uuid = o.value(QStringLiteral("uuid")).toString(); !uuid.isEmpty())
        m_uuids.insert(uuid);
    if (type != QLatin1String("user") && type != QLatin1String("assistant"))
        return;
    if (m_cwd.isEmpty())
        m_cwd = o.value(QStringLiteral("cwd")).toString();
    if (!m_started.isValid())
        m_started = timestampOf(o);
    // A subagent's prompt is written by the main agent, not by the person.
    if (type != QLatin1String("user") || o.value(QStringLiteral("isMeta")).toBool()
        || o.value(QStringLiteral("isSidechain")).toBool())
        return;
    const QJsonValue content = o.value(QStringLiteral("message")).toObject().value(QStringLiteral("content"));
    QString text;
    if (content.isString()) {
        text = content.toString();
    } else {
        QStringList texts;
        for (const QJsonValue &block : content.toArray())
            if (block.toObject().value(QStringLiteral("type")).toString() == QLatin1String("text"))
                texts << block.toObject().value(QStringLiteral("text")).toString();
        if (texts.isEmpty())
            return;
        text = texts.join(QLatin1Char('\n'));
    }
    bool commandOnly = false;
    const QString request = SessionTitle::claudeRequest(text, &commandOnly);
    offer(request, commandOnly);
}

void TitleFacts::readCodexLine(const QJsonObject &o)
{
    const QString type = o.value(QStringLiteral("type")).toString();
    const QJsonObject payload = o.value(QStringLiteral("payload")).toObject();
    if (type == QLatin1String("session_meta")) {
        m_cwd = payload.value(QStringLiteral("cwd")).toString();
        if (!m_started.isValid())
            m_started = QDateTime::fromString(payload.value(QStringLiteral("timestamp")).toString(), Qt::ISODateWithMs);
        return;
    }
    if (type != QLatin1String("response_item")
        || payload.value(QStringLiteral("type")).toString() != QLatin1String("message")
        || payload.value(QStringLiteral("role")).toString() != QLatin1String("user"))
        return;
    QStringList texts;
    for (const QJsonValue &part : payload.value(QStringLiteral("content")).toArray())
        texts << part.toObject().value(QStringLiteral("text")).toString();
    const QString text = texts.join(QLatin1Char('\n'));
    if (text.trimmed().startsWith(QLatin1String("<environment_context>")))
        return; // injected by the client, not said by anyone
    offer(SessionTitle::codexRequest(text), false);
}

void TitleFacts::offer(const QString &text, bool commandOnly)
{
    if (text.isEmpty() || !m_request.isEmpty())
        return;
    if (!commandOnly)
        m_request = text;
    else if (m_commandRequest.isEmpty())
        m_commandRequest = text;
}

QString TitleFacts::ownSummary() const
{
    // Claude Code writes `summary` lines for other sessions of the project too (the first of a
    // sample file names the session before it): only a summary whose leaf is one of this file's
    // messages is this session's own. Summaries are rewritten as a session grows: the last wins.
    for (auto it = m_summaries.crbegin(); it != m_summaries.crend(); ++it)
        if (m_uuids.contains(it->first) && !it->second.trimmed().isEmpty())
            return it->second.simplified();
    return {};
}

QString TitleFacts::title() const
{
    const QString summary = ownSummary();
    const QString request = !summary.isEmpty() ? summary : !m_request.isEmpty() ? m_request : m_commandRequest;
    return request.isEmpty() ? QString() : SessionTitle::compose(request, m_cwd, m_started);
}

} // namespace engram::agentlog
