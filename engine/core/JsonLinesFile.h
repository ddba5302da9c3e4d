#pragma once

#include "core/Result.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <functional>

namespace engram {

/// A vault file of one JSON object per line (state/tool-usage.jsonl,
/// state/reflections.jsonl): read whole, written whole and atomically.
class JsonLinesFile {
public:
    /// `relativePath` inside `vaultPath`; every line must be an object with a
    /// non-empty string `requiredKey`.
    JsonLinesFile(const QString &vaultPath, QString relativePath, QString requiredKey);

    /// The objects, in file order; a missing file has none. A bad line is an
    /// error at its line: `badLine` with %1 replaced by why (the JSON error, or
    /// `missingKey` when the line lacks requiredKey).
    Result<QList<QJsonObject>> read(const QString &badLine, const QString &missingKey) const;
    /// As read(), with each object also given to `check`, whose error is reported at this file and line.
    Result<QList<QJsonObject>> read(const QString &badLine, const QString &missingKey,
                                    const std::function<Status(const QJsonObject &)> &check) const;

    /// Replaces the file with `objects` (QSaveFile), creating its folder.
    Status write(const QList<QJsonObject> &objects) const;

private:
    QString m_vaultPath;
    QString m_relativePath;
    QString m_requiredKey;
};

} // namespace engram
