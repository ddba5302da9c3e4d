// Regression tests for what a person met using engram-cli end to end on a real
// vault (LoCoMo transcripts, Claude Code logs, notes): messages that say what to
// do, exit codes, and no folder or file made behind the person's back.
#include "CliRunner.h"
#include "TestVault.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using engram::test::cli;
using engram::test::CliRun;
using engram::test::TestVault;

class TestCliQa : public QObject {
    Q_OBJECT
private slots:
    void hookAlone_namesItsSubcommands()
    {
        const CliRun run = cli({QStringLiteral("hook")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.errText().contains(QLatin1String("session-start"))
                     && run.errText().contains(QLatin1String("agent-end"))
                     && run.errText().contains(QLatin1String("tool")),
                 run.describe().constData());
        QVERIFY2(!run.errText().contains(QLatin1String("unknown command")), run.describe().constData());
    }

    void commandHelp_namesTheCommandNotTheBinaryPath()
    {
        const CliRun run = cli({QStringLiteral("recall"), QStringLiteral("--help")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.outText().startsWith(QLatin1String("Usage: engram-cli recall ")), run.describe().constData());
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
        const CliRun run = cli(arguments + QStringList{QStringLiteral("--vault"), vault});
        QVERIFY2(run.exitCode == 1, run.describe().constData());
        QVERIFY2(run.errText().contains(QLatin1String("engram-cli init")), run.describe().constData());
        QVERIFY2(!QFileInfo::exists(vault), "the command made the vault folder a person mistyped");
    }

    void healthOnAMissingVault_exitsWithTheErrorCode()
    {
        QTemporaryDir root;
        const CliRun run =
            cli({QStringLiteral("health"), QStringLiteral("--vault"), root.filePath(QStringLiteral("none"))});
        QVERIFY2(run.exitCode == 3, run.describe().constData()); // 1 would read as "stale"
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
        const CliRun run = cli({QStringLiteral("stats"), QStringLiteral("--vault"), vault.path()});
        QVERIFY2(run.exitCode == 1, run.describe().constData());
        QVERIFY2(run.errText().contains(expected), run.describe().constData());
        QVERIFY2(run.errText().count(QLatin1String("engram.json")) == 1, run.describe().constData());
        QVERIFY2(!run.errText().contains(QLatin1String("no error occurred")), run.describe().constData());
    }

    void agentEndWithNothingOnStdin_saysHowToPassATranscript()
    {
        TestVault vault;
        const CliRun run =
            cli({QStringLiteral("hook"), QStringLiteral("agent-end"), QStringLiteral("--vault"), vault.path()});
        QVERIFY2(run.exitCode == 1, run.describe().constData());
        QVERIFY2(run.errText().contains(QLatin1String("--transcript")), run.describe().constData());
        QVERIFY2(!run.errText().contains(QLatin1String("No such file")), run.describe().constData());
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
        const CliRun index = cli({QStringLiteral("index"), QStringLiteral("--vault"), vault.path()});
        QVERIFY2(index.exitCode == 0, index.describe().constData());
        const CliRun run = cli({QStringLiteral("recall"), QStringLiteral("--vault"), vault.path(), QStringLiteral("-k"),
                                QStringLiteral("3"), QStringLiteral("create a test file for the hook")});
        QVERIFY2(run.exitCode == 0, run.describe().constData());
        QVERIFY2(run.outText().contains(QLatin1String("sessions/2025-09-03/demo.jsonl:")), run.describe().constData());
        QVERIFY2(!run.outText().contains(QLatin1String("\"parentUuid\"")), run.describe().constData());
        QVERIFY2(run.outText().contains(QLatin1String("assistant: "))
                     || run.outText().contains(QLatin1String("user: ")),
                 run.describe().constData());
    }

    void recallOnAnEmptyIndex_saysHowToBuildIt()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QByteArray("We chose SQLite for the index.\n"));
        const CliRun run =
            cli({QStringLiteral("recall"), QStringLiteral("--vault"), vault.path(), QStringLiteral("SQLite")});
        QVERIFY2(run.exitCode == 0, run.describe().constData());
        QVERIFY2(run.errText().contains(QLatin1String("engram-cli index")), run.describe().constData());
        const CliRun indexed = cli({QStringLiteral("index"), QStringLiteral("--vault"), vault.path()});
        QVERIFY2(indexed.exitCode == 0, indexed.describe().constData());
        const CliRun again =
            cli({QStringLiteral("recall"), QStringLiteral("--vault"), vault.path(), QStringLiteral("SQLite")});
        QVERIFY2(again.outText().contains(QLatin1String("notes/a.md"))
                     && !again.errText().contains(QLatin1String("index is empty")),
                 again.describe().constData());
    }

    void restore_saysWhereTheMemoryWentBack()
    {
        TestVault vault;
        const QStringList at{QStringLiteral("--vault"), vault.path()};
        const CliRun remembered =
            cli(QStringList{QStringLiteral("remember"), QStringLiteral("the build needs one job")} + at);
        QVERIFY2(remembered.exitCode == 0, remembered.describe().constData());
        const QString path = QStringLiteral("memories/episodic/the-build-needs-one-job.md");
        QVERIFY(QFileInfo::exists(vault.filePath(path)));
        const CliRun forgot = cli(QStringList{QStringLiteral("forget"), path} + at);
        QVERIFY2(forgot.exitCode == 0, forgot.describe().constData());
        const CliRun restored = cli(QStringList{QStringLiteral("restore"), QStringLiteral("archive/") + path} + at);
        QVERIFY2(restored.exitCode == 0, restored.describe().constData());
        QVERIFY2(restored.outText().startsWith(QStringLiteral("restored: ") + path + QLatin1Char(' ')),
                 restored.describe().constData());
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
            const CliRun run = cli(command + at);
            QVERIFY2(run.exitCode == 0, run.describe().constData());
            QJsonParseError error;
            const QJsonDocument doc = QJsonDocument::fromJson(run.outText().toUtf8(), &error);
            QVERIFY2(error.error == QJsonParseError::NoError && doc.isObject(),
                     (command.join(QLatin1Char(' ')).toUtf8() + ": " + run.describe()).constData());
        }
    }

    void hookTool_refusesOkAndFailedTogether()
    {
        TestVault vault;
        const CliRun run =
            cli({QStringLiteral("hook"), QStringLiteral("tool"), QStringLiteral("--name"), QStringLiteral("Bash"),
                 QStringLiteral("--ok"), QStringLiteral("--failed"), QStringLiteral("--vault"), vault.path()});
        QVERIFY2(run.exitCode == 1, run.describe().constData());
        QVERIFY(!QFileInfo::exists(vault.filePath(QStringLiteral("state/tool-usage.jsonl"))));
    }

    void indexOfPaths_takesThemWholeInsideTheVaultAndRefusesThemOutside()
    {
        TestVault vault;
        TestVault elsewhere;
        vault.write(QStringLiteral("notes/zebra.md"), QByteArray("Zebra crossings are painted white.\n"));
        const QString outside = elsewhere.write(QStringLiteral("design.md"), QByteArray("Quokkas live on Rottnest.\n"));
        const QStringList at{QStringLiteral("--vault"), vault.path()};
        const CliRun refused = cli(QStringList{QStringLiteral("index"), outside} + at);
        QVERIFY2(refused.exitCode == 1 && refused.errText().contains(QLatin1String("outside the vault")),
                 refused.describe().constData());
        const CliRun whole =
            cli(QStringList{QStringLiteral("index"), vault.filePath(QStringLiteral("notes/zebra.md"))} + at);
        QVERIFY2(whole.exitCode == 0, whole.describe().constData());
        const CliRun recall = cli(QStringList{QStringLiteral("recall"), QStringLiteral("-k"), QStringLiteral("3"),
                                              QStringLiteral("zebra crossings")}
                                  + at);
        QVERIFY2(recall.outText().contains(QLatin1String("notes/zebra.md:1-1")), recall.describe().constData());
        // The refused file was not indexed: asked for what only it holds, memory holds nothing.
        const CliRun outsider = cli(QStringList{QStringLiteral("recall"), QStringLiteral("-k"), QStringLiteral("3"),
                                                QStringLiteral("quokkas on Rottnest")}
                                    + at);
        QVERIFY2(outsider.exitCode == 0, outsider.describe().constData());
        QVERIFY2(outsider.outText().startsWith(QLatin1String("Nothing in memory about \"quokkas on Rottnest\".")),
                 outsider.describe().constData());
        QVERIFY2(!outsider.outText().contains(QLatin1String("design.md")), outsider.describe().constData());
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
        const CliRun slept = cli(QStringList{QStringLiteral("consolidate")} + at);
        QVERIFY2(slept.exitCode == 0, slept.describe().constData());
        const QStringList lineage =
            QStringList{QStringLiteral("lineage"), QStringLiteral("consolidated/daily/2023-05-08.md")} + at;
        const CliRun whole = cli(lineage);
        QVERIFY2(whole.exitCode == 0 && whole.outText().contains(QLatin1String("sessions/2023-05-08/session_01.md:")),
                 whole.describe().constData());
        QVERIFY(vault.remove(QStringLiteral("sessions/2023-05-08/session_01.md")));
        const CliRun broken = cli(lineage);
        QVERIFY2(broken.exitCode == 1 && broken.errText().contains(QLatin1String("gone")),
                 broken.describe().constData());
        const CliRun pastTheEnd = cli(
            QStringList{QStringLiteral("lineage"), QStringLiteral("consolidated/daily/2023-05-08.md:900-901")} + at);
        QVERIFY2(pastTheEnd.exitCode == 1, pastTheEnd.describe().constData());
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
        const CliRun run = cli(arguments + QStringList{QStringLiteral("--vault"), vault.path()});
        QVERIFY2(run.exitCode == 2 && run.errText().contains(expected), run.describe().constData());
    }
};

QTEST_GUILESS_MAIN(TestCliQa)
#include "tst_cliqa.moc"
