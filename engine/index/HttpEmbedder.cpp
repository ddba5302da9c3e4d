#include "index/HttpEmbedder.h"

#include "core/HttpClient.h"

#include <QJsonArray>

namespace engram {

HttpEmbedder::HttpEmbedder(Endpoint endpoint, int expectedDimensions)
    : m_endpoint(std::move(endpoint)), m_dimensions(expectedDimensions)
{ }

QString HttpEmbedder::id() const
{
    return QStringLiteral("%1:%2@%3").arg(m_endpoint.kind, m_endpoint.model).arg(m_dimensions);
}

int HttpEmbedder::dimensions() const
{
    return m_dimensions;
}

Result<QList<Vector>> HttpEmbedder::embed(const QStringList &texts)
{
    QList<Vector> out;
    if (texts.isEmpty())
        return out;
    const bool ollama = m_endpoint.kind == QLatin1String("ollama");
    QString base = m_endpoint.url;
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    const QUrl url(ollama ? base + QStringLiteral("/api/embed")
                          : (base.endsWith(QLatin1String("/v1")) ? base + QStringLiteral("/embeddings")
                                                                 : base + QStringLiteral("/v1/embeddings")));
    QList<QPair<QByteArray, QByteArray>> headers;
    if (!m_endpoint.apiKeyEnv.isEmpty()) {
        const QByteArray key = qgetenv(m_endpoint.apiKeyEnv.toLocal8Bit().constData());
        if (!key.isEmpty())
            headers.append(qMakePair(QByteArray("Authorization"), QByteArray("Bearer " + key)));
    }
    QJsonObject body{{QStringLiteral("model"), m_endpoint.model},
                     {QStringLiteral("input"), QJsonArray::fromStringList(texts)}};
    auto answer = HttpClient(m_endpoint.timeoutMs).postJson(url, body, headers);
    if (!answer)
        return answer.error();

    QJsonArray rows;
    if (ollama) {
        rows = answer->value(QStringLiteral("embeddings")).toArray();
    } else {
        // `index` says which input a row belongs to; servers may answer out of order.
        const QJsonArray data = answer->value(QStringLiteral("data")).toArray();
        QList<QJsonArray> ordered(data.size());
        QList<bool> filled(data.size(), false);
        for (qsizetype position = 0; position < data.size(); ++position) {
            const QJsonObject o = data[position].toObject();
            const qsizetype index = o.value(QStringLiteral("index")).toInt(int(position));
            if (index < 0 || index >= ordered.size() || filled[index])
                return Error{QStringLiteral("%1 answered with a missing or repeated embedding index %2")
                                 .arg(url.toString())
                                 .arg(index)};
            ordered[index] = o.value(QStringLiteral("embedding")).toArray();
            filled[index] = true;
        }
        for (const QJsonArray &row : std::as_const(ordered))
            rows.append(row);
    }
    if (rows.size() != texts.size())
        return Error{QStringLiteral("%1 returned %2 embeddings for %3 texts")
                         .arg(url.toString())
                         .arg(rows.size())
                         .arg(texts.size())};
    for (const QJsonValue &rowValue : rows) {
        const QJsonArray row = rowValue.toArray();
        if (row.size() != m_dimensions)
            return Error{QStringLiteral("%1 returned %2-dimensional vectors; engram.json says embedder.dimensions = %3")
                             .arg(url.toString())
                             .arg(row.size())
                             .arg(m_dimensions)};
        Vector v(row.size());
        for (qsizetype i = 0; i < row.size(); ++i)
            v[i] = float(row[i].toDouble());
        normalize(v);
        out << v;
    }
    return out;
}

} // namespace engram
