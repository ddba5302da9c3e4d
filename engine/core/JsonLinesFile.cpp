#include "core/JsonLinesFile.h"

#include "core/VaultBoundary.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>

namespace engram {

JsonLinesFile::JsonLinesFile(const QString &vaultPath, QString relativePath, QString requiredKey)
    : m_vaultPath(vaultPath), m_relativePath(std::move(relativePath)), m_requiredKey(std::move(requiredKey))
{ }

Result<QList<QJsonObject>> JsonLinesFile::read(const QString &badLine, const QString &missingKey) const
{
    return read(badLine, missingKey, {});
}

Result<QList<QJsonObject>> JsonLinesFile::read(const QString &badLine, const QString &missingKey,
                                               const std::function<Status(const QJsonObject &)> &check) const
{
    QList<QJsonObject> objects;
    QFile file(QDir(m_vaultPath).filePath(m_relativePath));
    if (!file.exists())
        return objects;
    if (!file.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("cannot read it: %1").arg(file.errorString()), m_relativePath};
    int line = 0;
    while (!file.atEnd()) {
        const QByteArray bytes = file.readLine().trimmed();
        ++line;
        if (bytes.isEmpty())
            continue;
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject()
            || doc.object().value(m_requiredKey).toString().isEmpty())
            return Error{badLine.arg(error.error != QJsonParseError::NoError ? error.errorString() : missingKey),
                         m_relativePath, line};
        if (check)
            if (Status checked = check(doc.object()); !checked)
                return Error{checked.error().message, m_relativePath, line};
        objects << doc.object();
    }
    return objects;
}

Status JsonLinesFile::write(const QList<QJsonObject> &objects) const
{
    QByteArray bytes;
    for (const QJsonObject &o : objects)
        bytes += QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
    return VaultBoundary(m_vaultPath).writeFile(m_relativePath, bytes);
}

} // namespace engram
