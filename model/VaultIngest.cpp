#include "VaultIngest.h"

#include "VaultScanner.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace engram {

VaultIngest::VaultIngest(QString vaultPath, QString folder)
    : m_vaultPath(std::move(vaultPath)), m_folder(QDir::cleanPath(std::move(folder)))
{
    if (m_folder == QLatin1String(".") || m_folder.startsWith(QLatin1String("..")) || QDir::isAbsolutePath(m_folder))
        m_folder = QStringLiteral("notes/inbox");
}

QString VaultIngest::freeRelativePath(const QString &fileName) const
{
    const QFileInfo info(fileName);
    const QString base = info.completeBaseName();
    const QString suffix = info.suffix().isEmpty() ? QString() : QLatin1Char('.') + info.suffix();
    QString candidate = m_folder + QLatin1Char('/') + fileName;
    for (int n = 2; QFileInfo::exists(QDir(m_vaultPath).filePath(candidate)); ++n)
        candidate = QStringLiteral("%1/%2 (%3)%4").arg(m_folder, base).arg(n).arg(suffix);
    return candidate;
}

IngestReport VaultIngest::ingestFiles(const QList<QUrl> &urls) const
{
    IngestReport report;
    QDir().mkpath(QDir(m_vaultPath).filePath(m_folder));
    for (const QUrl &url : urls) {
        if (!url.isLocalFile()) {
            report.refused << tr("%1: only local files can be dropped").arg(url.toDisplayString());
            continue;
        }
        const QFileInfo source(url.toLocalFile());
        if (!source.isFile()) {
            report.refused << tr("%1: folders are not ingested; drop the files inside").arg(source.fileName());
            continue;
        }
        if (!VaultScanner::isIndexable(m_folder + QLatin1Char('/') + source.fileName())) {
            report.refused
                << tr("%1: Engram cannot read this type of file (Markdown, text and JSONL logs are supported)")
                       .arg(source.fileName());
            continue;
        }
        if (source.absoluteFilePath().startsWith(QDir(m_vaultPath).absolutePath() + QLatin1Char('/'))) {
            report.refused << tr("%1: already in the vault").arg(source.fileName());
            continue;
        }
        const QString relative = freeRelativePath(source.fileName());
        if (!QFile::copy(source.absoluteFilePath(), QDir(m_vaultPath).filePath(relative))) {
            report.refused << tr("%1: could not be copied into %2").arg(source.fileName(), m_folder);
            continue;
        }
        report.written << relative;
    }
    return report;
}

IngestReport VaultIngest::ingestText(const QString &text) const
{
    IngestReport report;
    if (text.trimmed().isEmpty()) {
        report.refused << tr("the dropped text is empty");
        return report;
    }
    QDir().mkpath(QDir(m_vaultPath).filePath(m_folder));
    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyy-MM-dd-HHmmss"));
    const QString relative = freeRelativePath(QStringLiteral("dropped-%1.md").arg(stamp));
    QSaveFile file(QDir(m_vaultPath).filePath(relative));
    if (!file.open(QIODevice::WriteOnly)) {
        report.refused << tr("cannot write %1: %2").arg(relative, file.errorString());
        return report;
    }
    file.write(text.toUtf8());
    if (!file.commit()) {
        report.refused << tr("cannot write %1: %2").arg(relative, file.errorString());
        return report;
    }
    report.written << relative;
    return report;
}

} // namespace engram
