#include "dynamics/Journal.h"

#include "core/VaultBoundary.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

namespace engram {

Journal::Journal(const QString &vaultPath) : m_vaultPath(vaultPath) { }

QString Journal::relativePath()
{
    return QStringLiteral("state/journal.jsonl");
}

QString Journal::filePath() const
{
    return QDir(m_vaultPath).filePath(relativePath());
}

Status Journal::append(const QJsonObject &event)
{
    return append(QList<QJsonObject>{event});
}

Status Journal::append(const QList<QJsonObject> &events)
{
    if (events.isEmpty())
        return {};
    auto held = lock();
    if (!held)
        return held.error();
    const VaultBoundary boundary(m_vaultPath);
    if (auto folder = boundary.makeFolder(QStringLiteral("state")); !folder)
        return folder.error();
    auto real = boundary.resolveForWrite(relativePath());
    if (!real)
        return real.error();
    QFile file(*real);
    if (!file.open(QIODevice::ReadWrite | QIODevice::Append | QIODevice::Unbuffered))
        return Error{QStringLiteral("cannot append to the journal: %1").arg(file.errorString()), relativePath()};
    QByteArray lines;
    if (file.size() > 0 && file.seek(file.size() - 1) && file.peek(1) != "\n")
        lines += '\n'; // a line torn by a crash stays one bad line, not glued to these events
    for (const QJsonObject &event : events) {
        lines += QJsonDocument(event).toJson(QJsonDocument::Compact);
        lines += '\n';
    }
    if (file.write(lines) != lines.size() || !file.flush())
        return Error{QStringLiteral("cannot append to the journal: %1 (is the disk full?)").arg(file.errorString()),
                     relativePath()};
    return {};
}

Result<Journal::Chunk> Journal::readFrom(qint64 offset) const
{
    Chunk out;
    out.endOffset = offset;
    QFile file(filePath());
    if (!file.exists())
        return out;
    if (!file.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("cannot read the journal: %1").arg(file.errorString()), relativePath()};
    if (offset > file.size())
        return Error{QStringLiteral("the journal is shorter than what the index replayed; replay it in full"),
                     relativePath()};
    file.seek(offset);
    const QByteArray bytes = file.readAll();
    qint64 lineStart = 0;
    int lineNumber = 0;
    while (true) {
        const qint64 end = bytes.indexOf('\n', lineStart);
        if (end < 0)
            break; // a line still being written: read it next time
        ++lineNumber;
        const QByteArray line = bytes.mid(lineStart, end - lineStart).trimmed();
        lineStart = end + 1;
        if (line.isEmpty())
            continue;
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject()) {
            out.problems << QStringLiteral("%1: a line after byte %2 is not a JSON object; skipped")
                                .arg(relativePath())
                                .arg(offset + lineStart);
            continue;
        }
        out.events << doc.object();
    }
    out.endOffset = offset + lineStart;
    return out;
}

Result<std::unique_ptr<VaultLock>> Journal::lock() const
{
    return VaultLock::acquire(m_vaultPath, VaultLock::Kind::Journal, VaultLock::kDefaultTimeoutMs);
}

Status Journal::rewrite(const QList<QJsonObject> &events, const VaultLock &held)
{
    Q_UNUSED(held) // proof that the caller holds the journal lock
    QByteArray bytes;
    for (const QJsonObject &event : events) {
        bytes += QJsonDocument(event).toJson(QJsonDocument::Compact);
        bytes += '\n';
    }
    if (Status s = VaultBoundary(m_vaultPath).writeFile(relativePath(), bytes); !s)
        return Error{QStringLiteral("cannot save the compacted journal: %1").arg(s.error().message), relativePath()};
    return {};
}

qint64 Journal::size() const
{
    return QFileInfo(filePath()).size();
}

QString Journal::fingerprint(qint64 length) const
{
    QFile file(filePath());
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromLatin1(
        QCryptographicHash::hash(file.read(qMin<qint64>(length, 512)), QCryptographicHash::Sha1).toHex());
}

} // namespace engram
