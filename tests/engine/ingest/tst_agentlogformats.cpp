// Today's transcript formats: every line type Claude Code 2.1 and Codex 0.171 write is read or
// knowingly skipped, by the parser that indexes a session and the reader that shows it; only a
// genuinely unknown type is reported, once per type per file. The captured sessions are the real
// clients' files (tests/data/agentlogs/README.md says how they were made); the one-line rows are in
// the shapes the clients' own code writes them.
#include "TestVault.h"
#include "ingest/ConversationReader.h"
#include "ingest/DocumentParser.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace engram;

namespace {

QByteArray captured(const QString &name)
{
    QFile file(test::dataPath(QStringLiteral("agentlogs/") + name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return file.readAll();
}

/// The first lines a row's line follows: the person's request, in each client's shape.
QByteArray compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

QByteArray claudeRequest()
{
    return compact({{QStringLiteral("type"), QStringLiteral("user")},
                    {QStringLiteral("message"),
                     QJsonObject{{QStringLiteral("role"), QStringLiteral("user")},
                                 {QStringLiteral("content"), QStringLiteral("Which index did we choose?")}}},
                    {QStringLiteral("uuid"), QStringLiteral("a686c75a-b0aa-443d-a6d5-f19c82a7bd80")},
                    {QStringLiteral("timestamp"), QStringLiteral("2026-12-02T04:16:02.522Z")},
                    {QStringLiteral("cwd"), QStringLiteral("/tmp/cchome/proj")},
                    {QStringLiteral("sessionId"), QStringLiteral("b778c746-ffa2-4af7-bc2a-8e891d8ff1de")},
                    {QStringLiteral("version"), QStringLiteral("2.1.197")}});
}

QByteArray codexRequest()
{
    // The refused session's first two lines: session_meta and the person's request.
    const QList<QByteArray> lines = captured(QStringLiteral("codex-0.171-mcp-refused.jsonl")).split('\n');
    return lines.at(0) + '\n' + lines.at(1);
}

} // namespace

class TestAgentLogFormats : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void capturedSession_indexesWithoutAWarning_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("answer");
        QTest::newRow("Claude Code 2.1.197")
            << QStringLiteral("claude-code-2.1-hook-mcp.jsonl")
            << QStringLiteral("assistant: Noted: the index uses SQLite FTS5 plus hnswlib.");
        QTest::newRow("Codex 0.171.0") << QStringLiteral("codex-0.171-mcp.jsonl")
                                       << QStringLiteral("assistant: Noted: the index uses SQLite FTS5 plus hnswlib.");
    }
    void capturedSession_indexesWithoutAWarning()
    {
        QFETCH(QString, file);
        QFETCH(QString, answer);
        const QByteArray bytes = captured(file);
        auto doc = DocumentParser::parse(QStringLiteral("sessions/2026-12-02/") + file, bytes);
        QVERIFY(doc.ok());
        for (const ParseWarning &w : std::as_const(doc->warnings))
            qWarning() << w.line << w.message;
        QCOMPARE(doc->warnings.size(), 0);
        // The person's request and the answer; no hook output, listing or client instruction as a turn.
        QCOMPARE(doc->sections.size(), 2);
        QCOMPARE(doc->sections[0].text, QStringLiteral("user: Which index did we choose?"));
        QCOMPARE(doc->sections[1].text, answer);
        // The MCP call, named alike in both clients, and it succeeded.
        QCOMPARE(doc->toolEvents.size(), 1);
        QCOMPARE(doc->toolEvents[0].name, QStringLiteral("mcp__engram__recall"));
        QVERIFY(doc->toolEvents[0].ok);

        const Conversation conversation = ConversationReader::read(QString::fromUtf8(bytes));
        QCOMPARE(conversation.skippedLines, 0);
        QCOMPARE(conversation.turns.size(), 2);
        QCOMPARE(conversation.turns[1].toolCalls.size(), 1);
        QCOMPARE(conversation.turns[1].toolCalls[0].name, QStringLiteral("mcp__engram__recall"));
        QCOMPARE(conversation.turns[1].toolCalls[0].outcome, ConversationToolCall::Outcome::Ok);
    }

    void everyLineTypeTheClientsWrite_isKnown_data()
    {
        QTest::addColumn<QByteArray>("first");
        QTest::addColumn<QByteArray>("line");
        // One line of each type, in the shape the client's own code writes it (see the fixtures' README):
        // Claude Code 2.1.197's entry types, Codex 0.171.0's RolloutItem then ResponseItem variants.
        for (const QString &file :
             {QStringLiteral("claude-line-types.jsonl"), QStringLiteral("codex-line-types.jsonl")}) {
            const bool codex = file.startsWith(QLatin1String("codex"));
            for (const QByteArray &line : captured(file).split('\n')) {
                if (line.isEmpty())
                    continue;
                const QJsonObject o = QJsonDocument::fromJson(line).object();
                QString type = o.value(QStringLiteral("type")).toString();
                if (type == QLatin1String("response_item"))
                    type += QLatin1Char('/')
                            + o.value(QStringLiteral("payload")).toObject().value(QStringLiteral("type")).toString();
                QTest::addRow("%s %s", codex ? "codex" : "claude", qPrintable(type))
                    << (codex ? codexRequest() : claudeRequest()) << line;
            }
        }
    }
    void everyLineTypeTheClientsWrite_isKnown()
    {
        QFETCH(QByteArray, first);
        QFETCH(QByteArray, line);
        const QByteArray log = first + '\n' + line + '\n';
        auto doc = DocumentParser::parse(QStringLiteral("sessions/2026-12-02/x.jsonl"), log);
        QVERIFY(doc.ok());
        QVERIFY2(doc->warnings.isEmpty(), qPrintable(doc->warnings.value(0).message));
        QCOMPARE(doc->sections.size(), 1);
        QCOMPARE(ConversationReader::read(QString::fromUtf8(log)).skippedLines, 0);
    }

    void unknownTypes_areReportedOncePerTypePerFile()
    {
        const QByteArray log = claudeRequest() + "\n{\"type\":\"hologram\",\"uuid\":\"h1\"}\n"
                               + "{\"type\":\"hologram\",\"uuid\":\"h2\"}\n{\"type\":\"telepathy\"}\n";
        auto doc = DocumentParser::parse(QStringLiteral("sessions/2026-12-02/x.jsonl"), log);
        QVERIFY(doc.ok());
        QCOMPARE(doc->warnings.size(), 1);
        QCOMPARE(doc->warnings[0].message,
                 QStringLiteral("3 line(s) of a type this parser does not know (hologram ×2, telepathy ×1); skipped"));
        QCOMPARE(ConversationReader::read(QString::fromUtf8(log)).skippedLines, 3);
    }

    void codexMcpCallThatFailed_isAFailure()
    {
        // Codex 0.171 with approvals on: the call is refused; only the item_completed event says so,
        // the output is framed like a success.
        const QByteArray log = captured(QStringLiteral("codex-0.171-mcp-refused.jsonl"));
        auto doc = DocumentParser::parse(QStringLiteral("sessions/2026-12-02/x.jsonl"), log);
        QVERIFY(doc.ok());
        QCOMPARE(doc->toolEvents.size(), 1);
        QCOMPARE(doc->toolEvents[0].name, QStringLiteral("mcp__engram__recall"));
        QVERIFY(!doc->toolEvents[0].ok);
        const Conversation conversation = ConversationReader::read(QString::fromUtf8(log));
        QCOMPARE(conversation.turns.constLast().toolCalls.constFirst().outcome, ConversationToolCall::Outcome::Error);
    }

    void codexShellCall_exitCodeDecides()
    {
        // 0.171's exec_command output names the exit code in its text.
        const auto outcome = [](const QByteArray &code) {
            const QJsonObject call{{QStringLiteral("type"), QStringLiteral("function_call")},
                                   {QStringLiteral("name"), QStringLiteral("exec_command")},
                                   {QStringLiteral("arguments"), QStringLiteral("{\"cmd\":\"make\"}")},
                                   {QStringLiteral("call_id"), QStringLiteral("c1")}};
            const QJsonObject output{{QStringLiteral("type"), QStringLiteral("function_call_output")},
                                     {QStringLiteral("call_id"), QStringLiteral("c1")},
                                     {QStringLiteral("output"),
                                      QStringLiteral("Chunk ID: 1a\nWall time: 0.2 seconds\nProcess exited with code ")
                                          + QString::fromLatin1(code)
                                          + QStringLiteral("\nOriginal token count: 3\nOutput:\nok")}};
            const auto item = [](const QJsonObject &payload) {
                return compact({{QStringLiteral("timestamp"), QStringLiteral("2026-12-02T04:20:00.000Z")},
                                {QStringLiteral("type"), QStringLiteral("response_item")},
                                {QStringLiteral("payload"), payload}});
            };
            const QByteArray log = codexRequest() + '\n' + item(call) + '\n' + item(output) + '\n';
            auto doc = DocumentParser::parse(QStringLiteral("sessions/2026-12-02/x.jsonl"), log);
            return doc.ok() && doc->toolEvents.size() == 1 ? int(doc->toolEvents[0].ok) : -1;
        };
        QCOMPARE(outcome("0"), 1);
        QCOMPARE(outcome("2"), 0);
    }
};

QTEST_GUILESS_MAIN(TestAgentLogFormats)
#include "tst_agentlogformats.moc"
