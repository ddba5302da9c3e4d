#include "ingest/ConversationReader.h"

#include "ingest/AgentLogFields.h"
#include "ingest/DocumentParser.h"
#include "ingest/SessionTitle.h"
#include "redaction/SecretRedactor.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStringTokenizer>

#include <algorithm>

namespace engram {

namespace {

using agentlog::firstLine;
using agentlog::resultText;
using agentlog::timestampOf;

constexpr int kMaxSummaryChars = 120;

/// The argument that says what a call was about, on one line.
QString argumentSummary(const QJsonObject &input)
{
    static const QStringList preferred{QStringLiteral("command"),     QStringLiteral("file_path"),
                                       QStringLiteral("path"),        QStringLiteral("pattern"),
                                       QStringLiteral("query"),       QStringLiteral("url"),
                                       QStringLiteral("description"), QStringLiteral("prompt"),
                                       QStringLiteral("bash_id"),     QStringLiteral("shell_id")};
    QString summary;
    for (const QString &key : preferred) {
        const QJsonValue value = input.value(key);
        if (value.isString() && !value.toString().trimmed().isEmpty()) {
            summary = value.toString();
            break;
        }
        if (key == QLatin1String("command") && value.isArray()) {
            // Codex: ["zsh", "-lc", "rg label src"]: the script is what was run.
            const QJsonArray words = value.toArray();
            summary =
                words.size() == 3 && words.at(1).toString() == QLatin1String("-lc") ? words.at(2).toString() : [&] {
                    QStringList parts;
                    for (const QJsonValue &w : words)
                        parts << w.toString();
                    return parts.join(QLatin1Char(' '));
                }();
            break;
        }
    }
    if (summary.isEmpty() && input.value(QStringLiteral("todos")).isArray())
        summary = QStringLiteral("%1 items").arg(input.value(QStringLiteral("todos")).toArray().size());
    if (summary.isEmpty()) {
        for (auto it = input.constBegin(); it != input.constEnd() && summary.isEmpty(); ++it)
            if (it->isString())
                summary = it->toString();
    }
    return SessionTitle::shorten(summary.simplified(), kMaxSummaryChars);
}

/// A call's input or output as a person may read it when they unfold the call: secrets replaced as
/// capture replaces them (a transcript copied in by hand was never redacted), cut to a length a
/// view can show.
QString detail(const QString &text)
{
    int replaced = 0;
    return QString::fromUtf8(SecretRedactor::redact(text.toUtf8(), &replaced))
        .left(ConversationToolCall::kMaxDetailChars);
}

/// What a person's message shows: a slash command as "/name args", machinery as nothing.
QString personText(const QString &text)
{
    bool commandOnly = false;
    if (SessionTitle::claudeRequest(text, &commandOnly).isEmpty())
        return {};
    if (text.contains(u"<command-name>")) {
        static const QRegularExpression name(QStringLiteral("<command-name>(.*?)</command-name>"),
                                             QRegularExpression::DotMatchesEverythingOption);
        static const QRegularExpression args(QStringLiteral("<command-args>(.*?)</command-args>"),
                                             QRegularExpression::DotMatchesEverythingOption);
        QString command = name.match(text).captured(1).trimmed();
        if (!command.startsWith(QLatin1Char('/')))
            command.prepend(QLatin1Char('/'));
        const QString arguments = args.match(text).captured(1).trimmed();
        // A command that manages the session itself (/clear, /compact …) says nothing of the work:
        // shown, it was a turn of its own or the first line of the next request. A command with
        // arguments (a custom "/orchestrator create …") is a request.
        static const QStringList sessionCommands{
            QStringLiteral("/clear"),   QStringLiteral("/compact"), QStringLiteral("/exit"),
            QStringLiteral("/quit"),    QStringLiteral("/cost"),    QStringLiteral("/status"),
            QStringLiteral("/context"), QStringLiteral("/resume"),  QStringLiteral("/config"),
            QStringLiteral("/login"),   QStringLiteral("/logout"),  QStringLiteral("/model")};
        if (arguments.isEmpty() && sessionCommands.contains(command))
            return {};
        return arguments.isEmpty() ? command : command + QLatin1Char(' ') + arguments;
    }
    static const QRegularExpression reminder(QStringLiteral("<system-reminder>.*?</system-reminder>"),
                                             QRegularExpression::DotMatchesEverythingOption);
    // A local command's output ("<local-command-stdout>…") is the terminal's, not the person's.
    static const QRegularExpression localOutput(
        QStringLiteral("<local-command-(stdout|stderr)>.*?</local-command-(stdout|stderr)>"),
        QRegularExpression::DotMatchesEverythingOption);
    return QString(text).remove(reminder).remove(localOutput).trimmed();
}

class Builder {
public:
    explicit Builder(Conversation &conversation) : m_conversation(conversation) { }

    ConversationTurn &turn(const QString &speaker, bool subagent, int line, const QDateTime &time)
    {
        QList<ConversationTurn> &turns = m_conversation.turns;
        if (turns.isEmpty() || turns.last().speaker != speaker || turns.last().subagent != subagent) {
            ConversationTurn next;
            next.speaker = speaker;
            next.subagent = subagent;
            next.startLine = line;
            next.time = time;
            turns << next;
        }
        ConversationTurn &current = turns.last();
        current.endLine = qMax(current.endLine, line);
        addLine(current, line);
        return current;
    }

    void addText(const QString &speaker, bool subagent, int line, const QDateTime &time, const QString &text)
    {
        if (text.trimmed().isEmpty())
            return;
        ConversationTurn &current = turn(speaker, subagent, line, time);
        if (!current.parts.isEmpty() && current.parts.last().toolCall < 0)
            current.parts.last().text += QStringLiteral("\n\n") + text.trimmed();
        else
            current.parts << ConversationPart{text.trimmed(), -1, line};
    }

    void addCall(bool subagent, int line, const QDateTime &time, const QString &id, const QString &name,
                 const QString &summary, const QString &input)
    {
        ConversationTurn &current = turn(QStringLiteral("assistant"), subagent, line, time);
        ConversationToolCall call;
        call.name = name;
        call.summary = summary;
        call.input = detail(input);
        call.line = line;
        current.parts << ConversationPart{{}, int(current.toolCalls.size()), line};
        m_pending.insert(id, {int(m_conversation.turns.size() - 1), int(current.toolCalls.size()), time});
        current.toolCalls << call;
    }

    /// `durationMs` from the log's own figure; else from the call's and the result's time, when
    /// `timed` (Codex writes a call and its output with one timestamp: their difference says nothing).
    void closeCall(const QString &id, int line, const QDateTime &time, bool ok, const QString &output,
                   qint64 durationMs = -1, bool timed = true)
    {
        const auto it = m_pending.constFind(id);
        if (it == m_pending.constEnd())
            return;
        ConversationTurn &owner = m_conversation.turns[it->turn];
        ConversationToolCall &call = owner.toolCalls[it->call];
        call.outcome = ok ? ConversationToolCall::Outcome::Ok : ConversationToolCall::Outcome::Error;
        call.error = ok ? QString() : firstLine(output);
        call.output = detail(output);
        call.resultLine = line;
        if (durationMs >= 0)
            call.durationMs = durationMs;
        else if (timed && it->time.isValid() && time.isValid())
            call.durationMs = qMax<qint64>(0, it->time.msecsTo(time));
        owner.endLine = qMax(owner.endLine, line);
        addLine(owner, line);
        m_pending.erase(it);
    }

private:
    static void addLine(ConversationTurn &turn, int line)
    {
        if (turn.lines.isEmpty() || turn.lines.last() < line)
            turn.lines << line;
        else if (!turn.lines.contains(line))
            turn.lines.insert(std::lower_bound(turn.lines.begin(), turn.lines.end(), line), line);
    }

    struct Pending {
        int turn;
        int call;
        QDateTime time;
    };
    Conversation &m_conversation;
    QHash<QString, Pending> m_pending;
};

bool readClaudeLine(const QJsonObject &o, int line, Conversation &conversation, Builder &builder)
{
    const QString type = o.value(QStringLiteral("type")).toString();
    if (type != QLatin1String("user") && type != QLatin1String("assistant"))
        return agentlog::knownClaudeLineType(type);
    if (o.value(QStringLiteral("isMeta")).toBool())
        return true; // a slash command's expansion or a caveat: the command itself is shown
    const QDateTime time = timestampOf(o);
    if (!conversation.started.isValid())
        conversation.started = time;
    if (conversation.sessionId.isEmpty())
        conversation.sessionId = o.value(QStringLiteral("sessionId")).toString();
    if (conversation.cwd.isEmpty())
        conversation.cwd = o.value(QStringLiteral("cwd")).toString();
    const bool subagent = o.value(QStringLiteral("isSidechain")).toBool();
    const bool user = type == QLatin1String("user");
    const QJsonValue content = o.value(QStringLiteral("message")).toObject().value(QStringLiteral("content"));
    if (content.isString()) {
        builder.addText(type, subagent, line, time, user ? personText(content.toString()) : content.toString());
        return true;
    }
    for (const QJsonValue &blockValue : content.toArray()) {
        const QJsonObject block = blockValue.toObject();
        const QString blockType = block.value(QStringLiteral("type")).toString();
        if (blockType == QLatin1String("text")) {
            const QString text = block.value(QStringLiteral("text")).toString();
            builder.addText(type, subagent, line, time, user ? personText(text) : text);
        } else if (blockType == QLatin1String("tool_use")) {
            const QJsonObject input = block.value(QStringLiteral("input")).toObject();
            builder.addCall(subagent, line, time, block.value(QStringLiteral("id")).toString(),
                            block.value(QStringLiteral("name")).toString(), argumentSummary(input),
                            QString::fromUtf8(QJsonDocument(input).toJson(QJsonDocument::Indented)).trimmed());
        } else if (blockType == QLatin1String("tool_result")) {
            builder.closeCall(block.value(QStringLiteral("tool_use_id")).toString(), line, time,
                              !block.value(QStringLiteral("is_error")).toBool(),
                              resultText(block.value(QStringLiteral("content"))));
        }
    }
    return true;
}

bool readCodexLine(const QJsonObject &o, int line, Conversation &conversation, Builder &builder,
                   agentlog::CodexCallOutcomes &outcomes)
{
    outcomes.readLine(o);
    const QString type = o.value(QStringLiteral("type")).toString();
    const QJsonObject payload = o.value(QStringLiteral("payload")).toObject();
    const QDateTime time = timestampOf(o);
    if (type == QLatin1String("session_meta")) {
        conversation.sessionId = payload.value(QStringLiteral("id")).toString();
        conversation.cwd = payload.value(QStringLiteral("cwd")).toString();
        conversation.started =
            QDateTime::fromString(payload.value(QStringLiteral("timestamp")).toString(), Qt::ISODateWithMs);
        return true;
    }
    if (type != QLatin1String("response_item"))
        return agentlog::knownCodexLineType(type); // event_msg repeats the messages
    const QString itemType = payload.value(QStringLiteral("type")).toString();
    if (itemType == QLatin1String("message")) {
        const QString role = payload.value(QStringLiteral("role")).toString();
        if (role != QLatin1String("user") && role != QLatin1String("assistant"))
            return true; // the client's own instructions (0.171: skills, permissions as "developer")
        QStringList texts;
        for (const QJsonValue &part : payload.value(QStringLiteral("content")).toArray())
            texts << part.toObject().value(QStringLiteral("text")).toString();
        const QString text = texts.join(QLatin1Char('\n'));
        if (role == QLatin1String("user")) {
            if (SessionTitle::codexRequest(text).isEmpty())
                return true; // the client's environment preamble
            static const QString marker = QStringLiteral("## My request for Codex:");
            const qsizetype at = text.indexOf(marker);
            builder.addText(role, false, line, time, at < 0 ? text : text.mid(at + marker.size()));
        } else {
            builder.addText(role, false, line, time, text);
        }
    } else if (itemType == QLatin1String("function_call") || itemType == QLatin1String("custom_tool_call")) {
        const QJsonValue arguments = payload.value(QStringLiteral("arguments"));
        QJsonObject input = QJsonDocument::fromJson(arguments.toString().toUtf8()).object();
        if (input.isEmpty() && payload.value(QStringLiteral("input")).isString())
            input.insert(QStringLiteral("input"), firstLine(payload.value(QStringLiteral("input")).toString()));
        const QString written =
            arguments.isString() ? arguments.toString() : payload.value(QStringLiteral("input")).toString();
        builder.addCall(false, line, time, payload.value(QStringLiteral("call_id")).toString(),
                        agentlog::codexToolName(payload), argumentSummary(input), written);
    } else if (itemType == QLatin1String("function_call_output")
               || itemType == QLatin1String("custom_tool_call_output")) {
        const agentlog::CodexCallOutcomes::Outcome outcome = outcomes.outcome(payload);
        builder.closeCall(payload.value(QStringLiteral("call_id")).toString(), line, time, outcome.ok, outcome.text,
                          outcome.durationMs, false);
    } else {
        return agentlog::knownCodexItemType(itemType);
    }
    return true;
}

} // namespace

QString ConversationTurn::text() const
{
    QStringList texts;
    for (const ConversationPart &part : parts)
        if (part.toolCall < 0)
            texts << part.text;
    return texts.join(QStringLiteral("\n\n"));
}

bool ConversationTurn::overlaps(int firstLine, int lastLine) const
{
    const auto it = std::lower_bound(lines.cbegin(), lines.cend(), firstLine);
    return it != lines.cend() && *it <= lastLine;
}

QList<int> Conversation::turnsOverlapping(int startLine, int endLine) const
{
    QList<int> indexes;
    if (startLine <= 0)
        return indexes;
    for (int i = 0; i < turns.size(); ++i)
        if (turns[i].overlaps(startLine, qMax(startLine, endLine)))
            indexes << i;
    return indexes;
}

Conversation ConversationReader::read(const QString &text)
{
    Conversation conversation;
    Builder builder(conversation);
    agentlog::TitleFacts title;
    agentlog::CodexCallOutcomes outcomes;
    bool decided = false;
    bool codex = false;
    int lineNumber = 0;
    QString lines = DocumentParser::withLineFeeds(text); // lines counted as the index counts them
    if (lines.startsWith(QChar(0xFEFF)))
        lines.remove(0, 1); // as the index reads it: the first line is JSON after the mark
    for (const QStringView line : QStringTokenizer(lines, QLatin1Char('\n'))) {
        ++lineNumber;
        if (line.trimmed().isEmpty())
            continue;
        const QJsonDocument json = QJsonDocument::fromJson(line.toUtf8());
        if (!json.isObject()) {
            ++conversation.skippedLines;
            continue;
        }
        const QJsonObject o = json.object();
        if (!decided) {
            codex = o.contains(QStringLiteral("payload"));
            decided = true;
            conversation.agent = codex ? QStringLiteral("codex") : QStringLiteral("claude-code");
        }
        if (codex)
            title.readCodexLine(o);
        else
            title.readClaudeLine(o);
        const bool known = codex ? readCodexLine(o, lineNumber, conversation, builder, outcomes)
                                 : readClaudeLine(o, lineNumber, conversation, builder);
        if (!known)
            ++conversation.skippedLines;
    }
    conversation.title = title.title();
    return conversation;
}

} // namespace engram
