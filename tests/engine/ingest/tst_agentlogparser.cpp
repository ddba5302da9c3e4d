#include "TestVault.h"
#include "ingest/Chunker.h"
#include "ingest/DocumentParser.h"

#include <QDirIterator>
#include <QFile>
#include <QTest>

using namespace engram;

namespace {

Document parseSample(const QString &relative)
{
    QFile file(test::sharedPath(QStringLiteral("samples/") + relative));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    auto doc = DocumentParser::parse(QStringLiteral("sessions/") + QFileInfo(relative).fileName(), file.readAll());
    return doc.ok() ? *doc : Document{};
}

} // namespace

class TestAgentLogParser : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        // Titles carry the local date a session started: pinned so the expected dates hold anywhere.
        qputenv("TZ", "UTC");
    }

    void title_isTheSessionsOwnRequestWithProjectAndDate_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("title");
        const QString demo = QStringLiteral("claude-code/projects/-path-to-Demo/");
        const QString mono =
            QStringLiteral("claude-code/projects/-Users-jnarowski-Dev-sourceborn-src-agent-workflows-monorepo-v2/");
        // Its 16 summary lines name other sessions (no leaf is in this file): the first request titles it.
        QTest::newRow("summaries of other sessions")
            << mono + QStringLiteral("10cd5911-8704-4996-9e33-32010589c357.jsonl")
            << QStringLiteral(
                   "search the web for the claude code response types — agent-workflows-monorepo-v2, 2025-10-28");
        // Caveat (isMeta), /clear wrapper and its empty stdout come first; shortened at a word.
        QTest::newRow("after /clear and a caveat")
            << mono + QStringLiteral("2d984148-cddb-4605-aac1-13e720fe613c.jsonl")
            << QStringLiteral("Can you add the first two initials of actual user who is logged into… — "
                              "agent-workflows-monorepo-v2, 2025-10-26");
        QTest::newRow("slash command without arguments")
            << demo + QStringLiteral("1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl")
            << QStringLiteral("/init — Demo, 2025-09-03");
        // The expanded command (isMeta) and the subagents' prompts (isSidechain) are not the person's words.
        QTest::newRow("slash command arguments, sidechains")
            << demo + QStringLiteral("5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl")
            << QStringLiteral("@CLAUDE.md を最新の状態にアップデートしてください — Demo, 2025-09-07");
        QTest::newRow("summary of the session before")
            << demo + QStringLiteral("fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl")
            << QStringLiteral("create TODO app by Next.js — Demo, 2025-09-03");
        // The environment preamble is skipped, the IDE's open tabs before "My request for Codex:" too.
        QTest::newRow("codex") << QStringLiteral(
            "codex/sessions/2025/09/25/rollout-2025-09-25T08-02-05-0199812e-64f0-7f73-91fc-095dda01c36e.jsonl")
                               << QStringLiteral(
                                      "Quality score Create a page that shows label counts over time in a… — "
                                      "spectora-labs-monorepo-v2, 2025-09-25");
    }

    void title_isTheSessionsOwnRequestWithProjectAndDate()
    {
        QFETCH(QString, file);
        QFETCH(QString, title);
        ENGRAM_REQUIRE_SHARED(QStringLiteral("samples/") + file);
        const Document doc = parseSample(file);
        QCOMPARE(doc.title, title);
    }

    void title_isTheSessionsOwnSummaryWhenItHasOne()
    {
        const QByteArray log(
            R"({"type":"summary","summary":"Title of another session","leafUuid":"elsewhere"}
{"type":"user","uuid":"u1","cwd":"/home/ann/engram","timestamp":"2025-09-03T10:00:00Z","message":{"role":"user","content":"fix it"}}
{"type":"assistant","uuid":"a1","parentUuid":"u1","timestamp":"2025-09-03T10:00:05Z","message":{"role":"assistant","content":[{"type":"text","text":"Done."}]}}
{"type":"summary","summary":"Fix the flaky upload test","leafUuid":"a1"}
)");
        auto doc = DocumentParser::parse(QStringLiteral("sessions/2025-09-03/x.jsonl"), log);
        QVERIFY(doc.ok());
        QCOMPARE(doc->title, QStringLiteral("Fix the flaky upload test — engram, 2025-09-03"));
        const QList<Chunk> chunks = Chunker().chunk(*doc);
        QVERIFY(!chunks.isEmpty());
        for (const Chunk &chunk : chunks)
            QCOMPARE(chunk.title, doc->title);
    }

    void title_withoutAnyRequest_staysTheFileName()
    {
        const QByteArray log("{\"type\":\"file-history-snapshot\",\"messageId\":\"m\"}\n");
        auto doc = DocumentParser::parse(QStringLiteral("sessions/2025-09-03/abc.jsonl"), log);
        QVERIFY(doc.ok());
        QCOMPARE(doc->title, QStringLiteral("abc"));
    }
    void claudeCode_pairsEveryToolUseWithItsResult_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("calls");
        QTest::addColumn<int>("failures");
        const QString dir = QStringLiteral("claude-code/projects/");
        QTest::newRow("1.0.98 small")
            << dir + QStringLiteral("-path-to-Demo/1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl") << 12 << 1;
        QTest::newRow("1.0.108 sidechains")
            << dir + QStringLiteral("-path-to-Demo/5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl") << 21 << 3;
        QTest::newRow("1.0.98 large")
            << dir + QStringLiteral("-path-to-Demo/fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl") << 167 << 23;
        QTest::newRow("2.0.27")
            << dir
                   + QStringLiteral(
                       "-Users-jnarowski-Dev-sourceborn-src-agent-workflows-monorepo-v2/2d984148-cddb-4605-aac1-13e720fe613c.jsonl")
            << 27 << 1;
        QTest::newRow("2.0.28")
            << dir
                   + QStringLiteral(
                       "-Users-jnarowski-Dev-sourceborn-src-agent-workflows-monorepo-v2/10cd5911-8704-4996-9e33-32010589c357.jsonl")
            << 5 << 0;
    }

    void claudeCode_pairsEveryToolUseWithItsResult()
    {
        QFETCH(QString, file);
        QFETCH(int, calls);
        QFETCH(int, failures);
        ENGRAM_REQUIRE_SHARED(QStringLiteral("samples/") + file);
        const Document doc = parseSample(file);
        QCOMPARE(doc.kind, DocumentKind::AgentLog);
        QVERIFY(doc.warnings.isEmpty());
        QCOMPARE(doc.toolEvents.size(), calls);
        int failed = 0;
        for (const ToolEvent &e : doc.toolEvents) {
            QVERIFY(!e.name.isEmpty());
            QVERIFY(!e.sessionId.isEmpty());
            QVERIFY(e.durationMs >= 0); // every call got its result
            failed += e.ok ? 0 : 1;
        }
        QCOMPARE(failed, failures);
        QVERIFY(!doc.sections.isEmpty());
    }

    void claudeCode_turnsHoldTextButNoToolNoise()
    {
        const QString sample =
            QStringLiteral("claude-code/projects/-path-to-Demo/1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl");
        ENGRAM_REQUIRE_SHARED(QStringLiteral("samples/") + sample);
        const Document doc = parseSample(sample);
        QVERIFY(!doc.sections.isEmpty());
        for (const Section &s : doc.sections) {
            QVERIFY(s.isTurn);
            QVERIFY(s.speaker == QLatin1String("user") || s.speaker == QLatin1String("assistant"));
            QVERIFY(!s.text.contains(QStringLiteral("\"tool_use_id\"")));
            QVERIFY(!s.text.contains(QStringLiteral("Please analyze this codebase"))); // isMeta lines are skipped
            QVERIFY(s.startLine >= 1 && s.endLine >= s.startLine);
        }
    }

    void codex_joinsCallsByCallIdAndReadsExitCodes()
    {
        ENGRAM_REQUIRE_SHARED(QStringLiteral("samples/codex/sessions"));
        QDirIterator it(test::sharedPath(QStringLiteral("samples/codex/sessions")), {QStringLiteral("*.jsonl")},
                        QDir::Files, QDirIterator::Subdirectories);
        QVERIFY(it.hasNext());
        const QString path = it.next();
        const Document doc = parseSample(QDir(test::sharedPath(QStringLiteral("samples"))).relativeFilePath(path));
        QCOMPARE(doc.toolEvents.size(), 57);
        int failed = 0;
        for (const ToolEvent &e : doc.toolEvents) {
            QCOMPARE(e.name, QStringLiteral("shell"));
            QCOMPARE(e.sessionId, QStringLiteral("0199812e-64f0-7f73-91fc-095dda01c36e"));
            failed += e.ok ? 0 : 1;
            if (!e.ok)
                QVERIFY(e.error.startsWith(QStringLiteral("failed in sandbox")));
        }
        QCOMPARE(failed, 12);
        // Three commands that ran and failed: exit codes 0 made 2 in the same file (the shape Codex
        // writes a failed command in); 12 + 3 failures, each with its command's output as the error.
        QFile sample(path);
        QVERIFY(sample.open(QIODevice::ReadOnly));
        QByteArray failing = sample.readAll();
        for (int i = 0; i < 3; ++i) {
            const qsizetype at = failing.indexOf("exit_code\\\":0,");
            QVERIFY(at > 0);
            failing.replace(at, 14, "exit_code\\\":2,");
        }
        auto withFailures = DocumentParser::parse(QStringLiteral("sessions/") + QFileInfo(path).fileName(), failing);
        QVERIFY(withFailures.ok());
        int failedNow = 0;
        for (const ToolEvent &e : withFailures->toolEvents)
            failedNow += e.ok ? 0 : 1;
        QCOMPARE(failedNow, 15);
        // Environment context injected by the client is not a turn.
        for (const Section &s : doc.sections)
            QVERIFY(!s.text.contains(QStringLiteral("<environment_context>")));
        QVERIFY(doc.sections.size() >= 3);
    }

    void malformedLine_isAWarningAndTheRestIsRead()
    {
        const QByteArray log =
            R"({"type":"user","sessionId":"s","timestamp":"2025-01-01T00:00:00Z","message":{"role":"user","content":"hello there"}}
{not json
{"type":"assistant","sessionId":"s","timestamp":"2025-01-01T00:00:01Z","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{}}]}}
{"type":"user","sessionId":"s","timestamp":"2025-01-01T00:00:03Z","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","is_error":true,"content":"boom"}]}}
)";
        auto doc = DocumentParser::parse(QStringLiteral("sessions/x.jsonl"), log);
        QVERIFY(doc.ok());
        QCOMPARE(doc->warnings.size(), 1);
        QCOMPARE(doc->warnings[0].line, 2);
        QCOMPARE(doc->toolEvents.size(), 1);
        QCOMPARE(doc->toolEvents[0].ok, false);
        QCOMPARE(doc->toolEvents[0].durationMs, 2000);
        QCOMPARE(doc->toolEvents[0].error, QStringLiteral("boom"));
        QCOMPARE(doc->sections.size(), 1);
    }

    void unknownLineTypes_areSkippedCountedAndNeverFatal()
    {
        const QByteArray claude =
            R"x({"type":"user","sessionId":"s","timestamp":"2025-01-01T00:00:00Z","message":{"role":"user","content":"hello there"}}
{"type":"telepathy","data":{"percent":50}}
{"type":"telepathy","data":{"percent":90}}
{"type":"hologram","uuid":"u"}
{"type":"assistant","sessionId":"s","timestamp":"2025-01-01T00:00:01Z","message":{"role":"assistant","content":"hi, how can I help"}}
)x";
        auto doc = DocumentParser::parse(QStringLiteral("sessions/x.jsonl"), claude);
        QVERIFY(doc.ok());
        QCOMPARE(doc->sections.size(), 2);
        QCOMPARE(doc->warnings.size(), 1);
        QCOMPARE(doc->warnings[0].message,
                 QStringLiteral("3 line(s) of a type this parser does not know (hologram ×1, telepathy ×2); skipped"));

        const QByteArray codex =
            R"x({"timestamp":"2025-01-01T00:00:00Z","type":"session_meta","payload":{"id":"c1","timestamp":"2025-01-01T00:00:00Z"}}
{"timestamp":"2025-01-01T00:00:01Z","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"run the tests"}]}}
{"timestamp":"2025-01-01T00:00:02Z","type":"response_item","payload":{"type":"teleport","x":1}}
{"timestamp":"2025-01-01T00:00:03Z","type":"weather_report","payload":{}}
)x";
        doc = DocumentParser::parse(QStringLiteral("sessions/y.jsonl"), codex);
        QVERIFY(doc.ok());
        QCOMPARE(doc->sections.size(), 1);
        QCOMPARE(doc->warnings.size(), 1);
        QVERIFY2(doc->warnings[0].message.startsWith(QStringLiteral("2 line(s) of a type this parser does not know "
                                                                    "(response_item/teleport ×1, weather_report ×1)")),
                 qPrintable(doc->warnings[0].message));

        // The real samples hold only types the parser knows.
        QDirIterator it(test::sharedPath(QStringLiteral("samples")), {QStringLiteral("*.jsonl")}, QDir::Files,
                        QDirIterator::Subdirectories);
        int samples = 0;
        while (it.hasNext()) {
            const QString path = it.next();
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            auto parsed = DocumentParser::parse(QStringLiteral("sessions/s.jsonl"), file.readAll());
            QVERIFY(parsed.ok());
            QVERIFY2(parsed->warnings.isEmpty(), qPrintable(path));
            ++samples;
        }
        QCOMPARE(samples, 6);
    }
};

QTEST_GUILESS_MAIN(TestAgentLogParser)
#include "tst_agentlogparser.moc"
