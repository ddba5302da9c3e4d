#pragma once

#include "core/Config.h"
#include "core/Result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QUrl>

namespace engram {

/// How a chat request is shaped beyond its two messages.
struct ChatOptions {
    double temperature = 0.0; ///< 0: the same question gets the same answer
    int maxTokens = 0;        ///< OpenAI `max_tokens`; 0 leaves it to the server
    bool json = false;        ///< Ollama `format: "json"` (an OpenAI-compatible server is asked in the prompt)
};

/// One question to the chat model of an `llm` endpoint (engram.json): a system and a user message to the
/// OpenAI-compatible `/v1/chat/completions` or Ollama `/api/chat`, streaming off, with the Bearer key of
/// `apiKeyEnv` when it is set, and the answer's text (`choices[0].message.content` or `message.content`).
/// Every failure — unreachable, a timeout, a non-2xx status, an answer that is not the chat format, an
/// empty answer — is an Error that names the URL. The summarizer, reflection and the review's judge share
/// it, so the three speak the protocol the same way.
class ChatCall {
public:
    explicit ChatCall(Endpoint endpoint, ChatOptions options = {}) : m_endpoint(std::move(endpoint)), m_options(options)
    { }

    /// `<url>/api/chat` (Ollama) or `<url>/v1/chat/completions` (a URL that already ends in /v1 keeps it).
    QUrl url() const;
    /// `Authorization: Bearer <key>` when `apiKeyEnv` names a variable that is set; else none.
    QList<QPair<QByteArray, QByteArray>> headers() const;
    /// The request body: model, the two messages, streaming off, the options in the kind's dialect.
    QJsonObject request(const QString &system, const QString &user) const;
    /// The answer's text; an error when it has none.
    Result<QString> contentOf(const QJsonObject &answer) const;

    /// Sends the question and returns the answer's text.
    Result<QString> ask(const QString &system, const QString &user) const;

private:
    bool ollama() const { return m_endpoint.kind == QLatin1String("ollama"); }

    Endpoint m_endpoint;
    ChatOptions m_options;
};

} // namespace engram
