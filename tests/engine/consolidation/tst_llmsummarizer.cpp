// The optional LLM path of consolidation, against a loopback server that
// speaks the chat formats, and its clean fallback when the server fails.
#include "TestVault.h"
#include "consolidation/Consolidator.h"
#include "consolidation/LlmSummarizer.h"
#include "vault/Engine.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QSemaphore>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QThread>

#include <memory>

using namespace engram;
using test::TestVault;

namespace {

/// A one-thread HTTP server on 127.0.0.1 answering every request the same way:
/// "openai" / "ollama" (a valid chat answer), "500", "garbage" or "hang".
class ChatServer : public QThread {
public:
    explicit ChatServer(QByteArray mode) : m_mode(std::move(mode))
    {
        start();
        m_ready.acquire();
    }
    ~ChatServer() override
    {
        quit();
        wait();
    }
    quint16 port() const { return m_port; }
    QList<QPair<QByteArray, QJsonObject>> requests() const
    {
        QMutexLocker lock(&m_mutex);
        return m_requests;
    }

protected:
    void run() override
    {
        QTcpServer server;
        server.listen(QHostAddress::LocalHost, 0);
        m_port = server.serverPort();
        QObject::connect(&server, &QTcpServer::newConnection, &server, [this, &server] {
            while (QTcpSocket *socket = server.nextPendingConnection()) {
                auto buffer = std::make_shared<QByteArray>();
                QObject::connect(socket, &QTcpSocket::readyRead, socket, [this, socket, buffer] {
                    *buffer += socket->readAll();
                    const qsizetype headerEnd = buffer->indexOf("\r\n\r\n");
                    if (headerEnd < 0)
                        return;
                    qsizetype length = 0;
                    for (const QByteArray &line : buffer->left(headerEnd).split('\n'))
                        if (line.toLower().startsWith("content-length:"))
                            length = line.mid(15).trimmed().toLongLong();
                    if (buffer->size() < headerEnd + 4 + length)
                        return;
                    const QByteArray path = buffer->left(buffer->indexOf('\n')).split(' ').value(1);
                    {
                        QMutexLocker lock(&m_mutex);
                        m_requests << qMakePair(path,
                                                QJsonDocument::fromJson(buffer->mid(headerEnd + 4, length)).object());
                    }
                    buffer->clear();
                    if (m_mode == "hang")
                        return; // never answer: the client must time out
                    reply(socket);
                });
            }
        });
        m_ready.release();
        exec();
    }

private:
    void reply(QTcpSocket *socket)
    {
        QByteArray status = "200 OK";
        QByteArray body;
        const QString lines = QStringLiteral(
            "- Ada and Bo chose SQLite with FTS5 for the index.\n- Lesson: report the line of a YAML error.");
        if (m_mode == "openai") {
            body = QJsonDocument(QJsonObject{{QStringLiteral("choices"),
                                              QJsonArray{QJsonObject{
                                                  {QStringLiteral("message"),
                                                   QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                                               {QStringLiteral("content"), lines}}}}}}})
                       .toJson(QJsonDocument::Compact);
        } else if (m_mode == "ollama") {
            body = QJsonDocument(QJsonObject{{QStringLiteral("message"),
                                              QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                                          {QStringLiteral("content"), lines}}},
                                             {QStringLiteral("done"), true}})
                       .toJson(QJsonDocument::Compact);
        } else if (m_mode == "500") {
            status = "500 Internal Server Error";
            body = R"({"error":"model crashed"})";
        } else {
            body = "<html>this is not the chat format</html>";
        }
        socket->write("HTTP/1.1 " + status + "\r\nContent-Type: application/json\r\nContent-Length: "
                      + QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
        socket->disconnectFromHost();
    }

    QByteArray m_mode;
    quint16 m_port = 0;
    QSemaphore m_ready;
    mutable QMutex m_mutex;
    QList<QPair<QByteArray, QJsonObject>> m_requests;
};

void writeVault(TestVault &vault, const QString &kind, quint16 port)
{
    vault.write(QStringLiteral("engram.json"),
                QStringLiteral("{\"llm\": {\"kind\": \"%1\", \"url\": \"http://127.0.0.1:%2\", \"model\": \"tiny\", "
                               "\"timeoutMs\": 400}}")
                    .arg(kind)
                    .arg(port));
    vault.write(QStringLiteral("sessions/2026-01-05/alpha.md"),
                QStringLiteral("---\nkind: transcript\ndate: 2026-01-05T10:00:00\n---\n\n# Alpha\n\n"
                               "**Ada**: We decided to store the index in SQLite with FTS5.\n\n"
                               "**Bo**: The parser chokes on tabs in YAML front matter; lesson: report the line.\n\n"
                               "**Ada**: The garden tomatoes need watering twice a day in the heatwave.\n"));
}

Result<ConsolidationReport> consolidate(TestVault &vault)
{
    auto engine = Engine::open(vault.path());
    if (!engine)
        return engine.error();
    ConsolidationOptions options;
    options.now = QDateTime(QDate(2026, 2, 1), QTime(3, 0), Qt::UTC);
    return Consolidator(**engine).run(options);
}

} // namespace

class TestLlmSummarizer : public QObject {
    Q_OBJECT
private slots:
    void llm_openAiAnswerBecomesAnAbstractiveDigestWithLineage()
    {
        ChatServer server("openai");
        TestVault vault;
        writeVault(vault, QStringLiteral("openai"), server.port());
        auto report = consolidate(vault);
        QVERIFY2(report.ok(), qPrintable(report.ok() ? QString() : report.error().toString()));
        QCOMPARE(report->digests.size(), 4); // session, daily, weekly, fact
        for (const DigestAction &d : report->digests) {
            QCOMPARE(d.method, QStringLiteral("llm:openai:tiny"));
            QVERIFY(d.fallbackReason.isEmpty());
        }
        const auto requests = server.requests();
        QCOMPARE(requests.size(), 4);
        QCOMPARE(requests.first().first, QByteArray("/v1/chat/completions"));
        QCOMPARE(requests.first().second.value(QStringLiteral("model")).toString(), QStringLiteral("tiny"));
        QVERIFY(requests.first().second.value(QStringLiteral("messages")).toArray().size() == 2);

        auto session = DigestFile::parse(
            QString::fromUtf8(vault.read(QStringLiteral("consolidated/session/2026-01-05/alpha.md"))));
        QVERIFY(session.ok());
        QCOMPARE(session->items.size(), 2);
        QCOMPARE(session->items.first().text, QStringLiteral("Ada and Bo chose SQLite with FTS5 for the index."));
        auto engine = Engine::open(vault.path());
        auto root = Consolidator(**engine).lineage(QStringLiteral("consolidated/fact/2026-W02.md"));
        QVERIFY(root.ok());
        const QList<LineageNode> raw = Consolidator::leaves(*root);
        QVERIFY(!raw.isEmpty());
        for (const LineageNode &leaf : raw)
            QVERIFY(leaf.exists && leaf.range.path == QLatin1String("sessions/2026-01-05/alpha.md"));
    }

    void llm_ollamaChatFormatIsUnderstood()
    {
        ChatServer server("ollama");
        TestVault vault;
        writeVault(vault, QStringLiteral("ollama"), server.port());
        auto report = consolidate(vault);
        QVERIFY(report.ok());
        QCOMPARE(report->digests.first().method, QStringLiteral("llm:ollama:tiny"));
        QCOMPARE(server.requests().first().first, QByteArray("/api/chat"));
        QCOMPARE(server.requests().first().second.value(QStringLiteral("stream")).toBool(true), false);
    }

    void llm_failureFallsBackToExtractiveWithTheReason_data()
    {
        QTest::addColumn<QByteArray>("mode");
        QTest::addColumn<QString>("reasonFragment");
        QTest::newRow("500") << QByteArray("500") << QStringLiteral("500");
        QTest::newRow("garbage") << QByteArray("garbage") << QStringLiteral("llm failed");
        QTest::newRow("hang") << QByteArray("hang") << QStringLiteral("llm failed");
    }

    void llm_failureFallsBackToExtractiveWithTheReason()
    {
        QFETCH(QByteArray, mode);
        QFETCH(QString, reasonFragment);
        ChatServer server(mode);
        TestVault vault;
        writeVault(vault, QStringLiteral("openai"), server.port());
        QElapsedTimer timer;
        timer.start();
        auto report = consolidate(vault);
        QVERIFY2(report.ok(), qPrintable(report.ok() ? QString() : report.error().toString()));
        QVERIFY(timer.elapsed() < 20000); // 4 digests × 400 ms timeout, with room to spare
        QCOMPARE(report->digests.size(), 4);
        for (const DigestAction &d : report->digests) {
            QVERIFY(d.method.startsWith(QLatin1String("extractive")));
            QVERIFY2(d.fallbackReason.contains(reasonFragment), qPrintable(d.fallbackReason));
        }
        // The reason is in the digest's front matter, and the extractive digest is complete.
        auto session = DigestFile::parse(
            QString::fromUtf8(vault.read(QStringLiteral("consolidated/session/2026-01-05/alpha.md"))));
        QVERIFY(session.ok());
        QVERIFY(session->fallbackReason.startsWith(QLatin1String("llm failed:")));
        QVERIFY(!session->items.isEmpty());
        QVERIFY(session->items.first().text.contains(QLatin1String("We decided to store the index in SQLite")));
        QVERIFY(server.requests().size() >= 1);
        // A second run changes nothing (the sources did not change; the server is not asked again).
        const QByteArray before = vault.fingerprint();
        const auto asked = server.requests().size();
        auto again = consolidate(vault);
        QVERIFY(again.ok() && again->digests.isEmpty());
        QCOMPARE(vault.fingerprint(), before);
        QCOMPARE(server.requests().size(), asked);
    }

    void llm_unconfiguredEndpointIsAnError()
    {
        auto lines = LlmSummarizer(Endpoint{})
                         .summarize(QStringLiteral("session"), QStringLiteral("x"), {QStringLiteral("a")}, 100);
        QVERIFY(!lines.ok());
        QVERIFY(lines.error().message.contains(QLatin1String("engram.json")));
    }
};

QTEST_GUILESS_MAIN(TestLlmSummarizer)
#include "tst_llmsummarizer.moc"
