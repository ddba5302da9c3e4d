#include "vault/SecretScan.h"

#include "core/VaultBoundary.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>

#include <algorithm>

namespace engram {

namespace {

/// Each regular file of the vault, vault-relative and sorted, outside .engram/ and .git/.
QStringList vaultFiles(const QString &vaultPath)
{
    QStringList out;
    const QDir root(vaultPath);
    QDirIterator it(vaultPath, QDir::Files | QDir::Hidden | QDir::NoSymLinks, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString relative = root.relativeFilePath(it.next());
        if (relative.startsWith(QLatin1String(".engram/")) || relative.startsWith(QLatin1String(".git/")))
            continue;
        out << relative;
    }
    std::sort(out.begin(), out.end());
    return out;
}

Result<SecretScanReport> run(const QString &vaultPath, const RedactionGate &gate, qint64 maxFileBytes, bool rewrite)
{
    if (!QDir(vaultPath).exists())
        return Error{QStringLiteral("the vault folder does not exist"), vaultPath};
    SecretScanReport report;
    const VaultBoundary boundary(vaultPath);
    for (const QString &relative : vaultFiles(vaultPath)) {
        QFile file(QDir(vaultPath).filePath(relative));
        if (file.size() > maxFileBytes) {
            report.skipped << QStringLiteral("%1 (larger than maxFileBytes in engram.json)").arg(relative);
            continue;
        }
        if (!file.open(QIODevice::ReadOnly)) {
            report.skipped << QStringLiteral("%1 (%2)").arg(relative, file.errorString());
            continue;
        }
        const QByteArray bytes = file.readAll();
        ++report.filesRead;
        if (bytes.left(8192).contains('\0')) {
            report.skipped << QStringLiteral("%1 (not text)").arg(relative);
            continue;
        }
        const QList<SecretRedactor::Finding> found = gate.find(bytes);
        for (const SecretRedactor::Finding &f : found)
            report.findings << SecretFinding{relative, f.line, f.column, f.kind};
        if (!rewrite || found.isEmpty())
            continue;
        if (Status s = boundary.writeFile(relative, gate.clean(bytes)); !s)
            return s.error();
        report.rewritten << relative;
    }
    return report;
}

} // namespace

Result<SecretScanReport> SecretScan::scan(const QString &vaultPath, const RedactionGate &gate, qint64 maxFileBytes)
{
    return run(vaultPath, gate, maxFileBytes, false);
}

Result<SecretScanReport> SecretScan::apply(const QString &vaultPath, const RedactionGate &gate, qint64 maxFileBytes)
{
    return run(vaultPath, gate, maxFileBytes, true);
}

QJsonObject SecretScanReport::toJson() const
{
    QJsonArray list;
    for (const SecretFinding &f : findings)
        list.append(QJsonObject{{QStringLiteral("path"), f.path},
                                {QStringLiteral("line"), f.line},
                                {QStringLiteral("column"), f.column},
                                {QStringLiteral("kind"), f.kind}});
    return QJsonObject{{QStringLiteral("findings"), list},
                       {QStringLiteral("files_read"), filesRead},
                       {QStringLiteral("skipped"), QJsonArray::fromStringList(skipped)},
                       {QStringLiteral("rewritten"), QJsonArray::fromStringList(rewritten)}};
}

QString SecretScanReport::toText() const
{
    QString out;
    for (const SecretFinding &f : findings)
        out += QStringLiteral("%1:%2: %3\n").arg(f.path).arg(f.line).arg(f.kind);
    for (const QString &s : skipped)
        out += QStringLiteral("not read: %1\n").arg(s);
    if (!rewritten.isEmpty())
        out += QStringLiteral("rewrote %1 file(s) without their secrets: %2\n")
                   .arg(rewritten.size())
                   .arg(rewritten.join(QStringLiteral(", ")));
    out += findings.isEmpty() ? QStringLiteral("no secret in %1 file(s)\n").arg(filesRead)
                              : QStringLiteral("%1 secret(s) in %2 file(s) read\n").arg(findings.size()).arg(filesRead);
    return out;
}

} // namespace engram
