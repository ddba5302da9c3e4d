#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QMutex>
#include <QString>
#include <QThread>

#include <atomic>

namespace engram::test {

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests of the LLM and embedding
/// clients. It runs its own event loop on its own thread, because the engine's
/// HttpClient blocks the calling thread while it waits. Each path answers with
/// the configured reply (status, body, a delay, or closing without a word);
/// every request is kept so a test can check what was sent.
class ChatLoopbackServer : public QThread {
public:
    struct Reply {
        int status = 200;
        QByteArray body;
        int delayMs = 0;
        bool closeWithoutAnswer = false;
        bool chunked = false; ///< Transfer-Encoding: chunked instead of Content-Length
    };
    struct Request {
        QByteArray method;
        QByteArray path;
        QHash<QByteArray, QByteArray> headers; ///< names lower-cased
        QByteArray body;
    };

    ChatLoopbackServer();
    ~ChatLoopbackServer() override;

    /// Starts listening; false if no port could be opened.
    bool start();
    quint16 port() const { return m_port; }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_port); }

    void setReply(const QByteArray &path, const Reply &reply);
    QList<Request> requests() const;

protected:
    void run() override;

private:
    friend class ChatLoopbackConnection;
    Reply replyFor(const QByteArray &path) const;
    void record(const Request &request);

    mutable QMutex m_mutex;
    QHash<QByteArray, Reply> m_replies;
    QList<Request> m_requests;
    std::atomic<quint16> m_port{0};
    std::atomic<int> m_started{0}; ///< 0 starting, 1 listening, -1 failed
};

} // namespace engram::test
