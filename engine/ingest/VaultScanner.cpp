#include "ingest/VaultScanner.h"

#include "ingest/DocumentParser.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>
#include <QStringDecoder>

#include <cerrno>
#include <climits>
#include <cstring>
#include <dirent.h>
#include <sys/stat.h>

namespace engram {

namespace {

QString formatSize(qint64 bytes)
{
    return QStringLiteral("%1 MiB").arg(double(bytes) / (1024.0 * 1024.0), 0, 'f', 1);
}

bool isValidUtf8(const QByteArray &bytes)
{
    QStringDecoder decoder(QStringDecoder::Utf8);
    const QString decoded = decoder.decode(bytes);
    Q_UNUSED(decoded);
    return !decoder.hasError();
}

/// Length of the valid UTF-8 sequence at `at`, or 0 when the byte there starts none.
qsizetype utf8SequenceLength(const QByteArray &bytes, qsizetype at)
{
    const auto lead = static_cast<unsigned char>(bytes[at]);
    const qsizetype length = lead < 0x80   ? 1
                             : lead < 0xC2 ? 0
                             : lead < 0xE0 ? 2
                             : lead < 0xF0 ? 3
                             : lead < 0xF5 ? 4
                                           : 0;
    if (length == 0 || at + length > bytes.size())
        return 0;
    return isValidUtf8(bytes.mid(at, length)) ? length : 0;
}

/// A file name that is not valid UTF-8, readable: valid parts as they are, each bad byte as `\xE9`.
QString escapedName(const QByteArray &bytes)
{
    QString out;
    for (qsizetype at = 0; at < bytes.size();) {
        const qsizetype length = utf8SequenceLength(bytes, at);
        if (length > 0) {
            out += QString::fromUtf8(bytes.mid(at, length));
            at += length;
        } else {
            out += QStringLiteral("\\x")
                   + QString::number(static_cast<unsigned char>(bytes[at]), 16).rightJustified(2, u'0').toUpper();
            ++at;
        }
    }
    return out;
}

/// One name in a folder, read with readdir(): Qt's listing cannot name what is not valid
/// UTF-8 and says nothing when a folder cannot be read, so both would be skipped silently.
struct FolderEntry {
    QByteArray rawName;
    bool validName = true;
    bool isFolder = false; ///< after following a link
};

struct FolderListing {
    QList<FolderEntry> entries;
    int error = 0; ///< errno of opendir(), 0 when the folder was read
};

FolderListing listFolder(const QString &path)
{
    FolderListing listing;
    DIR *dir = ::opendir(QFile::encodeName(path).constData());
    if (!dir) {
        listing.error = errno;
        return listing;
    }
    while (const dirent *entry = ::readdir(dir)) {
        FolderEntry e;
        e.rawName = QByteArray(entry->d_name);
        if (e.rawName == "." || e.rawName == "..")
            continue;
        e.validName = isValidUtf8(e.rawName);
        // fstatat relative to the open folder works even where the whole path is too long to use.
        struct stat info { };
        e.isFolder = ::fstatat(::dirfd(dir), entry->d_name, &info, 0) == 0 && S_ISDIR(info.st_mode);
        listing.entries << e;
    }
    ::closedir(dir);
    std::sort(listing.entries.begin(), listing.entries.end(),
              [](const FolderEntry &a, const FolderEntry &b) { return a.rawName < b.rawName; });
    return listing;
}

bool isTooLong(const QString &absolutePath)
{
    return QFile::encodeName(absolutePath).size() >= PATH_MAX;
}

QString tooLongMessage(const QString &absolutePath, const QString &what)
{
    return QStringLiteral("its path is %1 bytes, longer than the %2 the system allows (PATH_MAX); %3 not indexed. "
                          "Shorten the folder names above it or move it up")
        .arg(QFile::encodeName(absolutePath).size())
        .arg(PATH_MAX)
        .arg(what);
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

QString VaultScanner::specialFileProblem(const QString &absolutePath)
{
    struct stat info { };
    if (::stat(QFile::encodeName(absolutePath).constData(), &info) != 0 || S_ISREG(info.st_mode)
        || S_ISDIR(info.st_mode))
        return {};
    const QString kind = S_ISFIFO(info.st_mode)   ? QStringLiteral("a named pipe (FIFO)")
                         : S_ISSOCK(info.st_mode) ? QStringLiteral("a socket")
                         : S_ISCHR(info.st_mode)  ? QStringLiteral("a character device")
                         : S_ISBLK(info.st_mode)  ? QStringLiteral("a block device")
                                                  : QStringLiteral("of an unknown kind");
    return QStringLiteral("file is %1, not a regular file; not indexed (reading it could wait forever or never end)")
        .arg(kind);
}

VaultScanner::Result VaultScanner::scan(const QString &vaultPath) const
{
    Result result;
    const QDir root(vaultPath);
    QSet<QString> visitedDirectories;
    QList<QString> pending{root.absolutePath()};
    visitedDirectories.insert(QFileInfo(root.absolutePath()).canonicalFilePath());
    auto error = [&](const QString &relative, const QString &message) {
        result.problems << Problem{relative, 0, QStringLiteral("error"), message};
    };

    while (!pending.isEmpty()) {
        const QString directory = pending.takeFirst();
        const QString directoryRelative = root.relativeFilePath(directory);
        const FolderListing listing = listFolder(directory);
        if (listing.error != 0) {
            error(directoryRelative, listing.error == ENAMETOOLONG
                                         ? tooLongMessage(directory, QStringLiteral("its files are"))
                                         : QStringLiteral("cannot read the folder (%1); its files are not indexed")
                                               .arg(QString::fromLocal8Bit(std::strerror(listing.error))));
            continue;
        }
        for (const FolderEntry &folderEntry : listing.entries) {
            if (folderEntry.rawName.startsWith('.'))
                continue; // .engram/, .git/, editor swap files …
            const QString prefix = directoryRelative == QLatin1String(".") ? QString() : directoryRelative + u'/';
            if (!folderEntry.validName) {
                const QString relative = prefix + escapedName(folderEntry.rawName);
                if (folderEntry.isFolder)
                    error(relative, QStringLiteral("folder name is not valid UTF-8; its files are not indexed. "
                                                   "Rename it (the bad bytes are shown as \\xNN)"));
                else if (isIndexable(relative))
                    error(relative, QStringLiteral("file name is not valid UTF-8; not indexed. "
                                                   "Rename it (the bad bytes are shown as \\xNN)"));
                continue;
            }
            const QString name = QFile::decodeName(folderEntry.rawName);
            const QString absolute = directory + u'/' + name;
            const QString relative = prefix + name;
            if (isTooLong(absolute)) {
                if (folderEntry.isFolder)
                    error(relative, tooLongMessage(absolute, QStringLiteral("its files are")));
                else if (isIndexable(relative))
                    error(relative, tooLongMessage(absolute, QStringLiteral("it is")));
                continue;
            }
            const QFileInfo entry(absolute);
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
                pending << absolute;
                continue;
            }
            if (!isIndexable(relative))
                continue;
            if (entry.isSymLink() && !entry.exists()) {
                error(relative, QStringLiteral("file link points nowhere; not indexed"));
                continue;
            }
            if (const QString special = specialFileProblem(absolute); !special.isEmpty()) {
                error(relative, special);
                continue;
            }
            if (entry.size() > m_maxFileBytes) {
                error(relative, QStringLiteral("file is %1, over the %2 limit (index.maxFileBytes in "
                                               "engram.json); not indexed")
                                    .arg(formatSize(entry.size()), formatSize(m_maxFileBytes)));
                continue;
            }
            result.files << VaultFile{relative, absolute, entry.size(), entry.lastModified().toMSecsSinceEpoch()};
        }
    }
    std::sort(result.files.begin(), result.files.end(),
              [](const VaultFile &a, const VaultFile &b) { return a.relativePath < b.relativePath; });
    return result;
}

} // namespace engram
