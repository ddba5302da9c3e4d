#include "WatchedFile.h"

#include "core/VaultBoundary.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace engram {

namespace {

QByteArray hashOf(const QByteArray &bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha1);
}

/// Hash of the file now, or empty when it does not exist.
QByteArray diskHash(const QString &path)
{
    QFile file(path);
    if (!file.exists() || !file.open(QIODevice::ReadOnly))
        return {};
    return hashOf(file.readAll());
}

} // namespace

WatchedFile::WatchedFile(QObject *parent) : QObject(parent)
{
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, &WatchedFile::onWatcherEvent);
    connect(&m_watcher, &QFileSystemWatcher::directoryChanged, this, &WatchedFile::onWatcherEvent);
}

Result<QByteArray> WatchedFile::load(const QString &vaultPath, const QString &relativePath)
{
    close();
    m_vaultPath = vaultPath;
    m_relativePath = relativePath;
    m_path = QDir(vaultPath).filePath(relativePath);
    QByteArray bytes;
    QFile file(m_path);
    if (file.exists()) {
        if (!file.open(QIODevice::ReadOnly))
            return Error{tr("cannot read %1: %2").arg(m_path, file.errorString())};
        bytes = file.readAll();
        m_hash = hashOf(bytes);
    }
    rewatch();
    return bytes;
}

Status WatchedFile::save(const QByteArray &bytes, bool overwriteExternalChange)
{
    if (m_path.isEmpty())
        return Error{tr("no file is open")};
    if (!overwriteExternalChange && changedOnDisk())
        return Error{tr("%1 changed on disk since it was opened; reload it or save anyway").arg(m_path)};
    if (Status s = VaultBoundary(m_vaultPath).writeFile(m_relativePath, bytes); !s)
        return s;
    m_hash = hashOf(bytes);
    rewatch();
    return {};
}

void WatchedFile::close()
{
    const QStringList watched = m_watcher.files() + m_watcher.directories();
    if (!watched.isEmpty())
        m_watcher.removePaths(watched);
    m_vaultPath.clear();
    m_relativePath.clear();
    m_path.clear();
    m_hash.clear();
}

bool WatchedFile::changedOnDisk() const
{
    return !m_path.isEmpty() && diskHash(m_path) != m_hash;
}

void WatchedFile::onWatcherEvent()
{
    rewatch(); // an atomic rename replaces the inode: watch the new file
    if (changedOnDisk())
        Q_EMIT changedExternally();
}

void WatchedFile::rewatch()
{
    if (m_path.isEmpty())
        return;
    if (QFile::exists(m_path) && !m_watcher.files().contains(m_path))
        m_watcher.addPath(m_path);
    const QString folder = QFileInfo(m_path).absolutePath();
    if (QFileInfo::exists(folder) && !m_watcher.directories().contains(folder))
        m_watcher.addPath(folder);
}

} // namespace engram
