// Regression tests for what a person met using engram-cli end to end on a real
// vault (LoCoMo transcripts, Claude Code logs, notes): messages that say what to
// do, exit codes, and no folder or file made behind the person's back.
#include "TestVault.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using engram::test::TestVault;

namespace {

struct Run {
    int exitCode = -1;
    QString out;
    QString err;
};

Run cli(const QStringList &arguments, const QByteArray &input = {})
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("ENGRAM_VAULT"), QDir::tempPath() + QStringLiteral("/engram-no-such-vault"));
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(ENGRAM_CLI_PATH), arguments);
    process.waitForStarted();
    if (!input.isEmpty())
        process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(120000))
        qFatal("engram-cli %s did not finish", qPrintable(arguments.join(QLatin1Char(' '))));
    Run run;
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

QByteArray describe(const Run &run)
{
    return QStringLiteral("exit %1\nstdout: %2\nstderr: %3")
        .arg(run.exitCode)
        .arg(run.out.left(1500), run.err.left(1500))
        .toUtf8();
}

} // namespace

class TestCliQa : public QObject {
    Q_OBJECT
private slots:
    void hookAlone_namesItsSubcommands()
    {
        const Run run = cli({QStringLiteral("hook")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(QLatin1String("session-start")) && run.err.contains(QLatin1String("agent-end"))
                     && run.err.contains(QLatin1String("tool")),
                 describe(run).constData());
        QVERIFY2(!run.err.contains(QLatin1String("unknown command")), describe(run).constData());
    }

    void commandHelp_namesTheCommandNotTheBinaryPath()
    {
        const Run run = cli({QStringLiteral("recall"), QStringLiteral("--help")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.startsWith(QLatin1String("Usage: engram-cli recall ")), describe(run).constData());
    }

    void stateCommandsOnAMissingVault_failWithoutCreatingIt_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("state focus") << QStringList{QStringLiteral("state"), QStringLiteral("focus"),
                                                    QStringLiteral("x")};
        QTest::newRow("state show") << QStringList{QStringLiteral("state")};
        QTest::newRow("hook tool") << QStringList{QStringLiteral("hook"), QStringLiteral("tool"),
                                                  QStringLiteral("--name"), QStringLiteral("Bash")};
        QTest::newRow("stats --tools") << QStringList{QStringLiteral("stats"), QStringLiteral("--tools")};
    }

    void stateCommandsOnAMissingVault_failWithoutCreatingIt()
    {
        QFETCH(QStringList, arguments);
        QTemporaryDir root;
        const QString vault = root.filePath(QStringLiteral("typo-vault"));
        const Run run = cli(arguments + QStringList{QStringLiteral("--vault"), vault});
        QVERIFY2(run.exitCode == 1, describe(run).constData());
        QVERIFY2(run.err.contains(QLatin1String("engram-cli init")), describe(run).constData());
        QVERIFY2(!QFileInfo::exists(vault), "the command made the vault folder a person mistyped");
    }

    void healthOnAMissingVault_exitsWithTheErrorCode()
    {
        QTemporaryDir root;
        const Run run =
            cli({QStringLiteral("health"), QStringLiteral("--vault"), root.filePath(QStringLiteral("none"))});
        QVERIFY2(run.exitCode == 3, describe(run).constData()); // 1 would read as "stale"
    }

    void badEngramJson_isNamedOnceWithWhatToFix_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not JSON") << QByteArray("{ \"embedder\": ") << QStringLiteral("not valid JSON");
        QTest::newRow("an array") << QByteArray("[1, 2]") << QStringLiteral("one JSON object");
        QTest::newRow("bad kind") << QByteArray(R"({"embedder": {"kind": "bogus"}})")
                                  << QStringLiteral("`embedder.kind`");
        QTest::newRow("modes not an object") << QByteArray(R"({"modes": 5})") << QStringLiteral("`modes`");
    }

    void badEngramJson_isNamedOnceWithWhatToFix()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        TestVault vault;
        vault.write(QStringLiteral("engram.json"), content);
        const Run run = cli({QStringLiteral("stats"), QStringLiteral("--vault"), vault.path()});
        QVERIFY2(run.exitCode == 1, describe(run).constData());
        QVERIFY2(run.err.contains(expected), describe(run).constData());
        QVERIFY2(run.err.count(QLatin1String("engram.json")) == 1, describe(run).constData());
        QVERIFY2(!run.err.contains(QLatin1String("no error occurred")), describe(run).constData());
    }

    void agentEndWithNothingOnStdin_saysHowToPassATranscript()
    {
        TestVault vault;
        const Run run =
            cli({QStringLiteral("hook"), QStringLiteral("agent-end"), QStringLiteral("--vault"), vault.path()});
        QVERIFY2(run.exitCode == 1, describe(run).constData());
        QVERIFY2(run.err.contains(QLatin1String("--transcript")), describe(run).constData());
        QVERIFY2(!run.err.contains(QLatin1String("No such file")), describe(run).constData());
    }

    void recallInAnAgentLog_showsTheTurnNotRawJson()
    {
        const QString sample =
            QStringLiteral("samples/claude-code/projects/-path-to-Demo/fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl");
        ENGRAM_REQUIRE_SHARED(sample);
        const QString log = engram::test::sharedPath(sample);
        TestVault vault;
        QDir().mkpath(vault.filePath(QStringLiteral("sessions/2025-09-03")));
        QVERIFY(QFile::copy(log, vault.filePath(QStringLiteral("sessions/2025-09-03/demo.jsonl"))));
        const Run index = cli({QStringLiteral("index"), QStringLiteral("--vault"), vault.path()});
        QVERIFY2(index.exitCode == 0, describe(index).constData());
        const Run run = cli({QStringLiteral("recall"), QStringLiteral("--vault"), vault.path(), QStringLiteral("-k"),
                             QStringLiteral("3"), QStringLiteral("create a test file for the hook")});
        QVERIFY2(run.exitCode == 0, describe(run).constData());
        QVERIFY2(run.out.contains(QLatin1String("sessions/2025-09-03/demo.jsonl:")), describe(run).constData());
        QVERIFY2(!run.out.contains(QLatin1String("\"parentUuid\"")), describe(run).constData());
        QVERIFY2(run.out.contains(QLatin1String("assistant: ")) || run.out.contains(QLatin1String("user: ")),
                 describe(run).constData());
    }

    void recallOnAnEmptyIndex_saysHowToBuildIt()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QByteArray("We chose SQLite for the index.\n"));
        const Run run =
            cli({QStringLiteral("recall"), QStringLiteral("--vault"), vault.path(), QStringLiteral("SQLite")});
        QVERIFY2(run.exitCode == 0, describe(run).constData());
        QVERIFY2(run.err.contains(QLatin1String("engram-cli index")), describe(run).constData());
        const Run indexed = cli({QStringLiteral("index"), QStringLiteral("--vault"), vault.path()});
        QVERIFY2(indexed.exitCode == 0, describe(indexed).constData());
        const Run again =
            cli({QStringLiteral("recall"), QStringLiteral("--vault"), vault.path(), QStringLiteral("SQLite")});
        QVERIFY2(again.out.contains(QLatin1String("notes/a.md"))
                     && !again.err.contains(QLatin1String("index is empty")),
                 describe(again).constData());
    }

    void restore_saysWhereTheMemoryWentBack()
    {
        TestVault vault;
        const QStringList at{QStringLiteral("--vault"), vault.path()};
        const Run remembered =
            cli(QStringList{QStringLiteral("remember"), QStringLiteral("the build needs one job")} + at);
        QVERIFY2(remembered.exitCode == 0, describe(remembered).constData());
        const QString path = QStringLiteral("memories/episodic/the-build-needs-one-job.md");
        QVERIFY(QFileInfo::exists(vault.filePath(path)));
        const Run forgot = cli(QStringList{QStringLiteral("forget"), path} + at);
        QVERIFY2(forgot.exitCode == 0, describe(forgot).constData());
        const Run restored = cli(QStringList{QStringLiteral("restore"), QStringLiteral("archive/") + path} + at);
        QVERIFY2(restored.exitCode == 0, describe(restored).constData());
        QVERIFY2(restored.out.startsWith(QStringLiteral("restored: ") + path + QLatin1Char(' ')),
                 describe(restored).constData());
        QVERIFY(QFileInfo::exists(vault.filePath(path)));
    }

    void jsonFlag_givesJsonFromCommandsThatWrite()
    {
        QTemporaryDir root;
        const QString vault = root.filePath(QStringLiteral("v"));
        const QStringList at{QStringLiteral("--vault"), vault, QStringLiteral("--json")};
        const QString path = QStringLiteral("memories/episodic/json-please.md");
        const QList<QStringList> commands{
            {QStringLiteral("init")},
            {QStringLiteral("remember"), QStringLiteral("json please")},
            {QStringLiteral("forget"), path},
            {QStringLiteral("restore"), QStringLiteral("archive/") + path},
            {QStringLiteral("compact")},
            {QStringLiteral("hook"), QStringLiteral("tool"), QStringLiteral("--name"), QStringLiteral("Bash")},
            {QStringLiteral("forget"), QStringLiteral("--purge"), QStringLiteral("--yes"), path},
        };
        for (const QStringList &command : commands) {
            const Run run = cli(command + at);
            QVERIFY2(run.exitCode == 0, describe(run).constData());
            QJsonParseError error;
            const QJsonDocument doc = QJsonDocument::fromJson(run.out.toUtf8(), &error);
            QVERIFY2(error.error == QJsonParseError::NoError && doc.isObject(),
                     (command.join(QLatin1Char(' ')).toUtf8() + ": " + describe(run)).constData());
        }
    }

    void hookTool_refusesOkAndFailedTogether()
    {
        TestVault vault;
        const Run run =
            cli({QStringLiteral("hook"), QStringLiteral("tool"), QStringLiteral("--name"), QStringLiteral("Bash"),
                 QStringLiteral("--ok"), QStringLiteral("--failed"), QStringLiteral("--vault"), vault.path()});
        QVERIFY2(run.exitCode == 1, describe(run).constData());
        QVERIFY(!QFileInfo::exists(vault.filePath(QStringLiteral("state/tool-usage.jsonl"))));
    }

    void indexOfPaths_takesThemWholeInsideTheVaultAndRefusesThemOutside()
    {
        TestVault vault;
        TestVault elsewhere;
        vault.write(QStringLiteral("notes/zebra.md"), QByteArray("Zebra crossings are painted white.\n"));
        const QString outside = elsewhere.write(QStringLiteral("design.md"), QByteArray("Quokkas live on Rottnest.\n"));
        const QStringList at{QStringLiteral("--vault"), vault.path()};
        const Run refused = cli(QStringList{QStringLiteral("index"), outside} + at);
        QVERIFY2(refused.exitCode == 1 && refused.err.contains(QLatin1String("outside the vault")),
                 describe(refused).constData());
        const Run whole =
            cli(QStringList{QStringLiteral("index"), vault.filePath(QStringLiteral("notes/zebra.md"))} + at);
        QVERIFY2(whole.exitCode == 0, describe(whole).constData());
        const Run recall = cli(QStringList{QStringLiteral("recall"), QStringLiteral("-k"), QStringLiteral("3"),
                                           QStringLiteral("zebra quokkas")}
                               + at);
        QVERIFY2(recall.out.contains(QLatin1String("notes/zebra.md:1-1")), describe(recall).constData());
        QVERIFY2(!recall.out.contains(QLatin1String("design.md")), describe(recall).constData());
    }

    void lineage_failsWhenTheRawLinesAreGone()
    {
        const QString sample = QStringLiteral("bench/locomo-dev/corpus/conv-26/session_01.md");
        ENGRAM_REQUIRE_SHARED(sample);
        const QString session = engram::test::sharedPath(sample);
        TestVault vault;
        QDir().mkpath(vault.filePath(QStringLiteral("sessions/2023-05-08")));
        QVERIFY(QFile::copy(session, vault.filePath(QStringLiteral("sessions/2023-05-08/session_01.md"))));
        const QStringList at{QStringLiteral("--vault"), vault.path()};
        const Run slept = cli(QStringList{QStringLiteral("consolidate")} + at);
        QVERIFY2(slept.exitCode == 0, describe(slept).constData());
        const QStringList lineage =
            QStringList{QStringLiteral("lineage"), QStringLiteral("consolidated/daily/2023-05-08.md")} + at;
        const Run whole = cli(lineage);
        QVERIFY2(whole.exitCode == 0 && whole.out.contains(QLatin1String("sessions/2023-05-08/session_01.md:")),
                 describe(whole).constData());
        QVERIFY(vault.remove(QStringLiteral("sessions/2023-05-08/session_01.md")));
        const Run broken = cli(lineage);
        QVERIFY2(broken.exitCode == 1 && broken.err.contains(QLatin1String("gone")), describe(broken).constData());
        const Run pastTheEnd = cli(
            QStringList{QStringLiteral("lineage"), QStringLiteral("consolidated/daily/2023-05-08.md:900-901")} + at);
        QVERIFY2(pastTheEnd.exitCode == 1, describe(pastTheEnd).constData());
    }

    void nonsenseCountsAndRanges_areUsageErrors_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("expected");
        QTest::newRow("recall -k 0") << QStringList{QStringLiteral("recall"), QStringLiteral("-k"), QStringLiteral("0"),
                                                    QStringLiteral("x")}
                                     << QStringLiteral("at least 1");
        QTest::newRow("pack --budget 0") << QStringList{QStringLiteral("pack"), QStringLiteral("--budget"),
                                                        QStringLiteral("0"), QStringLiteral("x")}
                                         << QStringLiteral("at least 1");
        QTest::newRow("since after until")
            << QStringList{QStringLiteral("consolidate"), QStringLiteral("--since"), QStringLiteral("2023-10-01"),
                           QStringLiteral("--until"), QStringLiteral("2023-01-01")}
            << QStringLiteral("after --until");
    }

    void nonsenseCountsAndRanges_areUsageErrors()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, expected);
        TestVault vault;
        const Run run = cli(arguments + QStringList{QStringLiteral("--vault"), vault.path()});
        QVERIFY2(run.exitCode == 2 && run.err.contains(expected), describe(run).constData());
    }
};

QTEST_GUILESS_MAIN(TestCliQa)
#include "tst_cliqa.moc"
