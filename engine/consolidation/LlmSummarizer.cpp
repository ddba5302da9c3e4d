#include "consolidation/LlmSummarizer.h"

#include "core/HttpClient.h"

#include <QJsonArray>
#include <QJsonObject>

namespace engram {

QString LlmSummarizer::methodName() const
{
    return QStringLiteral("llm:%1:%2").arg(m_endpoint.kind, m_endpoint.model);
}

Result<QStringList> LlmSummarizer::summarize(const QString &layer, const QString &period, const QStringList &units,
                                             int tokenBudget) const
{
    if (!m_endpoint.configured())
        return Error{QStringLiteral("no llm endpoint is configured in engram.json")};
    const bool ollama = m_endpoint.kind == QLatin1String("ollama");
    QString base = m_endpoint.url;
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    const QUrl url(ollama ? base + QStringLiteral("/api/chat")
                          : (base.endsWith(QLatin1String("/v1")) ? base : base + QStringLiteral("/v1"))
                                + QStringLiteral("/chat/completions"));

    // Keep the request bounded: about 6000 tokens of source.
    QString source;
    for (const QString &unit : units) {
        if (source.size() + unit.size() > 24000)
            break;
        source += QStringLiteral("- ") + unit.simplified() + QLatin1Char('\n');
    }
    const QString system =
        QStringLiteral(
            "You consolidate an agent's memory. Write a %1 digest for %2 as short Markdown bullet points, one fact, "
            "decision, lesson, rule or goal per line, at most %3 tokens in all. Keep names, dates and numbers. "
            "Copy explicit decisions, lessons, rules and goals verbatim. Output only the bullet lines.")
            .arg(layer, period)
            .arg(tokenBudget);
    const QJsonArray messages{
        QJsonObject{{QStringLiteral("role"), QStringLiteral("system")}, {QStringLiteral("content"), system}},
        QJsonObject{{QStringLiteral("role"), QStringLiteral("user")}, {QStringLiteral("content"), source}}};
    QJsonObject body{{QStringLiteral("model"), m_endpoint.model}, {QStringLiteral("messages"), messages}};
    if (ollama) {
        body.insert(QStringLiteral("stream"), false);
        body.insert(QStringLiteral("options"), QJsonObject{{QStringLiteral("temperature"), 0}});
    } else {
        body.insert(QStringLiteral("temperature"), 0);
        body.insert(QStringLiteral("max_tokens"), tokenBudget * 2);
    }
    QList<QPair<QByteArray, QByteArray>> headers;
    if (!m_endpoint.apiKeyEnv.isEmpty()) {
        const QByteArray key = qgetenv(m_endpoint.apiKeyEnv.toLocal8Bit().constData());
        if (!key.isEmpty())
            headers.append(qMakePair(QByteArray("Authorization"), QByteArray("Bearer " + key)));
    }
    auto answer = HttpClient(m_endpoint.timeoutMs).postJson(url, body, headers);
    if (!answer)
        return answer.error();
    const QJsonObject message = ollama ? answer->value(QStringLiteral("message")).toObject()
                                       : answer->value(QStringLiteral("choices"))
                                             .toArray()
                                             .at(0)
                                             .toObject()
                                             .value(QStringLiteral("message"))
                                             .toObject();
    const QString content = message.value(QStringLiteral("content")).toString();
    QStringList lines;
    for (QString line : content.split(QLatin1Char('\n'))) {
        line = line.trimmed();
        while (line.startsWith(QLatin1Char('-')) || line.startsWith(QLatin1Char('*')) || line.startsWith(QChar(0x2022)))
            line = line.mid(1).trimmed();
        if (!line.isEmpty())
            lines << line;
    }
    if (lines.isEmpty())
        return Error{QStringLiteral("%1 answered without a chat message (no %2)")
                         .arg(url.toString(), ollama ? QStringLiteral("message.content")
                                                     : QStringLiteral("choices[0].message.content"))};
    return lines;
}

} // namespace engram
