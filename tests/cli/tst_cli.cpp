#include "CliRunner.h"
#include "TestVault.h"

#include <QDate>
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

using engram::test::cli;
using engram::test::CliRun;
using engram::test::TestVault;

namespace {

const QString kNow = QStringLiteral("2024-01-01T00:00:00Z");
const QString kCorpus = QStringLiteral("bench/locomo-dev/corpus/conv-26"); ///< under ../shared

} // namespace

class TestCli : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_root;
    QString m_vault; ///< a copy of LoCoMo conv-26

    QStringList vaultArgs(const QStringList &arguments) const
    {
        return arguments + QStringList{QStringLiteral("--vault"), m_vault};
    }

private slots:
    void initTestCase()
    {
        QVERIFY(QFileInfo::exists(QStringLiteral(ENGRAM_CLI_PATH)));
        if (!engram::test::missingShared(kCorpus).isEmpty())
            return; // each test that needs the corpus fails saying so; the others still run
        const QString corpus = engram::test::sharedPath(kCorpus);
        m_vault = m_root.filePath(QStringLiteral("conv-26"));
        QDirIterator it(corpus, QDir::Files);
        while (it.hasNext()) {
            const QString file = it.next();
            QDir().mkpath(m_vault);
            QVERIFY(QFile::copy(file, QDir(m_vault).filePath(it.fileName())));
        }
        const CliRun index = cli(vaultArgs({QStringLiteral("index"), QStringLiteral("--json")}));
        QVERIFY2(index.exitCode == 0, index.describe().constData());
        const QJsonObject report = QJsonDocument::fromJson(index.out).object();
        QVERIFY(report.value(QStringLiteral("indexed")).toInt() >= 10);
        QCOMPARE(report.value(QStringLiteral("failed")).toInt(), 0);
    }

    void recallJson_returnsResultsWithBreakdownsAndLineRanges()
    {
        ENGRAM_REQUIRE_SHARED(kCorpus);
        const CliRun run =
            cli(vaultArgs({QStringLiteral("recall"), QStringLiteral("--json"), QStringLiteral("-k"),
                           QStringLiteral("8"), QStringLiteral("When did Caroline go to the LGBTQ support group?")}));
        QVERIFY2(run.exitCode == 0, run.describe().constData());
        QJsonParseError error;
        const QJsonObject answer = QJsonDocument::fromJson(run.out, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(answer.value(QStringLiteral("mode")).toString(), QStringLiteral("fast"));
        const QJsonArray results = answer.value(QStringLiteral("results")).toArray();
        QCOMPARE(results.size(), 8);
        double previous = 1e9;
        int partial = 0;
        for (const QJsonValue &value : results) {
            const QJsonObject r = value.toObject();
            const QString path = r.value(QStringLiteral("path")).toString();
            const int start = r.value(QStringLiteral("start_line")).toInt();
            const int end = r.value(QStringLiteral("end_line")).toInt();
            QVERIFY(QFileInfo::exists(QDir(m_vault).filePath(path)));
            QVERIFY(start >= 1 && end >= start);
            QCOMPARE(r.value(QStringLiteral("source")).toString(),
                     QStringLiteral("%1:%2-%3").arg(path).arg(start).arg(end));
            QVERIFY(!r.value(QStringLiteral("source_text")).toString().isEmpty());
            const QJsonArray breakdown = r.value(QStringLiteral("breakdown")).toArray();
            // Six signals and the absolute match; "partial" beside them on a result that names Caroline
            // (every turn does) but holds little else of the question: here, each that never says "LGBTQ".
            const bool holdsTheSpecificWord =
                r.value(QStringLiteral("text")).toString().contains(QLatin1String("LGBTQ"));
            partial += holdsTheSpecificWord ? 0 : 1;
            QCOMPARE(breakdown.size(), holdsTheSpecificWord ? 7 : 8);
            double sum = 0.0;
            QStringList informative;
            for (const QJsonValue &signal : breakdown) {
                const QJsonObject s = signal.toObject();
                QVERIFY(!s.value(QStringLiteral("signal")).toString().isEmpty());
                QVERIFY(s.contains(QStringLiteral("value")));
                // A term of the score has a weight and a contribution; an informative signal neither.
                const bool term = !s.value(QStringLiteral("informative")).toBool();
                QCOMPARE(s.contains(QStringLiteral("weight")), term);
                QCOMPARE(s.contains(QStringLiteral("contribution")), term);
                if (!term)
                    informative << s.value(QStringLiteral("signal")).toString();
                sum += s.value(QStringLiteral("contribution")).toDouble();
            }
            QCOMPARE(informative, holdsTheSpecificWord
                                      ? QStringList{QStringLiteral("match")}
                                      : (QStringList{QStringLiteral("match"), QStringLiteral("partial")}));
            const double score = r.value(QStringLiteral("score")).toDouble();
            QVERIFY(qAbs(sum - score) < 1e-9);
            QVERIFY(score <= previous);
            previous = score;
        }
        QVERIFY2(partial > 0 && partial < results.size(), qPrintable(QString::number(partial)));
        // The turn that answers the question (D1:3) is among the first three results.
        bool answered = false;
        for (qsizetype i = 0; i < qMin<qsizetype>(3, results.size()); ++i)
            answered = answered
                       || results[i]
                              .toObject()
                              .value(QStringLiteral("text"))
                              .toString()
                              .contains(QStringLiteral("LGBTQ support group yesterday"));
        QVERIFY(answered);
    }

    void recallExplain_showsEachTermOfTheSumAndTheMatchBesideIt()
    {
        ENGRAM_REQUIRE_SHARED(kCorpus);
        const CliRun run = cli(
            vaultArgs({QStringLiteral("recall"), QStringLiteral("--explain"), QStringLiteral("-k"), QStringLiteral("1"),
                       QStringLiteral("When did Caroline go to the LGBTQ support group in May 2023?")}));
        QVERIFY2(run.exitCode == 0, run.describe().constData());
        const QString out = QString::fromUtf8(run.out);
        static const QRegularExpression term(QStringLiteral("^ +relevance +[0-9.]+ × [0-9.]+ = [0-9.]+$"),
                                             QRegularExpression::MultilineOption);
        QVERIFY2(term.match(out).hasMatch(), run.out.constData());
        // The gate's match and the query's time say something about the result; they add nothing.
        static const QRegularExpression match(QStringLiteral("^ +match +[0-9.]+ \\(not part of the score\\)$"),
                                              QRegularExpression::MultilineOption);
        QVERIFY2(match.match(out).hasMatch(), run.out.constData());
        static const QRegularExpression when(QStringLiteral("^ +when +[01].000 \\(not part of the score\\)$"),
                                             QRegularExpression::MultilineOption);
        QVERIFY2(when.match(out).hasMatch(), run.out.constData());
    }

    void pack_staysWithinItsBudget()
    {
        ENGRAM_REQUIRE_SHARED(kCorpus);
        for (int budget : {60, 150, 300, 800}) {
            const CliRun run = cli(vaultArgs({QStringLiteral("pack"), QStringLiteral("--budget"),
                                              QString::number(budget), QStringLiteral("What does Melanie paint?")}));
            QVERIFY2(run.exitCode == 0, run.describe().constData());
            const QString markdown = QString::fromUtf8(run.out);
            QVERIFY2(markdown.size() / 4 <= budget,
                     qPrintable(QStringLiteral("%1 chars for budget %2").arg(markdown.size()).arg(budget)));
            if (budget >= 150) {
                QVERIFY(markdown.contains(QStringLiteral("`session_"))); // cites path:start-end
                QVERIFY(markdown.contains(QStringLiteral("## ")));
            }
        }
        const CliRun json = cli(vaultArgs({QStringLiteral("pack"), QStringLiteral("--json"), QStringLiteral("--budget"),
                                           QStringLiteral("300"), QStringLiteral("What does Melanie paint?")}));
        const QJsonObject pack = QJsonDocument::fromJson(json.out).object();
        QVERIFY(pack.value(QStringLiteral("tokens")).toInt() <= 300);
        QVERIFY(pack.value(QStringLiteral("items")).toArray().size() >= 1);
        QVERIFY(pack.value(QStringLiteral("skipped")).toInt() >= 1);
    }

    void rebuild_fromDeletedIndexGivesByteIdenticalRecall()
    {
        ENGRAM_REQUIRE_SHARED(kCorpus);
        const QStringList queries{QStringLiteral("When did Melanie paint a sunrise?"),
                                  QStringLiteral("What is Caroline's identity?"),
                                  QStringLiteral("Where did they go camping")};
        auto recallAll = [&]() {
            QByteArray all;
            for (const QString &q : queries) {
                const CliRun run =
                    cli(vaultArgs({QStringLiteral("recall"), QStringLiteral("--json"), QStringLiteral("-k"),
                                   QStringLiteral("20"), QStringLiteral("--now"), kNow, q}));
                if (run.exitCode != 0)
                    qWarning("%s", run.describe().constData());
                all += run.out;
            }
            return all;
        };
        const QByteArray before = recallAll();
        QVERIFY(before.contains("\"breakdown\""));

        for (const QString &command : {QStringLiteral("rebuild"), QStringLiteral("index")}) {
            QVERIFY(QDir(QDir(m_vault).filePath(QStringLiteral(".engram"))).removeRecursively());
            const CliRun run = cli(vaultArgs({command}));
            QVERIFY2(run.exitCode == 0, run.describe().constData());
            QVERIFY2(recallAll() == before, qPrintable(QStringLiteral("recall differs after %1").arg(command)));
        }
    }

    void recallQueries_writesTheRunFileFormat()
    {
        ENGRAM_REQUIRE_SHARED(kCorpus);
        QFile all(engram::test::sharedPath(QStringLiteral("bench/locomo-dev/queries.jsonl")));
        QVERIFY(all.open(QIODevice::ReadOnly));
        QStringList ids;
        const QString queriesPath = m_root.filePath(QStringLiteral("queries.jsonl"));
        QFile queries(queriesPath);
        QVERIFY(queries.open(QIODevice::WriteOnly));
        while (!all.atEnd() && ids.size() < 5) {
            const QByteArray line = all.readLine();
            const QJsonObject q = QJsonDocument::fromJson(line).object();
            if (q.value(QStringLiteral("conversation")).toString() != QLatin1String("conv-26"))
                continue;
            ids << q.value(QStringLiteral("id")).toString();
            queries.write(line.trimmed() + '\n');
        }
        queries.close();
        QCOMPARE(ids.size(), 5);

        const QString runPath = m_root.filePath(QStringLiteral("run.jsonl"));
        const CliRun run =
            cli(vaultArgs({QStringLiteral("recall"), QStringLiteral("--queries"), queriesPath, QStringLiteral("--out"),
                           runPath, QStringLiteral("-k"), QStringLiteral("5")}));
        QVERIFY2(run.exitCode == 0, run.describe().constData());
        QVERIFY(run.err.contains("5 queries"));
        QFile out(runPath);
        QVERIFY(out.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = out.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 5);
        for (int i = 0; i < lines.size(); ++i) {
            const QJsonObject entry = QJsonDocument::fromJson(lines[i]).object();
            QCOMPARE(entry.value(QStringLiteral("id")).toString(), ids[i]);
            const QJsonArray results = entry.value(QStringLiteral("results")).toArray();
            QCOMPARE(results.size(), 5);
            for (const QJsonValue &value : results) {
                const QJsonObject r = value.toObject();
                const QString file = r.value(QStringLiteral("file")).toString();
                QVERIFY2(file.contains(QStringLiteral("/conv-26/session_")), qPrintable(file));
                const int start = r.value(QStringLiteral("start_line")).toInt();
                const int end = r.value(QStringLiteral("end_line")).toInt();
                QVERIFY(start >= 1 && end >= start);
                // `text` is what recall shows of those lines: every turn of the range, by its label,
                // long turns trimmed to the sentences that carry the match.
                QFile source(QDir(m_vault).filePath(file));
                QVERIFY(source.open(QIODevice::ReadOnly));
                const QStringList fileLines = QString::fromUtf8(source.readAll()).split(QLatin1Char('\n'));
                const QString text = r.value(QStringLiteral("text")).toString();
                for (const QString &line : fileLines.mid(start - 1, end - start + 1))
                    if (!line.isEmpty())
                        QVERIFY2(text.contains(line.section(QLatin1Char(':'), 0, 0)), qPrintable(text));
            }
        }
    }

    void errors_goToStderrWithANonZeroExit_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("says");
        const QString missing = QDir::tempPath() + QStringLiteral("/engram-missing-vault-for-tst_cli");
        QTest::newRow("missing vault") << QStringList{QStringLiteral("recall"), QStringLiteral("--vault"), missing,
                                                      QStringLiteral("anything")}
                                       << 1 << QStringLiteral("does not exist");
        QTest::newRow("unknown command") << QStringList{QStringLiteral("frobnicate")} << 2
                                         << QStringLiteral("unknown command");
        QTest::newRow("bad -k") << QStringList{QStringLiteral("recall"), QStringLiteral("-k"), QStringLiteral("many"),
                                               QStringLiteral("x")}
                                << 2 << QStringLiteral("-k takes a whole number");
        QTest::newRow("negative -k") << QStringList{QStringLiteral("recall"), QStringLiteral("-k"),
                                                    QStringLiteral("-3"), QStringLiteral("x")}
                                     << 2 << QStringLiteral("whole number");
        QTest::newRow("bad --now") << QStringList{QStringLiteral("recall"), QStringLiteral("--now"),
                                                  QStringLiteral("yesterday"), QStringLiteral("x")}
                                   << 2 << QStringLiteral("ISO 8601");
        QTest::newRow("unknown mode") << QStringList{QStringLiteral("recall"), QStringLiteral("--mode"),
                                                     QStringLiteral("turbo"), QStringLiteral("x")}
                                      << 1 << QStringLiteral("turbo");
        QTest::newRow("empty query") << QStringList{QStringLiteral("recall")} << 1
                                     << QStringLiteral("say what to recall");
        QTest::newRow("unknown option") << QStringList{QStringLiteral("recall"), QStringLiteral("--frob")} << 2
                                        << QStringLiteral("frob");
    }

    void errors_goToStderrWithANonZeroExit()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, says);
        ENGRAM_REQUIRE_SHARED(kCorpus); // the rows that name no vault run on the corpus
        if (!arguments.contains(QStringLiteral("--vault")) && arguments.front() != QLatin1String("frobnicate"))
            arguments = vaultArgs(arguments);
        const CliRun run = cli(arguments);
        QVERIFY2(run.exitCode == exitCode, run.describe().constData());
        QVERIFY2(QString::fromUtf8(run.err).contains(says), run.describe().constData());
        QVERIFY2(run.out.isEmpty(), run.describe().constData());
    }

    void health_exitCodeReflectsTheWorstCheck()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nA fine note.\n"));
        const QStringList health{QStringLiteral("health"), QStringLiteral("--vault"), vault.path()};

        CliRun run = cli(health); // never indexed: the files are not in the index (stale), no index run yet
        QVERIFY2(run.exitCode == 1, run.describe().constData());
        QVERIFY(run.out.contains("[not-yet] last re-index"));

        QCOMPARE(cli({QStringLiteral("index"), QStringLiteral("--vault"), vault.path()}).exitCode, 0);
        // Indexed; the agent's state, a session and tool calls have simply not started: not failures.
        run = cli(health);
        QVERIFY2(run.exitCode == 0, run.describe().constData());
        QVERIFY(run.out.contains("[not-yet] tool usage"));

        // A vault in use: focus set, a session today, a tool call counted.
        QCOMPARE(cli({QStringLiteral("state"), QStringLiteral("focus"), QStringLiteral("testing health"),
                      QStringLiteral("--vault"), vault.path()})
                     .exitCode,
                 0);
        vault.write(QStringLiteral("sessions/%1/chat.md").arg(QDate::currentDate().toString(Qt::ISODate)),
                    QStringLiteral("User: is the vault healthy?\n\nAssistant: let us check.\n"));
        vault.write(QStringLiteral("memories/semantic/fact.md"), QStringLiteral("# Fact\n\nHealth checks exist.\n"));
        QCOMPARE(cli({QStringLiteral("hook"), QStringLiteral("tool"), QStringLiteral("--name"), QStringLiteral("Bash"),
                      QStringLiteral("--ok"), QStringLiteral("--ms"), QStringLiteral("5"), QStringLiteral("--vault"),
                      vault.path()})
                     .exitCode,
                 0);
        QCOMPARE(cli({QStringLiteral("index"), QStringLiteral("--vault"), vault.path()}).exitCode, 0);
        run = cli(health);
        QVERIFY2(run.exitCode == 0, run.describe().constData());

        vault.write(QStringLiteral("notes/b.md"), QStringLiteral("# B\n\nA new note.\n"));
        run = cli(health); // a file the index does not know yet
        QVERIFY2(run.exitCode == 1, run.describe().constData());
        QVERIFY(run.out.contains("engram-cli index"));

        vault.write(QStringLiteral("notes/c.md"), QByteArray("caf\xe9\n"));
        QCOMPARE(cli({QStringLiteral("index"), QStringLiteral("--vault"), vault.path()}).exitCode, 0);
        run = cli({QStringLiteral("health"), QStringLiteral("--json"), QStringLiteral("--vault"), vault.path()});
        QVERIFY2(run.exitCode == 3, run.describe().constData());
        bool named = false;
        for (const QJsonValue &check : QJsonDocument::fromJson(run.out).array())
            named = named
                    || (check.toObject().value(QStringLiteral("status")).toString() == QLatin1String("error")
                        && check.toObject()
                               .value(QStringLiteral("reason"))
                               .toString()
                               .contains(QStringLiteral("notes/c.md")));
        QVERIFY(named);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
