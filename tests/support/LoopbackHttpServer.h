#pragma once

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QMutex>
#include <QPair>
#include <QString>
#include <QThread>

#include <functional>

class QObject;
class QTcpSocket;

namespace engram::test {

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests of model endpoints
/// (embeddings, chat). It runs on its own thread, so the engine's blocking
/// HttpClient can talk to it from the test thread. Register a handler per
/// path; every request is recorded for the test to inspect.
class LoopbackHttpServer {
public:
    struct Request {
        QByteArray method;
        QByteArray path;                       ///< with the query string, if any
        QHash<QByteArray, QByteArray> headers; ///< names in lower case
        QByteArray body;

        QJsonObject json() const; ///< the body as a JSON object (empty if it is not one)
    };

    struct Reply {
        int status = 200;
        QByteArray body;
        QByteArray contentType = "application/json";
        QList<QPair<QByteArray, QByteArray>> headers;
        int delayMs = 0;          ///< wait this long before answering
        bool chunked = false;     ///< Transfer-Encoding: chunked
        int chunkSize = 16;       ///< bytes per chunk when `chunks` is empty
        QList<QByteArray> chunks; ///< explicit chunks (e.g. one event per chunk for streaming)
        int chunkDelayMs = 0;     ///< pause between chunks

        static Reply json(const QJsonObject &object, int status = 200);
    };

    using Handler = std::function<Reply(const Request &)>;

    LoopbackHttpServer();
    ~LoopbackHttpServer();
    LoopbackHttpServer(const LoopbackHttpServer &) = delete;
    LoopbackHttpServer &operator=(const LoopbackHttpServer &) = delete;

    /// Starts listening on a free loopback port; false if that fails.
    bool start();
    quint16 port() const { return m_port; }
    /// "http://127.0.0.1:<port>"
    QString url() const;

    /// Answers requests to `path` (without query string). Unknown paths get 404.
    void setHandler(const QByteArray &path, Handler handler);
    void setReply(const QByteArray &path, const Reply &reply);

    QList<Request> requests() const;
    int requestCount() const;

private:
    void serve(QTcpSocket *socket); ///< on the server thread
    Reply answer(const Request &request);

    QThread m_thread;
    QObject *m_server = nullptr; ///< a QTcpServer living on m_thread
    quint16 m_port = 0;
    mutable QMutex m_mutex;
    QHash<QByteArray, Handler> m_handlers;
    QList<Request> m_requests;
};

/// A port on 127.0.0.1 where nothing listens (for "connection refused" tests).
quint16 unusedLoopbackPort();

} // namespace engram::test
