#include "core/DeviceIdentity.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSysInfo>

namespace engram {

namespace {

QString generated()
{
    QString host = QSysInfo::machineHostName().toLower();
    host.remove(QRegularExpression(QStringLiteral("[^a-z0-9]")));
    host = host.left(40);
    const quint32 random = QRandomGenerator::system()->generate();
    const QString suffix = QStringLiteral("%1").arg(random, 8, 16, QLatin1Char('0'));
    return host.isEmpty() ? QStringLiteral("device-") + suffix : host + QLatin1Char('-') + suffix;
}

} // namespace

bool DeviceIdentity::isValid(const QString &name)
{
    static const QRegularExpression pattern(QStringLiteral("^[a-z0-9][a-z0-9-]{0,63}$"));
    return pattern.match(name).hasMatch();
}

QString DeviceIdentity::filePath(const QString &vaultPath)
{
    return QDir(vaultPath).filePath(QStringLiteral(".engram/device"));
}

Result<QString> DeviceIdentity::of(const QString &vaultPath)
{
    const QString forced = qEnvironmentVariable("ENGRAM_DEVICE");
    if (!forced.isEmpty()) {
        if (!isValid(forced))
            return Error{QStringLiteral("ENGRAM_DEVICE=\"%1\" is not a device name: use lower-case letters, digits "
                                        "and '-' (at most 64)")
                             .arg(forced)};
        return forced;
    }
    const QString path = filePath(vaultPath);
    QFile stored(path);
    if (stored.open(QIODevice::ReadOnly)) {
        const QString name = QString::fromUtf8(stored.readAll()).trimmed();
        if (isValid(name))
            return name;
        return Error{QStringLiteral("\"%1\" is not a device name (lower-case letters, digits and '-'); fix or delete "
                                    "the file and Engram names this device anew")
                         .arg(name),
                     path, 1};
    }
    if (!QDir(vaultPath).mkpath(QStringLiteral(".engram")))
        return Error{QStringLiteral("cannot create the index folder to name this device"), path};
    const QString name = generated();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(name.toUtf8() + '\n') < 0 || !file.commit())
        return Error{QStringLiteral("cannot store this device's name: %1").arg(file.errorString()), path};
    return name;
}

} // namespace engram
