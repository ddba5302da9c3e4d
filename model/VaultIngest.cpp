#include "VaultIngest.h"

#include "core/VaultBoundary.h"
#include "ingest/VaultScanner.h"
#include "redaction/RedactionGate.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>

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
    const VaultBoundary boundary(m_vaultPath);
    QString candidate = m_folder + QLatin1Char('/') + fileName;
    for (int n = 2; boundary.holdsEntry(candidate); ++n) // a broken link holds its name too
        candidate = QStringLiteral("%1/%2 (%3)%4").arg(m_folder, base).arg(n).arg(suffix);
    return candidate;
}

IngestReport VaultIngest::ingestFiles(const QList<QUrl> &urls) const
{
    IngestReport report;
    const VaultBoundary boundary(m_vaultPath);
    auto gate = RedactionGate::forVault(m_vaultPath);
    if (!gate) {
        report.refused << gate.error().toString();
        return report;
    }
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
        if (const QString root = boundary.realRoot();
            !root.isEmpty() && source.canonicalFilePath().startsWith(root + QLatin1Char('/'))) {
            report.refused << tr("%1: already in the vault").arg(source.fileName());
            continue;
        }
        if (auto folder = boundary.makeFolder(m_folder); !folder) {
            report.refused << source.fileName() + QStringLiteral(": ") + folder.error().toString();
            continue;
        }
        const QString relative = freeRelativePath(source.fileName());
        auto target = boundary.resolveForWrite(relative);
        if (!target) {
            report.refused << source.fileName() + QStringLiteral(": ") + target.error().toString();
            continue;
        }
        // Only text is ingested (isIndexable): it passes the gate like a paste, and lands whole or not at all.
        QFile in(source.absoluteFilePath());
        if (!in.open(QIODevice::ReadOnly)) {
            report.refused << tr("%1: could not be read: %2").arg(source.fileName(), in.errorString());
            continue;
        }
        if (Status s = boundary.writeFile(relative, gate->clean(in.readAll())); !s) {
            report.refused
                << tr("%1: could not be copied into %2: %3").arg(source.fileName(), m_folder, s.error().toString());
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
    const VaultBoundary boundary(m_vaultPath);
    if (auto folder = boundary.makeFolder(m_folder); !folder) {
        report.refused << folder.error().toString();
        return report;
    }
    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyy-MM-dd-HHmmss"));
    const QString relative = freeRelativePath(QStringLiteral("dropped-%1.md").arg(stamp));
    auto gate = RedactionGate::forVault(m_vaultPath);
    if (!gate) {
        report.refused << gate.error().toString();
        return report;
    }
    if (Status s = boundary.writeFile(relative, gate->clean(text.toUtf8())); !s) {
        report.refused << s.error().toString();
        return report;
    }
    report.written << relative;
    return report;
}

} // namespace engram
