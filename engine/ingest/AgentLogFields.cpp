#include "ingest/AgentLogFields.h"

#include <QJsonArray>
#include <QStringList>

namespace engram::agentlog {

QDateTime timestampOf(const QJsonObject &object)
{
    return QDateTime::fromString(object.value(QStringLiteral("timestamp")).toString(), Qt::ISODateWithMs);
}

QString firstLine(const QString &text)
{
    const QString trimmed = text.trimmed();
    const qsizetype nl = trimmed.indexOf(QLatin1Char('\n'));
    return (nl < 0 ? trimmed : trimmed.left(nl)).left(200);
}

QString resultText(const QJsonValue &content)
{
    if (content.isString())
        return content.toString();
    QStringList parts;
    for (const QJsonValue &part : content.toArray())
        parts << part.toObject().value(QStringLiteral("text")).toString();
    return parts.join(QLatin1Char('\n'));
}

} // namespace engram::agentlog
