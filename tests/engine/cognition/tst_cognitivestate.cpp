#include "TestVault.h"
#include "cognition/CognitiveState.h"
#include "core/TextAnalysis.h"
#include "vault/Engine.h"

#include <QJsonDocument>
#include <QTest>

using namespace engram;
using test::TestVault;

namespace {

const QDateTime kNow(QDate(2026, 11, 29), QTime(9, 30)); // a Sunday morning, local time

CognitiveState sampleState()
{
    CognitiveState s;
    s.focus.current = QStringLiteral("ship the cognitive layer");
    s.focus.priorities = {QStringLiteral("tests first"), QStringLiteral("small files")};
    s.heuristics << Heuristic{QStringLiteral("rarely used rule"), QStringLiteral("person"), 1, kNow.addDays(-3)}
                 << Heuristic{QStringLiteral("run the failing test first"), QStringLiteral("feedback"), 5,
                              kNow.addDays(-1)}
                 << Heuristic{QStringLiteral("recently used rule"), QStringLiteral("person"), 1, kNow.addDays(-1)};
    s.learnings << Learning{QStringLiteral("SQLite WAL needs the -shm file"), QStringLiteral("insight"),
                            QStringLiteral("debugging"), kNow.addDays(-2)};
    s.avoidances << QStringLiteral("never force-push main");
    return s;
}

} // namespace

class TestCognitiveState : public QObject {
    Q_OBJECT
private slots:
    void load_missingFileGivesDefaults()
    {
        TestVault vault;
        CognitiveStore store(vault.path());
        auto state = store.load();
        QVERIFY(state.ok());
        QVERIFY(state->heuristics.isEmpty());
        QVERIFY(state->focus.current.isEmpty());
        QVERIFY(!store.exists());
    }

    void load_invalidJsonReportsLineAndIsNeverOverwritten()
    {
        TestVault vault;
        const QByteArray broken = "{\n  \"focus\": {\"current\": \"x\"},\n  \"heuristics\": [ oops ]\n}\n";
        vault.write(QStringLiteral("state/cognitive.json"), broken);
        CognitiveStore store(vault.path());
        auto state = store.load();
        QVERIFY(!state.ok());
        QCOMPARE(state.error().line, 3);
        QCOMPARE(state.error().path, QStringLiteral("state/cognitive.json"));
        QVERIFY(state.error().message.contains(QStringLiteral("not valid JSON")));
        QVERIFY(!store.addHeuristic(QStringLiteral("something")).ok());
        QCOMPARE(vault.read(QStringLiteral("state/cognitive.json")), broken);
    }

    void load_wrongShapeNamesKeyAndLine()
    {
        TestVault vault;
        vault.write(QStringLiteral("state/cognitive.json"),
                    QByteArray("{\n  \"focus\": {},\n  \"avoidances\": [],\n  \"learnings\": [\n"
                               "    {\"text\": \"t\", \"category\": \"gossip\"}\n  ]\n}\n"));
        auto state = CognitiveStore(vault.path()).load();
        QVERIFY(!state.ok());
        QVERIFY(state.error().message.contains(QStringLiteral("gossip")));
        QCOMPARE(state.error().line, 4);
    }

    void save_roundTripsEveryFieldAndUnknownKeys()
    {
        TestVault vault;
        CognitiveState s = sampleState();
        s.engagement = Engagement{3, 7, kNow};
        s.extra.insert(QStringLiteral("personNote"), QStringLiteral("kept"));
        CognitiveStore store(vault.path());
        QVERIFY(store.load().ok());
        QVERIFY(store.save(s).ok());
        auto again = CognitiveStore(vault.path()).load();
        QVERIFY(again.ok());
        QCOMPARE(again->toJson(), s.toJson());
        QCOMPARE(again->extra.value(QStringLiteral("personNote")).toString(), QStringLiteral("kept"));
        QCOMPARE(again->heuristics[1].useCount, 5);
        QCOMPARE(again->engagement.totalInteractions, 7);
    }

    void save_refusesWhenFileChangedSinceRead()
    {
        TestVault vault;
        CognitiveStore store(vault.path());
        QVERIFY(store.addHeuristic(QStringLiteral("first")).ok());
        const QByteArray byHand = "{\"heuristics\": [\"edited by hand\"]}\n";
        vault.write(QStringLiteral("state/cognitive.json"), byHand);
        const Status s = store.addHeuristic(QStringLiteral("second"));
        QVERIFY(!s.ok());
        QVERIFY(s.error().message.contains(QStringLiteral("changed on disk")));
        QCOMPARE(vault.read(QStringLiteral("state/cognitive.json")), byHand);
        // After a reload the edit applies on top of the person's version.
        QVERIFY(store.load().ok());
        QVERIFY(store.addHeuristic(QStringLiteral("second")).ok());
        QCOMPARE(store.state()->heuristics.size(), 2);
        QCOMPARE(store.state()->heuristics[0].text, QStringLiteral("edited by hand"));
    }

    void save_refusesWhenFileCreatedSinceRead()
    {
        TestVault vault;
        CognitiveStore store(vault.path());
        QVERIFY(store.load().ok());
        vault.write(QStringLiteral("state/cognitive.json"), QByteArray("{}"));
        QVERIFY(!store.save(sampleState()).ok());
        QCOMPARE(vault.read(QStringLiteral("state/cognitive.json")), QByteArray("{}"));
    }

    void heuristics_addUpdateRemove()
    {
        TestVault vault;
        CognitiveStore store(vault.path());
        QVERIFY(store.addHeuristic(QStringLiteral("a")).ok());
        QVERIFY(store.addHeuristic(QStringLiteral("b"), QStringLiteral("reflection")).ok());
        QVERIFY(!store.addHeuristic(QStringLiteral("A")).ok()); // duplicate
        QVERIFY(!store.addHeuristic(QStringLiteral("  ")).ok());
        QVERIFY(store.updateHeuristic(0, QStringLiteral("a2")).ok());
        QVERIFY(!store.updateHeuristic(5, QStringLiteral("x")).ok());
        QVERIFY(store.removeHeuristic(1).ok());
        QVERIFY(!store.removeHeuristic(1).ok());
        auto s = CognitiveStore(vault.path()).load();
        QCOMPARE(s->heuristics.size(), 1);
        QCOMPARE(s->heuristics[0].text, QStringLiteral("a2"));
    }

    void learnings_addUpdateRemoveAndValidateCategory()
    {
        TestVault vault;
        CognitiveStore store(vault.path());
        QVERIFY(store.addLearning(Learning{QStringLiteral("x"), QStringLiteral("pattern"), {}, kNow}).ok());
        QVERIFY(!store.addLearning(Learning{QStringLiteral("y"), QStringLiteral("rumour"), {}, kNow}).ok());
        QVERIFY(
            store.updateLearning(0, Learning{QStringLiteral("x2"), QStringLiteral("mistake"), QStringLiteral("c"), {}})
                .ok());
        auto s = CognitiveStore(vault.path()).load();
        QCOMPARE(s->learnings.size(), 1);
        QCOMPARE(s->learnings[0].category, QStringLiteral("mistake"));
        QCOMPARE(s->learnings[0].timestamp, kNow.toUTC()); // kept from the original
        QVERIFY(store.removeLearning(0).ok());
        QVERIFY(CognitiveStore(vault.path()).load()->learnings.isEmpty());
    }

    void learnings_boundedToNewest50()
    {
        TestVault vault;
        CognitiveStore store(vault.path());
        for (int i = 0; i < 55; ++i)
            QVERIFY(store
                        .addLearning(Learning{
                            QStringLiteral("learning %1").arg(i), QStringLiteral("insight"), {}, kNow.addSecs(i)})
                        .ok());
        auto s = CognitiveStore(vault.path()).load();
        QCOMPARE(s->learnings.size(), 50);
        QCOMPARE(s->learnings.first().text, QStringLiteral("learning 5"));
        QCOMPARE(s->learnings.last().text, QStringLiteral("learning 54"));
    }

    void avoidances_addUpdateRemove()
    {
        TestVault vault;
        CognitiveStore store(vault.path());
        QVERIFY(store.addAvoidance(QStringLiteral("no rm -rf")).ok());
        QVERIFY(!store.addAvoidance(QStringLiteral("no rm -rf")).ok());
        QVERIFY(store.updateAvoidance(0, QStringLiteral("no rm -rf /")).ok());
        QCOMPARE(CognitiveStore(vault.path()).load()->avoidances, QStringList{QStringLiteral("no rm -rf /")});
        QVERIFY(store.removeAvoidance(0).ok());
        QVERIFY(CognitiveStore(vault.path()).load()->avoidances.isEmpty());
    }

    void setFocus_storesCurrentPrioritiesAndTime()
    {
        TestVault vault;
        CognitiveStore store(vault.path());
        QVERIFY(
            store.setFocus(QStringLiteral("write tests"), {QStringLiteral("a"), QString(), QStringLiteral("b")}, kNow)
                .ok());
        auto s = CognitiveStore(vault.path()).load();
        QCOMPARE(s->focus.current, QStringLiteral("write tests"));
        QCOMPARE(s->focus.priorities, (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
        QCOMPARE(s->focus.lastUpdated, kNow.toUTC());
    }

    void creditAndEngagement_update()
    {
        TestVault vault;
        CognitiveStore store(vault.path());
        QVERIFY(store.save(sampleState()).ok());
        auto credited = store.creditHeuristics({QStringLiteral("rarely used rule"), QStringLiteral("not there")}, kNow);
        QCOMPARE(*credited, 1);
        QVERIFY(store.recordInteraction(true, kNow).ok());
        QVERIFY(store.recordInteraction(false, kNow).ok());
        auto s = CognitiveStore(vault.path()).load();
        QCOMPARE(s->heuristics[0].useCount, 2);
        QCOMPARE(s->engagement.totalInteractions, 2);
        QCOMPARE(s->engagement.meaningfulInteractions, 1);
    }

    void preamble_showsTimeFocusHeuristicsByUseLearningsAvoidances()
    {
        const QString p = CognitiveStore::renderPreamble(sampleState(), kNow, 500);
        QVERIFY(p.startsWith(QStringLiteral("<engram-state>")));
        QVERIFY(p.endsWith(QStringLiteral("</engram-state>")));
        QVERIFY(p.contains(QStringLiteral("Sunday morning")));
        QVERIFY(p.contains(QStringLiteral("Focus: ship the cognitive layer")));
        QVERIFY(p.contains(QStringLiteral("tests first; small files")));
        QVERIFY(p.contains(QStringLiteral("never force-push main")));
        QVERIFY(p.contains(QStringLiteral("[insight] SQLite WAL")));
        // By use, then by recency.
        const qsizetype most = p.indexOf(QStringLiteral("run the failing test first"));
        const qsizetype recent = p.indexOf(QStringLiteral("recently used rule"));
        const qsizetype rare = p.indexOf(QStringLiteral("rarely used rule"));
        QVERIFY(most >= 0 && most < recent && recent < rare);
    }

    void preamble_staysWithinTokenBudget()
    {
        CognitiveState s = sampleState();
        for (int i = 0; i < 40; ++i) {
            s.heuristics << Heuristic{
                QStringLiteral("heuristic number %1 with some words to make it long").arg(i), {}, i, kNow};
            s.appendLearning(Learning{QStringLiteral("learning %1 that is fairly wordy as well").arg(i),
                                      QStringLiteral("pattern"),
                                      {},
                                      kNow});
        }
        for (int budget : {60, 120, 500}) {
            const QString p = CognitiveStore::renderPreamble(s, kNow, budget);
            QVERIFY2(p.size() <= budget * 4,
                     qPrintable(QStringLiteral("%1 chars for %2 tokens").arg(p.size()).arg(budget)));
            QVERIFY(p.endsWith(QStringLiteral("</engram-state>")));
        }
        // The most-used heuristic makes it in even with a small budget.
        QVERIFY(CognitiveStore::renderPreamble(s, kNow, 120).contains(QStringLiteral("heuristic number 39")));
    }

    void pack_startsWithPreambleWhenStateExists()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nThe deploy script lives in tools/.\n"));
        auto engine = Engine::open(vault.path());
        QVERIFY(engine.ok());
        (*engine)->index();
        RecallQuery q;
        q.text = QStringLiteral("deploy script");
        q.now = kNow;
        QVERIFY(!(*engine)->pack(q)->markdown.contains(QStringLiteral("<engram-state>")));
        QVERIFY(CognitiveStore(vault.path()).save(sampleState()).ok());
        const QString md = (*engine)->pack(q, 800)->markdown;
        QVERIFY(md.contains(QStringLiteral("<engram-state>")));
        QVERIFY(md.indexOf(QStringLiteral("<engram-state>")) < md.indexOf(QStringLiteral("tools/")));
        QVERIFY(CognitiveStore::packedHeuristics(vault.path()).contains(QStringLiteral("run the failing test first")));
    }
};

QTEST_GUILESS_MAIN(TestCognitiveState)
#include "tst_cognitivestate.moc"
