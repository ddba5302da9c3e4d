// The MCP protocol layer: framing, lifecycle, version negotiation, errors and
// logging, driven in memory (feed bytes in, collect the lines written out).
#include "McpHarness.h"
#include "McpServer.h"
#include "McpTools.h"
#include "OutsideLinks.h"
#include "TestVault.h"
#include "vault/Engine.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <cmath>

using namespace engram;
using namespace engram::mcp;

namespace {

/// A server on a vault holding one decision, whose output is captured line by line.
struct Harness : test::McpHarness {
    Harness()
        : McpHarness([](test::TestVault &vault) {
              vault.write(QStringLiteral("notes/sqlite.md"),
                          QStringLiteral("---\ntitle: Use SQLite\ncategory: decision\n---\nWe decided to use SQLite "
                                         "for the index because it is embedded.\n"));
          })
    { }
};

int errorCode(const QJsonObject &reply)
{
    return reply.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toInt();
}

QString errorMessage(const QJsonObject &reply)
{
    return reply.value(QStringLiteral("error")).toObject().value(QStringLiteral("message")).toString();
}

/// Files of the vault outside .engram/ and state/, sorted.
QStringList vaultFiles(const QString &root)
{
    QStringList files;
    QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString relative = QDir(root).relativeFilePath(it.next());
        if (!relative.startsWith(QLatin1String(".engram/")) && !relative.startsWith(QLatin1String("state/")))
            files << relative;
    }
    files.sort();
    return files;
}

bool pingAnswered(Harness &h)
{
    const QJsonObject r = h.request(99, QStringLiteral("ping"));
    return r.value(QStringLiteral("id")).toInt() == 99 && r.value(QStringLiteral("result")).isObject();
}

} // namespace

class TestMcpServer : public QObject {
    Q_OBJECT

private slots:
    void initialize_answersTheClientsSupportedVersion_data()
    {
        QTest::addColumn<QString>("requested");
        QTest::addColumn<QString>("answered");
        QTest::newRow("2025-06-18") << QStringLiteral("2025-06-18") << QStringLiteral("2025-06-18");
        QTest::newRow("2025-03-26") << QStringLiteral("2025-03-26") << QStringLiteral("2025-03-26");
        QTest::newRow("2024-11-05") << QStringLiteral("2024-11-05") << QStringLiteral("2024-11-05");
        QTest::newRow("newer than ours") << QStringLiteral("2025-11-25") << QStringLiteral("2025-06-18");
        QTest::newRow("unknown") << QStringLiteral("1.0.0") << QStringLiteral("2025-06-18");
    }
    void initialize_answersTheClientsSupportedVersion()
    {
        QFETCH(QString, requested);
        QFETCH(QString, answered);
        Harness h;
        const QJsonObject result = h.initialize(requested).value(QStringLiteral("result")).toObject();
        QCOMPARE(result.value(QStringLiteral("protocolVersion")).toString(), answered);
        QVERIFY(result.value(QStringLiteral("capabilities")).toObject().contains(QStringLiteral("tools")));
        QVERIFY(result.value(QStringLiteral("capabilities")).toObject().contains(QStringLiteral("logging")));
        QCOMPARE(result.value(QStringLiteral("serverInfo")).toObject().value(QStringLiteral("name")).toString(),
                 QStringLiteral("engram"));
        QCOMPARE(h.server->protocolVersion(), answered);
    }

    void initialize_withoutProtocolVersion_isInvalidParams()
    {
        Harness h;
        const QJsonObject r =
            h.request(1, QStringLiteral("initialize"), {{QStringLiteral("capabilities"), QJsonObject{}}});
        QCOMPARE(errorCode(r), int(InvalidParams));
        QVERIFY(errorMessage(r).contains(QStringLiteral("protocolVersion")));
        QVERIFY(!h.server->protocolVersion().size());
    }

    void initialize_twice_isInvalidRequest()
    {
        Harness h;
        h.initialize();
        QCOMPARE(errorCode(h.initialize()), int(InvalidRequest));
    }

    void requestsBeforeInitialize_areRefusedButPingIsAnswered()
    {
        Harness h;
        QCOMPARE(errorCode(h.request(2, QStringLiteral("tools/list"))), int(InvalidRequest));
        QVERIFY(pingAnswered(h));
    }

    void malformedJson_isParseErrorAndTheServerKeepsRunning()
    {
        Harness h;
        h.initialize();
        for (const QByteArray &bad :
             {QByteArray("{\"jsonrpc\": \"2.0\", \"id\": 3, "), QByteArray("not json"), QByteArray("{]")}) {
            const QList<QJsonObject> replies = h.send(bad);
            QCOMPARE(replies.size(), 1);
            QCOMPARE(errorCode(replies[0]), int(ParseError));
            QVERIFY(replies[0].value(QStringLiteral("id")).isNull());
        }
        QVERIFY(pingAnswered(h));
    }

    void invalidRequests_areInvalidRequest_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::newRow("not an object") << QByteArray("42");
        QTest::newRow("no jsonrpc") << QByteArray("{\"id\":1,\"method\":\"ping\"}");
        QTest::newRow("wrong jsonrpc") << QByteArray("{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"ping\"}");
        QTest::newRow("method not a string") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":5}");
        QTest::newRow("id is null") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}");
        QTest::newRow("id is an object") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"ping\"}");
        QTest::newRow("no method") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":1}");
        QTest::newRow("batch in 2025-06-18") << QByteArray("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]");
        // Past qint64 (fuzz/corpus/fuzz_mcp): converting it to an integer was undefined behaviour.
        QTest::newRow("id past any integer") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":2.4e121,\"method\":\"ping\"}");
        QTest::newRow("id not whole") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}");
    }
    void invalidRequests_areInvalidRequest()
    {
        QFETCH(QByteArray, line);
        Harness h;
        h.initialize();
        const QList<QJsonObject> replies = h.send(line);
        QCOMPARE(replies.size(), 1);
        QCOMPARE(errorCode(replies[0]), int(InvalidRequest));
        QVERIFY(!errorMessage(replies[0]).isEmpty());
        QVERIFY(pingAnswered(h));
    }

    void batch_isAnsweredInRevision20250326()
    {
        Harness h;
        h.initialize(QStringLiteral("2025-03-26"));
        const QList<QByteArray> before = h.lines;
        h.lines.clear();
        h.server->feed(
            "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"},{\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\"},"
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"nope\"}]"
            "\n");
        QCOMPARE(h.lines.size(), 1);
        const QJsonArray replies = QJsonDocument::fromJson(h.lines[0]).array();
        QCOMPARE(replies.size(), 2);
        QVERIFY(replies[0].toObject().contains(QStringLiteral("result")));
        QCOMPARE(errorCode(replies[1].toObject()), int(MethodNotFound));
    }

    void unknownMethod_isMethodNotFound()
    {
        Harness h;
        h.initialize();
        const QJsonObject r = h.request(5, QStringLiteral("resources/list"));
        QCOMPARE(errorCode(r), int(MethodNotFound));
        QCOMPARE(r.value(QStringLiteral("id")).toInt(), 5);
        QVERIFY(errorMessage(r).contains(QStringLiteral("resources/list")));
    }

    void notifications_getNoAnswer()
    {
        Harness h;
        h.initialize();
        QVERIFY(h.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":3}}")
                    .isEmpty());
        QVERIFY(h.send("{\"jsonrpc\":\"2.0\",\"method\":\"no/such/notification\"}").isEmpty());
        QVERIFY(h.server->initialized());
    }

    void toolsList_namesTheNineToolsWithSchemas()
    {
        Harness h;
        h.initialize();
        const QJsonArray tools = h.request(2, QStringLiteral("tools/list"))
                                     .value(QStringLiteral("result"))[QStringLiteral("tools")]
                                     .toArray();
        QStringList names;
        for (const QJsonValue &t : tools) {
            names << t[QStringLiteral("name")].toString();
            QCOMPARE(t[QStringLiteral("inputSchema")][QStringLiteral("type")].toString(), QStringLiteral("object"));
            QCOMPARE(t[QStringLiteral("outputSchema")][QStringLiteral("type")].toString(), QStringLiteral("object"));
        }
        names.sort();
        QCOMPARE(names,
                 QStringList({QStringLiteral("checkpoint"), QStringLiteral("forget"), QStringLiteral("recall"),
                              QStringLiteral("remember"), QStringLiteral("review"), QStringLiteral("stats"),
                              QStringLiteral("wake"), QStringLiteral("what_do_i_know"), QStringLiteral("why_did_we")}));
    }

    void olderRevisions_getNoOutputSchemaAndTextJson()
    {
        Harness h;
        h.initialize(QStringLiteral("2024-11-05"));
        const QJsonArray tools = h.request(2, QStringLiteral("tools/list"))
                                     .value(QStringLiteral("result"))[QStringLiteral("tools")]
                                     .toArray();
        QVERIFY(!tools.isEmpty());
        for (const QJsonValue &t : tools)
            QVERIFY(!t.toObject().contains(QStringLiteral("outputSchema")));
        const QJsonObject result = h.callTool(QStringLiteral("stats"), {}).value(QStringLiteral("result")).toObject();
        QVERIFY(!result.contains(QStringLiteral("structuredContent")));
        const QJsonArray content = result.value(QStringLiteral("content")).toArray();
        QCOMPARE(content.size(), 2);
        const QJsonObject data =
            QJsonDocument::fromJson(content[1][QStringLiteral("text")].toString().toUtf8()).object();
        QCOMPARE(data.value(QStringLiteral("files")).toInt(), 1);
    }

    void toolsCall_wrongArguments_areInvalidParams_data()
    {
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QByteArray>("arguments");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("k is a string") << QStringLiteral("recall") << QByteArray("{\"query\":\"x\",\"k\":\"ten\"}")
                                       << QStringLiteral("arguments.k");
        QTest::newRow("k is fractional") << QStringLiteral("recall") << QByteArray("{\"query\":\"x\",\"k\":2.5}")
                                         << QStringLiteral("integer");
        QTest::newRow("k too large") << QStringLiteral("recall") << QByteArray("{\"query\":\"x\",\"k\":5000}")
                                     << QStringLiteral("at most");
        // The minimum holds at the line: k must be at least 1, so 0 is refused (not only -5).
        QTest::newRow("k below its minimum") << QStringLiteral("recall") << QByteArray("{\"query\":\"x\",\"k\":0}")
                                             << QStringLiteral("arguments.k must be at least 1");
        QTest::newRow("arousal below its minimum")
            << QStringLiteral("remember") << QByteArray("{\"content\":\"x\",\"arousal\":-0.5}")
            << QStringLiteral("arguments.arousal must be at least 0");
        QTest::newRow("query missing") << QStringLiteral("recall") << QByteArray("{\"k\":3}")
                                       << QStringLiteral("arguments.query is required");
        QTest::newRow("query a number") << QStringLiteral("recall") << QByteArray("{\"query\":5}")
                                        << QStringLiteral("a string");
        QTest::newRow("unknown store") << QStringLiteral("recall")
                                       << QByteArray("{\"query\":\"x\",\"filters\":{\"stores\":[\"attic\"]}}")
                                       << QStringLiteral("stores[0]");
        QTest::newRow("misspelt argument")
            << QStringLiteral("recall") << QByteArray("{\"querry\":\"x\"}") << QStringLiteral("querry");
        QTest::newRow("purge not boolean")
            << QStringLiteral("forget") << QByteArray("{\"path\":\"a.md\",\"purge\":\"yes\"}")
            << QStringLiteral("purge");
        QTest::newRow("valence out of range")
            << QStringLiteral("remember") << QByteArray("{\"content\":\"x\",\"valence\":3}")
            << QStringLiteral("valence");
        QTest::newRow("arguments an array")
            << QStringLiteral("stats") << QByteArray("[1]") << QStringLiteral("arguments");
    }
    void toolsCall_wrongArguments_areInvalidParams()
    {
        QFETCH(QString, tool);
        QFETCH(QByteArray, arguments);
        QFETCH(QString, mentions);
        Harness h;
        h.initialize();
        const QByteArray line = "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\""
                                + tool.toUtf8() + "\",\"arguments\":" + arguments + "}}";
        const QList<QJsonObject> replies = h.send(line);
        QCOMPARE(replies.size(), 1);
        QCOMPARE(errorCode(replies[0]), int(InvalidParams));
        QVERIFY2(errorMessage(replies[0]).contains(mentions), qPrintable(errorMessage(replies[0])));
        QVERIFY(pingAnswered(h));
    }

    void toolsCall_unknownTool_isInvalidParams()
    {
        Harness h;
        h.initialize();
        const QJsonObject r = h.callTool(QStringLiteral("delete_everything"), {});
        QCOMPARE(errorCode(r), int(InvalidParams));
        QVERIFY(errorMessage(r).contains(QStringLiteral("delete_everything")));
    }

    void toolFailure_isAResultWithIsError()
    {
        Harness h;
        h.initialize();
        const QJsonObject r = h.callTool(QStringLiteral("recall"), {{QStringLiteral("query"), QStringLiteral("sqlite")},
                                                                    {QStringLiteral("mode"), QStringLiteral("turbo")}});
        QVERIFY(!r.contains(QStringLiteral("error")));
        const QJsonObject result = r.value(QStringLiteral("result")).toObject();
        QCOMPARE(result.value(QStringLiteral("isError")).toBool(), true);
        QVERIFY(
            result[QStringLiteral("content")][0][QStringLiteral("text")].toString().contains(QStringLiteral("turbo")));
    }

    void toolsCall_recall_answersWithTextAndStructuredContent()
    {
        Harness h;
        h.initialize();
        const QJsonObject result =
            h.callTool(QStringLiteral("recall"), {{QStringLiteral("query"), QStringLiteral("SQLite embedded")}})
                .value(QStringLiteral("result"))
                .toObject();
        QCOMPARE(result.value(QStringLiteral("isError")).toBool(), false);
        const QJsonArray results = result[QStringLiteral("structuredContent")][QStringLiteral("results")].toArray();
        QVERIFY(!results.isEmpty());
        QCOMPARE(results[0][QStringLiteral("source")].toString(), QStringLiteral("notes/sqlite.md:5-5"));
        QVERIFY(result[QStringLiteral("content")][0][QStringLiteral("text")].toString().contains(
            QStringLiteral("notes/sqlite.md")));
    }

    /// DESIGN.md rule 7 and 8: with nothing relevant the tool says so where the model reads it. Claude Code and
    /// Codex hand the model structuredContent, not the text: the sentence is there beside the empty list,
    /// and is no field of an answer that has results.
    void toolsCall_recall_saysNothingInStructuredContentToo_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("sentence");
        QTest::newRow("words the vault never saw") << "zorblaxian quuxification"
                                                   << "Nothing in memory about \"zorblaxian quuxification\".";
        // Shares "store" with nothing and "best" with nothing: the vault is one decision about SQLite.
        QTest::newRow("an everyday question")
            << "What is the best way to store fresh basil?"
            << "Nothing in memory about \"What is the best way to store fresh basil?\".";
        QTest::newRow("spacing folded") << "  zorblaxian\n  quuxification "
                                        << "Nothing in memory about \"zorblaxian quuxification\".";
    }

    void toolsCall_recall_saysNothingInStructuredContentToo()
    {
        QFETCH(QString, query);
        QFETCH(QString, sentence);
        Harness h;
        h.initialize();
        for (const bool explain : {false, true}) {
            const QJsonObject result = h.callTool(QStringLiteral("recall"), {{QStringLiteral("query"), query},
                                                                             {QStringLiteral("explain"), explain}})
                                           .value(QStringLiteral("result"))
                                           .toObject();
            QCOMPARE(result.value(QStringLiteral("isError")).toBool(), false);
            const QJsonObject structured = result[QStringLiteral("structuredContent")].toObject();
            QCOMPARE(structured[QStringLiteral("results")].toArray().size(), 0);
            QCOMPARE(structured[QStringLiteral("nothing")].toString(), sentence);
            QCOMPARE(result[QStringLiteral("content")][0][QStringLiteral("text")].toString(), sentence);
        }
        // A question memory holds: results, and no such field.
        const QJsonObject answered =
            h.callTool(QStringLiteral("recall"), {{QStringLiteral("query"), QStringLiteral("SQLite embedded")}})
                .value(QStringLiteral("result"))
                .toObject()[QStringLiteral("structuredContent")]
                .toObject();
        QVERIFY(!answered[QStringLiteral("results")].toArray().isEmpty());
        QVERIFY(!answered.contains(QStringLiteral("nothing")));
    }

    /// DESIGN.md rule 8: a model gets the memory's text, what it is about, its citation, date and store, and
    /// the score to two places; title, tags, ids, ranks and the breakdown only when it asks (explain).
    void toolsCall_recall_givesAModelWhatItUsesAndTheRestOnRequest()
    {
        test::McpHarness h([](test::TestVault &vault) {
            // docs/sample-vault/notes/projects/decisions.md, shortened: the decision's text never names SQLite.
            vault.write(QStringLiteral("notes/decisions.md"),
                        QStringLiteral("---\ntitle: Decisions\ncategory: decision\n---\n# Decisions\n\n## 2026-11-18: "
                                       "SQLite FTS5 plus hnswlib\nKeyword and vector candidates are fused; BM25 alone "
                                       "missed paraphrases, vectors alone missed names.\n"));
        });
        h.initialize();
        const QJsonObject lean =
            h.callTool(QStringLiteral("recall"), {{QStringLiteral("query"), QStringLiteral("paraphrases and names")}})
                .value(QStringLiteral("result"))
                .toObject()[QStringLiteral("structuredContent")][QStringLiteral("results")][0]
                .toObject();
        QCOMPARE(lean.value(QStringLiteral("source")).toString(), QStringLiteral("notes/decisions.md:8-8"));
        QCOMPARE(lean.value(QStringLiteral("about")).toString(),
                 QStringLiteral("Decisions > 2026-11-18: SQLite FTS5 plus hnswlib"));
        QCOMPARE(lean.value(QStringLiteral("text")).toString(),
                 QStringLiteral("Keyword and vector candidates are fused; BM25 alone missed paraphrases, vectors "
                                "alone missed names."));
        const double score = lean.value(QStringLiteral("score")).toDouble();
        QVERIFY(score > 0);
        QCOMPARE(score * 100, std::round(score * 100));
        // The date is in the heading trail already; nothing else rides along.
        QStringList keys = lean.keys();
        keys.sort();
        QCOMPARE(keys, (QStringList{QStringLiteral("about"), QStringLiteral("score"), QStringLiteral("source"),
                                    QStringLiteral("store"), QStringLiteral("text")}));

        const QJsonObject full =
            h.callTool(QStringLiteral("recall"), {{QStringLiteral("query"), QStringLiteral("paraphrases and names")},
                                                  {QStringLiteral("explain"), true}})
                .value(QStringLiteral("result"))
                .toObject()[QStringLiteral("structuredContent")][QStringLiteral("results")][0]
                .toObject();
        QCOMPARE(full.value(QStringLiteral("title")).toString(), QStringLiteral("Decisions"));
        QCOMPARE(full.value(QStringLiteral("path")).toString(), QStringLiteral("notes/decisions.md"));
        QVERIFY(!full.value(QStringLiteral("breakdown")).toArray().isEmpty());
        QVERIFY(full.contains(QStringLiteral("keyword_rank")));
    }

    void oversizedRequest_isRefusedAndTheNextLineIsServed()
    {
        Harness h;
        h.initialize();
        h.server->setMaxLineBytes(1024);
        h.lines.clear();
        const QByteArray huge =
            "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/call\",\"params\":{\"name\":\"recall\",\"arguments\":{\"query\":\""
            + QByteArray(10000, 'a') + "\"}}}\n";
        // Arrives in pieces, as from a pipe; the error is sent once, as soon as the limit is passed.
        for (qsizetype i = 0; i < huge.size(); i += 700)
            h.server->feed(huge.mid(i, 700));
        QCOMPARE(h.lines.size(), 1);
        const QJsonObject error = QJsonDocument::fromJson(h.lines[0]).object();
        QCOMPARE(errorCode(error), int(InvalidRequest));
        QVERIFY(errorMessage(error).contains(QStringLiteral("too large")));
        QVERIFY(pingAnswered(h));
    }

    void feed_handlesLinesSplitAnywhere()
    {
        Harness h;
        h.initialize();
        h.lines.clear();
        const QByteArray two = "{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"ping\"}"
                               "\r\n"
                               "{\"jsonrpc\":\"2.0\",\"id\":\"b\",\"method\":\"ping\"}";
        for (char c : two)
            h.server->feed(QByteArray(1, c));
        QCOMPARE(h.lines.size(), 1);
        h.server->finish(); // the last line had no newline
        QCOMPARE(h.lines.size(), 2);
        QCOMPARE(QJsonDocument::fromJson(h.lines[1]).object().value(QStringLiteral("id")).toString(),
                 QStringLiteral("b"));
    }

    void logging_setLevel_filtersNotifications()
    {
        Harness h;
        h.initialize();
        QCOMPARE(errorCode(h.request(3, QStringLiteral("logging/setLevel"),
                                     {{QStringLiteral("level"), QStringLiteral("loud")}})),
                 int(InvalidParams));
        QVERIFY(h.request(3, QStringLiteral("logging/setLevel"), {{QStringLiteral("level"), QStringLiteral("debug")}})
                    .contains(QStringLiteral("result")));
        h.lines.clear();
        h.callTool(QStringLiteral("stats"), {}); // the first call indexes the vault and says so
        QVERIFY(h.lines.size() >= 2);
        const QJsonObject note = QJsonDocument::fromJson(h.lines[0]).object();
        QCOMPARE(note.value(QStringLiteral("method")).toString(), QStringLiteral("notifications/message"));
        QCOMPARE(note[QStringLiteral("params")][QStringLiteral("level")].toString(), QStringLiteral("info"));

        h.request(3, QStringLiteral("logging/setLevel"), {{QStringLiteral("level"), QStringLiteral("error")}});
        h.vault.write(QStringLiteral("notes/new.md"), QStringLiteral("A new note.\n"));
        h.lines.clear();
        h.callTool(QStringLiteral("stats"), {});
        QCOMPARE(h.lines.size(), 1); // the re-index happened, but info is below error
    }

    void checkpoint_writesOneSessionNoteAndNothingElse()
    {
        Harness h;
        h.initialize();
        h.tools->setClock([] { return QDateTime(QDate(2026, 5, 4), QTime(9, 30, 15)); });
        h.callTool(QStringLiteral("stats"), {});
        const QStringList before = vaultFiles(h.vault.path());
        const QByteArray note0 = h.vault.read(QStringLiteral("notes/sqlite.md"));
        const QJsonObject result = h.callTool(QStringLiteral("checkpoint"),
                                              {{QStringLiteral("summary"), QStringLiteral("Half done.")},
                                               {QStringLiteral("next_steps"), QJsonArray{QStringLiteral("finish")}}})
                                       .value(QStringLiteral("result"))
                                       .toObject();
        QCOMPARE(result[QStringLiteral("structuredContent")][QStringLiteral("path")].toString(),
                 QStringLiteral("sessions/2026-05-04/checkpoint-093015.md"));
        const QString note =
            QString::fromUtf8(h.vault.read(QStringLiteral("sessions/2026-05-04/checkpoint-093015.md")));
        QVERIFY(note.contains(QStringLiteral("Half done.")));
        QVERIFY(note.contains(QStringLiteral("- finish")));
        // One new file; the notes are untouched (the dynamics journal under state/ may grow).
        QCOMPARE(vaultFiles(h.vault.path()), QStringList(before)
                                                 << QStringLiteral("sessions/2026-05-04/checkpoint-093015.md"));
        QCOMPARE(h.vault.read(QStringLiteral("notes/sqlite.md")), note0);
        // A second checkpoint in the same second gets its own file.
        const QJsonObject second =
            h.callTool(QStringLiteral("checkpoint"), {{QStringLiteral("summary"), QStringLiteral("two")}});
        QCOMPARE(
            second[QStringLiteral("result")][QStringLiteral("structuredContent")][QStringLiteral("path")].toString(),
            QStringLiteral("sessions/2026-05-04/checkpoint-093015-2.md"));
    }

    void reindex_stopsAtItsTimeBudgetAndCompletesLater()
    {
        Harness h;
        for (int i = 0; i < 4; ++i)
            h.vault.write(QStringLiteral("notes/n%1.md").arg(i), QStringLiteral("Note number %1.\n").arg(i));
        h.tools->setReindexPolicy(0, 0); // no time at all: stop after the first file
        h.initialize();
        h.lines.clear();
        const int first =
            h.callTool(QStringLiteral("stats"),
                       {})[QStringLiteral("result")][QStringLiteral("structuredContent")][QStringLiteral("files")]
                .toInt();
        QCOMPARE(first, 1);
        QVERIFY(h.lines.constFirst().contains("re-indexing stopped"));
        h.tools->setReindexPolicy(0, 5000);
        const int all =
            h.callTool(QStringLiteral("stats"),
                       {})[QStringLiteral("result")][QStringLiteral("structuredContent")][QStringLiteral("files")]
                .toInt();
        QCOMPARE(all, 5);
    }

    void stdio_servesOverPipesAndExitsAtEndOfInput()
    {
        test::TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("A note about pipes.\n"));
        QProcess server;
        server.start(QStringLiteral(ENGRAM_CLI_PATH), {QStringLiteral("mcp"), QStringLiteral("--vault"), vault.path(),
                                                       QStringLiteral("--max-request-kib"), QStringLiteral("1")});
        QVERIFY(server.waitForStarted());
        server.write(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-03-26\"}}\n");
        server.write("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\",\"params\":{\"pad\":\"" + QByteArray(4000, 'x')
                     + "\"}}\n");
        server.write("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"stats\"}}");
        server.closeWriteChannel(); // the last line has no newline: it is still served, then the server exits
        QVERIFY(server.waitForFinished(30000));
        QCOMPARE(server.exitStatus(), QProcess::NormalExit);
        QCOMPARE(server.exitCode(), 0);
        QList<QJsonObject> replies;
        for (const QByteArray &line : server.readAllStandardOutput().split('\n'))
            if (!line.isEmpty() && !line.contains("notifications/message")) // log lines may come in between
                replies << QJsonDocument::fromJson(line).object();
        QCOMPARE(replies.size(), 3);
        QCOMPARE(replies[0][QStringLiteral("result")][QStringLiteral("protocolVersion")].toString(),
                 QStringLiteral("2025-03-26"));
        QCOMPARE(errorCode(replies[1]), int(InvalidRequest));
        QVERIFY(errorMessage(replies[1]).contains(QStringLiteral("1024 bytes")));
        QCOMPARE(replies[2][QStringLiteral("id")].toInt(), 3);
        QCOMPARE(replies[2][QStringLiteral("result")][QStringLiteral("isError")].toBool(), false);
        QVERIFY(server.readAllStandardError().contains("serving"));
    }

    // The vault boundary: the tools that write, move or
    // delete never reach a file outside the vault through a link.

    void forgetTool_refusesPathThroughFolderLinkOutsideVault_data()
    {
        QTest::addColumn<bool>("purge");
        QTest::newRow("archive") << false;
        QTest::newRow("purge") << true;
    }

    void forgetTool_refusesPathThroughFolderLinkOutsideVault()
    {
        QFETCH(bool, purge);
        Harness h;
        test::OutsideLinks outside;
        outside.linkFolder(h.vault, QStringLiteral("linked"));
        h.initialize();
        const QJsonObject result =
            h.callTool(QStringLiteral("forget"),
                       {{QStringLiteral("path"), QStringLiteral("linked/keep.md")}, {QStringLiteral("purge"), purge}})
                .value(QStringLiteral("result"))
                .toObject();
        QVERIFY(result.value(QStringLiteral("isError")).toBool());
        const QString text = QString::fromUtf8(QJsonDocument(result).toJson(QJsonDocument::Compact));
        QVERIFY2(text.contains(QLatin1String("linked/keep.md resolves to ")), qPrintable(text));
        QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
    }

    void forgetTool_purgeDeletesAFileLinkItselfNeverItsTarget()
    {
        Harness h;
        test::OutsideLinks outside;
        outside.linkKeep(h.vault, QStringLiteral("notes/keep-link.md"));
        h.initialize();
        const QJsonObject result =
            h.callTool(QStringLiteral("forget"), {{QStringLiteral("path"), QStringLiteral("notes/keep-link.md")},
                                                  {QStringLiteral("purge"), true}})
                .value(QStringLiteral("result"))
                .toObject();
        QVERIFY2(!result.value(QStringLiteral("isError")).toBool(), QJsonDocument(result).toJson().constData());
        QVERIFY(!QFileInfo(h.vault.filePath(QStringLiteral("notes/keep-link.md"))).isSymLink());
        QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
    }

    void rememberTool_refusesStoreFolderLinkedOutside()
    {
        Harness h;
        test::OutsideLinks outside;
        outside.linkFolder(h.vault, QStringLiteral("memories/semantic"));
        h.initialize();
        const QJsonObject result =
            h.callTool(QStringLiteral("remember"), {{QStringLiteral("content"), QStringLiteral("Herons wait.")}})
                .value(QStringLiteral("result"))
                .toObject();
        QVERIFY(result.value(QStringLiteral("isError")).toBool());
        const QString text = QString::fromUtf8(QJsonDocument(result).toJson(QJsonDocument::Compact));
        QVERIFY2(text.contains(QLatin1String("memories/semantic resolves to ")), qPrintable(text));
        QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
    }

    void checkpointTool_refusesSessionsFolderLinkedOutside()
    {
        Harness h;
        test::OutsideLinks outside;
        outside.linkFolder(h.vault, QStringLiteral("sessions"));
        h.initialize();
        const QJsonObject result =
            h.callTool(QStringLiteral("checkpoint"), {{QStringLiteral("summary"), QStringLiteral("Half done.")}})
                .value(QStringLiteral("result"))
                .toObject();
        QVERIFY(result.value(QStringLiteral("isError")).toBool());
        const QString text = QString::fromUtf8(QJsonDocument(result).toJson(QJsonDocument::Compact));
        QVERIFY2(text.contains(QLatin1String("resolves to ")) && text.contains(QLatin1String("outside the vault")),
                 qPrintable(text));
        QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
    }
};

QTEST_GUILESS_MAIN(TestMcpServer)
#include "tst_mcpserver.moc"
