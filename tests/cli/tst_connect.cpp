// engram-cli connect and capture, end to end in a throwaway HOME: the real binary edits the
// agent's configuration, the hook commands it wrote are run as the agent would run them, and
// `--remove` gives the person's files back.
#include "TestVault.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace engram;

namespace {

const QString kClaudeSession = QStringLiteral("fe5e1c67-53e7-4862-81ae-d0e013e3270b");
const QString kClaudeSample =
    QStringLiteral("samples/claude-code/projects/-path-to-Demo/") + kClaudeSession + QStringLiteral(".jsonl");
const QString kCodexThread = QStringLiteral("0199812e-64f0-7f73-91fc-095dda01c36e");
const QString kCodexSample = QStringLiteral("samples/codex/sessions/2025/09/25/rollout-2025-09-25T08-02-05-")
                             + kCodexThread + QStringLiteral(".jsonl");
// Not a real key: the shape of an Anthropic key, for the redaction check.
const QByteArray kFakeKey = "sk-ant-api03-AAAAbbbbCCCCddddEEEEffff0000";

struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

/// A HOME of its own, with CLAUDE_CONFIG_DIR and CODEX_HOME unset unless a test sets them.
class Home {
public:
    Home()
    {
        env.insert(QStringLiteral("HOME"), dir.path());
        env.remove(QStringLiteral("CLAUDE_CONFIG_DIR"));
        env.remove(QStringLiteral("CODEX_HOME"));
        env.remove(QStringLiteral("ENGRAM_VAULT"));
        vault = dir.filePath(QStringLiteral("vault"));
    }
    QString path(const QString &relative) const { return dir.filePath(relative); }

    Run run(const QString &program, const QStringList &args, const QByteArray &input = {}) const
    {
        QProcess p;
        p.setProcessEnvironment(env);
        p.setWorkingDirectory(dir.path());
        p.start(program, args);
        if (!p.waitForStarted(10000))
            qFatal("the program did not start");
        p.write(input);
        p.closeWriteChannel();
        p.waitForFinished(60000);
        return Run{p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
    }
    Run cli(QStringList args, const QByteArray &input = {}) const
    {
        args << QStringLiteral("--vault") << vault;
        return run(QStringLiteral(ENGRAM_CLI_PATH), args, input);
    }

    QTemporaryDir dir;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    QString vault;
};

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeAll(const QString &path, const QByteArray &bytes, bool append = false)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(append ? QIODevice::Append : QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

QJsonObject jsonFile(const QString &path)
{
    return QJsonDocument::fromJson(readAll(path)).object();
}

/// The first `count` lines of `bytes`, and the rest.
QPair<QByteArray, QByteArray> splitLines(const QByteArray &bytes, int count)
{
    qsizetype at = 0;
    for (int i = 0; i < count; ++i)
        at = bytes.indexOf('\n', at) + 1;
    return {bytes.left(at), bytes.mid(at)};
}

/// Every command of `event` in a Claude Code settings object.
QStringList commandsOf(const QJsonObject &settings, const QString &event)
{
    QStringList commands;
    for (const QJsonValue &group : settings.value(QStringLiteral("hooks")).toObject().value(event).toArray())
        for (const QJsonValue &hook : group.toObject().value(QStringLiteral("hooks")).toArray())
            commands << hook.toObject().value(QStringLiteral("command")).toString();
    return commands;
}

const QByteArray kPersonSettings = R"x({
  "model": "opus",
  "permissions": {"allow": ["Bash(make:*)"]},
  "hooks": {
    "Stop": [{"hooks": [{"type": "command", "command": "notify-send 'Claude is done'"}]}],
    "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "~/bin/guard.sh", "timeout": 5}]}]
  }
}
)x";

const QByteArray kPersonClaudeJson =
    R"x({"numStartups": 12, "mcpServers": {"docs": {"type": "stdio", "command": "docs-mcp", "args": []}}}
)x";

const QByteArray kPersonCodexConfig = R"x(model = "o3"
# my own notes about this file

[mcp_servers.docs]
command = "docs-mcp"
args = [
  "--port", "9000",
]

[profiles.fast]
model = "o4-mini"
)x";

const QByteArray kHandWiredSettings =
    R"x({"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "engram-cli hook agent-end --reflect-if-due"}]}]}})x";

const QByteArray kMissingTranscriptInput =
    R"x({"session_id":"x","transcript_path":"/nonexistent/x.jsonl","hook_event_name":"SessionEnd"})x";

/// A TOML basic string (the notify program and its arguments).
const QString kTomlString = QStringLiteral("\"((?:[^\"\\\\]|\\\\.)*)\"");

/// `path` read by Python's own TOML parser (tomllib, the standard library's since 3.11), as JSON:
/// a parser that is not Engram's judges whether the file is TOML Codex can read. A duplicate key
/// (a second top-level `notify`, a second `[mcp_servers.engram]`) is an error there, as in Codex.
QJsonObject parsedToml(const QString &path, QString *error)
{
    QProcess python;
    python.start(QStringLiteral("python3"), {QStringLiteral("-c"),
                                             QStringLiteral("import json, sys, tomllib\n"
                                                            "print(json.dumps(tomllib.load(open(sys.argv[1], 'rb'))))"),
                                             path});
    if (!python.waitForFinished(30000) || python.exitStatus() != QProcess::NormalExit) {
        *error = QStringLiteral("python3 did not run (it is one of scripts/install-deps.sh's packages)");
        return {};
    }
    if (python.exitCode() != 0) {
        *error = QString::fromUtf8(python.readAllStandardError());
        return {};
    }
    return QJsonDocument::fromJson(python.readAllStandardOutput()).object();
}

const QByteArray kPersonsNotify = "notify = [\"notify-send\", \"Codex is done\"]\n";
const QByteArray kPersonsServer = "[mcp_servers.engram]\ncommand = \"/opt/engram/bin/engram-cli\"\nargs = [\"mcp\"]\n";

} // namespace

class TestConnect : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        QVERIFY2(test::missingShared(kClaudeSample).isEmpty(), qPrintable(test::missingShared(kClaudeSample)));
        QVERIFY2(test::missingShared(kCodexSample).isEmpty(), qPrintable(test::missingShared(kCodexSample)));
    }

    void claudeCode_connectCaptureAndRemove_leavesThePersonsFileAsItWas()
    {
        Home home;
        QCOMPARE(home.cli({QStringLiteral("init")}).exitCode, 0);
        const QString settingsPath = home.path(QStringLiteral(".claude/settings.json"));
        const QString claudeJsonPath = home.path(QStringLiteral(".claude.json"));
        writeAll(settingsPath, kPersonSettings);
        writeAll(claudeJsonPath, kPersonClaudeJson);

        const Run connect = home.cli({QStringLiteral("connect"), QStringLiteral("claude-code")});
        QCOMPARE(connect.exitCode, 0);
        QVERIFY2(connect.out.contains("+++ " + settingsPath.toUtf8()), connect.out.constData());
        QVERIFY(connect.out.contains("backup: " + settingsPath.toUtf8() + ".engram-backup-"));
        const QJsonObject settings = jsonFile(settingsPath);
        // The person's keys and hooks, untouched.
        QCOMPARE(settings.value(QStringLiteral("model")).toString(), QStringLiteral("opus"));
        QCOMPARE(settings.value(QStringLiteral("permissions")),
                 QJsonDocument::fromJson(kPersonSettings).object().value(QStringLiteral("permissions")));
        QCOMPARE(settings.value(QStringLiteral("hooks")).toObject().value(QStringLiteral("PreToolUse")),
                 QJsonDocument::fromJson(kPersonSettings)
                     .object()
                     .value(QStringLiteral("hooks"))
                     .toObject()
                     .value(QStringLiteral("PreToolUse")));
        const QStringList stop = commandsOf(settings, QStringLiteral("Stop"));
        QCOMPARE(stop.size(), 2);
        // Engram's group goes first: no line of the person's changes (issue 28).
        QCOMPARE(stop.at(1), QStringLiteral("notify-send 'Claude is done'"));
        QVERIFY(stop.at(0).contains(QLatin1String("hook agent-end --format claude")));
        QVERIFY(stop.at(0).contains(home.vault));
        for (const QString &event : {QStringLiteral("SessionStart"), QStringLiteral("SessionEnd"),
                                     QStringLiteral("PostToolUse"), QStringLiteral("PostToolUseFailure")})
            QCOMPARE(commandsOf(settings, event).size(), 1);
        const QJsonObject servers = jsonFile(claudeJsonPath).value(QStringLiteral("mcpServers")).toObject();
        QVERIFY(servers.contains(QStringLiteral("docs")));
        QCOMPARE(
            servers.value(QStringLiteral("engram")).toObject().value(QStringLiteral("args")).toArray().at(2).toString(),
            home.vault);
        QCOMPARE(jsonFile(claudeJsonPath).value(QStringLiteral("numStartups")).toInt(), 12);

        // Twice changes nothing.
        const QByteArray settingsBytes = readAll(settingsPath);
        const Run again = home.cli({QStringLiteral("connect"), QStringLiteral("claude-code")});
        QCOMPARE(again.exitCode, 0);
        QVERIFY(again.out.contains("nothing changed"));
        QCOMPARE(readAll(settingsPath), settingsBytes);

        // The Stop hook, run as Claude Code runs it: the command through a shell, its input on stdin.
        const QByteArray sample = readAll(test::sharedPath(kClaudeSample));
        const auto [firstPart, rest] = splitLines(sample, 100);
        const QString transcript =
            home.path(QStringLiteral(".claude/projects/-path-to-Demo/") + kClaudeSession + QStringLiteral(".jsonl"));
        writeAll(transcript, firstPart);
        const QByteArray hookInput =
            QJsonDocument(QJsonObject{{QStringLiteral("session_id"), kClaudeSession},
                                      {QStringLiteral("transcript_path"), transcript},
                                      {QStringLiteral("cwd"), home.dir.path()},
                                      {QStringLiteral("hook_event_name"), QStringLiteral("Stop")},
                                      {QStringLiteral("stop_hook_active"), false}})
                .toJson(QJsonDocument::Compact);
        const Run first = home.run(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), stop.at(0)}, hookInput);
        QVERIFY2(first.exitCode == 0, first.err.constData());
        const QString copy = home.path(QStringLiteral("vault/sessions/2025-09-03/claude-code-") + kClaudeSession
                                       + QStringLiteral(".jsonl"));
        QCOMPARE(readAll(copy), firstPart);
        QVERIFY(first.out.contains("captured 100 new line(s)"));

        // The session goes on (with a key pasted in it): only the new lines are added, the key redacted.
        const QByteArray secretLine =
            "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"use " + kFakeKey
            + " for the test\"},\"timestamp\":\"2025-09-05T10:00:00.000Z\",\"sessionId\":\"fe5e1c67\"}\n";
        writeAll(transcript, rest + secretLine, true);
        const Run second = home.run(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), stop.at(0)}, hookInput);
        QVERIFY2(second.exitCode == 0, second.err.constData());
        const int newLines = int(rest.count('\n')) + 1;
        QVERIFY2(second.out.contains(QStringLiteral("captured %1 new line(s)").arg(newLines).toUtf8()),
                 second.out.constData());
        QVERIFY(second.out.contains("1 secret(s) redacted"));
        QByteArray expected = sample + secretLine;
        expected.replace(kFakeKey, "[REDACTED:anthropic-key]");
        QCOMPARE(readAll(copy), expected);
        QVERIFY(readAll(transcript).contains(kFakeKey)); // the agent's own file is never touched
        // SessionEnd right after: nothing new, nothing doubled.
        const QString sessionEnd = commandsOf(settings, QStringLiteral("SessionEnd")).constFirst();
        QCOMPARE(home.run(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), sessionEnd}, hookInput).exitCode, 0);
        QCOMPARE(readAll(copy), expected);

        // The session began on 2025-09-03, but it was captured today: today's session is ok.
        const Run health = home.cli({QStringLiteral("health"), QStringLiteral("--json")});
        bool sawSession = false;
        for (const QJsonValue &check : QJsonDocument::fromJson(health.out).array())
            if (check.toObject().value(QStringLiteral("check")).toString() == QLatin1String("today's session")) {
                sawSession = true;
                QCOMPARE(check.toObject().value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
            }
        QVERIFY2(sawSession, health.out.constData());

        const Run remove =
            home.cli({QStringLiteral("connect"), QStringLiteral("claude-code"), QStringLiteral("--remove")});
        QCOMPARE(remove.exitCode, 0);
        QCOMPARE(jsonFile(settingsPath), QJsonDocument::fromJson(kPersonSettings).object());
        QCOMPARE(jsonFile(claudeJsonPath), QJsonDocument::fromJson(kPersonClaudeJson).object());
        QVERIFY(home.cli({QStringLiteral("connect"), QStringLiteral("claude-code"), QStringLiteral("--remove")})
                    .out.contains("nothing of Engram's to remove"));
    }

    void codex_connectNotifyAndRemove_givesTheFileBackByteForByte()
    {
        Home home;
        QCOMPARE(home.cli({QStringLiteral("init")}).exitCode, 0);
        const QString codexHome = home.path(QStringLiteral("codex-home")); // CODEX_HOME, not ~/.codex
        home.env.insert(QStringLiteral("CODEX_HOME"), codexHome);
        const QString configPath = codexHome + QStringLiteral("/config.toml");
        writeAll(configPath, kPersonCodexConfig);

        const Run connect = home.cli({QStringLiteral("connect"), QStringLiteral("codex")});
        QVERIFY2(connect.exitCode == 0, connect.err.constData());
        QVERIFY(!QFileInfo::exists(home.path(QStringLiteral(".codex/config.toml"))));
        const QString config = QString::fromUtf8(readAll(configPath));
        QVERIFY(config.contains(QLatin1String("[mcp_servers.engram]")));
        QVERIFY(config.contains(QLatin1String("[mcp_servers.docs]\ncommand = \"docs-mcp\"")));
        // notify is a top-level key: it must come before the first table.
        QVERIFY(config.indexOf(QLatin1String("notify = [")) < config.indexOf(QLatin1String("[mcp_servers.docs]")));
        QVERIFY(home.cli({QStringLiteral("connect"), QStringLiteral("codex")}).out.contains("nothing changed"));
        QCOMPARE(QString::fromUtf8(readAll(configPath)), config);

        // Codex runs the notify program with the finished turn's JSON as its last argument.
        const QRegularExpression notifyLine(QStringLiteral("^notify = \\[(.*)\\]$"),
                                            QRegularExpression::MultilineOption);
        const QRegularExpressionMatch notify = notifyLine.match(config);
        QVERIFY(notify.hasMatch());
        QStringList argv;
        QRegularExpressionMatchIterator strings = QRegularExpression(kTomlString).globalMatch(notify.captured(1));
        while (strings.hasNext())
            argv << strings.next().captured(1);
        const QString program = argv.takeFirst();
        argv << QString::fromUtf8(
            QJsonDocument(QJsonObject{{QStringLiteral("type"), QStringLiteral("agent-turn-complete")},
                                      {QStringLiteral("thread-id"), kCodexThread},
                                      {QStringLiteral("turn-id"), QStringLiteral("1")},
                                      {QStringLiteral("cwd"), home.dir.path()}})
                .toJson(QJsonDocument::Compact));
        const QByteArray sample = readAll(test::sharedPath(kCodexSample));
        const auto [firstPart, rest] = splitLines(sample, 100);
        const QString rollout =
            codexHome + QStringLiteral("/sessions/2025/09/25/") + QFileInfo(test::sharedPath(kCodexSample)).fileName();
        writeAll(rollout, firstPart);
        const Run first = home.run(program, argv);
        QVERIFY2(first.exitCode == 0, first.err.constData());
        const QString copy =
            home.path(QStringLiteral("vault/sessions/2025-09-25/codex-") + kCodexThread + QStringLiteral(".jsonl"));
        QCOMPARE(readAll(copy), firstPart);
        writeAll(rollout, rest, true);
        const Run second = home.run(program, argv);
        QVERIFY2(second.exitCode == 0, second.err.constData());
        QVERIFY2(second.out.contains(QStringLiteral("captured %1 new line(s)").arg(rest.count('\n')).toUtf8()),
                 second.out.constData());
        QCOMPARE(readAll(copy), sample);

        QCOMPARE(home.cli({QStringLiteral("connect"), QStringLiteral("codex"), QStringLiteral("--remove")}).exitCode,
                 0);
        QCOMPARE(readAll(configPath), kPersonCodexConfig);
    }

    void codex_keepsThePersonsNotifyAndEngramServer_data()
    {
        QTest::addColumn<QByteArray>("config");
        QTest::addColumn<bool>("personsNotify");
        QTest::addColumn<bool>("personsServer");
        QTest::newRow("notify set") << kPersonsNotify + kPersonCodexConfig << true << false;
        QTest::newRow("engram server set") << kPersonCodexConfig + "\n" + kPersonsServer << false << true;
        QTest::newRow("both set") << kPersonsNotify + kPersonCodexConfig + "\n" + kPersonsServer << true << true;
        QTest::newRow("engram server as dotted keys") << "mcp_servers.engram.command = \"/opt/engram/bin/engram-cli\"\n"
                                                         "mcp_servers.engram.args = [\"mcp\"]\n"
                                                             + kPersonCodexConfig
                                                      << false << true;
        QTest::newRow("engram server's sub-table only")
            << kPersonCodexConfig + "\n[mcp_servers.engram.env]\nRUST_LOG = \"info\"\n"
            << false << true;
    }

    void codex_keepsThePersonsNotifyAndEngramServer()
    {
        // Codex runs one notify program and reads one server per name: a second top-level `notify`
        // or `[mcp_servers.engram]` is invalid TOML, and Codex would refuse the whole file.
        QFETCH(QByteArray, config);
        QFETCH(bool, personsNotify);
        QFETCH(bool, personsServer);
        Home home;
        QCOMPARE(home.cli({QStringLiteral("init")}).exitCode, 0);
        const QString configPath = home.path(QStringLiteral(".codex/config.toml"));
        writeAll(configPath, config);
        QString error;
        const QJsonObject before = parsedToml(configPath, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error)); // the person's file is valid to begin with

        const Run connect = home.cli({QStringLiteral("connect"), QStringLiteral("codex")});
        QVERIFY2(connect.exitCode == 0, connect.err.constData());
        const QJsonObject after = parsedToml(configPath, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error + QStringLiteral("\n") + QString::fromUtf8(readAll(configPath))));

        const QString program = QFileInfo(QStringLiteral(ENGRAM_CLI_PATH)).canonicalFilePath();
        const QJsonArray ourNotify{program,
                                   QStringLiteral("hook"),
                                   QStringLiteral("agent-end"),
                                   QStringLiteral("--format"),
                                   QStringLiteral("codex"),
                                   QStringLiteral("--vault"),
                                   home.vault};
        const QJsonObject ourServer{
            {QStringLiteral("command"), program},
            {QStringLiteral("args"), QJsonArray{QStringLiteral("mcp"), QStringLiteral("--vault"), home.vault}}};
        const QJsonObject servers = after.value(QStringLiteral("mcp_servers")).toObject();
        const QJsonArray personsNotifyArgs{QStringLiteral("notify-send"), QStringLiteral("Codex is done")};
        QCOMPARE(after.value(QStringLiteral("notify")).toArray(), personsNotify ? personsNotifyArgs : ourNotify);
        QCOMPARE(servers.value(QStringLiteral("engram")).toObject(),
                 personsServer
                     ? before.value(QStringLiteral("mcp_servers")).toObject().value(QStringLiteral("engram")).toObject()
                     : ourServer);
        // Everything else of the person's reads as it did.
        QCOMPARE(servers.value(QStringLiteral("docs")),
                 before.value(QStringLiteral("mcp_servers")).toObject().value(QStringLiteral("docs")));
        QCOMPARE(after.value(QStringLiteral("profiles")), before.value(QStringLiteral("profiles")));
        QCOMPARE(after.value(QStringLiteral("model")).toString(), QStringLiteral("o3"));
        // What was left alone is named.
        QCOMPARE(connect.err.contains("`notify` is set already"), personsNotify);
        QCOMPARE(connect.err.contains("an MCP server named engram is configured already"), personsServer);
        if (personsNotify && personsServer)
            QCOMPARE(readAll(configPath), config);

        QCOMPARE(home.cli({QStringLiteral("connect"), QStringLiteral("codex"), QStringLiteral("--remove")}).exitCode,
                 0);
        QCOMPARE(readAll(configPath), config);
    }

    void hooks_runFromAVaultPathWithSpacesAndQuotes_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::newRow("spaces") << QStringLiteral("My Vault/notes and more");
        QTest::newRow("single quote") << QStringLiteral("Bob's vault");
        QTest::newRow("double quote, dollar, backslash") << QStringLiteral("the \"real\" $HOME \\ vault");
    }

    void hooks_runFromAVaultPathWithSpacesAndQuotes()
    {
        // The hooks as the agents run them: Claude Code's command through a shell, Codex's notify
        // as the argument list its TOML holds (read by Python's parser). Each must reach the vault
        // whatever its folder is called.
        QFETCH(QString, folder);
        Home home;
        home.vault = home.path(folder);
        QVERIFY(QDir().mkpath(home.vault));
        QCOMPARE(home.cli({QStringLiteral("init")}).exitCode, 0);
        QCOMPARE(home.cli({QStringLiteral("connect"), QStringLiteral("claude-code")}).exitCode, 0);
        QCOMPARE(home.cli({QStringLiteral("connect"), QStringLiteral("codex")}).exitCode, 0);

        const QByteArray claudeSample = splitLines(readAll(test::sharedPath(kClaudeSample)), 20).first;
        const QString transcript =
            home.path(QStringLiteral(".claude/projects/-path-to-Demo/") + kClaudeSession + QStringLiteral(".jsonl"));
        writeAll(transcript, claudeSample);
        const QByteArray hookInput =
            QJsonDocument(QJsonObject{{QStringLiteral("session_id"), kClaudeSession},
                                      {QStringLiteral("transcript_path"), transcript},
                                      {QStringLiteral("cwd"), home.dir.path()},
                                      {QStringLiteral("hook_event_name"), QStringLiteral("Stop")},
                                      {QStringLiteral("stop_hook_active"), false}})
                .toJson(QJsonDocument::Compact);
        const QStringList stop =
            commandsOf(jsonFile(home.path(QStringLiteral(".claude/settings.json"))), QStringLiteral("Stop"));
        QCOMPARE(stop.size(), 1);
        const Run claude = home.run(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), stop.first()}, hookInput);
        QVERIFY2(claude.exitCode == 0, claude.err.constData());
        QCOMPARE(readAll(home.vault + QStringLiteral("/sessions/2025-09-03/claude-code-") + kClaudeSession
                         + QStringLiteral(".jsonl")),
                 claudeSample);

        QString error;
        const QJsonObject config = parsedToml(home.path(QStringLiteral(".codex/config.toml")), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QStringList argv;
        for (const QJsonValue &part : config.value(QStringLiteral("notify")).toArray())
            argv << part.toString();
        QCOMPARE(argv.size(), 7);
        QCOMPARE(argv.last(), home.vault);
        const QString program = argv.takeFirst();
        argv << QString::fromUtf8(
            QJsonDocument(QJsonObject{{QStringLiteral("type"), QStringLiteral("agent-turn-complete")},
                                      {QStringLiteral("thread-id"), kCodexThread},
                                      {QStringLiteral("turn-id"), QStringLiteral("1")},
                                      {QStringLiteral("cwd"), home.dir.path()}})
                .toJson(QJsonDocument::Compact));
        const QByteArray codexSample = splitLines(readAll(test::sharedPath(kCodexSample)), 20).first;
        writeAll(home.path(QStringLiteral(".codex/sessions/2025/09/25/"))
                     + QFileInfo(test::sharedPath(kCodexSample)).fileName(),
                 codexSample);
        const Run codex = home.run(program, argv);
        QVERIFY2(codex.exitCode == 0, codex.err.constData());
        QCOMPARE(readAll(home.vault + QStringLiteral("/sessions/2025-09-25/codex-") + kCodexThread
                         + QStringLiteral(".jsonl")),
                 codexSample);
        const QJsonObject server =
            config.value(QStringLiteral("mcp_servers")).toObject().value(QStringLiteral("engram")).toObject();
        QCOMPARE(server.value(QStringLiteral("args")).toArray().last().toString(), home.vault);
    }

    void connect_honoursClaudeConfigDir()
    {
        Home home;
        QCOMPARE(home.cli({QStringLiteral("init")}).exitCode, 0);
        const QString configDir = home.path(QStringLiteral("claude-config"));
        home.env.insert(QStringLiteral("CLAUDE_CONFIG_DIR"), configDir);
        QCOMPARE(home.cli({QStringLiteral("connect"), QStringLiteral("claude-code")}).exitCode, 0);
        QCOMPARE(commandsOf(jsonFile(configDir + QStringLiteral("/settings.json")), QStringLiteral("Stop")).size(), 1);
        QVERIFY(jsonFile(configDir + QStringLiteral("/.claude.json"))
                    .value(QStringLiteral("mcpServers"))
                    .toObject()
                    .contains(QStringLiteral("engram")));
        QVERIFY(!QFileInfo::exists(home.path(QStringLiteral(".claude/settings.json"))));
        QVERIFY(!QFileInfo::exists(home.path(QStringLiteral(".claude.json"))));
    }

    void connect_projectScopeWritesTheProjectsFiles()
    {
        Home home;
        QCOMPARE(home.cli({QStringLiteral("init")}).exitCode, 0);
        const Run run = home.cli({QStringLiteral("connect"), QStringLiteral("claude-code"), QStringLiteral("--scope"),
                                  QStringLiteral("project")});
        QCOMPARE(run.exitCode, 0);
        // The unshared settings.local.json (issue 28); the server in the project's entry of ~/.claude.json.
        QCOMPARE(commandsOf(jsonFile(home.path(QStringLiteral(".claude/settings.local.json"))), QStringLiteral("Stop"))
                     .size(),
                 1);
        QVERIFY(jsonFile(home.path(QStringLiteral(".claude.json")))
                    .value(QStringLiteral("projects"))
                    .toObject()
                    .value(QDir(home.dir.path()).absolutePath())
                    .toObject()
                    .value(QStringLiteral("mcpServers"))
                    .toObject()
                    .contains(QStringLiteral("engram")));
    }

    void connect_refusesMalformedFilesNamingTheLine_data()
    {
        QTest::addColumn<QString>("agent");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("where");
        QTest::newRow("settings.json trailing comma")
            << QStringLiteral("claude-code") << QStringLiteral(".claude/settings.json")
            << QByteArray("{\n  \"model\": \"opus\",\n}\n") << QStringLiteral(":3: not valid JSON");
        QTest::newRow("settings.json hooks a list")
            << QStringLiteral("claude-code") << QStringLiteral(".claude/settings.json")
            << QByteArray("{\n  \"hooks\": []\n}\n") << QStringLiteral(":2: `hooks` is not an object");
        QTest::newRow("config.toml stray words")
            << QStringLiteral("codex") << QStringLiteral(".codex/config.toml")
            << QByteArray("model = \"o3\"\nthis is not toml\n") << QStringLiteral(":2: expected `key = value`");
        QTest::newRow("config.toml open array")
            << QStringLiteral("codex") << QStringLiteral(".codex/config.toml")
            << QByteArray("x = 1\nargs = [\n  \"a\",\n") << QStringLiteral(":2: an array");
        QTest::newRow("config.toml open string")
            << QStringLiteral("codex") << QStringLiteral(".codex/config.toml") << QByteArray("x = \"abc\n")
            << QStringLiteral(":1: a string is not closed");
    }

    void connect_refusesMalformedFilesNamingTheLine()
    {
        QFETCH(QString, agent);
        QFETCH(QString, file);
        QFETCH(QByteArray, content);
        QFETCH(QString, where);
        Home home;
        QCOMPARE(home.cli({QStringLiteral("init")}).exitCode, 0);
        writeAll(home.path(file), content);
        const QStringList before = QDir(QFileInfo(home.path(file)).absolutePath()).entryList(QDir::Files);
        const Run run = home.cli({QStringLiteral("connect"), agent});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains((home.path(file) + where).toUtf8()), run.err.constData());
        QVERIFY(run.err.contains("nothing was written"));
        QCOMPARE(readAll(home.path(file)), content);
        QCOMPARE(QDir(QFileInfo(home.path(file)).absolutePath()).entryList(QDir::Files), before); // no backup either
        QVERIFY(!QFileInfo::exists(home.path(QStringLiteral(".claude.json"))));
    }

    void connect_readOnlySettingsIsAClearErrorAndNothingIsWritten()
    {
        Home home;
        QCOMPARE(home.cli({QStringLiteral("init")}).exitCode, 0);
        const QString settingsPath = home.path(QStringLiteral(".claude/settings.json"));
        writeAll(settingsPath, kPersonSettings);
        QFile::setPermissions(settingsPath, QFileDevice::ReadOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther);
        const Run run = home.cli({QStringLiteral("connect"), QStringLiteral("claude-code")});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(settingsPath.toUtf8() + ": the file is read-only; nothing was written"),
                 run.err.constData());
        QCOMPARE(readAll(settingsPath), kPersonSettings);
        QVERIFY(!QFileInfo::exists(home.path(QStringLiteral(".claude.json"))));
    }

    void connect_handWiredHookIsLeftAloneAndNamed()
    {
        Home home;
        QCOMPARE(home.cli({QStringLiteral("init")}).exitCode, 0);
        const QString settingsPath = home.path(QStringLiteral(".claude/settings.json"));
        writeAll(settingsPath, kHandWiredSettings);
        const Run run = home.cli({QStringLiteral("connect"), QStringLiteral("claude-code")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.contains("hooks.Stop[0].hooks[0] runs `engram-cli hook agent-end --reflect-if-due` already"),
                 run.err.constData());
        QCOMPARE(commandsOf(jsonFile(settingsPath), QStringLiteral("Stop")),
                 QStringList{QStringLiteral("engram-cli hook agent-end --reflect-if-due")});
    }

    void capture_backfillsEveryExistingSessionOnce()
    {
        Home home;
        QCOMPARE(home.cli({QStringLiteral("init")}).exitCode, 0);
        const QDir samples(test::sharedPath(QStringLiteral("samples")));
        int count = 0;
        for (const QString &root : {QStringLiteral("claude-code/projects"), QStringLiteral("codex/sessions")}) {
            const QString to = root.startsWith(QLatin1String("claude")) ? QStringLiteral(".claude/projects")
                                                                        : QStringLiteral(".codex/sessions");
            QDirIterator it(samples.filePath(root), {QStringLiteral("*.jsonl")}, QDir::Files,
                            QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                writeAll(home.path(to + QLatin1Char('/') + QDir(samples.filePath(root)).relativeFilePath(path)),
                         readAll(path));
                ++count;
            }
        }
        QCOMPARE(count, 6);
        const Run first = home.cli({QStringLiteral("capture")});
        QVERIFY2(first.exitCode == 0, first.err.constData());
        QVERIFY2(first.out.contains("6 transcript(s): 6 new, 0 updated, 0 unchanged, 0 failed"), first.out.constData());
        QVERIFY(first.err.contains("[6/6] "));
        const Run second = home.cli({QStringLiteral("capture")});
        QVERIFY2(second.out.contains("6 transcript(s): 0 new, 0 updated, 6 unchanged, 0 failed; 0 line(s) added"),
                 second.out.constData());
        const Run since =
            home.cli({QStringLiteral("capture"), QStringLiteral("--since"), QStringLiteral("2999-01-01")});
        QVERIFY2(since.out.startsWith("0 transcript(s)"), since.out.constData());
        QCOMPARE(home.cli({QStringLiteral("capture"), QStringLiteral("--since"), QStringLiteral("yesterday")}).exitCode,
                 1);
    }

    void hook_missingTranscriptIsNothingToDo()
    {
        Home home;
        QCOMPARE(home.cli({QStringLiteral("init")}).exitCode, 0);
        const QByteArray input = kMissingTranscriptInput;
        const Run run = home.cli(
            {QStringLiteral("hook"), QStringLiteral("capture"), QStringLiteral("--format"), QStringLiteral("claude")},
            input);
        // A session that wrote nothing (`claude mcp list` fires SessionEnd) has nothing to capture (issue 28).
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.isEmpty(), run.err.constData());
        QVERIFY2(run.out.isEmpty(), run.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestConnect)
#include "tst_connect.moc"
