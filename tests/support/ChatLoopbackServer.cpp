#include "ChatLoopbackServer.h"

#include <QHostAddress>
#include <QMutexLocker>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

namespace engram::test {

ChatLoopbackServer::ChatLoopbackServer() = default;

ChatLoopbackServer::~ChatLoopbackServer()
{
    quit();
    wait();
}

bool ChatLoopbackServer::start()
{
    QThread::start();
    while (m_started.load() == 0)
        QThread::msleep(1);
    return m_started.load() == 1;
}

void ChatLoopbackServer::setReply(const QByteArray &path, const Reply &reply)
{
    QMutexLocker lock(&m_mutex);
    m_replies.insert(path, reply);
}

QList<ChatLoopbackServer::Request> ChatLoopbackServer::requests() const
{
    QMutexLocker lock(&m_mutex);
    return m_requests;
}

ChatLoopbackServer::Reply ChatLoopbackServer::replyFor(const QByteArray &path) const
{
    QMutexLocker lock(&m_mutex);
    return m_replies.value(path, Reply{404, R"({"error":{"message":"no such path"}})", 0, false, false});
}

void ChatLoopbackServer::record(const Request &request)
{
    QMutexLocker lock(&m_mutex);
    m_requests << request;
}

namespace {

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200: return "OK";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 404: return "Not Found";
    case 500: return "Internal Server Error";
    case 503: return "Service Unavailable";
    default: return "Status";
    }
}

} // namespace

void ChatLoopbackServer::run()
{
    QTcpServer server;
    if (!server.listen(QHostAddress::LocalHost, 0)) {
        m_started = -1;
        return;
    }
    m_port = server.serverPort();
    QObject::connect(&server, &QTcpServer::newConnection, &server, [this, &server] {
        while (QTcpSocket *socket = server.nextPendingConnection()) {
            auto *buffer = new QByteArray;
            QObject::connect(socket, &QTcpSocket::disconnected, socket, [socket, buffer] {
                delete buffer;
                socket->deleteLater();
            });
            QObject::connect(socket, &QTcpSocket::readyRead, socket, [this, socket, buffer] {
                buffer->append(socket->readAll());
                const qsizetype headerEnd = buffer->indexOf("\r\n\r\n");
                if (headerEnd < 0)
                    return;
                Request request;
                const QList<QByteArray> lines = buffer->left(headerEnd).split('\n');
                const QList<QByteArray> first = lines.front().trimmed().split(' ');
                request.method = first.value(0);
                request.path = first.value(1);
                for (const QByteArray &line : lines.mid(1)) {
                    const qsizetype colon = line.indexOf(':');
                    if (colon > 0)
                        request.headers.insert(line.left(colon).trimmed().toLower(), line.mid(colon + 1).trimmed());
                }
                const qsizetype length = request.headers.value("content-length", "0").toLongLong();
                if (buffer->size() - headerEnd - 4 < length)
                    return; // the body is still arriving
                request.body = buffer->mid(headerEnd + 4, length);
                buffer->clear();
                record(request);
                const Reply reply = replyFor(request.path);
                auto answer = [socket, reply] {
                    if (reply.closeWithoutAnswer) {
                        socket->disconnectFromHost();
                        return;
                    }
                    QByteArray head = "HTTP/1.1 " + QByteArray::number(reply.status) + ' ' + reasonPhrase(reply.status)
                                      + "\r\nContent-Type: application/json\r\nConnection: close\r\n";
                    if (reply.chunked) {
                        const qsizetype half = reply.body.size() / 2;
                        QByteArray body;
                        for (const QByteArray &part : {reply.body.left(half), reply.body.mid(half)})
                            if (!part.isEmpty())
                                body += QByteArray::number(part.size(), 16) + "\r\n" + part + "\r\n";
                        socket->write(head + "Transfer-Encoding: chunked\r\n\r\n" + body + "0\r\n\r\n");
                    } else {
                        socket->write(head + "Content-Length: " + QByteArray::number(reply.body.size()) + "\r\n\r\n"
                                      + reply.body);
                    }
                    socket->flush();
                    socket->disconnectFromHost();
                };
                if (reply.delayMs > 0)
                    QTimer::singleShot(reply.delayMs, socket, answer);
                else
                    answer();
            });
        }
    });
    m_started = 1;
    exec();
}

} // namespace engram::test
