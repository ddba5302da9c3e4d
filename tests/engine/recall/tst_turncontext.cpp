#include "TestVault.h"
#include "recall/Retriever.h"
#include "vault/Engine.h"

#include <QTest>

using namespace engram;
using test::TestVault;

namespace {

QList<RecallResult> recall(Engine &engine, const QString &text, int k = 10)
{
    RecallQuery q;
    q.text = text;
    q.k = k;
    q.now = QDateTime(QDate(2026, 3, 10), QTime(12, 0), Qt::UTC);
    auto results = engine.recall(q);
    if (!results)
        qFatal("recall failed: %s", qPrintable(results.error().toString()));
    return *results;
}

const char *const kTranscript = "---\ntitle: Chat\ndate: 2026-03-01T10:00:00\nkind: transcript\n---\n# Chat\n\n"
                                "**Sam**: Good morning! How was the weekend?\n\n"             // line 8
                                "**Alex**: Quiet. What did you paint on Saturday?\n\n"        // line 10
                                "**Sam**: A sunset over the harbour, in oils.\n\n"            // line 12
                                "**Alex**: Lovely. I repaired the old bicycle meanwhile.\n\n" // line 14
                                "**Sam**: Does it ride well now?\n\n"                         // line 16
                                "**Alex**: Like new, the chain was the only problem.\n";      // line 18

} // namespace

class TestTurnContext : public QObject {
    Q_OBJECT

private slots:
    void keywordTerms_dropsStopWordsButNeverEverything()
    {
        QCOMPARE(Retriever::keywordTerms(QStringLiteral("What did Caroline paint in the summer?")),
                 (QStringList{QStringLiteral("caroline"), QStringLiteral("paint"), QStringLiteral("summer")}));
        QCOMPARE(Retriever::keywordTerms(QStringLiteral("what is it")),
                 (QStringList{QStringLiteral("what"), QStringLiteral("is"), QStringLiteral("it")}));
    }

    void recall_widensQuestionIntoItsAnswer()
    {
        TestVault vault;
        vault.write(QStringLiteral("sessions/chat.md"), QByteArray(kTranscript));
        auto engine = test::openIndexed(vault);
        const auto results = recall(*engine, QStringLiteral("what did Sam paint on saturday"));
        QVERIFY(!results.isEmpty());
        // The question turn (line 10) matches; its answer (line 12) comes with it (a question is not
        // widened backwards: the turn before it is not what it answers).
        QCOMPARE(results.front().chunk.startLine, 10);
        QCOMPARE(results.front().chunk.endLine, 12);
        QVERIFY(results.front().chunk.text.contains(QStringLiteral("sunset")));
        QVERIFY(engine->sourceText(results.front().chunk).contains(QStringLiteral("sunset")));
    }

    void recall_widensAnswerWithTheQuestionBeforeIt()
    {
        TestVault vault;
        vault.write(QStringLiteral("sessions/chat.md"), QByteArray(kTranscript));
        auto engine = test::openIndexed(vault);
        const auto results = recall(*engine, QStringLiteral("chain problem"));
        QVERIFY(!results.isEmpty());
        QCOMPARE(results.front().chunk.startLine, 16);
        QCOMPARE(results.front().chunk.endLine, 18);
    }

    /// Most of a pack is results without the answer: each shows the sentences of its match, the
    /// opening of a reply (where it answers) and the question it answers, citing the whole range.
    void recall_showsTheMatchAndTheOpeningOfALongReply()
    {
        TestVault vault;
        vault.write(
            QStringLiteral("sessions/trip.md"),
            QByteArray("---\nkind: transcript\n---\n# Trip\n\n"
                       "**Sam**: Hello again, it has been a while. How are the kids? What did you do last "
                       "weekend?\n\n" // line 6
                       "**Alex**: We drove to the coast on Saturday with the whole family and both of "
                       "the grandparents. The traffic was awful all morning. Then we rented a small boat in the "
                       "harbour. It was calm and bright. The kids fed the gulls. We drove home at dusk.\n"));
        auto engine = test::openIndexed(vault);
        const auto results = recall(*engine, QStringLiteral("boat harbour"));
        QVERIFY(!results.isEmpty());
        QCOMPARE(results.front().chunk.startLine, 6);
        QCOMPARE(results.front().chunk.endLine, 8);
        QCOMPARE(
            results.front().chunk.text,
            QStringLiteral("**Sam**: … What did you do last weekend?\n**Alex**: We drove to the coast on "
                           "Saturday with the whole family and both of the grandparents. … Then we rented a small boat "
                           "in the harbour. It was calm and bright. …"));
    }

    void recall_showsEachTurnOnce()
    {
        TestVault vault;
        vault.write(QStringLiteral("sessions/chat.md"), QByteArray(kTranscript));
        auto engine = test::openIndexed(vault);
        const auto results = recall(*engine, QStringLiteral("paint sunset harbour oils saturday weekend bicycle"), 20);
        QSet<int> lines;
        for (const RecallResult &r : results)
            for (int line = r.chunk.startLine; line <= r.chunk.endLine; line += 2) {
                QVERIFY2(!lines.contains(line), qPrintable(QStringLiteral("line %1 shown twice").arg(line)));
                lines.insert(line);
            }
    }

    void recall_withoutContextTurnsReturnsSingleTurns()
    {
        TestVault vault;
        vault.write(QStringLiteral("sessions/chat.md"), QByteArray(kTranscript));
        vault.write(QStringLiteral("engram.json"), QByteArray(R"({"modes": {"fast": {"contextTurns": 0}}})"));
        auto engine = test::openIndexed(vault);
        const auto results = recall(*engine, QStringLiteral("what did Sam paint on saturday"));
        QVERIFY(!results.isEmpty());
        for (const RecallResult &r : results)
            QCOMPARE(r.chunk.startLine, r.chunk.endLine);
    }

    void recall_neighbourOfAStrongHitOutranksAnIsolatedWeakHit()
    {
        // Two turns mention "bicycle" once each; one sits next to a turn about repairs.
        TestVault vault;
        vault.write(QStringLiteral("sessions/a.md"),
                    QByteArray("---\nkind: transcript\n---\n# A\n\n**Sam**: The bicycle repair took all day.\n\n"
                               "**Alex**: Which bicycle part failed?\n\n**Sam**: Only the chain.\n"));
        vault.write(QStringLiteral("sessions/b.md"),
                    QByteArray("---\nkind: transcript\n---\n# B\n\n**Sam**: Nice weather today.\n\n"
                               "**Alex**: I saw a bicycle and a dog today.\n\n**Sam**: Cute dog.\n"));
        auto engine = test::openIndexed(vault);
        const auto results = recall(*engine, QStringLiteral("bicycle repair"), 3);
        QVERIFY(results.size() >= 2);
        QCOMPARE(results.front().chunk.path, QStringLiteral("sessions/a.md"));
        QCOMPARE(results.back().chunk.path, QStringLiteral("sessions/b.md"));
    }
};

QTEST_GUILESS_MAIN(TestTurnContext)
#include "tst_turncontext.moc"
