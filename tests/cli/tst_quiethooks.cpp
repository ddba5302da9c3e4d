// Engram's hooks never fail a client's own command: run by Claude Code or Codex (--format claude
// or codex), a hook with nothing to do exits 0 without a word, and one that fails on Engram's own
// account exits 0 too, saying why on stderr and in the vault's .engram/hooks.log. Claude Code shows
// any other exit as a failed hook, and `claude mcp list` fires SessionEnd without a transcript.
#include "CliRunner.h"
#include "TestVault.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace engram;
using test::cli;

namespace {

/// Claude Code's hook input for a session whose transcript was never written.
const QByteArray kNoTranscript =
    R"x({"session_id":"7b0f","transcript_path":"/nonexistent/7b0f.jsonl","cwd":"/tmp","hook_event_name":"SessionEnd","reason":"other"})x";

} // namespace

class TestQuietHooks : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void hookWithNothingToDo_exitsZeroWithoutAWord_data()
    {
        QTest::addColumn<QStringList>("hook");
        QTest::addColumn<QByteArray>("input");
        QTest::newRow("SessionEnd: capture") << QStringList{QStringLiteral("hook"), QStringLiteral("capture"),
                                                            QStringLiteral("--format"), QStringLiteral("claude")}
                                             << kNoTranscript;
        QTest::newRow("Stop: agent-end") << QStringList{QStringLiteral("hook"), QStringLiteral("agent-end"),
                                                        QStringLiteral("--format"), QStringLiteral("claude")}
                                         << kNoTranscript;
        // Codex's notify for a thread that wrote no rollout under $CODEX_HOME/sessions.
        QTest::newRow("Codex notify: agent-end")
            << QStringList{QStringLiteral("hook"), QStringLiteral("agent-end"), QStringLiteral("--format"),
                           QStringLiteral("codex"),
                           QStringLiteral(
                               R"({"type":"agent-turn-complete","thread-id":"0199aaaa-0000-7000-8000-000000000000"})")}
            << QByteArray();
    }
    void hookWithNothingToDo_exitsZeroWithoutAWord()
    {
        QFETCH(QStringList, hook);
        QFETCH(QByteArray, input);
        test::TestVault vault;
        QCOMPARE(cli(vault, {QStringLiteral("init")}).exitCode, 0);
        const test::CliRun run = cli(vault, hook, test::CliOptions(input));
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.isEmpty(), run.err.constData());
        QVERIFY2(run.out.isEmpty(), run.out.constData());
        QVERIFY(!QFileInfo::exists(vault.filePath(QStringLiteral(".engram/hooks.log"))));
    }

    void hookThatFails_exitsZeroForTheClientAndSaysWhy_data()
    {
        QTest::addColumn<QString>("hook");
        QTest::addColumn<QString>("format");
        QTest::addColumn<bool>("transcript");
        // Each hook connect wires, failing on Engram's side: a broken engram.json, or (tool) an
        // input without the tool's name.
        for (const QString &format : {QStringLiteral("claude"), QStringLiteral("codex")}) {
            QTest::addRow("session-start %s", qPrintable(format)) << QStringLiteral("session-start") << format << false;
            QTest::addRow("agent-end %s", qPrintable(format)) << QStringLiteral("agent-end") << format << true;
            QTest::addRow("capture %s", qPrintable(format)) << QStringLiteral("capture") << format << true;
            QTest::addRow("tool %s", qPrintable(format)) << QStringLiteral("tool") << format << false;
        }
    }
    void hookThatFails_exitsZeroForTheClientAndSaysWhy()
    {
        QFETCH(QString, hook);
        QFETCH(QString, format);
        QFETCH(bool, transcript);
        test::TestVault vault;
        QCOMPARE(cli(vault, {QStringLiteral("init")}).exitCode, 0);
        QDir().mkpath(vault.filePath(QStringLiteral(".engram")));
        vault.write(QStringLiteral("engram.json"), QByteArray("{ this is not JSON"));
        QFile sample(test::dataPath(QStringLiteral("agentlogs/claude-code-2.1-hook-mcp.jsonl")));
        QVERIFY(sample.open(QIODevice::ReadOnly));
        const QString path = vault.write(QStringLiteral("session.jsonl"), sample.readAll());
        QStringList args{QStringLiteral("hook"), hook};
        if (transcript)
            args << QStringLiteral("--transcript") << path;
        const QString log = vault.filePath(QStringLiteral(".engram/hooks.log"));

        // A person at the shell hears of it by the exit code.
        const test::CliRun byHand = cli(vault, args);
        QVERIFY2(byHand.exitCode != 0, byHand.describe().constData());
        QVERIFY(!QFileInfo::exists(log));

        // The client's command does not fail; the reason is on stderr and in the hook log.
        const test::CliRun byClient = cli(vault, args + QStringList{QStringLiteral("--format"), format});
        QCOMPARE(byClient.exitCode, 0);
        QVERIFY2(byClient.err.contains((QStringLiteral("engram-cli hook ") + hook).toUtf8()), byClient.err.constData());
        const QByteArray logged = vault.read(QStringLiteral(".engram/hooks.log"));
        QVERIFY2(logged.contains((QStringLiteral("engram-cli hook ") + hook).toUtf8()), logged.constData());
        QCOMPARE(logged.count('\n'), 1);
    }
};

QTEST_GUILESS_MAIN(TestQuietHooks)
#include "tst_quiethooks.moc"
