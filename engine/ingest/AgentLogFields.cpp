#include "ingest/AgentLogFields.h"

#include "core/JsonNumber.h"
#include "ingest/SessionTitle.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
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

bool knownClaudeLineType(const QString &type)
{
    // user and assistant are the turns; each parser reads what it needs of the rest.
    static const QSet<QString> known{QStringLiteral("user"),
                                     QStringLiteral("assistant"),
                                     QStringLiteral("attachment"),
                                     QStringLiteral("system"),
                                     QStringLiteral("progress"),
                                     QStringLiteral("summary"),
                                     QStringLiteral("last-prompt"),
                                     QStringLiteral("queue-operation"),
                                     QStringLiteral("custom-title"),
                                     QStringLiteral("ai-title"),
                                     QStringLiteral("tag"),
                                     QStringLiteral("relocated"),
                                     QStringLiteral("agent-name"),
                                     QStringLiteral("agent-color"),
                                     QStringLiteral("agent-setting"),
                                     QStringLiteral("mode"),
                                     QStringLiteral("permission-mode"),
                                     QStringLiteral("pr-link"),
                                     QStringLiteral("worktree-state"),
                                     QStringLiteral("bridge-session"),
                                     QStringLiteral("isolation-latch"),
                                     QStringLiteral("file-history-snapshot"),
                                     QStringLiteral("attribution-snapshot"),
                                     QStringLiteral("content-replacement"),
                                     QStringLiteral("fork-context-ref"),
                                     QStringLiteral("marble-origami-commit"),
                                     QStringLiteral("marble-origami-snapshot"),
                                     QStringLiteral("marble-origami-reset"),
                                     QStringLiteral("speculation-accept")};
    return known.contains(type);
}

bool knownCodexLineType(const QString &type)
{
    static const QSet<QString> known{QStringLiteral("session_meta"),
                                     QStringLiteral("response_item"),
                                     QStringLiteral("event_msg"),
                                     QStringLiteral("turn_context"),
                                     QStringLiteral("compacted"),
                                     QStringLiteral("token_usage_record"),
                                     QStringLiteral("world_state"),
                                     QStringLiteral("dynamic_tools_updated"),
                                     QStringLiteral("inter_agent_communication"),
                                     QStringLiteral("security_risk_score"),
                                     QStringLiteral("realtime_item")};
    return known.contains(type);
}

bool knownCodexItemType(const QString &itemType)
{
    static const QSet<QString> known{QStringLiteral("message"),
                                     QStringLiteral("reasoning"),
                                     QStringLiteral("function_call"),
                                     QStringLiteral("function_call_output"),
                                     QStringLiteral("custom_tool_call"),
                                     QStringLiteral("custom_tool_call_output"),
                                     QStringLiteral("local_shell_call"),
                                     QStringLiteral("tool_search_call"),
                                     QStringLiteral("tool_search_output"),
                                     QStringLiteral("web_search_call"),
                                     QStringLiteral("image_generation_call"),
                                     QStringLiteral("compaction"),
                                     QStringLiteral("compaction_trigger"),
                                     QStringLiteral("context_compaction"),
                                     QStringLiteral("configuration_update"),
                                     QStringLiteral("ghost_snapshot")};
    return known.contains(itemType);
}

QString codexToolName(const QJsonObject &payload)
{
    const QString name = payload.value(QStringLiteral("name")).toString();
    const QString space = payload.value(QStringLiteral("namespace")).toString();
    return space.isEmpty() ? name : space + QStringLiteral("__") + name;
}

QString codexOutputText(const QJsonObject &payload)
{
    return resultText(payload.value(QStringLiteral("output")));
}

void CodexCallOutcomes::readLine(const QJsonObject &line)
{
    if (line.value(QStringLiteral("type")).toString() != QLatin1String("event_msg"))
        return;
    const QJsonObject payload = line.value(QStringLiteral("payload")).toObject();
    const QJsonObject item = payload.value(QStringLiteral("item")).toObject();
    if (payload.value(QStringLiteral("type")).toString() == QLatin1String("item_completed")
        && item.value(QStringLiteral("type")).toString() == QLatin1String("McpToolCall")
        && item.value(QStringLiteral("status")).toString() == QLatin1String("failed"))
        m_failed.insert(item.value(QStringLiteral("id")).toString());
}

CodexCallOutcomes::Outcome CodexCallOutcomes::outcome(const QJsonObject &payload) const
{
    Outcome out;
    out.text = codexOutputText(payload);
    const QJsonDocument inner = QJsonDocument::fromJson(out.text.toUtf8());
    if (inner.isObject()) { // up to 0.4x: {"output": …, "metadata": {"exit_code", "duration_seconds"}}
        const QJsonObject meta = inner.object().value(QStringLiteral("metadata")).toObject();
        out.ok = meta.value(QStringLiteral("exit_code")).toInt(-1) == 0;
        if (meta.contains(QStringLiteral("duration_seconds")))
            out.durationMs =
                JsonNumber::toInteger(meta.value(QStringLiteral("duration_seconds")).toDouble() * 1000.0, -1);
        out.text = inner.object().value(QStringLiteral("output")).toString();
        return out;
    }
    static const QRegularExpression exited(QStringLiteral("^Process exited with code (-?\\d+)$"),
                                           QRegularExpression::MultilineOption);
    if (const QRegularExpressionMatch m = exited.match(out.text); m.hasMatch())
        out.ok = m.captured(1) == QLatin1String("0");
    else // 0.171 frames every result "Wall time: …\nOutput:…"; before, a bare string was a call that could not run
        out.ok = out.text.startsWith(QLatin1String("Wall time:"))
                 && !m_failed.contains(payload.value(QStringLiteral("call_id")).toString());
    return out;
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
