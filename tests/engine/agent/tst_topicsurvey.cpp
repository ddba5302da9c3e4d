#include "TestVault.h"
#include "agent/TopicSurvey.h"
#include "dynamics/MemoryDynamics.h"
#include "vault/EngineInternals.h"

#include <QJsonArray>
#include <QTest>

using namespace engram;
using test::TestVault;

class TestTopicSurvey : public QObject {
    Q_OBJECT
private slots:
    void survey_countsTheTopicsMemoriesAndFindsOpenQuestions()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/indexer.md"),
                    QStringLiteral("# Indexer\n\nThe indexer chunks notes by heading.\n\nShould the indexer skip "
                                   "files larger than eight megabytes?\n"));
        vault.write(QStringLiteral("memories/semantic/indexer-sqlite.md"),
                    QStringLiteral("---\ncategory: decision\n---\nThe indexer writes to SQLite.\n"));
        vault.write(QStringLiteral("notes/garden.md"), QStringLiteral("# Garden\n\nTomatoes like sun.\n"));
        auto engine = test::openIndexed(vault);
        auto survey = TopicSurvey::survey(*engine, QStringLiteral("indexer"), 50);
        QVERIFY(survey.ok());
        QCOMPARE(survey->files, 2);
        QCOMPARE(survey->matches, 2); // the indexer note and the decision, one chunk each
        QCOMPARE(survey->categories.value(QStringLiteral("decision")), 1);
        QCOMPARE(survey->openQuestions.size(), 1);
        QCOMPARE(survey->openQuestions[0].text,
                 QStringLiteral("Should the indexer skip files larger than eight megabytes?"));
        QVERIFY(survey->openQuestions[0].source.startsWith(QLatin1String("notes/indexer.md:")));
        QVERIFY(survey->strongest.size() <= 5 && !survey->strongest.isEmpty());
        for (qsizetype i = 1; i < survey->strongest.size(); ++i)
            QVERIFY(survey->strongest[i - 1].strength >= survey->strongest[i].strength);
        const QJsonObject json = survey->toJson();
        QCOMPARE(json[QStringLiteral("categories")][QStringLiteral("decision")].toInt(), 1);
        QCOMPARE(json[QStringLiteral("open_questions")].toArray().size(), 1);
        QVERIFY(survey->text().contains(QStringLiteral("Open questions:")));
    }

    void survey_isNotAUseOfTheMemories()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/indexer.md"), QStringLiteral("# Indexer\n\nThe indexer chunks notes.\n"));
        auto engine = test::openIndexed(vault);
        auto survey = TopicSurvey::survey(*engine, QStringLiteral("indexer"), 50);
        QVERIFY(survey.ok() && !survey->strongest.isEmpty());
        QCOMPARE(internals(*engine).dynamics().state(survey->strongest[0].chunk).accessCount, 0);
    }

    void survey_ofAnUnknownTopicIsEmptyAndSaysSo()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/garden.md"), QStringLiteral("# Garden\n\nTomatoes like sun.\n"));
        auto engine = test::openIndexed(vault);
        auto survey = TopicSurvey::survey(*engine, QStringLiteral("quantum chromodynamics"), 50);
        QVERIFY(survey.ok());
        QCOMPARE(survey->matches, 0);
        QVERIFY(survey->text().startsWith(QStringLiteral("Nothing in memory touches")));
    }
};

QTEST_GUILESS_MAIN(TestTopicSurvey)
#include "tst_topicsurvey.moc"
