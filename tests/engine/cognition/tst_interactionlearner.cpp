#include "TestVault.h"
#include "cognition/CognitiveState.h"
#include "cognition/InteractionLearner.h"

#include <QDir>
#include <QTest>

using namespace engram;
using test::TestVault;

namespace {

const QDateTime kNow(QDate(2026, 11, 29), QTime(18, 0), Qt::UTC);

AgentTurn turn(const QString &user, const QString &previous = {}, const QString &reply = {})
{
    AgentTurn t;
    t.userText = user;
    t.previousReply = previous;
    t.reply = reply;
    t.userLine = 7;
    t.sessionId = QStringLiteral("session-1");
    return t;
}

void seedState(TestVault &vault)
{
    CognitiveStore store(vault.path());
    QVERIFY(store.addHeuristic(QStringLiteral("read the failing test first")).ok());
    QVERIFY(store.addHeuristic(QStringLiteral("not in the pack")).ok());
    QVERIFY(CognitiveStore::notePackedHeuristics(vault.path(), {QStringLiteral("read the failing test first")},
                                                 kNow.addSecs(-600))
                .ok());
}

} // namespace

class TestInteractionLearner : public QObject {
    Q_OBJECT
private slots:
    void positiveFeedback_creditsOnlyHeuristicsOfTheLastPack()
    {
        TestVault vault;
        seedState(vault);
        auto applied =
            InteractionLearner(vault.path())
                .apply(turn(QStringLiteral("Perfect!"), QStringLiteral("The fix was a missing flush.")), kNow);
        QVERIFY(applied.ok());
        QCOMPARE(applied->creditedHeuristics, QStringList{QStringLiteral("read the failing test first")});
        auto state = CognitiveStore(vault.path()).load();
        QCOMPARE(state->heuristics[0].useCount, 1);
        QCOMPARE(state->heuristics[0].lastUsed, kNow);
        QCOMPARE(state->heuristics[1].useCount, 0);
        QCOMPARE(state->learnings.size(), 1);
        QCOMPARE(state->learnings[0].category, QStringLiteral("feedback"));
        QVERIFY(state->learnings[0].context.contains(QStringLiteral("signal \"perfect\"")));
        QVERIFY(state->learnings[0].text.contains(QStringLiteral("missing flush")));
    }

    void rememberRequest_writesMemoryFileWithFrontMatter()
    {
        TestVault vault;
        auto applied = InteractionLearner(vault.path())
                           .apply(turn(QStringLiteral("remember that the staging db listens on port 5433")), kNow);
        QVERIFY(applied.ok());
        QCOMPARE(applied->memoriesWritten.size(), 1);
        const QString path = applied->memoriesWritten.first();
        QVERIFY(path.startsWith(QStringLiteral("memories/semantic/2026-11-29-the-staging-db")));
        const QString content = QString::fromUtf8(vault.read(path));
        QVERIFY(content.startsWith(QStringLiteral("---\ntitle: \"the staging db listens on port 5433\"\n")));
        QVERIFY(content.contains(QStringLiteral("store: semantic\n")));
        QVERIFY(content.contains(QStringLiteral("signal: \"remember that\"")));
        QVERIFY(content.trimmed().endsWith(QStringLiteral("the staging db listens on port 5433")));
        // The same words again get their own file rather than overwriting.
        AgentTurn later = turn(QStringLiteral("remember that the staging db listens on port 5433"));
        later.userLine = 40; // said again later in the session
        auto again = InteractionLearner(vault.path()).apply(later, kNow);
        QVERIFY(again.ok());
        QCOMPARE(again->memoriesWritten.size(), 1);
        QVERIFY(again->memoriesWritten.first() != path);
    }

    void noteAndAvoid_becomeLearningAndAvoidanceWithContext()
    {
        TestVault vault;
        auto applied = InteractionLearner(vault.path())
                           .apply(turn(QStringLiteral("note: CI has two cores\navoid: parallel builds")), kNow);
        QVERIFY(applied.ok());
        auto state = CognitiveStore(vault.path()).load();
        QCOMPARE(state->learnings.size(), 1);
        QCOMPARE(state->learnings[0].text, QStringLiteral("CI has two cores"));
        QCOMPARE(state->learnings[0].context, QStringLiteral("signal \"note:\" in the person's message"));
        QCOMPARE(state->avoidances, QStringList{QStringLiteral("parallel builds")});
    }

    void engagement_countsMeaningfulAndThrowaway()
    {
        TestVault vault;
        InteractionLearner learner(vault.path());
        QVERIFY(learner.apply(turn(QStringLiteral("ok")), kNow).ok());
        QVERIFY(learner
                    .apply(turn(QStringLiteral("Explain why the vector file is rebuilt when the generation "
                                               "counter differs from the saved one after a crash"),
                                {}, QStringLiteral("Because the index bumps the generation before writing.")),
                           kNow)
                    .ok());
        auto state = CognitiveStore(vault.path()).load();
        QCOMPARE(state->engagement.totalInteractions, 2);
        QCOMPARE(state->engagement.meaningfulInteractions, 1);
        QCOMPARE(state->engagement.lastMeaningfulAt, kNow);
    }

    void sameTurnTwice_isAppliedOnce()
    {
        TestVault vault;
        seedState(vault);
        InteractionLearner learner(vault.path());
        QVERIFY(learner.apply(turn(QStringLiteral("love it")), kNow).ok());
        auto second = learner.apply(turn(QStringLiteral("love it")), kNow);
        QVERIFY(second.ok());
        QVERIFY(second->alreadySeen);
        QCOMPARE(CognitiveStore(vault.path()).load()->heuristics[0].useCount, 1);
        QCOMPARE(CognitiveStore(vault.path()).load()->engagement.totalInteractions, 1);
    }

    void invalidState_isAnErrorAndNothingIsWritten()
    {
        TestVault vault;
        vault.write(QStringLiteral("state/cognitive.json"), QByteArray("{ broken"));
        const QByteArray before = vault.fingerprint();
        auto applied = InteractionLearner(vault.path()).apply(turn(QStringLiteral("remember that x y z w")), kNow);
        QVERIFY(!applied.ok());
        QCOMPARE(vault.fingerprint(), before);
        QVERIFY(!QDir(vault.filePath(QStringLiteral("memories"))).exists());
    }
};

QTEST_GUILESS_MAIN(TestInteractionLearner)
#include "tst_interactionlearner.moc"
