// engram-cli hook session-start, hook agent-end, hook tool: commands an agent
// runs around each session (Claude Code hooks, or any agent's shell hooks).
// Hooks never exit with 2: Claude Code reads that as "block the agent". Run by a client
// (--format claude or codex), they exit 0 on Engram's own failures too: Claude Code shows any other
// non-zero exit as a failed hook (`claude mcp list` fires SessionEnd), and neither client gains
// anything from it. The message still goes to stderr and into the vault's .engram/hooks.log.
#include "CliCommand.h"
#include "agent/MemoryWriter.h"
#include "agent/VaultSet.h"
#include "agent/WakeBriefing.h"
#include "cognition/InteractionLearner.h"
#include "cognition/Reflection.h"
#include "cognition/ToolUsage.h"
#include "core/JsonNumber.h"
#include "core/TextAnalysis.h"
#include "core/VaultBoundary.h"
#include "ingest/SessionCapture.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace engram::cli {

namespace {

QByteArray readStdin()
{
    QFile in;
    if (!in.open(stdin, QIODevice::ReadOnly))
        return {};
    return in.readAll();
}

/// The hook input Claude Code writes on stdin (one JSON object), or empty.
QJsonObject hookInput(const QByteArray &bytes)
{
    const QByteArray trimmed = bytes.trimmed();
    if (!trimmed.startsWith('{'))
        return {}; // a whole JSONL transcript does not parse as one object
    const QJsonDocument doc = QJsonDocument::fromJson(trimmed);
    const QJsonObject o = doc.object();
    return o.contains(QStringLiteral("hook_event_name")) || o.contains(QStringLiteral("session_id")) ? o
                                                                                                     : QJsonObject{};
}

bool claudeFormat(CliContext &cx)
{
    return cx.parser.value(QStringLiteral("format")) == QLatin1String("claude");
}

bool codexFormat(CliContext &cx)
{
    return cx.parser.value(QStringLiteral("format")) == QLatin1String("codex");
}

/// Codex's rollout of thread `threadId` under $CODEX_HOME/sessions/YYYY/MM/DD/; without an id,
/// the rollout changed last (the turn that just finished wrote it).
QString codexTranscript(const QString &threadId)
{
    const QString home = qEnvironmentVariable("CODEX_HOME", QDir::home().filePath(QStringLiteral(".codex")));
    QString newest;
    QDateTime newestTime;
    QDirIterator it(QDir(home).filePath(QStringLiteral("sessions")), {QStringLiteral("rollout-*.jsonl")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        if (!threadId.isEmpty() && !path.endsWith(threadId + QStringLiteral(".jsonl")))
            continue;
        if (newest.isEmpty() || it.fileInfo().lastModified() > newestTime) {
            newest = path;
            newestTime = it.fileInfo().lastModified();
        }
    }
    return newest;
}

/// Copies what is new in the session's transcript into the vault; prints what it did, or why
/// not. The learning that follows does not depend on it.
bool captureSession(CliContext &cx, const QString &vault, const QString &transcript, const QString &agent,
                    const QString &sessionId)
{
    auto config = Config::load(vault);
    if (!config) {
        cx.err << "engram-cli " << cx.commandName << ": not captured: " << config.error().toString() << Qt::endl;
        return false;
    }
    auto captured = SessionCapture(vault, config->capture.redact).capture(transcript, agent, sessionId);
    if (!captured) {
        cx.err << "engram-cli " << cx.commandName << ": not captured: " << captured.error().toString() << Qt::endl;
        return false;
    }
    if (!captured->note.isEmpty())
        cx.err << "engram-cli " << cx.commandName << ": " << captured->note << Qt::endl;
    if (!cx.json())
        cx.out << "captured " << captured->linesAdded << " new line(s) into " << captured->target
               << (captured->redactions > 0 ? QStringLiteral(" (%1 secret(s) redacted)").arg(captured->redactions)
                                            : QString())
               << Qt::endl;
    return true;
}

int runSessionStart(CliContext &cx)
{
    QString cwd = cx.parser.value(QStringLiteral("cwd"));
    if (claudeFormat(cx) && cwd.isEmpty())
        cwd = hookInput(readStdin()).value(QStringLiteral("cwd")).toString();
    if (cwd.isEmpty())
        cwd = QDir::currentPath();
    auto engine = cx.openEngine();
    if (!engine)
        return ExitFailure;
    if (!cx.parser.isSet(QStringLiteral("no-index")))
        // Brings the index up to date with what changed since the last session; the briefing is
        // still given from the index as it is when that fails.
        if (const IndexReport report = engine->index(); report.error)
            cx.err << "engram-cli " << cx.commandName << ": note: " << report.error->toString() << Qt::endl;
    const QDateTime now = QDateTime::currentDateTime();
    const SessionQuery query = SessionQuery::fromSituation(*engine, cwd, cx.parser.value(QStringLiteral("task")), now);
    bool ok = true;
    const int budget = cx.intOption(QStringLiteral("budget"), engine->config().packBudget, &ok);
    if (!ok)
        return ExitFailure;
    RecallQuery recall;
    recall.text = query.text();
    recall.now = now.toUTC();
    // The session's pack draws on the vaults this one links too (a team's), each item citing its vault.
    VaultSet vaults(*engine);
    if (!cx.parser.isSet(QStringLiteral("no-index")))
        for (const QString &name : vaults.linkedNames())
            if (const IndexReport report = vaults.linked(name)->index(); report.error)
                cx.err << "engram-cli " << cx.commandName << ": note: linked vault \"" << name
                       << "\": " << report.error->toString() << Qt::endl;
    auto answer = vaults.pack(recall, budget);
    if (!answer)
        return cx.fail(answer.error().toString());
    for (const QString &warning : std::as_const(answer->warnings))
        cx.err << "engram-cli " << cx.commandName << ": warning: " << warning << Qt::endl;
    const ContextPack *pack = &answer->pack;
    if (claudeFormat(cx)) {
        const QJsonObject output{{QStringLiteral("hookSpecificOutput"),
                                  QJsonObject{{QStringLiteral("hookEventName"), QStringLiteral("SessionStart")},
                                              {QStringLiteral("additionalContext"), pack->markdown}}}};
        cx.out << QJsonDocument(output).toJson(QJsonDocument::Compact) << Qt::endl;
    } else if (cx.json()) {
        cx.out << QJsonDocument(QJsonObject{{QStringLiteral("query"), recall.text},
                                            {QStringLiteral("markdown"), pack->markdown},
                                            {QStringLiteral("tokens"), pack->tokens}})
                      .toJson(QJsonDocument::Indented);
    } else {
        cx.out << pack->markdown;
    }
    return ExitOk;
}

int runAgentEnd(CliContext &cx)
{
    QString name = cx.parser.value(QStringLiteral("transcript"));
    QByteArray bytes;
    QString sessionId;
    QString agent = claudeFormat(cx) ? QStringLiteral("claude-code") : QString();
    if (name.isEmpty() && codexFormat(cx)) { // Codex's notify: the turn's JSON as the last argument
        const QStringList positional = cx.parser.positionalArguments();
        const QJsonObject payload =
            QJsonDocument::fromJson(positional.isEmpty() ? readStdin() : positional.constLast().toUtf8()).object();
        if (!payload.isEmpty()
            && payload.value(QStringLiteral("type")).toString() != QLatin1String("agent-turn-complete"))
            return ExitOk; // other notifications carry no finished turn
        sessionId = payload.value(QStringLiteral("thread-id")).toString();
        name = codexTranscript(sessionId);
        if (name.isEmpty())
            return ExitOk; // the thread wrote no rollout: nothing to learn or capture
        agent = QStringLiteral("codex");
    }
    if (name.isEmpty()) {
        bytes = readStdin();
        const QJsonObject input = hookInput(bytes);
        if (input.contains(QStringLiteral("transcript_path"))) { // Claude Code's Stop hook
            name = input.value(QStringLiteral("transcript_path")).toString();
            sessionId = input.value(QStringLiteral("session_id")).toString();
            bytes.clear();
        } else if (bytes.trimmed().isEmpty()) {
            return cx.fail(QStringLiteral("no transcript: pass --transcript FILE, pipe the transcript in, or pipe "
                                          "Claude Code's Stop hook input (with transcript_path)"));
        } else {
            name = QStringLiteral("stdin"); // JSONL or Markdown, told apart by the content
        }
    }
    bool captureFailed = false;
    if (bytes.isEmpty()) {
        if (!QFileInfo::exists(name))
            return ExitOk; // a session that wrote nothing (`claude mcp list`) has nothing to learn or capture
        // The copy first: the agent may delete its transcript later, the learning can wait.
        if (!cx.parser.isSet(QStringLiteral("no-capture"))) {
            const QString vault = cx.requireVault();
            if (vault.isEmpty())
                return ExitFailure;
            captureFailed = !captureSession(cx, vault, name, agent, sessionId);
        }
        QFile file(name);
        if (!file.open(QIODevice::ReadOnly))
            return cx.fail(QStringLiteral("cannot read the transcript %1: %2").arg(name, file.errorString()));
        bytes = file.readAll();
    }
    auto turn = AgentTurn::fromTranscript(QFileInfo(name).fileName(), bytes);
    if (!turn)
        return cx.fail(turn.error().toString());
    if (!sessionId.isEmpty())
        turn->sessionId = sessionId;
    auto engine = cx.openEngine();
    if (!engine)
        return ExitFailure;
    InteractionLearner learner(engine->vaultPath());
    learner.setMemorySink([&engine](const QString &text, const QString &signal, const QDateTime &) {
        RememberRequest request;
        request.store = QStringLiteral("semantic");
        request.title = TextAnalysis::words(text).mid(0, 8).join(QLatin1Char(' '));
        request.content = text;
        request.source = QStringLiteral("conversation");
        request.tags = {QStringLiteral("agent-end"), signal.contains(QLatin1String("this"))
                                                         ? QStringLiteral("remember-this")
                                                         : QStringLiteral("remember")};
        return MemoryWriter(*engine).remember(request);
    });
    auto applied = learner.apply(*turn, QDateTime::currentDateTimeUtc());
    if (!applied)
        return cx.fail(applied.error().toString());
    if (Status s = engine->saveVectors(); !s) // a cache: the next opener brings it up to date
        cx.err << "engram-cli " << cx.commandName << ": note: " << s.error().toString() << Qt::endl;
    QString reflected;
    if (cx.parser.isSet(QStringLiteral("reflect-if-due")) && !applied->alreadySeen
        && engine->config().llmEndpoint.configured()) {
        Reflection reflection(engine->vaultPath(), engine->config().llmEndpoint);
        const QDateTime now = QDateTime::currentDateTimeUtc();
        if (auto due = reflection.due(now); due && due->due) {
            auto record = reflection.reflect(now);
            if (record)
                reflected = QStringLiteral("reflection %1: %2 proposal(s) awaiting `engram-cli reflect --accept %1`")
                                .arg(record->id)
                                .arg(record->proposals.size());
            else // the turn is learned; a failed reflection is reported, not fatal
                cx.err << "engram-cli hook agent-end: " << record.error().toString() << Qt::endl;
        }
    }
    if (!applied->toolEventsError.isEmpty())
        cx.err << "engram-cli hook agent-end: tool statistics not updated: " << applied->toolEventsError << Qt::endl;

    const InteractionAnalysis &a = applied->analysis;
    if (cx.json()) {
        cx.out << QJsonDocument(
                      QJsonObject{{QStringLiteral("already_seen"), applied->alreadySeen},
                                  {QStringLiteral("positive_signal"), a.positiveSignal},
                                  {QStringLiteral("credited"), QJsonArray::fromStringList(applied->creditedHeuristics)},
                                  {QStringLiteral("memories"), QJsonArray::fromStringList(applied->memoriesWritten)},
                                  {QStringLiteral("learnings"), QJsonArray::fromStringList(applied->learningsAdded)},
                                  {QStringLiteral("avoidances"), QJsonArray::fromStringList(applied->avoidancesAdded)},
                                  {QStringLiteral("meaningful"), a.meaningful},
                                  {QStringLiteral("engagement"), a.engagementReason},
                                  {QStringLiteral("tool_events"), applied->toolEventsRecorded},
                                  {QStringLiteral("reflection"), reflected}})
                      .toJson(QJsonDocument::Indented);
        return captureFailed ? ExitFailure : ExitOk;
    }
    if (applied->alreadySeen) {
        cx.out << "this turn was already learned from; nothing changed" << Qt::endl;
        return captureFailed ? ExitFailure : ExitOk;
    }
    if (!a.positiveSignal.isEmpty())
        cx.out << "positive feedback (\"" << a.positiveSignal << "\"): credited " << applied->creditedHeuristics.size()
               << " heuristic(s) of the last pack" << Qt::endl;
    for (const QString &p : std::as_const(applied->memoriesWritten))
        cx.out << "remembered: " << p << Qt::endl;
    for (const QString &l : std::as_const(applied->learningsAdded))
        cx.out << "learning: " << l << Qt::endl;
    for (const QString &v : std::as_const(applied->avoidancesAdded))
        cx.out << "avoid: " << v << Qt::endl;
    cx.out << a.engagementReason;
    if (applied->toolEventsRecorded > 0)
        cx.out << "; " << applied->toolEventsRecorded << " tool call(s) counted";
    cx.out << Qt::endl;
    if (!reflected.isEmpty())
        cx.out << reflected << Qt::endl;
    return captureFailed ? ExitFailure : ExitOk;
}

/// SessionEnd (Claude Code): the last lines of the session into the vault, nothing learned.
int runCaptureHook(CliContext &cx)
{
    QString name = cx.parser.value(QStringLiteral("transcript"));
    QString sessionId;
    if (name.isEmpty()) {
        const QJsonObject input = hookInput(readStdin());
        name = input.value(QStringLiteral("transcript_path")).toString();
        sessionId = input.value(QStringLiteral("session_id")).toString();
        if (name.isEmpty())
            return cx.fail(QStringLiteral("no transcript: pass --transcript FILE or pipe the hook input (with "
                                          "transcript_path)"));
    }
    if (!QFileInfo::exists(name))
        return ExitOk; // a session that wrote nothing (`claude mcp list`) has nothing to capture
    const QString vault = cx.requireVault();
    if (vault.isEmpty())
        return ExitFailure;
    return captureSession(cx, vault, name, claudeFormat(cx) ? QStringLiteral("claude-code") : QString(), sessionId)
               ? ExitOk
               : ExitFailure;
}

int runToolHook(CliContext &cx)
{
    QString name = cx.parser.value(QStringLiteral("name"));
    if (cx.parser.isSet(QStringLiteral("ok")) && cx.parser.isSet(QStringLiteral("failed")))
        return cx.fail(QStringLiteral("say --ok or --failed, not both"));
    bool ok = !cx.parser.isSet(QStringLiteral("failed"));
    QString session = cx.parser.value(QStringLiteral("session"));
    QString callId = cx.parser.value(QStringLiteral("call-id"));
    qint64 ms = -1;
    if (cx.parser.isSet(QStringLiteral("ms"))) {
        bool parsed = false;
        ms = cx.parser.value(QStringLiteral("ms")).toLongLong(&parsed);
        if (!parsed || ms < 0)
            return cx.fail(QStringLiteral("--ms takes a whole number of milliseconds"));
    }
    if (claudeFormat(cx)) { // PostToolUse / PostToolUseFailure input on stdin
        const QJsonObject input = hookInput(readStdin());
        if (name.isEmpty())
            name = input.value(QStringLiteral("tool_name")).toString();
        if (session.isEmpty())
            session = input.value(QStringLiteral("session_id")).toString();
        if (callId.isEmpty())
            callId = input.value(QStringLiteral("tool_use_id")).toString();
        const QJsonObject response = input.value(QStringLiteral("tool_response")).toObject();
        if (input.value(QStringLiteral("hook_event_name")).toString() == QLatin1String("PostToolUseFailure")
            || response.value(QStringLiteral("is_error")).toBool()
            || response.value(QStringLiteral("success")) == QJsonValue(false))
            ok = false;
        if (ms < 0 && input.contains(QStringLiteral("duration_ms")))
            ms = JsonNumber::toInteger(input.value(QStringLiteral("duration_ms")).toDouble());
    }
    if (name.isEmpty())
        return cx.fail(QStringLiteral("say which tool: engram-cli hook tool --name Bash --ok --ms 120"));
    const QString vault = cx.requireVault();
    if (vault.isEmpty())
        return ExitFailure;
    auto recorded = ToolUsage(vault).recordCall(name, ok, ms, session, callId, QDateTime::currentDateTimeUtc());
    if (!recorded)
        return cx.fail(recorded.error().toString());
    if (!claudeFormat(cx))
        cx.report(QStringLiteral("%1 %2 %3")
                      .arg(*recorded ? QStringLiteral("recorded") : QStringLiteral("already recorded"), name,
                           ok ? QStringLiteral("ok") : QStringLiteral("failed")),
                  QJsonObject{{QStringLiteral("tool"), name},
                              {QStringLiteral("ok"), ok},
                              {QStringLiteral("recorded"), *recorded > 0}});
    return ExitOk;
}

constexpr qint64 kHookLogBytes = 64 * 1024; // past this the older half goes: a log to read, not an archive

/// Appends `message` to the vault's per-machine hook log (.engram/hooks.log), when the vault is
/// there; written through the vault boundary like every file of the vault.
void logHookFailure(const QString &vault, const QString &message)
{
    if (vault.isEmpty() || !QDir(vault).exists(QStringLiteral(".engram")))
        return;
    const VaultBoundary boundary(vault);
    const QString relative = QStringLiteral(".engram/hooks.log");
    auto path = boundary.resolveForWrite(relative);
    if (!path)
        return;
    QFile file(*path);
    QByteArray log = file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    file.close();
    log += QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toUtf8() + ' '
           + message.trimmed().replace(QLatin1Char('\n'), QStringLiteral(" / ")).toUtf8() + '\n';
    if (log.size() > kHookLogBytes)
        log = log.mid(log.indexOf('\n', log.size() - kHookLogBytes / 2) + 1);
    (void)boundary.writeFile(relative, log); // a log that cannot be written leaves stderr to say it
}

/// Runs hook `run`; run by a client (--format claude or codex), a failure is said on stderr and in
/// the hook log, and the hook still exits 0 so that it never fails the client's own command.
int quietHook(CliContext &cx, int (*run)(CliContext &))
{
    const QString format = cx.parser.value(QStringLiteral("format"));
    if (format != QLatin1String("claude") && format != QLatin1String("codex"))
        return run(cx);
    QString said;
    QTextStream err(&said);
    CliContext inner(cx.parser, cx.out, err);
    inner.commandName = cx.commandName;
    const int code = run(inner);
    err.flush();
    cx.err << said;
    cx.err.flush();
    if (code == ExitOk)
        return ExitOk;
    logHookFailure(cx.vaultPath(), said.isEmpty() ? QStringLiteral("engram-cli %1 failed").arg(cx.commandName) : said);
    return ExitOk; // the client's own command never fails on Engram's account
}

void addFormatOption(QCommandLineParser &p)
{
    p.addOption(
        {QStringLiteral("format"),
         QStringLiteral("\"claude\": read Claude Code's hook input on stdin and answer in its hook form; "
                        "\"codex\" (agent-end): read Codex's notify argument; \"markdown\" (default) otherwise."),
         QStringLiteral("format"), QStringLiteral("markdown")});
}

const CommandRegistration sessionStartCommand{CliCommand{
    QStringLiteral("hook session-start"),
    QStringLiteral("The pack for the situation (project, recent files, task) for a session-start hook."),
    [](QCommandLineParser &p) {
        addFormatOption(p);
        p.addOption(
            {QStringLiteral("task"), QStringLiteral("What the session is about, when known."), QStringLiteral("text")});
        p.addOption({QStringLiteral("cwd"),
                     QStringLiteral("The project folder (default: the hook input's cwd, else the current one)."),
                     QStringLiteral("dir")});
        p.addOption({QStringLiteral("budget"), QStringLiteral("Token budget of the pack."), QStringLiteral("tokens")});
        p.addOption({QStringLiteral("no-index"), QStringLiteral("Do not index changed files first.")});
    },
    [](CliContext &cx) { return quietHook(cx, runSessionStart); }}};

const CommandRegistration agentEndCommand{CliCommand{
    QStringLiteral("hook agent-end"),
    QStringLiteral("Learn from the last turn: feedback, \"remember …\"/\"note: …\" requests, engagement, tool calls."),
    [](QCommandLineParser &p) {
        addFormatOption(p);
        p.addOption({QStringLiteral("transcript"),
                     QStringLiteral("The transcript (JSONL or Markdown); default: stdin, or the transcript_path of "
                                    "Claude Code's Stop hook input."),
                     QStringLiteral("file")});
        p.addOption({QStringLiteral("reflect-if-due"),
                     QStringLiteral("Then ask the llm endpoint for a reflection when one is due (proposals only).")});
        p.addOption({QStringLiteral("no-capture"),
                     QStringLiteral("Do not copy the transcript's new lines into sessions/ first.")});
    },
    [](CliContext &cx) { return quietHook(cx, runAgentEnd); }}};

const CommandRegistration captureHookCommand{CliCommand{
    QStringLiteral("hook capture"),
    QStringLiteral("Copy the new lines of a session's transcript into sessions/ (Claude Code's SessionEnd)."),
    [](QCommandLineParser &p) {
        addFormatOption(p);
        p.addOption({QStringLiteral("transcript"),
                     QStringLiteral("The transcript; default: the transcript_path of the hook input on stdin."),
                     QStringLiteral("file")});
    },
    [](CliContext &cx) { return quietHook(cx, runCaptureHook); }}};

const CommandRegistration toolHookCommand{CliCommand{
    QStringLiteral("hook tool"), QStringLiteral("Count one tool call in the tool statistics."),
    [](QCommandLineParser &p) {
        addFormatOption(p);
        p.addOptions(
            {{QStringLiteral("name"), QStringLiteral("The tool's name."), QStringLiteral("tool")},
             {QStringLiteral("ok"), QStringLiteral("The call succeeded (the default).")},
             {QStringLiteral("failed"), QStringLiteral("The call failed.")},
             {QStringLiteral("ms"), QStringLiteral("How long it took."), QStringLiteral("milliseconds")},
             {QStringLiteral("session"), QStringLiteral("The agent session it belongs to."), QStringLiteral("id")},
             {QStringLiteral("call-id"), QStringLiteral("The call's id (counted once)."), QStringLiteral("id")}});
    },
    [](CliContext &cx) { return quietHook(cx, runToolHook); }}};

} // namespace

} // namespace engram::cli
