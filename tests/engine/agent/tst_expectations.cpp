#include "EngineFixtures.h"
#include "TestVault.h"
#include "agent/Expectations.h"
#include "vault/EngineInternals.h"

#include <QJsonArray>
#include <QTest>

using namespace engram;
using test::recencyOnly;
using test::TestVault;

namespace {

const QString kQuestion = QStringLiteral("how do we deploy the billing service");

Expectation expectation(const QString &question, const QString &target)
{
    auto e = Expectation::fromTarget(question, target);
    if (!e)
        qFatal("%s", qPrintable(e.error().toString()));
    return *e;
}

} // namespace

class TestExpectations : public QObject {
    Q_OBJECT
private slots:
    void fromTarget_readsPathAndLines()
    {
        auto e = Expectation::fromTarget(QStringLiteral("  why  sqlite? "), QStringLiteral("./notes/db.md:12-18"));
        QVERIFY(e.ok());
        QCOMPARE(e->question, QStringLiteral("why sqlite?"));
        QCOMPARE(e->path, QStringLiteral("notes/db.md"));
        QCOMPARE(e->startLine, 12);
        QCOMPARE(e->endLine, 18);
        QCOMPARE(e->target(), QStringLiteral("notes/db.md:12-18"));
        QCOMPARE(Expectation::fromTarget(QStringLiteral("q"), QStringLiteral("notes/db.md:7"))->target(),
                 QStringLiteral("notes/db.md:7"));
        QVERIFY(!Expectation::fromTarget(QStringLiteral(" "), QStringLiteral("notes/db.md")).ok());
        QVERIFY(!Expectation::fromTarget(QStringLiteral("q"), QStringLiteral("notes/db.md:9-3")).ok());
        QVERIFY(!Expectation::fromTarget(QStringLiteral("q"), QStringLiteral("../outside.md")).ok());
        QVERIFY(!Expectation::fromTarget(QStringLiteral("q"), QString()).ok());
    }

    void add_isIdempotentAndWritesOneLineEach()
    {
        TestVault vault;
        const Expectations expectations(vault.path());
        auto first = expectations.add(expectation(kQuestion, QStringLiteral("notes/deploy.md:6")));
        QVERIFY(first.ok() && *first);
        auto again =
            expectations.add(expectation(kQuestion + QStringLiteral("  "), QStringLiteral("notes/deploy.md:6")));
        QVERIFY(again.ok());
        QVERIFY2(!*again, "the same question and target twice is one expectation");
        auto other = expectations.add(expectation(kQuestion, QStringLiteral("notes/deploy.md")));
        QVERIFY(other.ok() && *other);
        const QList<QByteArray> lines = vault.read(Expectations::kFile).trimmed().split('\n');
        QCOMPARE(lines.size(), 2);
        QVERIFY(lines[0].contains("\"lines\":\"6\""));
        QVERIFY(lines[0].contains("\"added\":\"" + QDate::currentDate().toString(Qt::ISODate).toUtf8() + '"'));
        auto loaded = expectations.load();
        QVERIFY(loaded.ok());
        QCOMPARE(loaded->size(), 2);
        QCOMPARE(loaded->at(0).startLine, 6);
        QCOMPARE(loaded->at(1).startLine, 0);
    }

    void load_namesTheFileAndLineOfABadRecord_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("message");
        QTest::newRow("not json") << QByteArray("{question: x}") << QStringLiteral("not a JSON object");
        QTest::newRow("array") << QByteArray("[1]") << QStringLiteral("not a JSON object");
        QTest::newRow("empty question") << QByteArray(R"({"question":"","path":"a.md"})")
                                        << QStringLiteral("question is empty");
        QTest::newRow("no path") << QByteArray(R"({"question":"q"})") << QStringLiteral("no expected file");
        QTest::newRow("bad lines") << QByteArray(R"({"question":"q","path":"a.md","lines":"x"})")
                                   << QStringLiteral("\"lines\" must be");
        QTest::newRow("bad date") << QByteArray(R"({"question":"q","path":"a.md","added":"May"})")
                                  << QStringLiteral("\"added\" must be a date");
    }

    void load_namesTheFileAndLineOfABadRecord()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, message);
        TestVault vault;
        vault.write(Expectations::kFile, QByteArray(R"({"question":"q","path":"a.md"})") + "\n\n" + line + "\n");
        auto loaded = Expectations(vault.path()).load();
        QVERIFY(!loaded.ok());
        QCOMPARE(loaded.error().path, Expectations::kFile);
        QCOMPARE(loaded.error().line, 3);
        QVERIFY2(loaded.error().message.contains(message), qPrintable(loaded.error().toString()));
    }

    void remove_byNumberAndByQuestion()
    {
        TestVault vault;
        const Expectations expectations(vault.path());
        QVERIFY(*expectations.add(expectation(QStringLiteral("a"), QStringLiteral("x.md"))));
        QVERIFY(*expectations.add(expectation(QStringLiteral("b"), QStringLiteral("y.md"))));
        QVERIFY(*expectations.add(expectation(QStringLiteral("b"), QStringLiteral("z.md"))));
        auto removed = expectations.removeAt(1);
        QVERIFY(removed.ok());
        QCOMPARE(removed->question, QStringLiteral("a"));
        QVERIFY(!expectations.removeAt(3).ok());
        QCOMPARE(*expectations.removeQuestion(QStringLiteral("b")), 2);
        QCOMPARE(*expectations.removeQuestion(QStringLiteral("b")), 0);
        QVERIFY(expectations.load()->isEmpty());
    }

    void check_passesWithinTopKAndSaysWhere()
    {
        TestVault vault;
        test::writeRecencyRivals(vault);
        auto engine = test::openIndexed(vault);
        const Expectations expectations(vault.path());
        QVERIFY(*expectations.add(expectation(kQuestion, QStringLiteral("notes/deploy.md:6"))));
        QVERIFY(*expectations.add(expectation(kQuestion, QStringLiteral("notes/garden-01.md"))));
        QVERIFY(*expectations.add(expectation(kQuestion, QStringLiteral("notes/deploy.md:1"))));
        auto report = expectations.check(*engine);
        QVERIFY2(report.ok(), report.ok() ? "" : qPrintable(report.error().toString()));
        QCOMPARE(report->results.size(), 3);
        QCOMPARE(report->results[0].status, ExpectationStatus::Pass);
        QCOMPARE(report->results[0].rank, 1);
        QCOMPARE(report->results[0].change, ExpectationChange::New);
        QVERIFY2(report->results[1].status == ExpectationStatus::Fail,
                 "a garden note does not answer a deploy question");
        QVERIFY2(report->results[2].status == ExpectationStatus::Fail, "line 1 (front matter) is not the hit's line");
        QCOMPARE(report->count(ExpectationStatus::Pass), 1);
        const QJsonObject json = report->toJson();
        QCOMPARE(json[QStringLiteral("passed")].toInt(), 1);
        QCOMPARE(json[QStringLiteral("failed")].toInt(), 2);
        QCOMPARE(json[QStringLiteral("expectations")][0][QStringLiteral("rank")].toInt(), 1);
        QVERIFY(vault.read(Expectations::kLastFile).contains("\"rank\": 1"));
    }

    void check_reportsAGoneFileAsMissingAndTheChange()
    {
        TestVault vault;
        test::writeRecencyRivals(vault);
        auto engine = test::openIndexed(vault);
        const Expectations expectations(vault.path());
        QVERIFY(*expectations.add(expectation(kQuestion, QStringLiteral("notes/deploy.md"))));
        QVERIFY(*expectations.add(expectation(kQuestion, QStringLiteral("notes/rival-01.md"))));
        auto first = expectations.check(*engine);
        QVERIFY(first.ok());
        QCOMPARE(first->results[0].status, ExpectationStatus::Pass);
        QVERIFY(vault.remove(QStringLiteral("notes/deploy.md")));
        auto second = expectations.check(*engine); // not re-indexed: the file is gone all the same
        QVERIFY(second.ok());
        QCOMPARE(second->results[0].status, ExpectationStatus::Missing);
        QCOMPARE(second->results[0].change, ExpectationChange::Broken);
        QCOMPARE(second->results[0].previousRank, 1);
        QCOMPARE(second->results[1].change, ExpectationChange::Same);
        QCOMPARE(second->changed(), 1);
        QCOMPARE(second->toJson()[QStringLiteral("missing")].toInt(), 1);
    }

    void check_saysWhetherTheRankWentUpOrDown()
    {
        // The year-old right answer ranks first by default; weighing recency alone, the twelve
        // fresh rivals that answer the question as well rank above it. Each check is compared with
        // the one before: first -> down -> up, every one within k = 50, so none breaks or is fixed.
        TestVault vault;
        test::writeRecencyRivals(vault);
        auto engine = test::openIndexed(vault);
        const Expectations expectations(vault.path());
        QVERIFY(*expectations.add(expectation(kQuestion, QStringLiteral("notes/deploy.md"))));
        const ExpectationCheckOptions options{50, true, false};
        auto first = expectations.check(*engine, options);
        QVERIFY(first.ok());
        QCOMPARE(first->results[0].rank, 1);
        QCOMPARE(first->results[0].change, ExpectationChange::New);

        auto worker = engine->openWorker(recencyOnly(engine->config()));
        QVERIFY(worker.ok());
        auto lower = expectations.check(**worker, options);
        QVERIFY(lower.ok());
        const ExpectationResult &down = lower->results[0];
        QCOMPARE(down.status, ExpectationStatus::Pass);
        QCOMPARE(down.rank, 13); // below the twelve fresh rivals; the garden notes do not answer it
        QCOMPARE(down.change, ExpectationChange::Down);
        QCOMPARE(down.previousRank, 1);
        QCOMPARE(lower->changed(), 1);
        QCOMPARE(lower->toJson()[QStringLiteral("expectations")][0][QStringLiteral("change")].toString(),
                 QStringLiteral("down"));

        auto back = expectations.check(*engine, options);
        QVERIFY(back.ok());
        QCOMPARE(back->results[0].rank, 1);
        QCOMPARE(back->results[0].change, ExpectationChange::Up);
        QCOMPARE(back->results[0].previousRank, down.rank);
        QCOMPARE(back->toJson()[QStringLiteral("expectations")][0][QStringLiteral("change")].toString(),
                 QStringLiteral("up"));
    }

    void check_aMemoryNoLongerThereWentDownFromWhereverItRanked()
    {
        // Below the twelve fresh rivals when recency alone counts (a fail at k = 10, yet found), then
        // deleted: a memory found nowhere is further down than any rank, so the change is "down" (a
        // rank of 0 read as a number would be "up" from 13 to 0).
        TestVault vault;
        test::writeRecencyRivals(vault);
        auto engine = test::openIndexed(vault);
        const Expectations expectations(vault.path());
        QVERIFY(*expectations.add(expectation(kQuestion, QStringLiteral("notes/deploy.md"))));
        auto worker = engine->openWorker(recencyOnly(engine->config()));
        QVERIFY(worker.ok());
        auto first = expectations.check(**worker);
        QVERIFY(first.ok());
        QCOMPARE(first->results[0].status, ExpectationStatus::Fail);
        const int firstRank = first->results[0].rank;
        QVERIFY2(firstRank > 12, qPrintable(QString::number(firstRank))); // found, below every fresh rival

        QVERIFY(vault.remove(QStringLiteral("notes/deploy.md")));
        auto gone = expectations.check(**worker);
        QVERIFY(gone.ok());
        QCOMPARE(gone->results[0].status, ExpectationStatus::Missing);
        QCOMPARE(gone->results[0].rank, 0);
        QCOMPARE(gone->results[0].previousRank, firstRank);
        QCOMPARE(gone->results[0].change, ExpectationChange::Down);
        QCOMPARE(gone->toJson()[QStringLiteral("expectations")][0][QStringLiteral("change")].toString(),
                 QStringLiteral("down"));
    }

    void check_doesNotReinforceWhatItAsks()
    {
        TestVault vault;
        vault.write(QStringLiteral("engram.json"), QByteArray(R"({"reinforceOn": "recall"})"));
        test::writeRecencyRivals(vault);
        auto engine = test::openIndexed(vault);
        const Expectations expectations(vault.path());
        QVERIFY(*expectations.add(expectation(kQuestion, QStringLiteral("notes/deploy.md"))));
        QVERIFY(expectations.check(*engine).ok());
        RecallQuery probe;
        probe.text = kQuestion;
        probe.reinforce = false;
        const Chunk top = engine->recall(probe)->front().chunk;
        QCOMPARE(internals(*engine).dynamics().state(top).accessCount, 0);
        probe.reinforce = true; // the control: an ordinary recall in this vault counts
        QVERIFY(engine->recall(probe).ok());
        QCOMPARE(internals(*engine).dynamics().state(top).accessCount, 1);
    }

    void preview_countsWhatOtherWeightsWouldPassWithoutSaving()
    {
        TestVault vault;
        test::writeRecencyRivals(vault);
        auto engine = test::openIndexed(vault);
        const Expectations expectations(vault.path());
        QVERIFY(*expectations.add(expectation(kQuestion, QStringLiteral("notes/deploy.md"))));
        QVERIFY(*expectations.add(expectation(kQuestion, QStringLiteral("notes/rival-01.md"))));
        auto current = expectations.check(*engine, {10, false, false});
        QVERIFY(current.ok());
        QCOMPARE(current->count(ExpectationStatus::Pass), 2);

        bool keywordOnly = true;
        const Config candidate =
            Expectations::previewConfig(engine->config(), recencyOnly(engine->config()), &keywordOnly);
        QVERIFY(!keywordOnly);
        auto worker = engine->openWorker(candidate);
        QVERIFY(worker.ok());
        auto preview = expectations.check(**worker, {10, false, keywordOnly});
        QVERIFY(preview.ok());
        Expectations::compare(*preview, *current);
        QCOMPARE(preview->results[0].status, ExpectationStatus::Fail);
        QVERIFY2(preview->results[0].rank > 10, qPrintable(QString::number(preview->results[0].rank)));
        QCOMPARE(preview->results[0].change, ExpectationChange::Broken);
        QCOMPARE(preview->results[1].status, ExpectationStatus::Pass);
        QVERIFY(!QFile::exists(vault.filePath(QStringLiteral("engram.json"))));
        QVERIFY2(!QFile::exists(vault.filePath(Expectations::kLastFile)), "a preview is not remembered");
        // The engine's own settings did not move.
        QCOMPARE(engine->config().mode(engine->config().defaultMode).relevance, 0.4);
    }

    void previewConfig_asksOnlyTheKeywordSideForAnotherEmbedder()
    {
        Config current;
        Config candidate = current;
        candidate.embedderDimensions = 256;
        bool keywordOnly = false;
        const Config preview = Expectations::previewConfig(current, candidate, &keywordOnly);
        QVERIFY(keywordOnly);
        for (const QString &name : preview.modeNames())
            QCOMPARE(preview.mode(name).vectorWeight, 0.0);
        Config weights = current;
        RankingMode mode = weights.mode(weights.defaultMode);
        mode.recency = 0.9;
        weights.setMode(mode);
        QCOMPARE(Expectations::previewConfig(current, weights, &keywordOnly).mode(weights.defaultMode).recency, 0.9);
        QVERIFY(!keywordOnly);
    }
};

QTEST_GUILESS_MAIN(TestExpectations)
#include "tst_expectations.moc"
