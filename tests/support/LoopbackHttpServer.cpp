#include "LoopbackHttpServer.h"

#include <QHostAddress>
#include <QJsonDocument>
#include <QMutexLocker>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <memory>

namespace engram::test {

namespace {

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200: return "OK";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 404: return "Not Found";
    case 429: return "Too Many Requests";
    case 500: return "Internal Server Error";
    case 503: return "Service Unavailable";
    default: return "Status";
    }
}

/// Parses one complete request from `buffer`; false while it is incomplete.
bool parseRequest(const QByteArray &buffer, LoopbackHttpServer::Request &request)
{
    const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
    if (headerEnd < 0)
        return false;
    const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
    const QList<QByteArray> first = lines.front().trimmed().split(' ');
    request = {};
    request.method = first.value(0);
    request.path = first.value(1);
    for (const QByteArray &line : lines.mid(1)) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0)
            request.headers.insert(line.left(colon).trimmed().toLower(), line.mid(colon + 1).trimmed());
    }
    const qint64 length = request.headers.value("content-length", "0").toLongLong();
    if (buffer.size() < headerEnd + 4 + length)
        return false;
    request.body = buffer.mid(headerEnd + 4, length);
    return true;
}

QList<QByteArray> bodyChunks(const LoopbackHttpServer::Reply &reply)
{
    if (!reply.chunks.isEmpty())
        return reply.chunks;
    QList<QByteArray> out;
    const int size = qMax(1, reply.chunkSize);
    for (qsizetype at = 0; at < reply.body.size(); at += size)
        out << reply.body.mid(at, size);
    return out;
}

void writeReply(QTcpSocket *socket, const LoopbackHttpServer::Reply &reply)
{
    QByteArray head = "HTTP/1.1 " + QByteArray::number(reply.status) + ' ' + reasonPhrase(reply.status) + "\r\n";
    head += "Content-Type: " + reply.contentType + "\r\nConnection: close\r\n";
    for (const auto &[name, value] : reply.headers)
        head += name + ": " + value + "\r\n";
    if (!reply.chunked) {
        head += "Content-Length: " + QByteArray::number(reply.body.size()) + "\r\n\r\n";
        socket->write(head + reply.body);
        socket->disconnectFromHost();
        return;
    }
    head += "Transfer-Encoding: chunked\r\n\r\n";
    socket->write(head);
    // Each chunk goes out on its own (after an optional pause), so a client
    // really sees the body arrive in pieces.
    auto pending = std::make_shared<QList<QByteArray>>(bodyChunks(reply));
    // The sender knows itself only weakly: the pending timer holds it, so when a client hangs up
    // early (its socket and the socket's timers are deleted) nothing is left behind.
    auto sendNext = std::make_shared<std::function<void()>>();
    *sendNext = [socket, pending, self = std::weak_ptr(sendNext), delay = reply.chunkDelayMs]() {
        if (pending->isEmpty()) {
            socket->write("0\r\n\r\n");
            socket->disconnectFromHost();
            return;
        }
        const QByteArray chunk = pending->takeFirst();
        socket->write(QByteArray::number(chunk.size(), 16) + "\r\n" + chunk + "\r\n");
        socket->flush();
        QTimer::singleShot(delay, socket, [next = self.lock()]() { (*next)(); });
    };
    (*sendNext)();
}

} // namespace

QJsonObject LoopbackHttpServer::Request::json() const
{
    return QJsonDocument::fromJson(body).object();
}

LoopbackHttpServer::Reply LoopbackHttpServer::Reply::json(const QJsonObject &object, int status)
{
    Reply reply;
    reply.status = status;
    reply.body = QJsonDocument(object).toJson(QJsonDocument::Compact);
    return reply;
}

LoopbackHttpServer::LoopbackHttpServer()
{
    m_thread.setObjectName(QStringLiteral("LoopbackHttpServer"));
}

LoopbackHttpServer::~LoopbackHttpServer()
{
    if (m_server)
        m_server->deleteLater(); // deleted, with its sockets, when the thread finishes
    m_thread.quit();
    m_thread.wait();
}

bool LoopbackHttpServer::start()
{
    if (m_server)
        return m_port != 0;
    m_server = new QObject;
    m_server->moveToThread(&m_thread);
    m_thread.start();
    bool listening = false;
    QMetaObject::invokeMethod(
        m_server,
        [this, &listening]() {
            auto *server = new QTcpServer(m_server);
            listening = server->listen(QHostAddress::LocalHost, 0);
            m_port = server->serverPort();
            QObject::connect(server, &QTcpServer::newConnection, server, [this, server]() {
                while (QTcpSocket *socket = server->nextPendingConnection())
                    serve(socket);
            });
        },
        Qt::BlockingQueuedConnection);
    return listening;
}

void LoopbackHttpServer::serve(QTcpSocket *socket)
{
    auto buffer = std::make_shared<QByteArray>();
    QObject::connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    QObject::connect(socket, &QTcpSocket::readyRead, socket, [this, socket, buffer]() {
        *buffer += socket->readAll();
        Request request;
        if (!parseRequest(*buffer, request))
            return;
        buffer->clear();
        const Reply reply = answer(request);
        if (reply.delayMs > 0)
            QTimer::singleShot(reply.delayMs, socket, [socket, reply]() { writeReply(socket, reply); });
        else
            writeReply(socket, reply);
    });
}

QString LoopbackHttpServer::url() const
{
    return QStringLiteral("http://127.0.0.1:%1").arg(m_port);
}

void LoopbackHttpServer::setHandler(const QByteArray &path, Handler handler)
{
    QMutexLocker lock(&m_mutex);
    m_handlers.insert(path, std::move(handler));
}

void LoopbackHttpServer::setReply(const QByteArray &path, const Reply &reply)
{
    setHandler(path, [reply](const Request &) { return reply; });
}

LoopbackHttpServer::Reply LoopbackHttpServer::answer(const Request &request)
{
    Handler handler;
    {
        QMutexLocker lock(&m_mutex);
        m_requests << request;
        handler = m_handlers.value(request.path.split('?').front());
    }
    if (!handler) {
        Reply notFound =
            Reply::json(QJsonObject{{QStringLiteral("error"), QStringLiteral("no handler for this path")}});
        notFound.status = 404;
        return notFound;
    }
    return handler(request);
}

QList<LoopbackHttpServer::Request> LoopbackHttpServer::requests() const
{
    QMutexLocker lock(&m_mutex);
    return m_requests;
}

int LoopbackHttpServer::requestCount() const
{
    QMutexLocker lock(&m_mutex);
    return int(m_requests.size());
}

quint16 unusedLoopbackPort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 1;
    const quint16 port = probe.serverPort();
    probe.close();
    return port;
}

} // namespace engram::test
