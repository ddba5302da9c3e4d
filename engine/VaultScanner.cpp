#include "VaultScanner.h"

#include "DocumentParser.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QSet>

namespace engram {

namespace {

QString formatSize(qint64 bytes)
{
    return QStringLiteral("%1 MiB").arg(double(bytes) / (1024.0 * 1024.0), 0, 'f', 1);
}

} // namespace

bool VaultScanner::isIndexable(const QString &relativePath)
{
    const QStringList parts = relativePath.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    if (parts.isEmpty())
        return false;
    for (const QString &part : parts)
        if (part.startsWith(QLatin1Char('.')))
            return false;
    if (parts.size() > 1 && (parts.front() == QLatin1String("state") || parts.front() == QLatin1String("archive")))
        return false; // state/ is read by its own code; archive/ holds forgotten memories
    if (parts.size() == 1 && parts.front() == QLatin1String("engram.json"))
        return false;
    return DocumentParser::supportedSuffixes().contains(QFileInfo(relativePath).suffix().toLower());
}

VaultScanner::Result VaultScanner::scan(const QString &vaultPath) const
{
    Result result;
    const QDir root(vaultPath);
    QSet<QString> visitedDirectories;
    QList<QString> pending{root.absolutePath()};
    visitedDirectories.insert(QFileInfo(root.absolutePath()).canonicalFilePath());

    while (!pending.isEmpty()) {
        const QString directory = pending.takeFirst();
        const QFileInfoList entries = QDir(directory).entryInfoList(
            QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDir::Name);
        for (const QFileInfo &entry : entries) {
            const QString relative = root.relativeFilePath(entry.absoluteFilePath());
            if (entry.fileName().startsWith(QLatin1Char('.')))
                continue; // .engram/, .git/, editor swap files …
            if (entry.isDir()) {
                if (relative == QLatin1String("state") || relative == QLatin1String("archive"))
                    continue;
                const QString canonical = entry.canonicalFilePath();
                if (canonical.isEmpty()) {
                    result.problems << Problem{relative, 0, QStringLiteral("warning"),
                                               QStringLiteral("folder link points nowhere; skipped")};
                    continue;
                }
                if (visitedDirectories.contains(canonical)) {
                    result.problems << Problem{relative, 0, QStringLiteral("warning"),
                                               QStringLiteral("folder link leads back into a folder already scanned "
                                                              "(a symlink loop); not followed")};
                    continue;
                }
                visitedDirectories.insert(canonical);
                pending << entry.absoluteFilePath();
                continue;
            }
            if (!isIndexable(relative))
                continue;
            if (entry.isSymLink() && !entry.exists()) {
                result.problems << Problem{relative, 0, QStringLiteral("error"),
                                           QStringLiteral("file link points nowhere; not indexed")};
                continue;
            }
            if (entry.size() > m_maxFileBytes) {
                result.problems << Problem{relative, 0, QStringLiteral("error"),
                                           QStringLiteral("file is %1, over the %2 limit (index.maxFileBytes in "
                                                          "engram.json); not indexed")
                                               .arg(formatSize(entry.size()), formatSize(m_maxFileBytes))};
                continue;
            }
            result.files << VaultFile{relative, entry.absoluteFilePath(), entry.size(),
                                      entry.lastModified().toMSecsSinceEpoch()};
        }
    }
    std::sort(result.files.begin(), result.files.end(),
              [](const VaultFile &a, const VaultFile &b) { return a.relativePath < b.relativePath; });
    return result;
}

} // namespace engram
