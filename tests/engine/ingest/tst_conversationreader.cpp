#include "TestVault.h"
#include "ingest/ConversationReader.h"
#include "ingest/DocumentParser.h"

#include <QFile>
#include <QTest>

using namespace engram;

namespace {

const QString kDemo = QStringLiteral("claude-code/projects/-path-to-Demo/");
const QString kCodex =
    QStringLiteral("codex/sessions/2025/09/25/rollout-2025-09-25T08-02-05-0199812e-64f0-7f73-91fc-095dda01c36e.jsonl");

QString sampleText(const QString &relative)
{
    QFile file(test::sharedPath(QStringLiteral("samples/") + relative));
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

int countCalls(const Conversation &conversation, ConversationToolCall::Outcome outcome)
{
    int n = 0;
    for (const ConversationTurn &turn : conversation.turns)
        for (const ConversationToolCall &call : turn.toolCalls)
            n += call.outcome == outcome ? 1 : 0;
    return n;
}

} // namespace

class TestConversationReader : public QObject {
    Q_OBJECT
private slots:
    void claudeCode_foldsEveryToolCallWithItsOutcomeAndDuration_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("ok");
        QTest::addColumn<int>("errors");
        QTest::newRow("1.0.98 small") << kDemo + QStringLiteral("1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl") << 11
                                      << 1;
        QTest::newRow("1.0.108 sidechains")
            << kDemo + QStringLiteral("5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl") << 18 << 3;
        QTest::newRow("1.0.98 large") << kDemo + QStringLiteral("fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl") << 144
                                      << 23;
    }

    void claudeCode_foldsEveryToolCallWithItsOutcomeAndDuration()
    {
        QFETCH(QString, file);
        QFETCH(int, ok);
        QFETCH(int, errors);
        ENGRAM_REQUIRE_SHARED(QStringLiteral("samples/") + file);
        const Conversation conversation = ConversationReader::read(sampleText(file));
        QCOMPARE(conversation.agent, QStringLiteral("claude-code"));
        QCOMPARE(conversation.skippedLines, 0);
        QCOMPARE(countCalls(conversation, ConversationToolCall::Outcome::Ok), ok);
        QCOMPARE(countCalls(conversation, ConversationToolCall::Outcome::Error), errors);
        QCOMPARE(countCalls(conversation, ConversationToolCall::Outcome::NoResult), 0);
        int previousEnd = 0;
        for (const ConversationTurn &turn : conversation.turns) {
            QVERIFY(turn.speaker == QLatin1String("user") || turn.speaker == QLatin1String("assistant"));
            QVERIFY(turn.startLine > 0 && turn.startLine <= turn.endLine);
            QVERIFY2(turn.startLine > previousEnd || turn.subagent, "main turns follow each other");
            if (!turn.subagent)
                previousEnd = turn.endLine;
            QVERIFY(!turn.parts.isEmpty());
            for (const ConversationToolCall &call : turn.toolCalls) {
                QVERIFY(!call.name.isEmpty());
                QVERIFY2(call.durationMs >= 0, "Claude Code gives the call's and the result's time");
                QVERIFY(call.resultLine >= call.line);
                QVERIFY(call.outcome == ConversationToolCall::Outcome::Ok || !call.error.isEmpty());
            }
        }
    }

    void claudeCode_showsThePersonsWordsNotTheMachinery()
    {
        const QString file = kDemo + QStringLiteral("fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl");
        ENGRAM_REQUIRE_SHARED(QStringLiteral("samples/") + file);
        const Conversation conversation = ConversationReader::read(sampleText(file));
        QVERIFY(!conversation.turns.isEmpty());
        const ConversationTurn &first = conversation.turns.first();
        QCOMPARE(first.speaker, QStringLiteral("user"));
        // Line 2 is the command, line 3 its expansion (isMeta): only the command is shown.
        QCOMPARE(first.text(), QStringLiteral("/orchestrator create TODO app by Next.js"));
        QCOMPARE(first.startLine, 2);
        QCOMPARE(conversation.cwd, QStringLiteral("/path/to/Demo"));
        int subagentTurns = 0;
        for (const ConversationTurn &turn : conversation.turns) {
            QVERIFY(!turn.text().contains(QLatin1String("<command-name>")));
            QVERIFY(!turn.text().contains(QLatin1String("Split complex tasks into independent subtasks")));
            subagentTurns += turn.subagent ? 1 : 0;
        }
        QVERIFY(subagentTurns > 0);
        // Line 16 is a subagent's task, written while the main turn (lines 4–223) waits for its
        // Task results: a memory of line 16 names the subagent's turn alone.
        const QList<int> at16 = conversation.turnsOverlapping(16, 16);
        QCOMPARE(at16.size(), 1);
        QVERIFY(conversation.turns[at16.first()].subagent);
        // A Bash call reads as its command, a Write as its path.
        bool sawBash = false;
        for (const ConversationTurn &turn : conversation.turns)
            for (const ConversationToolCall &call : turn.toolCalls)
                if (call.name == QLatin1String("Bash")) {
                    sawBash = true;
                    QVERIFY(!call.summary.isEmpty());
                    QVERIFY(!call.summary.contains(QLatin1Char('\n')));
                }
        QVERIFY(sawBash);
        QCOMPARE(conversation.turns.last().speaker, QStringLiteral("assistant"));
    }

    void claudeCode_recalledLinesNameTheirTurn()
    {
        const QString file = kDemo + QStringLiteral("1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl");
        ENGRAM_REQUIRE_SHARED(QStringLiteral("samples/") + file);
        const QString text = sampleText(file);
        const Conversation conversation = ConversationReader::read(text);
        // Every turn the index made of this file lies in one or more displayed turns.
        auto doc = DocumentParser::parse(QStringLiteral("sessions/x.jsonl"), text.toUtf8());
        QVERIFY(doc.ok());
        for (const Section &section : doc->sections) {
            const QList<int> turns = conversation.turnsOverlapping(section.startLine, section.endLine);
            QVERIFY2(!turns.isEmpty(), qPrintable(QString::number(section.startLine)));
            QCOMPARE(conversation.turns[turns.first()].speaker, section.speaker);
        }
        QVERIFY(conversation.turnsOverlapping(0, 0).isEmpty());
    }

    void codex_foldsCallsJoinedByCallIdWithExitCodesAndDurations()
    {
        ENGRAM_REQUIRE_SHARED(QStringLiteral("samples/") + kCodex);
        const Conversation conversation = ConversationReader::read(sampleText(kCodex));
        QCOMPARE(conversation.agent, QStringLiteral("codex"));
        QCOMPARE(conversation.sessionId, QStringLiteral("0199812e-64f0-7f73-91fc-095dda01c36e"));
        QCOMPARE(conversation.skippedLines, 0);
        const int ok = countCalls(conversation, ConversationToolCall::Outcome::Ok);
        const int errors = countCalls(conversation, ConversationToolCall::Outcome::Error);
        // samples/README.md: 57 calls, 12 outputs plain failure strings; the other 45 are JSON with
        // metadata.exit_code, 0 in each of them (counted in the file: no non-zero exit code).
        QCOMPARE(errors, 12);
        QCOMPARE(ok, 45);
        QCOMPARE(countCalls(conversation, ConversationToolCall::Outcome::NoResult), 0);
        // A command that ran and failed: the same file with the first three exit codes 0 made 2, as
        // Codex writes a failed command (`{"output": …, "metadata": {"exit_code": 2, …}}`).
        QString failing = sampleText(kCodex);
        for (int i = 0; i < 3; ++i) {
            const qsizetype at = failing.indexOf(QLatin1String("exit_code\\\":0,"));
            QVERIFY(at > 0);
            failing.replace(at, 14, QStringLiteral("exit_code\\\":2,"));
        }
        const Conversation withFailures = ConversationReader::read(failing);
        QCOMPARE(countCalls(withFailures, ConversationToolCall::Outcome::Error), 15);
        QCOMPARE(countCalls(withFailures, ConversationToolCall::Outcome::Ok), 42);
        // The preamble (environment, the IDE's open tabs) is not shown; the request is.
        const ConversationTurn &first = conversation.turns.first();
        QCOMPARE(first.speaker, QStringLiteral("user"));
        QVERIFY(first.text().startsWith(QLatin1String("Quality score")));
        QVERIFY(!first.text().contains(QLatin1String("Open tabs")));
        int timed = 0;
        for (const ConversationTurn &turn : conversation.turns) {
            QVERIFY(!turn.text().contains(QLatin1String("<environment_context>")));
            for (const ConversationToolCall &call : turn.toolCalls) {
                QCOMPARE(call.name, QStringLiteral("shell"));
                QVERIFY2(!call.summary.startsWith(QLatin1String("zsh")), qPrintable(call.summary));
                timed += call.durationMs >= 0 ? 1 : 0;
            }
        }
        QCOMPARE(timed, 45); // metadata.duration_seconds of the JSON outputs; the plain failures have none
    }

    void title_isTheOneTheIndexGivesTheSession_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString &name : {QStringLiteral("1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl"),
                                    QStringLiteral("5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl"),
                                    QStringLiteral("fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl")})
            QTest::newRow(qPrintable(name)) << kDemo + name;
        QTest::newRow("codex") << kCodex;
        QTest::newRow("monorepo 10cd5911")
            << QStringLiteral("claude-code/projects/-Users-jnarowski-Dev-sourceborn-src-agent-workflows-monorepo-v2/"
                              "10cd5911-8704-4996-9e33-32010589c357.jsonl");
        QTest::newRow("monorepo 2d984148")
            << QStringLiteral("claude-code/projects/-Users-jnarowski-Dev-sourceborn-src-agent-workflows-monorepo-v2/"
                              "2d984148-cddb-4605-aac1-13e720fe613c.jsonl");
    }

    void title_isTheOneTheIndexGivesTheSession()
    {
        // The workbench heads a conversation with this title instead of parsing the file a second
        // time for DocumentParser's: they must agree, or the view and the Memories row disagree.
        QFETCH(QString, file);
        ENGRAM_REQUIRE_SHARED(QStringLiteral("samples/") + file);
        const QString text = sampleText(file);
        auto document = DocumentParser::parse(file, text.toUtf8());
        QVERIFY(document);
        const Conversation conversation = ConversationReader::read(text);
        QVERIFY(!conversation.title.isEmpty());
        QCOMPARE(conversation.title, document->title);
    }

    void title_isEmptyWithoutARequest_andABomChangesNothing()
    {
        const QString request =
            QStringLiteral("{\"type\":\"user\",\"cwd\":\"/home/a/engram\",\"timestamp\":\"2025-09-03T10:00:00Z\","
                           "\"message\":{\"content\":\"Fix the flaky upload test\"}}\n");
        const QString title = ConversationReader::read(request).title;
        QVERIFY2(title.startsWith(QStringLiteral("Fix the flaky upload test — engram")), qPrintable(title));
        QCOMPARE(ConversationReader::read(QChar(0xFEFF) + request).title, title);
        QCOMPARE(DocumentParser::parse(QStringLiteral("s.jsonl"), (QChar(0xFEFF) + request).toUtf8())->title, title);
        QVERIFY(ConversationReader::read(QStringLiteral("{\"type\":\"summary\"}\n")).title.isEmpty());
    }

    void unknownAndBrokenLines_areCountedNeverFatal()
    {
        const QString log = QStringLiteral(
            "{\"type\":\"user\",\"timestamp\":\"2025-09-03T10:00:00Z\",\"message\":{\"content\":\"hello\"}}\n"
            "not json\n"
            "{\"type\":\"hologram\"}\n"
            "{\"type\":\"assistant\",\"timestamp\":\"2025-09-03T10:00:01Z\",\"message\":{\"content\":[{\"type\":"
            "\"tool_use\",\"id\":\"t1\",\"name\":\"Bash\",\"input\":{\"command\":\"ls\"}}]}}\n");
        const Conversation conversation = ConversationReader::read(log);
        QCOMPARE(conversation.skippedLines, 2);
        QCOMPARE(conversation.turns.size(), 2);
        QCOMPARE(conversation.turns[1].toolCalls.size(), 1);
        QCOMPARE(conversation.turns[1].toolCalls[0].summary, QStringLiteral("ls"));
        QCOMPARE(conversation.turns[1].toolCalls[0].outcome, ConversationToolCall::Outcome::NoResult);
    }
};

QTEST_GUILESS_MAIN(TestConversationReader)
#include "tst_conversationreader.moc"
