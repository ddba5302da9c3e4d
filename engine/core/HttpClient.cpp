#include "core/HttpClient.h"

#include <QDeadlineTimer>
#include <QJsonDocument>
#include <QSslSocket>
#include <QTcpSocket>

#include <memory>

namespace engram {

namespace {

/// Reads until `predicate(buffer)` holds, the peer closes, or the deadline passes.
bool readUntil(QAbstractSocket &socket, QByteArray &buffer, const QDeadlineTimer &deadline,
               const std::function<bool(const QByteArray &)> &predicate)
{
    while (!predicate(buffer)) {
        if (socket.bytesAvailable() == 0) {
            if (socket.state() != QAbstractSocket::ConnectedState)
                return predicate(buffer);
            const qint64 left = deadline.remainingTime();
            if (left == 0)
                return false;
            if (!socket.waitForReadyRead(int(qMin<qint64>(left, 1000)))) {
                if (socket.state() != QAbstractSocket::ConnectedState)
                    return predicate(buffer);
                if (deadline.hasExpired())
                    return false;
                continue;
            }
        }
        buffer += socket.readAll();
    }
    return true;
}

/// Decodes a chunked body; returns false while incomplete.
bool decodeChunked(const QByteArray &raw, QByteArray &out)
{
    out.clear();
    qsizetype at = 0;
    while (true) {
        const qsizetype lineEnd = raw.indexOf("\r\n", at);
        if (lineEnd < 0)
            return false;
        bool ok = false;
        const qsizetype size = raw.mid(at, lineEnd - at).split(';').front().trimmed().toLongLong(&ok, 16);
        if (!ok)
            return false;
        at = lineEnd + 2;
        if (size == 0)
            return true;
        if (raw.size() < at + size + 2)
            return false;
        out += raw.mid(at, size);
        at += size + 2;
    }
}

} // namespace

Result<HttpClient::Response> HttpClient::request(const QByteArray &method, const QUrl &url, const QByteArray &body,
                                                 const QList<QPair<QByteArray, QByteArray>> &headers) const
{
    if (!url.isValid() || url.host().isEmpty())
        return Error{QStringLiteral("endpoint URL \"%1\" is not valid").arg(url.toString())};
    const bool tls = url.scheme() == QLatin1String("https");
    if (!tls && url.scheme() != QLatin1String("http"))
        return Error{QStringLiteral("endpoint URL \"%1\" must start with http:// or https://").arg(url.toString())};
    if (tls && !QSslSocket::supportsSsl())
        return Error{
            QStringLiteral("https endpoints need TLS support, which this Qt lacks; use http:// for a local server")};

    const QDeadlineTimer deadline(m_timeoutMs);
    std::unique_ptr<QAbstractSocket> socket;
    if (tls) {
        auto *ssl = new QSslSocket;
        socket.reset(ssl);
        ssl->connectToHostEncrypted(url.host(), quint16(url.port(443)));
        if (!ssl->waitForEncrypted(int(qMax<qint64>(1, deadline.remainingTime()))))
            return Error{QStringLiteral("cannot reach %1: %2").arg(url.toString(), ssl->errorString())};
    } else {
        socket = std::make_unique<QTcpSocket>();
        socket->connectToHost(url.host(), quint16(url.port(80)));
        if (!socket->waitForConnected(int(qMax<qint64>(1, deadline.remainingTime()))))
            return Error{QStringLiteral("cannot reach %1: %2").arg(url.toString(), socket->errorString())};
    }

    QByteArray path = url.path(QUrl::FullyEncoded).toUtf8();
    if (path.isEmpty())
        path = "/";
    if (url.hasQuery())
        path += '?' + url.query(QUrl::FullyEncoded).toUtf8();
    QByteArray head = method + ' ' + path + " HTTP/1.1\r\nHost: " + url.host().toUtf8();
    if (url.port() > 0)
        head += ':' + QByteArray::number(url.port());
    head += "\r\nConnection: close\r\nAccept: application/json\r\nUser-Agent: engram\r\n";
    for (const auto &[name, value] : headers)
        head += name + ": " + value + "\r\n";
    if (!body.isEmpty() || method == "POST")
        head += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    head += "\r\n";
    socket->write(head + body);
    while (socket->bytesToWrite() > 0) {
        if (!socket->waitForBytesWritten(int(qMax<qint64>(1, deadline.remainingTime()))))
            return Error{QStringLiteral("sending to %1 failed: %2").arg(url.toString(), socket->errorString())};
    }

    QByteArray buffer;
    if (!readUntil(*socket, buffer, deadline, [](const QByteArray &b) { return b.contains("\r\n\r\n"); }))
        return Error{socket->state() == QAbstractSocket::ConnectedState
                         ? QStringLiteral("%1 did not answer within %2 ms").arg(url.toString()).arg(m_timeoutMs)
                         : QStringLiteral("%1 closed the connection without an answer").arg(url.toString())};
    const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
    const QList<QByteArray> headerLines = buffer.left(headerEnd).split('\n');
    Response response;
    const QList<QByteArray> statusParts = headerLines.front().trimmed().split(' ');
    response.status = statusParts.size() > 1 ? statusParts[1].toInt() : 0;
    if (response.status == 0)
        return Error{QStringLiteral("%1 did not answer with HTTP").arg(url.toString())};
    qint64 contentLength = -1;
    bool chunked = false;
    for (const QByteArray &line : headerLines.mid(1)) {
        const qsizetype colon = line.indexOf(':');
        if (colon < 0)
            continue;
        const QByteArray name = line.left(colon).trimmed().toLower();
        const QByteArray value = line.mid(colon + 1).trimmed();
        if (name == "content-length")
            contentLength = value.toLongLong();
        else if (name == "transfer-encoding" && value.toLower().contains("chunked"))
            chunked = true;
    }
    QByteArray raw = buffer.mid(headerEnd + 4);
    bool complete = false;
    if (chunked) {
        complete =
            readUntil(*socket, raw, deadline, [&](const QByteArray &b) { return decodeChunked(b, response.body); });
    } else if (contentLength >= 0) {
        complete = readUntil(*socket, raw, deadline, [&](const QByteArray &b) { return b.size() >= contentLength; });
        response.body = raw.left(contentLength);
    } else {
        // Until the server closes the connection.
        complete = readUntil(*socket, raw, deadline, [](const QByteArray &) { return false; })
                   || socket->state() != QAbstractSocket::ConnectedState;
        response.body = raw;
    }
    if (!complete)
        return Error{QStringLiteral("%1 did not finish its answer within %2 ms").arg(url.toString()).arg(m_timeoutMs)};
    return response;
}

Result<HttpClient::Response> HttpClient::post(const QUrl &url, const QByteArray &body,
                                              const QList<QPair<QByteArray, QByteArray>> &headers) const
{
    return request("POST", url, body, headers);
}

Result<HttpClient::Response> HttpClient::get(const QUrl &url) const
{
    return request("GET", url, {}, {});
}

Result<QJsonObject> HttpClient::postJson(const QUrl &url, const QJsonObject &body,
                                         const QList<QPair<QByteArray, QByteArray>> &headers) const
{
    auto allHeaders = headers;
    allHeaders.append(qMakePair(QByteArray("Content-Type"), QByteArray("application/json")));
    auto response = post(url, QJsonDocument(body).toJson(QJsonDocument::Compact), allHeaders);
    if (!response)
        return response.error();
    QJsonParseError error;
    const QJsonDocument json = QJsonDocument::fromJson(response->body, &error);
    if (response->status < 200 || response->status >= 300) {
        QString message = QString::fromUtf8(response->body.left(300)).simplified();
        if (json.isObject()) {
            const QJsonValue e = json.object().value(QStringLiteral("error"));
            message = e.isObject() ? e.toObject().value(QStringLiteral("message")).toString() : e.toString(message);
        }
        return Error{QStringLiteral("%1 answered HTTP %2: %3").arg(url.toString()).arg(response->status).arg(message)};
    }
    if (error.error != QJsonParseError::NoError || !json.isObject())
        return Error{QStringLiteral("%1 answered with something that is not a JSON object (%2)")
                         .arg(url.toString(), error.errorString())};
    return json.object();
}

} // namespace engram
