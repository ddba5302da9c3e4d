#include "AccessCounts.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace engram {

QHash<QString, int> AccessCounts::countsByPath(const QString &vaultPath) const
{
    QHash<QString, int> counts;
    QFile file(QDir(vaultPath).filePath(QStringLiteral("state/journal.jsonl")));
    if (!file.open(QIODevice::ReadOnly))
        return counts;
    static const QRegularExpression suffix(QStringLiteral(R"((#\d+|:\d+(-\d+)?)$)"));
    while (!file.atEnd()) {
        const QJsonObject event = QJsonDocument::fromJson(file.readLine()).object();
        if (event.value(QStringLiteral("type")).toString() != QLatin1String("access"))
            continue;
        QString key = event.value(QStringLiteral("key")).toString(event.value(QStringLiteral("path")).toString());
        key.remove(suffix);
        if (!key.isEmpty())
            ++counts[key];
    }
    return counts;
}

} // namespace engram
