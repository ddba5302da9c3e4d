#include "dynamics/Journal.h"

#include "core/DeviceIdentity.h"
#include "core/VaultBoundary.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

namespace engram {

namespace {

QByteArray linesOf(const QList<QJsonObject> &events)
{
    QByteArray bytes;
    for (const QJsonObject &event : events) {
        bytes += QJsonDocument(event).toJson(QJsonDocument::Compact);
        bytes += '\n';
    }
    return bytes;
}

} // namespace

Journal::Journal(const QString &vaultPath) : m_vaultPath(vaultPath)
{
    if (auto device = DeviceIdentity::of(vaultPath))
        m_device = *device;
}

Journal::Journal(const QString &vaultPath, QString device) : m_vaultPath(vaultPath), m_device(std::move(device)) { }

QString Journal::folder()
{
    return QStringLiteral("state/journal");
}

QString Journal::legacyPath()
{
    return QStringLiteral("state/journal.jsonl");
}

QString Journal::relativePathOf(const QString &device)
{
    return folder() + QLatin1Char('/') + device + QStringLiteral(".jsonl");
}

QString Journal::pathOf(const QString &device) const
{
    return QDir(m_vaultPath).filePath(relativePathOf(device));
}

QString Journal::filePath() const
{
    return pathOf(m_device);
}

Status Journal::append(const QJsonObject &event)
{
    return append(QList<QJsonObject>{event});
}

Status Journal::append(const QList<QJsonObject> &events)
{
    if (events.isEmpty())
        return {};
    if (!DeviceIdentity::isValid(m_device))
        return Error{QStringLiteral("this device has no valid name (.engram/device); the journal was not written"),
                     folder()};
    auto held = lock();
    if (!held)
        return held.error();
    const VaultBoundary boundary(m_vaultPath);
    if (auto made = boundary.makeFolder(folder()); !made)
        return made.error();
    auto real = boundary.resolveForWrite(relativePath());
    if (!real)
        return real.error();
    QFile file(*real);
    if (!file.open(QIODevice::ReadWrite | QIODevice::Append | QIODevice::Unbuffered))
        return Error{QStringLiteral("cannot append to the journal: %1").arg(file.errorString()), relativePath()};
    QByteArray lines;
    const qint64 before = file.size();
    if (before > 0 && file.seek(before - 1) && file.peek(1) != "\n")
        lines += '\n'; // a line torn by a crash stays one bad line, not glued to these events
    lines += linesOf(events);
    if (file.write(lines) != lines.size() || !file.flush()) {
        const QString why = file.errorString();
        // A write cut short by a full disk leaves part of a line: cut back to the last whole one
        // (truncating needs no space), so the journal stays readable and the events can be written again.
        const bool cut = file.resize(before);
        return Error{QStringLiteral("cannot append to the journal: %1 (is the disk full?)%2")
                         .arg(why, cut ? QString() : QStringLiteral("; its last line may be cut short")),
                     relativePath()};
    }
    return {};
}

QStringList Journal::devices() const
{
    QStringList out;
    const QDir dir(QDir(m_vaultPath).filePath(folder()));
    for (const QString &name : dir.entryList({QStringLiteral("*.jsonl")}, QDir::Files, QDir::Name)) {
        const QString device = name.chopped(6);
        if (DeviceIdentity::isValid(device))
            out << device;
    }
    return out;
}

Result<Journal::Chunk> Journal::readFrom(const QString &device, qint64 offset) const
{
    Chunk out;
    out.endOffset = offset;
    const QString relative = relativePathOf(device);
    QFile file(pathOf(device));
    if (!file.exists())
        return out;
    if (!file.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("cannot read the journal: %1").arg(file.errorString()), relative};
    if (offset > file.size())
        return Error{QStringLiteral("the journal is shorter than what the index replayed; replay it in full"),
                     relative};
    file.seek(offset);
    const QByteArray bytes = file.readAll();
    qint64 lineStart = 0;
    while (true) {
        const qint64 end = bytes.indexOf('\n', lineStart);
        if (end < 0)
            break; // a line still being written: read it next time
        const QByteArray line = bytes.mid(lineStart, end - lineStart).trimmed();
        lineStart = end + 1;
        if (line.isEmpty())
            continue;
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject()) {
            out.problems << QStringLiteral("%1: a line after byte %2 is not a JSON object; skipped")
                                .arg(relative)
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
    if (Status s = VaultBoundary(m_vaultPath).writeFile(relativePath(), linesOf(events)); !s)
        return Error{QStringLiteral("cannot save the compacted journal: %1").arg(s.error().message), relativePath()};
    return {};
}

Status Journal::migrateLegacy()
{
    const QString legacy = QDir(m_vaultPath).filePath(legacyPath());
    if (!QFileInfo::exists(legacy))
        return {};
    if (!DeviceIdentity::isValid(m_device))
        return Error{QStringLiteral("this device has no valid name (.engram/device); the journal was not moved"),
                     legacyPath()};
    auto held = lock();
    if (!held)
        return held.error();
    QFile old(legacy);
    if (!old.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("cannot read the journal to move it: %1").arg(old.errorString()), legacyPath()};
    QByteArray oldBytes = old.readAll();
    old.close();
    const QString sha = QString::fromLatin1(QCryptographicHash::hash(oldBytes, QCryptographicHash::Sha1).toHex());

    QFile mine(filePath());
    QByteArray mineBytes;
    if (mine.exists()) {
        if (!mine.open(QIODevice::ReadOnly))
            return Error{QStringLiteral("cannot read the journal: %1").arg(mine.errorString()), relativePath()};
        mineBytes = mine.readAll();
        mine.close();
    }
    const VaultBoundary boundary(m_vaultPath);
    const QJsonObject marker = QJsonDocument::fromJson(mineBytes.left(mineBytes.indexOf('\n'))).object();
    const bool alreadyMoved = marker.value(QStringLiteral("type")).toString() == QLatin1String("migrated")
                              && marker.value(QStringLiteral("sha1")).toString() == sha;
    if (!alreadyMoved) {
        if (!oldBytes.isEmpty() && !oldBytes.endsWith('\n'))
            oldBytes += '\n'; // a torn last line stays one bad line, not glued to the next
        const QJsonObject line{{QStringLiteral("type"), QStringLiteral("migrated")},
                               {QStringLiteral("from"), legacyPath()},
                               {QStringLiteral("sha1"), sha}};
        const QByteArray bytes = QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n' + oldBytes + mineBytes;
        if (Status s = boundary.writeFile(relativePath(), bytes); !s)
            return Error{QStringLiteral("cannot move the journal into %1: %2").arg(relativePath(), s.error().message),
                         legacyPath()};
    }
    if (Status s = boundary.remove(legacyPath()); !s)
        return Error{
            QStringLiteral("moved into %1, but cannot remove the old file: %2").arg(relativePath(), s.error().message),
            legacyPath()};
    return {};
}

qint64 Journal::size(const QString &device) const
{
    return QFileInfo(pathOf(device)).size();
}

QString Journal::fingerprint(const QString &device, qint64 length) const
{
    QFile file(pathOf(device));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromLatin1(
        QCryptographicHash::hash(file.read(qMin<qint64>(length, 512)), QCryptographicHash::Sha1).toHex());
}

} // namespace engram
