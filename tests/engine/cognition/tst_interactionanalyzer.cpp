#include "TestVault.h"
#include "cognition/InteractionAnalyzer.h"

#include <QFile>
#include <QTest>

using namespace engram;

class TestInteractionAnalyzer : public QObject {
    Q_OBJECT
private slots:
    void positiveFeedback_matchesSignals_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("signal");
        QTest::newRow("perfect!") << QStringLiteral("Perfect! Ship it.") << QStringLiteral("perfect");
        QTest::newRow("exactly opening") << QStringLiteral("exactly, that is the bug") << QStringLiteral("exactly");
        QTest::newRow("love it") << QStringLiteral("I love it, thanks") << QStringLiteral("love it");
        QTest::newRow("spot on") << QStringLiteral("that was spot on") << QStringLiteral("spot on");
        QTest::newRow("nailed it") << QStringLiteral("you nailed it") << QStringLiteral("nailed it");
        QTest::newRow("great job") << QStringLiteral("Great job on the refactor") << QStringLiteral("great job");
        QTest::newRow("mid-sentence exclamation") << QStringLiteral("this is awesome!") << QStringLiteral("awesome");
        QTest::newRow("party emoji") << QStringLiteral("merged \U0001F389") << QStringLiteral("\U0001F389");
        QTest::newRow("raised hands") << QStringLiteral("\U0001F64C") << QStringLiteral("\U0001F64C");
        QTest::newRow("thumbs up") << QStringLiteral("ok \U0001F44D") << QStringLiteral("\U0001F44D");
    }
    void positiveFeedback_matchesSignals()
    {
        QFETCH(QString, text);
        QFETCH(QString, signal);
        QCOMPARE(InteractionAnalyzer::positiveFeedback(text), signal);
    }

    void positiveFeedback_ignoresNegationsAndOrdinaryUse_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("not perfect") << QStringLiteral("that's not perfect!");
        QTest::newRow("not exactly") << QStringLiteral("Well, not exactly. Try again");
        QTest::newRow("don't love it") << QStringLiteral("I don't love it");
        QTest::newRow("adjective") << QStringLiteral("we need a perfect hash function here");
        QTest::newRow("question") << QStringLiteral("what exactly does the index store?");
        QTest::newRow("plain request") << QStringLiteral("please add a test for the parser");
    }
    void positiveFeedback_ignoresNegationsAndOrdinaryUse()
    {
        QFETCH(QString, text);
        QCOMPARE(InteractionAnalyzer::positiveFeedback(text), QString());
    }

    void rememberThat_becomesMemoryWithItsText()
    {
        const auto r = InteractionAnalyzer::memoryRequests(
            QStringLiteral("Please remember that the staging database is on port 5433."), {});
        QCOMPARE(r.size(), 1);
        QCOMPARE(r[0].kind, MemoryRequest::Kind::Memory);
        QCOMPARE(r[0].text, QStringLiteral("the staging database is on port 5433."));
        QCOMPARE(r[0].signal, QStringLiteral("remember that"));
    }

    void rememberColon_becomesMemory()
    {
        const auto r = InteractionAnalyzer::memoryRequests(QStringLiteral("remember: builds need ninja -j1 here"), {});
        QCOMPARE(r.size(), 1);
        QCOMPARE(r[0].text, QStringLiteral("builds need ninja -j1 here"));
        QCOMPARE(r[0].signal, QStringLiteral("remember:"));
    }

    void rememberThis_takesThePreviousReply()
    {
        const QString reply = QStringLiteral("Use QSaveFile so a crash never leaves half a file.");
        const auto r = InteractionAnalyzer::memoryRequests(QStringLiteral("Remember this!"), reply);
        QCOMPARE(r.size(), 1);
        QCOMPARE(r[0].kind, MemoryRequest::Kind::Memory);
        QCOMPARE(r[0].text, reply);
        QCOMPARE(r[0].signal, QStringLiteral("remember this"));
        // Without a previous reply there is nothing to remember.
        QVERIFY(InteractionAnalyzer::memoryRequests(QStringLiteral("remember this"), {}).isEmpty());
    }

    void rememberThisThenAnotherRequest_splitsThem()
    {
        const QString reply = QStringLiteral("Use ninja with one job.");
        const auto r = InteractionAnalyzer::memoryRequests(
            QStringLiteral("Perfect! Remember this. Also note: the machine has 2 cores"), reply);
        QCOMPARE(r.size(), 2);
        QCOMPARE(r[0].kind, MemoryRequest::Kind::Memory);
        QCOMPARE(r[0].text, reply);
        QCOMPARE(r[1].kind, MemoryRequest::Kind::Learning);
        QCOMPARE(r[1].text, QStringLiteral("the machine has 2 cores"));
    }

    void rememberThatThenNote_endsAtTheNextRequest()
    {
        const auto r = InteractionAnalyzer::memoryRequests(
            QStringLiteral("remember that staging uses port 5433. Note: prod uses 5432"), {});
        QCOMPARE(r.size(), 2);
        QCOMPARE(r[0].text, QStringLiteral("staging uses port 5433."));
    }

    void rememberThisColon_takesItsOwnText()
    {
        const auto r = InteractionAnalyzer::memoryRequests(QStringLiteral("remember this: keys live in pass"),
                                                           QStringLiteral("earlier reply"));
        QCOMPARE(r.size(), 1);
        QCOMPARE(r[0].text, QStringLiteral("keys live in pass"));
    }

    void rememberInAQuestion_isNotARequest()
    {
        QVERIFY(InteractionAnalyzer::memoryRequests(QStringLiteral("do you remember that bug from last week?"), {})
                    .isEmpty());
    }

    void note_becomesInsightLearning()
    {
        const auto r = InteractionAnalyzer::memoryRequests(QStringLiteral("OK. Note: the CI runners have 2 cores"), {});
        QCOMPARE(r.size(), 1);
        QCOMPARE(r[0].kind, MemoryRequest::Kind::Learning);
        QCOMPARE(r[0].category, QStringLiteral("insight"));
        QCOMPARE(r[0].text, QStringLiteral("the CI runners have 2 cores"));
        QCOMPARE(r[0].signal, QStringLiteral("note:"));
    }

    void mistake_becomesMistakeLearning()
    {
        const auto r = InteractionAnalyzer::memoryRequests(QStringLiteral("mistake: edited the generated file"), {});
        QCOMPARE(r.size(), 1);
        QCOMPARE(r[0].category, QStringLiteral("mistake"));
    }

    void avoid_becomesAvoidance()
    {
        const auto r = InteractionAnalyzer::memoryRequests(QStringLiteral("Avoid: force-pushing to main"), {});
        QCOMPARE(r.size(), 1);
        QCOMPARE(r[0].kind, MemoryRequest::Kind::Avoidance);
        QCOMPARE(r[0].text, QStringLiteral("force-pushing to main"));
    }

    void severalRequests_inOrder()
    {
        const auto r = InteractionAnalyzer::memoryRequests(
            QStringLiteral("note: tests take 2 minutes\nremember that the key is in the vault folder"), {});
        QCOMPARE(r.size(), 2);
        QCOMPARE(r[0].kind, MemoryRequest::Kind::Learning);
        QCOMPARE(r[1].kind, MemoryRequest::Kind::Memory);
    }

    void engagement_throwawayAcknowledgement()
    {
        AgentTurn t;
        t.userText = QStringLiteral("Thanks!");
        t.reply = QStringLiteral("You're welcome. The build is green and the branch merged cleanly into main today.");
        QString reason;
        QVERIFY(!InteractionAnalyzer::isMeaningful(t, &reason));
        QVERIFY(reason.contains(QStringLiteral("thanks")));
    }

    void engagement_shortExchangeIsThrowaway()
    {
        AgentTurn t;
        t.userText = QStringLiteral("run it");
        t.reply = QStringLiteral("Done.");
        QVERIFY(!InteractionAnalyzer::isMeaningful(t));
    }

    void engagement_substantialExchangeIsMeaningful()
    {
        AgentTurn t;
        t.userText =
            QStringLiteral("Why does the indexer skip files in the state folder, and should tool logs be embedded?");
        t.reply = QStringLiteral(
            "State files are canonical machine state; tool logs are counted in statistics, not embedded.");
        QString reason;
        QVERIFY(InteractionAnalyzer::isMeaningful(t, &reason));
        QVERIFY(reason.startsWith(QStringLiteral("meaningful")));
    }

    void engagement_memoryRequestIsMeaningful()
    {
        AgentTurn t;
        t.userText = QStringLiteral("note: port 5433");
        QVERIFY(InteractionAnalyzer::isMeaningful(t));
    }

    void fromTranscript_markdownFindsLastUserMessageAndReplies()
    {
        const QByteArray md = "User: how do I build?\n\nAssistant: Use ninja with one job.\n\n"
                              "User: Perfect! remember this\n\nAssistant: Noted.\n";
        auto turn = AgentTurn::fromTranscript(QStringLiteral("t.md"), md);
        QVERIFY2(turn.ok(), qPrintable(turn.ok() ? QString() : turn.error().toString()));
        QCOMPARE(turn->userText, QStringLiteral("Perfect! remember this"));
        QCOMPARE(turn->previousReply, QStringLiteral("Use ninja with one job."));
        QCOMPARE(turn->reply, QStringLiteral("Noted."));
    }

    void fromTranscript_claudeCodeJsonl()
    {
        const QByteArray jsonl =
            R"({"type":"user","sessionId":"s1","timestamp":"2026-11-29T10:00:00.000Z","message":{"role":"user","content":"list the files"}})"
            "\n"
            R"({"type":"assistant","sessionId":"s1","timestamp":"2026-11-29T10:00:01.000Z","message":{"role":"assistant","content":[{"type":"text","text":"Here they are: a.md, b.md"}]}})"
            "\n"
            R"({"type":"user","sessionId":"s1","timestamp":"2026-11-29T10:00:02.000Z","message":{"role":"user","content":"exactly what I needed \ud83c\udf89"}})"
            "\n";
        auto turn = AgentTurn::fromTranscript(QStringLiteral("s1.jsonl"), jsonl);
        QVERIFY(turn.ok());
        QCOMPARE(turn->userText, QStringLiteral("exactly what I needed \U0001F389"));
        QCOMPARE(turn->previousReply, QStringLiteral("Here they are: a.md, b.md"));
        QCOMPARE(InteractionAnalyzer::analyze(*turn).positiveSignal, QStringLiteral("exactly"));
    }

    void fromTranscript_realClaudeCodeSample()
    {
        const QString sample =
            QStringLiteral("samples/claude-code/projects/-path-to-Demo/1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl");
        ENGRAM_REQUIRE_SHARED(sample);
        QFile file(test::sharedPath(sample));
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.errorString()));
        auto turn = AgentTurn::fromTranscript(QStringLiteral("x.jsonl"), file.readAll());
        QVERIFY(turn.ok());
        QVERIFY(!turn->userText.isEmpty());
    }

    void fromTranscript_shortMarkdownExchange()
    {
        auto turn = AgentTurn::fromTranscript(QStringLiteral("stdin"),
                                              "User: note: deploys freeze on Fridays\n\nAssistant: Understood.\n");
        QVERIFY(turn.ok());
        QCOMPARE(turn->userText, QStringLiteral("note: deploys freeze on Fridays"));
        QCOMPARE(turn->reply, QStringLiteral("Understood."));
    }

    void fromTranscript_withoutUserMessageIsAnError()
    {
        QVERIFY(!AgentTurn::fromTranscript(QStringLiteral("t.md"), "Assistant: hello\n").ok());
    }
};

QTEST_GUILESS_MAIN(TestInteractionAnalyzer)
#include "tst_interactionanalyzer.moc"
