#include "core/ChatCall.h"

#include "core/HttpClient.h"

#include <QJsonArray>

namespace engram {

QUrl ChatCall::url() const
{
    QString base = m_endpoint.url;
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    if (ollama())
        return QUrl(base + QStringLiteral("/api/chat"));
    return QUrl((base.endsWith(QLatin1String("/v1")) ? base : base + QStringLiteral("/v1"))
                + QStringLiteral("/chat/completions"));
}

QList<QPair<QByteArray, QByteArray>> ChatCall::headers() const
{
    QList<QPair<QByteArray, QByteArray>> out;
    if (!m_endpoint.apiKeyEnv.isEmpty()) {
        const QByteArray key = qgetenv(m_endpoint.apiKeyEnv.toLocal8Bit().constData());
        if (!key.isEmpty())
            out.append(qMakePair(QByteArray("Authorization"), QByteArray("Bearer " + key)));
    }
    return out;
}

QJsonObject ChatCall::request(const QString &system, const QString &user) const
{
    const QJsonArray messages{
        QJsonObject{{QStringLiteral("role"), QStringLiteral("system")}, {QStringLiteral("content"), system}},
        QJsonObject{{QStringLiteral("role"), QStringLiteral("user")}, {QStringLiteral("content"), user}}};
    QJsonObject body{{QStringLiteral("model"), m_endpoint.model},
                     {QStringLiteral("messages"), messages},
                     {QStringLiteral("stream"), false}};
    if (ollama()) {
        body.insert(QStringLiteral("options"), QJsonObject{{QStringLiteral("temperature"), m_options.temperature}});
        if (m_options.json)
            body.insert(QStringLiteral("format"), QStringLiteral("json"));
    } else {
        body.insert(QStringLiteral("temperature"), m_options.temperature);
        if (m_options.maxTokens > 0)
            body.insert(QStringLiteral("max_tokens"), m_options.maxTokens);
    }
    return body;
}

Result<QString> ChatCall::contentOf(const QJsonObject &answer) const
{
    const QJsonObject message = ollama() ? answer.value(QStringLiteral("message")).toObject()
                                         : answer.value(QStringLiteral("choices"))
                                               .toArray()
                                               .at(0)
                                               .toObject()
                                               .value(QStringLiteral("message"))
                                               .toObject();
    const QString text = message.value(QStringLiteral("content")).toString();
    if (text.trimmed().isEmpty())
        return Error{ollama() ? QStringLiteral("%1 answered without a chat message (no message.content: is this an "
                                               "Ollama /api/chat server?)")
                                    .arg(url().toString())
                              : QStringLiteral("%1 answered without a chat message (no choices[0].message.content: "
                                               "is this an OpenAI-compatible /v1/chat/completions server?)")
                                    .arg(url().toString())};
    return text;
}

Result<QString> ChatCall::ask(const QString &system, const QString &user) const
{
    if (!m_endpoint.configured())
        return Error{QStringLiteral("no llm endpoint is configured in engram.json")};
    auto answer = HttpClient(m_endpoint.timeoutMs).postJson(url(), request(system, user), headers());
    if (!answer)
        return answer.error();
    return contentOf(*answer);
}

} // namespace engram
