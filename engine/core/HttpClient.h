#pragma once

#include "core/Result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QUrl>

namespace engram {

/// A small blocking HTTP/1.1 client for local model servers (Ollama,
/// llama.cpp, vLLM …). It runs on worker threads and in the CLI, never on the
/// UI thread, so it needs no event loop: sockets are driven with waitFor*.
/// http:// always; https:// when Qt has TLS support.
class HttpClient {
public:
    struct Response {
        int status = 0;
        QByteArray body;
    };

    explicit HttpClient(int timeoutMs = 30000) : m_timeoutMs(timeoutMs) { }

    Result<Response> post(const QUrl &url, const QByteArray &body,
                          const QList<QPair<QByteArray, QByteArray>> &headers = {}) const;
    Result<Response> get(const QUrl &url) const;

    /// POSTs JSON and parses a JSON object answer; non-2xx statuses become errors
    /// that quote the server's message.
    Result<QJsonObject> postJson(const QUrl &url, const QJsonObject &body,
                                 const QList<QPair<QByteArray, QByteArray>> &headers = {}) const;

private:
    Result<Response> request(const QByteArray &method, const QUrl &url, const QByteArray &body,
                             const QList<QPair<QByteArray, QByteArray>> &headers) const;
    int m_timeoutMs;
};

} // namespace engram
