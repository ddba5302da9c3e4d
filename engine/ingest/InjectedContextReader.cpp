#include "ingest/InjectedContextReader.h"

#include "ingest/AgentLogFields.h"
#include "ingest/DocumentParser.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace engram {

namespace {

/// The SessionStart pack in a Claude Code `attachment` line of Engram's hook, or empty.
QString sessionStartPack(const QJsonObject &attachment)
{
    if (attachment.value(QStringLiteral("type")).toString() != QLatin1String("hook_success")
        || attachment.value(QStringLiteral("hookEvent")).toString() != QLatin1String("SessionStart"))
        return {};
    const QString command = attachment.value(QStringLiteral("command")).toString();
    if (!command.contains(QLatin1String("engram-cli")) || !command.contains(QLatin1String("session-start")))
        return {};
    // The hook answers in Claude Code's JSON form; plain output is context as it stands.
    const QString stdoutText = attachment.value(QStringLiteral("stdout")).toString();
    const QJsonDocument json = QJsonDocument::fromJson(stdoutText.toUtf8());
    if (!json.isObject())
        return stdoutText.trimmed();
    return json.object()
        .value(QStringLiteral("hookSpecificOutput"))
        .toObject()
        .value(QStringLiteral("additionalContext"))
        .toString();
}

/// The Engram tool a call names ("mcp__engram__recall" → "recall"), or empty for another tool.
QString engramTool(const QString &name, const QString &server)
{
    for (const QString &prefix :
         {QStringLiteral("mcp__") + server + QStringLiteral("__"), server + QStringLiteral("__")})
        if (name.startsWith(prefix) && name.size() > prefix.size())
            return name.mid(prefix.size());
    return {};
}

QString compact(const QJsonValue &value)
{
    if (value.isString()) // Codex passes the arguments as JSON text already
        return QString::fromUtf8(QJsonDocument::fromJson(value.toString().toUtf8()).toJson(QJsonDocument::Compact));
    return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
}

/// Calls to Engram's tools waiting for their result, by call id.
class Calls {
public:
    void open(const QString &id, const QString &tool, const QJsonValue &arguments)
    {
        InjectedContext call;
        call.kind = InjectedContext::Kind::ToolResult;
        call.tool = tool;
        call.arguments = compact(arguments);
        m_open.insert(id, call);
    }
    void close(const QString &id, const QString &text, bool failed, int line, const QDateTime &time,
               QList<InjectedContext> &out)
    {
        auto it = m_open.find(id);
        if (it == m_open.end())
            return;
        InjectedContext result = *it;
        m_open.erase(it);
        result.text = text;
        result.failed = failed;
        result.line = line;
        result.time = time;
        out << result;
    }

private:
    QHash<QString, InjectedContext> m_open;
};

void readClaudeLine(const QJsonObject &o, int line, const QString &server, Calls &calls, QList<InjectedContext> &out)
{
    const QString type = o.value(QStringLiteral("type")).toString();
    const QDateTime time = agentlog::timestampOf(o);
    if (type == QLatin1String("attachment")) {
        const QString pack = sessionStartPack(o.value(QStringLiteral("attachment")).toObject());
        if (pack.isEmpty())
            return;
        InjectedContext context;
        context.text = pack;
        context.line = line;
        context.time = time;
        out << context;
        return;
    }
    if (type != QLatin1String("user") && type != QLatin1String("assistant"))
        return;
    for (const QJsonValue &value :
         o.value(QStringLiteral("message")).toObject().value(QStringLiteral("content")).toArray()) {
        const QJsonObject block = value.toObject();
        const QString blockType = block.value(QStringLiteral("type")).toString();
        if (blockType == QLatin1String("tool_use")) {
            if (const QString tool = engramTool(block.value(QStringLiteral("name")).toString(), server);
                !tool.isEmpty())
                calls.open(block.value(QStringLiteral("id")).toString(), tool, block.value(QStringLiteral("input")));
        } else if (blockType == QLatin1String("tool_result")) {
            calls.close(block.value(QStringLiteral("tool_use_id")).toString(),
                        agentlog::resultText(block.value(QStringLiteral("content"))),
                        block.value(QStringLiteral("is_error")).toBool(), line, time, out);
        }
    }
}

void readCodexLine(const QJsonObject &o, int line, const QString &server, Calls &calls,
                   agentlog::CodexCallOutcomes &outcomes, QList<InjectedContext> &out)
{
    outcomes.readLine(o);
    if (o.value(QStringLiteral("type")).toString() != QLatin1String("response_item"))
        return;
    const QJsonObject payload = o.value(QStringLiteral("payload")).toObject();
    const QString itemType = payload.value(QStringLiteral("type")).toString();
    if (itemType == QLatin1String("function_call")) {
        if (const QString tool = engramTool(agentlog::codexToolName(payload), server); !tool.isEmpty())
            calls.open(payload.value(QStringLiteral("call_id")).toString(), tool,
                       payload.value(QStringLiteral("arguments")));
    } else if (itemType == QLatin1String("function_call_output")) {
        const agentlog::CodexCallOutcomes::Outcome outcome = outcomes.outcome(payload);
        calls.close(payload.value(QStringLiteral("call_id")).toString(), agentlog::codexOutputText(payload),
                    !outcome.ok, line, agentlog::timestampOf(o), out);
    }
}

} // namespace

QList<InjectedContext> InjectedContextReader::read(const QString &transcript, const QString &server)
{
    QList<InjectedContext> out;
    Calls calls;
    agentlog::CodexCallOutcomes outcomes;
    bool decided = false;
    bool codex = false;
    int lineNumber = 0;
    const QString lines = DocumentParser::withLineFeeds(transcript); // lines counted as the index counts them
    for (const QStringView line : QStringTokenizer(lines, QLatin1Char('\n'))) {
        ++lineNumber;
        const QJsonObject o = QJsonDocument::fromJson(line.toUtf8()).object();
        if (o.isEmpty())
            continue;
        if (!decided) {
            codex = o.contains(QStringLiteral("payload"));
            decided = true;
        }
        if (codex)
            readCodexLine(o, lineNumber, server, calls, outcomes, out);
        else
            readClaudeLine(o, lineNumber, server, calls, out);
    }
    return out;
}

} // namespace engram
