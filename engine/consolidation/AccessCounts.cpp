#include "consolidation/AccessCounts.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

namespace engram {

namespace {

QString pathOf(QString key)
{
    static const QRegularExpression suffix(QStringLiteral(R"((#\d+|:\d+(-\d+)?)$)"));
    key.remove(suffix);
    return key;
}

} // namespace

QHash<QString, int> AccessCounts::countsByPath(const QString &vaultPath) const
{
    // Every device's journal (and one not yet moved from state/journal.jsonl): recalls on any
    // machine count. Compacted counts are per device, so they add across files.
    QStringList files{QDir(vaultPath).filePath(QStringLiteral("state/journal.jsonl"))};
    const QDir folder(QDir(vaultPath).filePath(QStringLiteral("state/journal")));
    for (const QString &name : folder.entryList({QStringLiteral("*.jsonl")}, QDir::Files, QDir::Name))
        files << folder.filePath(name);
    QHash<QString, int> counts;
    for (const QString &path : std::as_const(files)) {
        const QHash<QString, int> ofFile = countsInFile(path);
        for (auto it = ofFile.cbegin(); it != ofFile.cend(); ++it)
            counts[it.key()] += it.value();
    }
    return counts;
}

QHash<QString, int> AccessCounts::countsInFile(const QString &filePath)
{
    QHash<QString, int> counts;
    QFile file(filePath);
    if (!file.open(QIODevice::ReadOnly))
        return counts;
    while (!file.atEnd()) {
        const QJsonObject event = QJsonDocument::fromJson(file.readLine()).object();
        const QString type = event.value(QStringLiteral("type")).toString();
        if (type == QLatin1String("state")) {
            // A compacted journal holds each chunk's count; the file was recalled at least as
            // often as its most recalled chunk (chunks recalled together are one recall).
            const QString path = pathOf(event.value(QStringLiteral("key")).toString());
            if (!path.isEmpty())
                counts[path] = qMax(counts.value(path), event.value(QStringLiteral("count")).toInt());
            continue;
        }
        if (type != QLatin1String("access"))
            continue;
        // MemoryDynamics writes {"keys": [...]}; one event that returned several chunks of a
        // file is one recall of that file. A lone "key" or "path" is read too (older journals).
        QSet<QString> paths;
        for (const QJsonValue &key : event.value(QStringLiteral("keys")).toArray())
            paths.insert(pathOf(key.toString()));
        for (const QString &field : {QStringLiteral("key"), QStringLiteral("path")})
            if (event.contains(field))
                paths.insert(pathOf(event.value(field).toString()));
        paths.remove(QString());
        for (const QString &path : std::as_const(paths))
            ++counts[path];
    }
    return counts;
}

} // namespace engram
