// engram-cli connect edits a person's agent configuration minimally, end to end in a throwaway
// HOME: on hand-formatted files (tests/data/connect) the diff shown first holds only Engram's
// lines, `connect --remove` gives every byte back, project scope writes the unshared
// settings.local.json and never wires a hook twice, and the hooks written run from a vault path
// with spaces and quotes in it.
#include "TestVault.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace engram;

namespace {

struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

/// A HOME of its own; the vault's path has a space, double and single quotes in it.
class Home {
public:
    Home()
    {
        env.insert(QStringLiteral("HOME"), dir.path());
        env.remove(QStringLiteral("CLAUDE_CONFIG_DIR"));
        env.remove(QStringLiteral("CODEX_HOME"));
        env.remove(QStringLiteral("ENGRAM_VAULT"));
        vault = dir.filePath(QStringLiteral("my \"odd\" vault's place"));
        project = dir.filePath(QStringLiteral("src/web shop"));
        QDir().mkpath(project);
    }
    QString path(const QString &relative) const { return dir.filePath(relative); }

    Run run(const QString &program, const QStringList &args, const QByteArray &input = {},
            const QString &workingDir = {}) const
    {
        QProcess p;
        p.setProcessEnvironment(env);
        p.setWorkingDirectory(workingDir.isEmpty() ? dir.path() : workingDir);
        p.start(program, args);
        if (!p.waitForStarted(10000))
            qFatal("the program did not start");
        p.write(input);
        p.closeWriteChannel();
        p.waitForFinished(60000);
        return Run{p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
    }
    Run cli(QStringList args, const QString &workingDir = {}) const
    {
        args << QStringLiteral("--vault") << vault;
        return run(QStringLiteral(ENGRAM_CLI_PATH), args, {}, workingDir);
    }

    QTemporaryDir dir;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    QString vault;
    QString project;
};

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeAll(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

QByteArray fixture(const QString &name)
{
    return readAll(test::dataPath(QStringLiteral("connect/") + name));
}

/// The changed lines of the diff of `path` in connect's output: (removed, added).
QPair<QStringList, QStringList> changedLines(const QByteArray &output, const QString &path)
{
    QStringList removed;
    QStringList added;
    bool inFile = false;
    for (const QString &line : QString::fromUtf8(output).split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("--- "))) {
            inFile = line == QStringLiteral("--- ") + path;
            continue;
        }
        if (!inFile || line.startsWith(QLatin1String("+++ ")))
            continue;
        if (line.startsWith(QLatin1Char('-')))
            removed << line.mid(1);
        else if (line.startsWith(QLatin1Char('+')))
            added << line.mid(1);
    }
    return {removed, added};
}

int lineCount(const QByteArray &bytes)
{
    return int(bytes.count('\n'));
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

const QStringList kEvents{QStringLiteral("SessionStart"), QStringLiteral("Stop"), QStringLiteral("SessionEnd"),
                          QStringLiteral("PostToolUse"), QStringLiteral("PostToolUseFailure")};

} // namespace

class TestConnectEdits : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void claudeCode_connectThenRemove_givesHandFormattedFilesBackByteForByte()
    {
        Home home;
        const QString settingsPath = home.path(QStringLiteral(".claude/settings.json"));
        const QString claudeJsonPath = home.path(QStringLiteral(".claude.json"));
        const QByteArray settings = fixture(QStringLiteral("settings.json"));
        const QByteArray claudeJson = fixture(QStringLiteral("claude.json"));
        QCOMPARE(lineCount(claudeJson), 344);
        writeAll(settingsPath, settings);
        writeAll(claudeJsonPath, claudeJson);
        QCOMPARE(home.cli({QStringLiteral("init")}).exitCode, 0);

        // The diff shown first: nothing of the person's taken away or rewritten, only lines added,
        // and those are Engram's: the five hooks and the one server.
        const Run dry =
            home.cli({QStringLiteral("connect"), QStringLiteral("claude-code"), QStringLiteral("--dry-run")});
        QCOMPARE(dry.exitCode, 0);
        const auto [settingsRemoved, settingsAdded] = changedLines(dry.out, settingsPath);
        QVERIFY2(settingsRemoved.isEmpty(), qPrintable(settingsRemoved.join(QLatin1Char('\n'))));
        QCOMPARE(settingsAdded.filter(QStringLiteral("engram-cli")).size(), 5);
        const auto [serversRemoved, serversAdded] = changedLines(dry.out, claudeJsonPath);
        QVERIFY2(serversRemoved.isEmpty(), qPrintable(serversRemoved.join(QLatin1Char('\n'))));
        QCOMPARE(serversAdded.filter(QStringLiteral("engram-cli")).size(), 1);
        QCOMPARE(readAll(settingsPath), settings); // a dry run writes nothing
        QCOMPARE(readAll(claudeJsonPath), claudeJson);

        QCOMPARE(home.cli({QStringLiteral("connect"), QStringLiteral("claude-code")}).exitCode, 0);
        const QByteArray connectedSettings = readAll(settingsPath);
        const QByteArray connectedJson = readAll(claudeJsonPath);
        // The added lines are the whole change: the file grew by exactly them.
        QCOMPARE(lineCount(connectedSettings), lineCount(settings) + int(settingsAdded.size()));
        QCOMPARE(lineCount(connectedJson), lineCount(claudeJson) + int(serversAdded.size()));
        const QJsonObject wired = QJsonDocument::fromJson(connectedSettings).object();
        for (const QString &event : kEvents)
            QVERIFY2(commandsOf(wired, event).filter(QStringLiteral("engram-cli")).size() == 1, qPrintable(event));
        QCOMPARE(commandsOf(wired, QStringLiteral("Stop")).constFirst().contains(QLatin1String("engram-cli")), true);
        QVERIFY(commandsOf(wired, QStringLiteral("Stop")).contains(QStringLiteral("notify-send 'Claude is done'")));
        const QJsonObject servers =
            QJsonDocument::fromJson(connectedJson).object().value(QStringLiteral("mcpServers")).toObject();
        QCOMPARE(servers.keys(),
                 (QStringList{QStringLiteral("docs"), QStringLiteral("engram"), QStringLiteral("github")}));

        QCOMPARE(
            home.cli({QStringLiteral("connect"), QStringLiteral("claude-code"), QStringLiteral("--remove")}).exitCode,
            0);
        QCOMPARE(readAll(settingsPath), settings);
        QCOMPARE(readAll(claudeJsonPath), claudeJson);
    }

    void codex_connectThenRemove_givesCommentedConfigBackByteForByte_data()
    {
        QTest::addColumn<QByteArray>("config");
        const QByteArray config = fixture(QStringLiteral("config.toml"));
        QTest::newRow("as written") << config;
        QTest::newRow("no newline at the end") << config.chopped(1);
        QTest::newRow("CRLF") << QByteArray(config).replace("\n", "\r\n");
    }
    void codex_connectThenRemove_givesCommentedConfigBackByteForByte()
    {
        QFETCH(QByteArray, config);
        Home home;
        const QString configPath = home.path(QStringLiteral(".codex/config.toml"));
        writeAll(configPath, config);
        QCOMPARE(home.cli({QStringLiteral("init")}).exitCode, 0);
        const Run dry = home.cli({QStringLiteral("connect"), QStringLiteral("codex"), QStringLiteral("--dry-run")});
        QCOMPARE(dry.exitCode, 0);
        const auto [removed, added] = changedLines(dry.out, configPath);
        QVERIFY2(removed.isEmpty(), qPrintable(removed.join(QLatin1Char('\n'))));
        // notify and the server, each between its two marker comments: 3 + 5 lines, all Engram's.
        QCOMPARE(added.size(), 8);
        QCOMPARE(added.filter(QStringLiteral("engram")).size(), 7);
        QCOMPARE(added.filter(QStringLiteral("args = [\"mcp\", \"--vault\"")).size(), 1);
        QCOMPARE(home.cli({QStringLiteral("connect"), QStringLiteral("codex")}).exitCode, 0);
        QVERIFY(readAll(configPath) != config);
        QCOMPARE(home.cli({QStringLiteral("connect"), QStringLiteral("codex"), QStringLiteral("--remove")}).exitCode,
                 0);
        QCOMPARE(readAll(configPath), config);
    }

    void projectScope_writesTheUnsharedSettingsAndTheProjectsOwnEntry()
    {
        Home home;
        const QString claudeJsonPath = home.path(QStringLiteral(".claude.json"));
        const QByteArray claudeJson = fixture(QStringLiteral("claude.json"));
        writeAll(claudeJsonPath, claudeJson);
        QCOMPARE(home.cli({QStringLiteral("init")}).exitCode, 0);
        const QStringList connect{QStringLiteral("connect"), QStringLiteral("claude-code"), QStringLiteral("--scope"),
                                  QStringLiteral("project")};
        QCOMPARE(home.cli(connect, home.project).exitCode, 0);
        const QString local = home.project + QStringLiteral("/.claude/settings.local.json");
        const QJsonObject wired = QJsonDocument::fromJson(readAll(local)).object();
        for (const QString &event : kEvents)
            QCOMPARE(commandsOf(wired, event).size(), 1);
        QVERIFY(!QFileInfo::exists(home.project + QStringLiteral("/.claude/settings.json"))); // shared: untouched
        QVERIFY(!QFileInfo::exists(home.project + QStringLiteral("/.mcp.json")));
        // The server in the project's own entry of ~/.claude.json, as `claude mcp add --scope local` puts it.
        const QJsonObject root = QJsonDocument::fromJson(readAll(claudeJsonPath)).object();
        QVERIFY(root.value(QStringLiteral("projects"))
                    .toObject()
                    .value(QDir(home.project).absolutePath())
                    .toObject()
                    .value(QStringLiteral("mcpServers"))
                    .toObject()
                    .contains(QStringLiteral("engram")));
        QVERIFY(!root.value(QStringLiteral("mcpServers")).toObject().contains(QStringLiteral("engram")));

        QCOMPARE(home.cli(connect + QStringList{QStringLiteral("--remove")}, home.project).exitCode, 0);
        QCOMPARE(readAll(claudeJsonPath), claudeJson);
        QCOMPARE(QJsonDocument::fromJson(readAll(local)).object(), QJsonObject());
    }

    void projectScope_neverWiresAHookTheUserScopeRunsAlready()
    {
        Home home;
        QCOMPARE(home.cli({QStringLiteral("init")}).exitCode, 0);
        QCOMPARE(home.cli({QStringLiteral("connect"), QStringLiteral("claude-code")}).exitCode, 0);
        const QByteArray claudeJson = readAll(home.path(QStringLiteral(".claude.json")));
        const Run run = home.cli({QStringLiteral("connect"), QStringLiteral("claude-code"), QStringLiteral("--scope"),
                                  QStringLiteral("project")},
                                 home.project);
        QCOMPARE(run.exitCode, 0);
        for (const QString &event : kEvents)
            QVERIFY2(run.err.contains(QStringLiteral("hooks.%1: your user settings").arg(event).toUtf8()),
                     run.err.constData());
        QVERIFY2(run.err.contains("your user scope runs this vault's server already"), run.err.constData());
        QVERIFY(!QFileInfo::exists(home.project + QStringLiteral("/.claude/settings.local.json")));
        QCOMPARE(readAll(home.path(QStringLiteral(".claude.json"))), claudeJson);
    }

    void hooks_runFromAVaultPathWithSpacesAndQuotes()
    {
        Home home;
        QCOMPARE(home.cli({QStringLiteral("init")}).exitCode, 0);
        QVERIFY(QFileInfo(home.vault).isDir());
        QCOMPARE(home.cli({QStringLiteral("connect"), QStringLiteral("claude-code")}).exitCode, 0);
        const QJsonObject wired =
            QJsonDocument::fromJson(readAll(home.path(QStringLiteral(".claude/settings.json")))).object();

        // Run each command line as Claude Code does: through the shell, the hook input on stdin.
        const QString transcript = home.path(QStringLiteral("t.jsonl"));
        writeAll(transcript, readAll(test::dataPath(QStringLiteral("agentlogs/claude-code-2.1-hook-mcp.jsonl"))));
        const QByteArray input =
            QJsonDocument(QJsonObject{{QStringLiteral("session_id"), QStringLiteral("s1")},
                                      {QStringLiteral("transcript_path"), transcript},
                                      {QStringLiteral("cwd"), home.project},
                                      {QStringLiteral("hook_event_name"), QStringLiteral("SessionEnd")}})
                .toJson(QJsonDocument::Compact);
        const Run start =
            home.run(QStringLiteral("/bin/sh"),
                     {QStringLiteral("-c"), commandsOf(wired, QStringLiteral("SessionStart")).constFirst()}, input);
        QCOMPARE(start.exitCode, 0);
        QVERIFY2(QJsonDocument::fromJson(start.out).object().contains(QStringLiteral("hookSpecificOutput")),
                 start.out.constData());
        QVERIFY2(start.err.isEmpty(), start.err.constData());
        const Run end =
            home.run(QStringLiteral("/bin/sh"),
                     {QStringLiteral("-c"), commandsOf(wired, QStringLiteral("SessionEnd")).constFirst()}, input);
        QCOMPARE(end.exitCode, 0);
        QVERIFY2(end.out.startsWith("captured 12 new line(s) into "), end.out.constData());
        QVERIFY2(end.err.isEmpty(), end.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestConnectEdits)
#include "tst_connectedits.moc"
