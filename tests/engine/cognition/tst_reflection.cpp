#include "ChatLoopbackServer.h"
#include "TestVault.h"
#include "cognition/CognitiveState.h"
#include "cognition/Reflection.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace engram;
using test::ChatLoopbackServer;
using test::TestVault;

namespace {

const QDateTime kNow(QDate(2026, 11, 29), QTime(20, 0), Qt::UTC);

const QByteArray kModelJson =
    R"({"insights":["Tests written first catch parser bugs early"],"patterns":["Builds fail after merges"],)"
    R"("questions":["Should the hook run reflection automatically?"]})";

QByteArray openAiAnswer(const QByteArray &content)
{
    const QJsonObject answer{
        {QStringLiteral("id"), QStringLiteral("chatcmpl-1")},
        {QStringLiteral("object"), QStringLiteral("chat.completion")},
        {QStringLiteral("choices"),
         QJsonArray{QJsonObject{
             {QStringLiteral("index"), 0},
             {QStringLiteral("finish_reason"), QStringLiteral("stop")},
             {QStringLiteral("message"), QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                                     {QStringLiteral("content"), QString::fromUtf8(content)}}}}}}};
    return QJsonDocument(answer).toJson(QJsonDocument::Compact);
}

QByteArray ollamaAnswer(const QByteArray &content)
{
    const QJsonObject answer{
        {QStringLiteral("model"), QStringLiteral("llama3.2")},
        {QStringLiteral("done"), true},
        {QStringLiteral("message"), QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                                {QStringLiteral("content"), QString::fromUtf8(content)}}}};
    return QJsonDocument(answer).toJson(QJsonDocument::Compact);
}

Endpoint endpoint(const ChatLoopbackServer &server, const QString &kind, int timeoutMs = 3000)
{
    Endpoint e;
    e.kind = kind;
    e.url = server.url();
    e.model = QStringLiteral("test-model");
    e.timeoutMs = timeoutMs;
    return e;
}

void seed(TestVault &vault, int interactions = 12)
{
    CognitiveState s;
    s.focus.current = QStringLiteral("ship the cognitive layer");
    s.heuristics << Heuristic{QStringLiteral("write the test first"), QStringLiteral("person"), 3, kNow};
    s.learnings << Learning{QStringLiteral("merges break the build"), QStringLiteral("mistake"), {}, kNow};
    s.engagement.totalInteractions = interactions;
    CognitiveStore store(vault.path());
    QVERIFY(store.load().ok());
    QVERIFY(store.save(s).ok());
}

} // namespace

class TestReflection : public QObject {
    Q_OBJECT
private slots:
    void reflect_openAiProtocolStoresProposalsWithoutTouchingState()
    {
        TestVault vault;
        seed(vault);
        ChatLoopbackServer server;
        QVERIFY(server.start());
        server.setReply("/v1/chat/completions", {200, openAiAnswer(kModelJson), 0, false, false});
        const QByteArray stateBefore = vault.read(QStringLiteral("state/cognitive.json"));

        auto record = Reflection(vault.path(), endpoint(server, QStringLiteral("openai"))).reflect(kNow);
        QVERIFY2(record.ok(), qPrintable(record.ok() ? QString() : record.error().toString()));
        QCOMPARE(record->proposals.size(), 3);
        QCOMPARE(record->proposals[0].category, QStringLiteral("insight"));
        QCOMPARE(record->proposals[1].category, QStringLiteral("pattern"));
        QCOMPARE(record->proposals[2].text,
                 QStringLiteral("Open question: Should the hook run reflection automatically?"));
        QCOMPARE(vault.read(QStringLiteral("state/cognitive.json")), stateBefore);

        // The request is the real chat-completions shape with streaming off.
        const auto requests = server.requests();
        QCOMPARE(requests.size(), 1);
        QCOMPARE(requests[0].method, QByteArray("POST"));
        const QJsonObject body = QJsonDocument::fromJson(requests[0].body).object();
        QCOMPARE(body.value(QStringLiteral("model")).toString(), QStringLiteral("test-model"));
        QCOMPARE(body.value(QStringLiteral("stream")).toBool(true), false);
        const QJsonArray messages = body.value(QStringLiteral("messages")).toArray();
        QCOMPARE(messages.size(), 2);
        QCOMPARE(messages[0].toObject().value(QStringLiteral("role")).toString(), QStringLiteral("system"));
        QVERIFY(messages[1]
                    .toObject()
                    .value(QStringLiteral("content"))
                    .toString()
                    .contains(QStringLiteral("write the test first")));

        auto stored = Reflection(vault.path(), {}).load();
        QCOMPARE(stored->size(), 1);
        QCOMPARE(stored->first().status, QStringLiteral("proposed"));
        QCOMPARE(stored->first().interactionsAt, 12);
    }

    void reflect_ollamaProtocolWithChunkedAnswerAndFencedJson()
    {
        TestVault vault;
        seed(vault);
        ChatLoopbackServer server;
        QVERIFY(server.start());
        server.setReply("/api/chat",
                        {200, ollamaAnswer("Here you go:\n```json\n" + kModelJson + "\n```"), 0, false, true});
        auto record = Reflection(vault.path(), endpoint(server, QStringLiteral("ollama"))).reflect(kNow);
        QVERIFY2(record.ok(), qPrintable(record.ok() ? QString() : record.error().toString()));
        QCOMPARE(record->proposals.size(), 3);
        const QJsonObject body = QJsonDocument::fromJson(server.requests().first().body).object();
        QCOMPARE(body.value(QStringLiteral("stream")).toBool(true), false);
        QCOMPARE(body.value(QStringLiteral("format")).toString(), QStringLiteral("json"));
    }

    void parseProposals_readsMarkdownBullets()
    {
        auto p = Reflection::parseProposals(
            QStringLiteral("## Insights\n- one\n- two\n\n**Patterns**\n1. three\n### Questions\n* four?\n"));
        QVERIFY(p.ok());
        QCOMPARE(p->size(), 4);
        QCOMPARE(p->at(2).category, QStringLiteral("pattern"));
        QCOMPARE(p->at(3).text, QStringLiteral("Open question: four?"));
    }

    void unconfigured_saysReflectionIsUnavailable()
    {
        TestVault vault;
        seed(vault);
        auto record = Reflection(vault.path(), Endpoint{}).reflect(kNow);
        QVERIFY(!record.ok());
        QVERIFY(record.error().message.startsWith(
            QStringLiteral("reflection is unavailable: no llm endpoint in engram.json")));
    }

    void failures_areClearErrorsAndChangeNothing_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("delayMs");
        QTest::addColumn<bool>("close");
        QTest::addColumn<QString>("expected");
        QTest::newRow("server error") << 500 << QByteArray(R"({"error":{"message":"model not loaded"}})") << 0 << false
                                      << QStringLiteral("HTTP 500: model not loaded");
        QTest::newRow("malformed json") << 200 << QByteArray("<html>oops</html>") << 0 << false
                                        << QStringLiteral("not a JSON object");
        QTest::newRow("no choices") << 200 << QByteArray(R"({"object":"chat.completion","choices":[]})") << 0 << false
                                    << QStringLiteral("no choices[0].message.content");
        QTest::newRow("prose answer") << 200 << openAiAnswer("I think things are going fine overall.") << 0 << false
                                      << QStringLiteral("holds no insights");
        QTest::newRow("slow answer") << 200 << openAiAnswer(kModelJson) << 1500 << false
                                     << QStringLiteral("did not answer within 400 ms");
        QTest::newRow("hang up") << 200 << QByteArray() << 0 << true << QStringLiteral("closed the connection");
    }
    void failures_areClearErrorsAndChangeNothing()
    {
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        QFETCH(int, delayMs);
        QFETCH(bool, close);
        QFETCH(QString, expected);
        TestVault vault;
        seed(vault);
        const QByteArray before = vault.fingerprint();
        ChatLoopbackServer server;
        QVERIFY(server.start());
        server.setReply("/v1/chat/completions", {status, body, delayMs, close, false});
        auto record = Reflection(vault.path(), endpoint(server, QStringLiteral("openai"), 400)).reflect(kNow);
        QVERIFY(!record.ok());
        QVERIFY2(record.error().message.contains(expected), qPrintable(record.error().message));
        QVERIFY(record.error().message.startsWith(QStringLiteral("reflection failed, nothing was changed")));
        QCOMPARE(vault.fingerprint(), before);
    }

    void refusedConnection_isAClearError()
    {
        TestVault vault;
        seed(vault);
        quint16 port = 0;
        {
            ChatLoopbackServer server; // take a free port, then close it
            QVERIFY(server.start());
            port = server.port();
        }
        Endpoint e;
        e.kind = QStringLiteral("openai");
        e.url = QStringLiteral("http://127.0.0.1:%1").arg(port);
        e.timeoutMs = 2000;
        auto record = Reflection(vault.path(), e).reflect(kNow);
        QVERIFY(!record.ok());
        QVERIFY2(record.error().message.contains(QStringLiteral("cannot reach")), qPrintable(record.error().message));
    }

    void due_needsTenInteractionsAndFourHours()
    {
        TestVault vault;
        seed(vault, 9);
        Reflection reflection(vault.path(), {});
        QVERIFY(!reflection.due(kNow)->due); // 9 interactions, never reflected
        seed(vault, 10);
        QVERIFY(reflection.due(kNow)->due);

        // After a reflection at 10 interactions: 10 more and 4 hours are needed.
        ReflectionRecord r;
        r.id = QStringLiteral("r-1");
        r.time = kNow;
        r.interactionsAt = 10;
        vault.write(QStringLiteral("state/reflections.jsonl"),
                    QJsonDocument(r.toJson()).toJson(QJsonDocument::Compact) + '\n');
        seed(vault, 25);
        QVERIFY(!reflection.due(kNow.addSecs(3 * 3600))->due); // enough turns, too soon
        QVERIFY(reflection.due(kNow.addSecs(5 * 3600))->due);
        seed(vault, 15);
        QVERIFY(!reflection.due(kNow.addSecs(5 * 3600))->due); // enough time, too few turns
    }

    void accept_appliesChosenProposalsOnce()
    {
        TestVault vault;
        seed(vault);
        ChatLoopbackServer server;
        QVERIFY(server.start());
        server.setReply("/v1/chat/completions", {200, openAiAnswer(kModelJson), 0, false, false});
        Reflection reflection(vault.path(), endpoint(server, QStringLiteral("openai")));
        auto record = reflection.reflect(kNow);
        QVERIFY(record.ok());
        QVERIFY(!reflection.accept(record->id, {7}, kNow).ok());
        QVERIFY(reflection.accept(record->id, {1}, kNow).ok());
        auto state = CognitiveStore(vault.path()).load();
        QCOMPARE(state->learnings.size(), 2);
        QCOMPARE(state->learnings.last().text, QStringLiteral("Builds fail after merges"));
        QVERIFY(state->learnings.last().context.contains(record->id));
        QCOMPARE(reflection.load()->first().status, QStringLiteral("applied"));
        QVERIFY(!reflection.accept(record->id, {}, kNow).ok()); // already applied
    }

    void records_boundedToNewest20()
    {
        TestVault vault;
        seed(vault);
        ChatLoopbackServer server;
        QVERIFY(server.start());
        server.setReply("/v1/chat/completions", {200, openAiAnswer(kModelJson), 0, false, false});
        Reflection reflection(vault.path(), endpoint(server, QStringLiteral("openai")));
        for (int i = 0; i < 23; ++i)
            QVERIFY(reflection.reflect(kNow.addSecs(i)).ok());
        auto records = reflection.load();
        QCOMPARE(records->size(), 20);
        QCOMPARE(records->first().time, kNow.addSecs(3));
    }

    void load_malformedLineIsAnError()
    {
        TestVault vault;
        vault.write(QStringLiteral("state/reflections.jsonl"), QByteArray("{\"id\":\"r-1\"}\n{oops\n"));
        auto records = Reflection(vault.path(), {}).load();
        QVERIFY(!records.ok());
        QCOMPARE(records.error().line, 2);
    }
};

QTEST_GUILESS_MAIN(TestReflection)
#include "tst_reflection.moc"
