#include "core/JsonNumber.h"
#include "core/WorkCount.h"
#include "ingest/AgentLogFields.h"
#include "ingest/DocumentParser.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>

namespace engram {

namespace {

using agentlog::firstLine;
using agentlog::resultText;
using agentlog::timestampOf;

constexpr int kMaxTurnChars = 6000;  // a pasted log in a prompt is noise past this
constexpr int kMaxLineWarnings = 20; // past this, one summary: a million bad lines are one problem, not a million

/// Tool calls waiting for their result, by call id.
struct PendingCalls {
    QHash<QString, int> indexById;

    void open(Document &doc, const QString &id, const QString &name, const QDateTime &time, const QString &session)
    {
        ToolEvent event;
        event.name = name;
        event.callId = id;
        event.time = time;
        event.sessionId = session;
        event.sequence = int(doc.toolEvents.size());
        indexById.insert(id, int(doc.toolEvents.size()));
        doc.toolEvents << event;
    }

    void close(Document &doc, const QString &id, bool ok, const QDateTime &time, const QString &error,
               qint64 durationMs = -1)
    {
        const auto it = indexById.constFind(id);
        if (it == indexById.constEnd())
            return;
        ToolEvent &event = doc.toolEvents[*it];
        event.ok = ok;
        event.error = ok ? QString() : firstLine(error);
        if (durationMs >= 0)
            event.durationMs = durationMs;
        else if (event.time.isValid() && time.isValid())
            event.durationMs = qMax<qint64>(0, event.time.msecsTo(time));
        indexById.erase(it);
    }
};

void addTurn(Document &doc, int line, const QString &speaker, QString text, const QDateTime &time)
{
    text = text.trimmed();
    if (text.isEmpty())
        return;
    if (text.size() > kMaxTurnChars)
        text = text.left(kMaxTurnChars) + QStringLiteral(" …");
    // One API message split over several lines: continue the previous turn.
    if (!doc.sections.isEmpty()) {
        Section &last = doc.sections.last();
        if (last.speaker == speaker && last.endLine >= line - 1 && speaker == QLatin1String("assistant")) {
            last.endLine = line;
            last.text += QLatin1Char('\n') + text;
            return;
        }
    }
    Section s;
    s.startLine = s.endLine = line;
    s.isTurn = true;
    s.speaker = speaker;
    s.text = speaker + QStringLiteral(": ") + text;
    s.time = time;
    doc.sections << s;
}

/// Returns false for a line of a type the parser does not know (skipped, counted by the caller).
bool parseClaudeLine(const QJsonObject &o, int line, Document &doc, PendingCalls &pending)
{
    const QString type = o.value(QStringLiteral("type")).toString();
    if (type != QLatin1String("user") && type != QLatin1String("assistant"))
        return agentlog::knownClaudeLineType(type); // attachments, titles, snapshots… carry no turn
    const QDateTime time = timestampOf(o);
    const QString session = o.value(QStringLiteral("sessionId")).toString();
    if (!doc.created.isValid() && time.isValid())
        doc.created = time;
    const QJsonObject message = o.value(QStringLiteral("message")).toObject();
    const QJsonValue content = message.value(QStringLiteral("content"));
    const bool meta = o.value(QStringLiteral("isMeta")).toBool();
    if (content.isString()) {
        if (!meta)
            addTurn(doc, line, type, content.toString(), time);
        return true;
    }
    QStringList texts;
    for (const QJsonValue &blockValue : content.toArray()) {
        const QJsonObject block = blockValue.toObject();
        const QString blockType = block.value(QStringLiteral("type")).toString();
        if (blockType == QLatin1String("text")) {
            texts << block.value(QStringLiteral("text")).toString();
        } else if (blockType == QLatin1String("tool_use")) {
            pending.open(doc, block.value(QStringLiteral("id")).toString(),
                         block.value(QStringLiteral("name")).toString(), time, session);
        } else if (blockType == QLatin1String("tool_result")) {
            const bool isError = block.value(QStringLiteral("is_error")).toBool();
            pending.close(doc, block.value(QStringLiteral("tool_use_id")).toString(), !isError, time,
                          resultText(block.value(QStringLiteral("content"))));
        }
        // thinking and image blocks are not indexed
    }
    if (!meta && !texts.isEmpty())
        addTurn(doc, line, type, texts.join(QLatin1Char('\n')), time);
    return true;
}

bool parseCodexLine(const QJsonObject &o, int line, Document &doc, PendingCalls &pending, QString &session,
                    agentlog::CodexCallOutcomes &outcomes)
{
    outcomes.readLine(o);
    const QString type = o.value(QStringLiteral("type")).toString();
    const QJsonObject payload = o.value(QStringLiteral("payload")).toObject();
    const QDateTime time = timestampOf(o);
    if (type == QLatin1String("session_meta")) {
        session = payload.value(QStringLiteral("id")).toString();
        if (!doc.created.isValid())
            doc.created =
                QDateTime::fromString(payload.value(QStringLiteral("timestamp")).toString(), Qt::ISODateWithMs);
        return true;
    }
    const QString itemType = payload.value(QStringLiteral("type")).toString();
    if (type != QLatin1String("response_item"))
        return agentlog::knownCodexLineType(type); // event_msg repeats the messages; the rest is machinery
    if (itemType == QLatin1String("message")) {
        const QString role = payload.value(QStringLiteral("role")).toString();
        if (role != QLatin1String("user") && role != QLatin1String("assistant"))
            return true; // the client's own instructions (0.171: skills, permissions as "developer")
        QStringList texts;
        for (const QJsonValue &part : payload.value(QStringLiteral("content")).toArray())
            texts << part.toObject().value(QStringLiteral("text")).toString();
        QString text = texts.join(QLatin1Char('\n'));
        if (text.trimmed().startsWith(QLatin1String("<environment_context>")))
            return true; // injected by the client, not said by anyone
        addTurn(doc, line, role, text, time);
    } else if (itemType == QLatin1String("function_call")) {
        pending.open(doc, payload.value(QStringLiteral("call_id")).toString(), agentlog::codexToolName(payload), time,
                     session);
    } else if (itemType == QLatin1String("function_call_output")) {
        const agentlog::CodexCallOutcomes::Outcome outcome = outcomes.outcome(payload);
        pending.close(doc, payload.value(QStringLiteral("call_id")).toString(), outcome.ok, time, outcome.text,
                      outcome.durationMs);
    } else {
        return agentlog::knownCodexItemType(itemType);
    }
    return true;
}

} // namespace

void AgentLogParser::parse(const QString &text, Document &doc)
{
    PendingCalls pending;
    agentlog::TitleFacts facts;
    agentlog::CodexCallOutcomes outcomes;
    QString codexSession;
    bool codex = false;
    bool decided = false;
    int lineNumber = 0;
    int badLines = 0;
    QMap<QString, int> unknownTypes; // a newer agent's line types: skipped, said once
    for (const QStringView line : QStringTokenizer(text, QLatin1Char('\n'))) {
        ++lineNumber;
        WorkCount::add(line.size() + 1);
        if (line.trimmed().isEmpty())
            continue;
        QJsonParseError error;
        const QJsonDocument json = QJsonDocument::fromJson(line.toUtf8(), &error);
        if (error.error != QJsonParseError::NoError || !json.isObject()) {
            if (++badLines <= kMaxLineWarnings)
                doc.warnings << ParseWarning{lineNumber, QStringLiteral("line is not a JSON object (%1); skipped")
                                                             .arg(error.error != QJsonParseError::NoError
                                                                      ? error.errorString()
                                                                      : QStringLiteral("not an object"))};
            continue;
        }
        const QJsonObject o = json.object();
        if (!decided) {
            codex = o.contains(QStringLiteral("payload"));
            decided = true;
        }
        if (codex)
            facts.readCodexLine(o);
        else
            facts.readClaudeLine(o);
        const bool known = codex ? parseCodexLine(o, lineNumber, doc, pending, codexSession, outcomes)
                                 : parseClaudeLine(o, lineNumber, doc, pending);
        if (!known) {
            QString type = o.value(QStringLiteral("type")).toString();
            if (codex && type == QLatin1String("response_item"))
                type += QLatin1Char('/')
                        + o.value(QStringLiteral("payload")).toObject().value(QStringLiteral("type")).toString();
            unknownTypes[type.isEmpty() ? QStringLiteral("(no type)") : type.left(60)] += 1;
        }
    }
    if (!unknownTypes.isEmpty()) {
        QStringList parts;
        int total = 0;
        for (auto it = unknownTypes.cbegin(); it != unknownTypes.cend(); ++it) {
            parts << QStringLiteral("%1 ×%2").arg(it.key()).arg(it.value());
            total += it.value();
        }
        doc.warnings << ParseWarning{0, QStringLiteral("%1 line(s) of a type this parser does not know (%2); skipped")
                                            .arg(total)
                                            .arg(parts.mid(0, 8).join(QStringLiteral(", ")))};
    }
    if (badLines > kMaxLineWarnings)
        doc.warnings << ParseWarning{
            0, QStringLiteral("%1 more lines are not JSON objects; skipped").arg(badLines - kMaxLineWarnings)};
    if (const QString title = facts.title(); !title.isEmpty())
        doc.title = title;
    if (codex && !codexSession.isEmpty())
        for (ToolEvent &event : doc.toolEvents)
            event.sessionId = codexSession;
    // Calls that never got a result are kept as failures with a reason.
    for (auto it = pending.indexById.cbegin(); it != pending.indexById.cend(); ++it) {
        doc.toolEvents[*it].ok = false;
        doc.toolEvents[*it].error = QStringLiteral("no result recorded");
    }
}

} // namespace engram
