#include "core/VaultBoundary.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <filesystem>
#include <system_error>

namespace engram {

namespace {

namespace fs = std::filesystem;

/// Links one lookup may follow; Linux gives up (ELOOP) at 40 as well.
constexpr int kMaxLinks = 40;

fs::path native(const QString &path)
{
    return fs::path(QFile::encodeName(path).toStdString());
}

QString fromNative(const fs::path &path)
{
    return QFile::decodeName(QByteArray::fromStdString(path.native()));
}

QString joined(const QString &folder, const QString &name)
{
    return folder == QLatin1String("/") ? QLatin1Char('/') + name : folder + QLatin1Char('/') + name;
}

QString parentOf(const QString &path)
{
    const qsizetype slash = path.lastIndexOf(QLatin1Char('/'));
    return slash <= 0 ? QStringLiteral("/") : path.left(slash);
}

/// `absolute` with every link followed as the file system would follow it,
/// also where the path does not exist yet: below the deepest existing entry
/// nothing can be a link, so the rest is kept as written. The last part is
/// followed only when `followLast`. Empty for a loop of links.
QString realPath(const QString &absolute, bool followLast, int &links)
{
    const QStringList parts = absolute.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    QString current = QStringLiteral("/");
    for (qsizetype i = 0; i < parts.size(); ++i) {
        const QString &part = parts[i];
        if (part == QLatin1String("."))
            continue;
        if (part == QLatin1String("..")) {
            current = parentOf(current); // `current` has no links in it, so this is the real parent
            continue;
        }
        const QString next = joined(current, part);
        const bool last = i == parts.size() - 1;
        std::error_code error;
        const fs::file_status status = fs::symlink_status(native(next), error);
        if (fs::is_symlink(status) && (!last || followLast)) {
            if (++links > kMaxLinks)
                return {};
            const fs::path target = fs::read_symlink(native(next), error);
            if (error)
                return {};
            QString rest = fromNative(target);
            if (!rest.startsWith(QLatin1Char('/')))
                rest = joined(current, rest);
            for (qsizetype j = i + 1; j < parts.size(); ++j)
                rest += QLatin1Char('/') + parts[j];
            return realPath(rest, followLast, links);
        }
        if (!fs::exists(status)) {
            QString rest = next;
            bool climbs = false;
            for (qsizetype j = i + 1; j < parts.size(); ++j) {
                rest += QLatin1Char('/') + parts[j];
                climbs = climbs || parts[j] == QLatin1String("..");
            }
            // "new/../linked/x" climbs back into folders that exist and may be
            // links: resolve what is left once the climb is taken out.
            if (climbs && ++links <= kMaxLinks)
                return realPath(QDir::cleanPath(rest), followLast, links);
            return climbs ? QString() : QDir::cleanPath(rest);
        }
        current = next;
    }
    return current;
}

QString notDone(VaultBoundary::Act act)
{
    switch (act) {
    case VaultBoundary::Act::Write: return QStringLiteral("not written");
    case VaultBoundary::Act::Move: return QStringLiteral("not moved");
    case VaultBoundary::Act::Delete: return QStringLiteral("not deleted");
    case VaultBoundary::Act::CreateFolder: return QStringLiteral("not created");
    }
    return {};
}

QString parentPart(const QString &path)
{
    const qsizetype slash = path.lastIndexOf(QLatin1Char('/'));
    return slash < 0 ? QStringLiteral(".") : path.left(slash);
}

} // namespace

VaultBoundary::VaultBoundary(QString vaultPath) : m_vaultPath(std::move(vaultPath)) { }

QString VaultBoundary::realRoot() const
{
    return QFileInfo(m_vaultPath).canonicalFilePath();
}

QString VaultBoundary::absolute(const QString &path) const
{
    return QDir::isAbsolutePath(path) ? path : QDir(m_vaultPath).absolutePath() + QLatin1Char('/') + path;
}

Result<QString> VaultBoundary::root(const QString &path, Act act) const
{
    const QString real = realRoot();
    if (real.isEmpty())
        return Error{QStringLiteral("%1: the vault folder %2 does not exist; %3").arg(path, m_vaultPath, notDone(act))};
    return real;
}

Result<QString> VaultBoundary::checkInside(const QString &path, const QString &real, const QString &rootPath,
                                           Act act) const
{
    if (real.isEmpty())
        return Error{QStringLiteral("%1 goes through a loop of symbolic links; %2").arg(path, notDone(act))};
    const bool entryAct = act == Act::Move || act == Act::Delete;
    const bool inside = rootPath == QLatin1String("/")
                            ? real != rootPath || !entryAct
                            : real.startsWith(rootPath + QLatin1Char('/')) || (real == rootPath && !entryAct);
    if (!inside)
        return Error{
            QStringLiteral("%1 resolves to %2, outside the vault %3; %4").arg(path, real, rootPath, notDone(act))};
    return real;
}

Result<QString> VaultBoundary::resolveForWrite(const QString &path, Act act) const
{
    auto rootPath = root(path, act);
    if (!rootPath)
        return rootPath;
    int links = 0;
    return checkInside(path, realPath(absolute(path), true, links), *rootPath, act);
}

Result<QString> VaultBoundary::resolveForWrite(const QString &vaultRoot, const QString &path)
{
    return VaultBoundary(vaultRoot).resolveForWrite(path);
}

Result<QString> VaultBoundary::resolveEntry(const QString &path, Act act) const
{
    const QString name = path.section(QLatin1Char('/'), -1);
    if (name.isEmpty() || name == QLatin1String(".") || name == QLatin1String(".."))
        return Error{QStringLiteral("%1 does not name a file; %2").arg(path, notDone(act))};
    auto rootPath = root(path, act);
    if (!rootPath)
        return rootPath;
    int links = 0;
    return checkInside(path, realPath(absolute(path), false, links), *rootPath, act);
}

bool VaultBoundary::holdsEntry(const QString &path) const
{
    std::error_code error;
    return fs::exists(fs::symlink_status(native(absolute(path)), error));
}

Result<QString> VaultBoundary::makeFolder(const QString &path) const
{
    auto real = resolveForWrite(path, Act::CreateFolder);
    if (!real)
        return real;
    // Only the parts below the deepest existing folder are created, and none of them is a link.
    if (!QDir().mkpath(*real))
        return Error{QStringLiteral("cannot create %1 in the vault; is it writable?").arg(path)};
    auto again = resolveForWrite(path, Act::CreateFolder);
    if (again && *again != *real)
        return Error{QStringLiteral("%1 changed while it was created (now %2); not created").arg(path, *again)};
    return again;
}

Status VaultBoundary::writeFile(const QString &path, const QByteArray &bytes) const
{
    auto real = resolveForWrite(path);
    if (!real)
        return real.error();
    if (auto folder = makeFolder(parentOf(*real)); !folder)
        return folder.error();
    QSaveFile out(*real);
    if (!out.open(QIODevice::WriteOnly))
        return Error{QStringLiteral("cannot write %1: %2").arg(path, out.errorString())};
    out.write(bytes);
    // Re-checked right before the rename that publishes the file: a folder
    // swapped for a link meanwhile must not receive it.
    auto again = resolveForWrite(path);
    if (!again || *again != *real) {
        out.cancelWriting();
        return again ? Error{QStringLiteral("%1 changed while it was written (now %2); not written").arg(path, *again)}
                     : again.error();
    }
    if (!out.commit())
        return Error{QStringLiteral("cannot write %1: %2").arg(path, out.errorString())};
    return {};
}

Status VaultBoundary::move(const QString &from, const QString &to) const
{
    if (auto source = resolveEntry(from, Act::Move); !source)
        return source.error();
    if (!holdsEntry(from))
        return Error{QStringLiteral("%1 does not exist; not moved").arg(from)};
    if (auto folder = makeFolder(parentPart(to)); !folder)
        return folder.error();
    if (holdsEntry(to))
        return Error{QStringLiteral("%1 already exists; %2 not moved").arg(to, from)};
    // Resolved again right before the rename, which acts on the entries
    // themselves and never copies (a copy would follow a link).
    auto source = resolveEntry(from, Act::Move);
    if (!source)
        return source.error();
    auto target = resolveEntry(to, Act::Move);
    if (!target)
        return target.error();
    std::error_code error;
    fs::rename(native(*source), native(*target), error);
    if (error)
        return Error{QStringLiteral("cannot move %1 to %2: %3").arg(from, to, QString::fromStdString(error.message()))};
    return {};
}

Status VaultBoundary::remove(const QString &path) const
{
    auto entry = resolveEntry(path, Act::Delete);
    if (!entry)
        return entry.error();
    std::error_code error;
    const fs::file_status status = fs::symlink_status(native(*entry), error);
    if (!fs::exists(status))
        return Error{QStringLiteral("%1 does not exist; not deleted").arg(path)};
    if (fs::is_directory(status))
        return Error{QStringLiteral("%1 is a folder; not deleted").arg(path)};
    if (!fs::remove(native(*entry), error) || error)
        return Error{QStringLiteral("cannot delete %1: %2").arg(path, QString::fromStdString(error.message()))};
    return {};
}

} // namespace engram
