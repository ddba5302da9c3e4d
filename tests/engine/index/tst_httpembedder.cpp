#include "LoopbackHttpServer.h"
#include "TestVault.h"
#include "core/Config.h"
#include "index/Embedder.h"
#include "index/HttpEmbedder.h"
#include "index/VectorIndex.h"
#include "vault/EngineInternals.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace engram;
using test::LoopbackHttpServer;
using Reply = LoopbackHttpServer::Reply;

namespace {

/// A 4-dimensional vector whose largest component is `axis` (before normalisation).
QJsonArray axisVector(int axis, int dimensions = 4)
{
    QJsonArray v;
    for (int i = 0; i < dimensions; ++i)
        v.append(i == axis ? 1.0 : 0.1);
    return v;
}

int largestComponent(const Vector &v)
{
    return int(std::max_element(v.begin(), v.end()) - v.begin());
}

Endpoint endpoint(const LoopbackHttpServer &server, const QString &kind, int timeoutMs = 5000)
{
    Endpoint e;
    e.kind = kind;
    e.url = server.url();
    e.model = QStringLiteral("test-embed");
    e.timeoutMs = timeoutMs;
    return e;
}

/// An OpenAI /v1/embeddings answer, rows listed in reverse so only `index` gives the order.
Reply openAiReversed(const LoopbackHttpServer::Request &request, int dimensions = 4)
{
    const QJsonArray input = request.json().value(QStringLiteral("input")).toArray();
    QJsonArray data;
    for (qsizetype i = input.size() - 1; i >= 0; --i)
        data.append(QJsonObject{{QStringLiteral("object"), QStringLiteral("embedding")},
                                {QStringLiteral("index"), int(i)},
                                {QStringLiteral("embedding"), axisVector(int(i % dimensions), dimensions)}});
    return Reply::json({{QStringLiteral("object"), QStringLiteral("list")},
                        {QStringLiteral("data"), data},
                        {QStringLiteral("model"), request.json().value(QStringLiteral("model"))},
                        {QStringLiteral("usage"), QJsonObject{{QStringLiteral("prompt_tokens"), 3}}}});
}

/// An Ollama /api/embed answer.
Reply ollamaEmbed(const LoopbackHttpServer::Request &request)
{
    const QJsonArray input = request.json().value(QStringLiteral("input")).toArray();
    QJsonArray embeddings;
    for (qsizetype i = 0; i < input.size(); ++i)
        embeddings.append(axisVector(int(i % 4)));
    return Reply::json({{QStringLiteral("model"), request.json().value(QStringLiteral("model"))},
                        {QStringLiteral("embeddings"), embeddings}});
}

QByteArray jsonBytes(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

/// engram.json with an HTTP embedder.
QByteArray embedderConfig(const QString &kind, const QString &url, const QString &model, int dimensions)
{
    return jsonBytes({{QStringLiteral("embedder"), QJsonObject{{QStringLiteral("kind"), kind},
                                                               {QStringLiteral("url"), url},
                                                               {QStringLiteral("model"), model},
                                                               {QStringLiteral("dimensions"), dimensions},
                                                               {QStringLiteral("timeoutMs"), 5000}}}});
}

/// Empty when `vectors` holds `count` vectors whose largest components are 0, 1, 2 … (the input order).
QString axisOrderProblem(const Result<QList<Vector>> &vectors, int count)
{
    if (!vectors)
        return vectors.error().toString();
    if (vectors->size() != count)
        return QStringLiteral("%1 vectors for %2 texts").arg(vectors->size()).arg(count);
    for (int i = 0; i < count; ++i)
        if (largestComponent(vectors->at(i)) != i)
            return QStringLiteral("vector %1 belongs to text %2").arg(i).arg(largestComponent(vectors->at(i)));
    return {};
}

const QStringList kTexts{QStringLiteral("zero"), QStringLiteral("one"), QStringLiteral("two"), QStringLiteral("three")};

} // namespace

class TestHttpEmbedder : public QObject {
    Q_OBJECT
private:
    std::unique_ptr<LoopbackHttpServer> m_server; ///< a fresh server for every test function

    Result<QList<Vector>> embed(const QString &kind, const QStringList &texts, int timeoutMs = 5000)
    {
        return HttpEmbedder(endpoint(*m_server, kind, timeoutMs), 4).embed(texts);
    }

private slots:
    void init()
    {
        m_server = std::make_unique<LoopbackHttpServer>();
        QVERIFY(m_server->start());
    }

    void cleanup() { m_server.reset(); }

    void openAi_vectorsArriveInInputOrder()
    {
        m_server->setHandler("/v1/embeddings", [](const auto &request) { return openAiReversed(request); });
        auto vectors = embed(QStringLiteral("openai"), kTexts);
        const QString problem = axisOrderProblem(vectors, 4);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        for (const Vector &v : *vectors)
            QVERIFY(qAbs(dot(v, v) - 1.0f) < 1e-5f); // normalised
        const auto request = m_server->requests().front();
        QCOMPARE(request.method, QByteArray("POST"));
        QCOMPARE(request.path, QByteArray("/v1/embeddings"));
        QCOMPARE(request.headers.value("content-type"), QByteArray("application/json"));
        QCOMPARE(request.json().value(QStringLiteral("model")).toString(), QStringLiteral("test-embed"));
        QCOMPARE(request.json().value(QStringLiteral("input")).toArray().size(), 4);
        QVERIFY(!request.headers.contains("authorization"));
    }

    void openAi_baseUrlEndingInV1IsNotDoubled()
    {
        m_server->setHandler("/v1/embeddings", [](const auto &request) { return openAiReversed(request); });
        Endpoint e = endpoint(*m_server, QStringLiteral("openai"));
        e.url += QStringLiteral("/v1/");
        QVERIFY(HttpEmbedder(e, 4).embed(kTexts).ok());
        QCOMPARE(m_server->requests().front().path, QByteArray("/v1/embeddings"));
    }

    void openAi_rowsWithoutIndexKeepTheirPosition()
    {
        QJsonArray data;
        for (int i = 0; i < 3; ++i)
            data.append(QJsonObject{{QStringLiteral("embedding"), axisVector(i)}});
        m_server->setReply("/v1/embeddings", Reply::json({{QStringLiteral("data"), data}}));
        auto vectors = embed(QStringLiteral("openai"), kTexts.mid(0, 3));
        const QString problem = axisOrderProblem(vectors, 3);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    void openAi_repeatedIndexIsAnError()
    {
        const QJsonObject row{{QStringLiteral("index"), 0}, {QStringLiteral("embedding"), axisVector(0)}};
        m_server->setReply("/v1/embeddings", Reply::json({{QStringLiteral("data"), QJsonArray{row, row}}}));
        auto vectors = embed(QStringLiteral("openai"), kTexts.mid(0, 2));
        QVERIFY(!vectors.ok());
        QVERIFY2(vectors.error().message.contains(QStringLiteral("index")), qPrintable(vectors.error().message));
    }

    void ollama_embedsThroughApiEmbed()
    {
        m_server->setHandler("/api/embed", ollamaEmbed);
        auto vectors = embed(QStringLiteral("ollama"), kTexts);
        const QString problem = axisOrderProblem(vectors, 4);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QCOMPARE(m_server->requests().front().path, QByteArray("/api/embed"));
        QCOMPARE(m_server->requests().front().json().value(QStringLiteral("input")).toArray().at(2).toString(),
                 QStringLiteral("two"));
    }

    void dimensionMismatch_isAnErrorNamingBothSizes()
    {
        m_server->setHandler("/v1/embeddings", [](const auto &request) { return openAiReversed(request, 3); });
        auto vectors = embed(QStringLiteral("openai"), kTexts);
        QVERIFY(!vectors.ok());
        QVERIFY2(vectors.error().message.contains(QStringLiteral("3-dimensional"))
                     && vectors.error().message.contains(QStringLiteral("= 4")),
                 qPrintable(vectors.error().message));
    }

    void serverError_quotesTheServersMessage_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QByteArray>("path");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("expected");
        QTest::newRow("openai") << QStringLiteral("openai") << QByteArray("/v1/embeddings")
                                << jsonBytes({{QStringLiteral("error"),
                                               QJsonObject{{QStringLiteral("message"),
                                                            QStringLiteral("The model is overloaded")},
                                                           {QStringLiteral("type"), QStringLiteral("server_error")}}}})
                                << QStringLiteral("The model is overloaded");
        QTest::newRow("ollama") << QStringLiteral("ollama") << QByteArray("/api/embed")
                                << jsonBytes({{QStringLiteral("error"),
                                               QStringLiteral("model \"test-embed\" not found, try pulling it first")}})
                                << QStringLiteral("model \"test-embed\" not found, try pulling it first");
        QTest::newRow("not json") << QStringLiteral("openai") << QByteArray("/v1/embeddings")
                                  << QByteArray("<html>upstream crashed</html>") << QStringLiteral("upstream crashed");
    }

    void serverError_quotesTheServersMessage()
    {
        QFETCH(QString, kind);
        QFETCH(QByteArray, path);
        QFETCH(QByteArray, body);
        QFETCH(QString, expected);
        Reply reply;
        reply.status = 500;
        reply.body = body;
        m_server->setReply(path, reply);
        auto vectors = embed(kind, kTexts);
        QVERIFY(!vectors.ok());
        QVERIFY2(vectors.error().message.contains(QStringLiteral("500")), qPrintable(vectors.error().message));
        QVERIFY2(vectors.error().message.contains(expected), qPrintable(vectors.error().message));
    }

    void connectionRefused_isAClearError()
    {
        Endpoint e;
        e.kind = QStringLiteral("openai");
        e.url = QStringLiteral("http://127.0.0.1:%1").arg(test::unusedLoopbackPort());
        e.model = QStringLiteral("m");
        e.timeoutMs = 5000;
        QElapsedTimer timer;
        timer.start();
        auto vectors = HttpEmbedder(e, 4).embed(kTexts);
        QVERIFY(!vectors.ok());
        QVERIFY(timer.elapsed() < 4000);
        QVERIFY2(vectors.error().message.contains(QStringLiteral("cannot reach"))
                     && vectors.error().message.contains(e.url),
                 qPrintable(vectors.error().message));
        QVERIFY2(vectors.error().message.contains(QStringLiteral("refused"), Qt::CaseInsensitive),
                 qPrintable(vectors.error().message));
    }

    void slowServer_timesOutWithinTheTimeout()
    {
        m_server->setHandler("/v1/embeddings", [](const auto &request) {
            Reply reply = openAiReversed(request);
            reply.delayMs = 5000;
            return reply;
        });
        QElapsedTimer timer;
        timer.start();
        auto vectors = embed(QStringLiteral("openai"), kTexts, 400);
        const qint64 elapsed = timer.elapsed();
        QVERIFY(!vectors.ok());
        QVERIFY2(elapsed >= 350 && elapsed < 2000, qPrintable(QString::number(elapsed)));
        QVERIFY2(vectors.error().message.contains(QStringLiteral("within 400 ms")),
                 qPrintable(vectors.error().message));
    }

    void slowBody_timesOutWithinTheTimeout()
    {
        m_server->setHandler("/v1/embeddings", [](const auto &request) {
            Reply reply = openAiReversed(request);
            reply.chunked = true;
            reply.chunkSize = 8;
            reply.chunkDelayMs = 200; // the whole body would take seconds
            return reply;
        });
        QElapsedTimer timer;
        timer.start();
        auto vectors = embed(QStringLiteral("openai"), kTexts, 500);
        QVERIFY(!vectors.ok());
        QVERIFY(timer.elapsed() < 2000);
        QVERIFY2(vectors.error().message.contains(QStringLiteral("500 ms")), qPrintable(vectors.error().message));
    }

    void chunkedResponse_isDecoded()
    {
        m_server->setHandler("/v1/embeddings", [](const auto &request) {
            Reply reply = openAiReversed(request);
            reply.chunked = true;
            reply.chunkSize = 7;
            reply.chunkDelayMs = 5;
            return reply;
        });
        auto vectors = embed(QStringLiteral("openai"), kTexts);
        const QString problem = axisOrderProblem(vectors, 4);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    void apiKeyEnv_sendsABearerToken()
    {
        m_server->setHandler("/v1/embeddings", [](const auto &request) { return openAiReversed(request); });
        qputenv("ENGRAM_TEST_EMBED_KEY", "sk-loopback-123");
        Endpoint e = endpoint(*m_server, QStringLiteral("openai"));
        e.apiKeyEnv = QStringLiteral("ENGRAM_TEST_EMBED_KEY");
        QVERIFY(HttpEmbedder(e, 4).embed(kTexts).ok());
        QCOMPARE(m_server->requests().last().headers.value("authorization"), QByteArray("Bearer sk-loopback-123"));
        qunsetenv("ENGRAM_TEST_EMBED_KEY");
        QVERIFY(HttpEmbedder(e, 4).embed(kTexts).ok());
        QVERIFY(!m_server->requests().last().headers.contains("authorization"));
    }

    void engine_indexesAVaultThroughTheHttpEmbedder()
    {
        // The server embeds with the local hashing embedder, so similar texts land close.
        m_server->setHandler("/api/embed", [](const LoopbackHttpServer::Request &request) {
            HashEmbedder local(64);
            QJsonArray embeddings;
            for (const QJsonValue &text : request.json().value(QStringLiteral("input")).toArray()) {
                QJsonArray row;
                for (float x : local.embedOne(text.toString()))
                    row.append(double(x));
                embeddings.append(row);
            }
            return Reply::json({{QStringLiteral("embeddings"), embeddings}});
        });
        test::TestVault vault;
        vault.write(QStringLiteral("engram.json"),
                    embedderConfig(QStringLiteral("ollama"), m_server->url(), QStringLiteral("nomic-embed-text"), 64));
        vault.write(QStringLiteral("notes/boat.md"), QStringLiteral("# Boat\n\nThe sailboat needs new ropes.\n"));
        vault.write(QStringLiteral("notes/bread.md"), QStringLiteral("# Bread\n\nSourdough wants a warm kitchen.\n"));
        auto engine = Engine::open(vault.path());
        QVERIFY2(engine.ok(), qPrintable(engine.ok() ? QString() : engine.error().toString()));
        QCOMPARE(internals(**engine).embedder().id(), QStringLiteral("ollama:nomic-embed-text@64"));
        const IndexReport report = (*engine)->index();
        QCOMPARE(report.indexed, 2);
        QCOMPARE(report.failed, 0);
        QCOMPARE(internals(**engine).vectors().size(), internals(**engine).store().chunkCount());
        QVERIFY(m_server->requestCount() >= 2);
        QCOMPARE(internals(**engine).store().meta(QStringLiteral("embedder")),
                 QStringLiteral("ollama:nomic-embed-text@64"));

        RecallQuery query;
        query.text = QStringLiteral("sailboat ropes");
        query.reinforce = false;
        // The first recall also embeds the relevance gauge's probe sentences, once per process and
        // embedder (the model's cosine of unrelated text); after that a recall costs one request.
        QVERIFY((*engine)->recall(query).ok());
        const int before = m_server->requestCount();
        auto results = (*engine)->recall(query);
        QVERIFY(results.ok() && !results->isEmpty());
        QCOMPARE(results->front().chunk.path, QStringLiteral("notes/boat.md"));
        QVERIFY(results->front().vectorRank == 1);
        QCOMPARE(m_server->requestCount(), before + 1); // the query was embedded by the server too
    }

    void engine_unreachableEmbedderFailsFilesWithAProblem()
    {
        test::TestVault vault;
        vault.write(QStringLiteral("engram.json"),
                    embedderConfig(QStringLiteral("openai"),
                                   QStringLiteral("http://127.0.0.1:%1").arg(test::unusedLoopbackPort()),
                                   QStringLiteral("m"), 8));
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("Some text.\n"));
        const QByteArray fingerprint = vault.fingerprint();
        auto engine = Engine::open(vault.path());
        QVERIFY(engine.ok());
        const IndexReport report = (*engine)->index();
        QCOMPARE(report.failed, 1);
        const QList<Problem> problems = internals(**engine).store().problems();
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems.front().message.contains(QStringLiteral("cannot reach")),
                 qPrintable(problems.front().message));
        QCOMPARE(vault.fingerprint(), fingerprint);
    }
};

QTEST_GUILESS_MAIN(TestHttpEmbedder)
#include "tst_httpembedder.moc"
