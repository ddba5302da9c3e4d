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
#include <fcntl.h>
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
/// One stat per entry, kept: a scan of 20,000 notes in one folder took 0.65 s with a QFileInfo
/// and a second stat per file, ~0.1 s with this one (2 busy cores).
struct FolderEntry {
    QByteArray rawName;
    bool validName = true;
    bool exists = false;     ///< stat() succeeded (following a link)
    bool brokenLink = false; ///< a link whose target is gone
    bool statted = true;     ///< false: a regular file by the folder's own record (d_type), not stat()ed
    struct stat info { };

    bool isFolder() const { return exists && S_ISDIR(info.st_mode); }
};

struct FolderListing {
    QList<FolderEntry> entries;
    int error = 0; ///< errno of opendir(), 0 when the folder was read
};

/// `statFiles` false: regular files are known by the folder's record of their type and not stat()ed
/// (20,000 of them: 15 ms instead of 100 ms).
FolderListing listFolder(const QString &path, bool statFiles)
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
        if (!statFiles && entry->d_type == DT_REG) {
            e.exists = true;
            e.statted = false;
            e.info.st_mode = S_IFREG;
            listing.entries << e;
            continue;
        }
        // fstatat relative to the open folder works even where the whole path is too long to use.
        e.exists = ::fstatat(::dirfd(dir), entry->d_name, &e.info, 0) == 0;
        if (!e.exists) {
            struct stat link { };
            e.brokenLink =
                ::fstatat(::dirfd(dir), entry->d_name, &link, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(link.st_mode);
        }
        listing.entries << e;
    }
    ::closedir(dir);
    std::sort(listing.entries.begin(), listing.entries.end(),
              [](const FolderEntry &a, const FolderEntry &b) { return a.rawName < b.rawName; });
    return listing;
}

/// What kind of file a mode names when it is neither a regular file nor a folder; empty otherwise.
QString specialKind(mode_t mode)
{
    if (S_ISREG(mode) || S_ISDIR(mode))
        return {};
    return S_ISFIFO(mode)   ? QStringLiteral("a named pipe (FIFO)")
           : S_ISSOCK(mode) ? QStringLiteral("a socket")
           : S_ISCHR(mode)  ? QStringLiteral("a character device")
           : S_ISBLK(mode)  ? QStringLiteral("a block device")
                            : QStringLiteral("of an unknown kind");
}

QString specialMessage(const QString &kind)
{
    return QStringLiteral("file is %1, not a regular file; not indexed (reading it could wait forever or never end)")
        .arg(kind);
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
    if (::stat(QFile::encodeName(absolutePath).constData(), &info) != 0)
        return {};
    const QString kind = specialKind(info.st_mode);
    return kind.isEmpty() ? QString() : specialMessage(kind);
}

namespace {

/// One walk over folders of a vault: the rules for each entry in one place, for the whole vault,
/// a few folders, or one file.
class Walk {
public:
    Walk(const QString &vaultPath, qint64 maxFileBytes) : m_root(vaultPath), m_maxFileBytes(maxFileBytes) { }

    VaultScanner::Result result;

    /// Reads the files directly in `directory` (absolute); its subfolders go to `subfolders` (absolute).
    void folder(const QString &directory, QStringList &subfolders, bool statFiles = true)
    {
        const QString directoryRelative = relativeOf(directory);
        const FolderListing listing = listFolder(directory, statFiles);
        if (listing.error != 0) {
            error(directoryRelative, listing.error == ENAMETOOLONG
                                         ? tooLongMessage(directory, QStringLiteral("its files are"))
                                         : QStringLiteral("cannot read the folder (%1); its files are not indexed")
                                               .arg(QString::fromLocal8Bit(std::strerror(listing.error))));
            return;
        }
        const QString prefix = directoryRelative.isEmpty() ? QString() : directoryRelative + u'/';
        const qsizetype directoryBytes = QFile::encodeName(directory).size();
        for (const FolderEntry &folderEntry : listing.entries) {
            if (folderEntry.rawName.startsWith('.'))
                continue; // .engram/, .git/, editor swap files …
            if (!folderEntry.validName) {
                const QString relative = prefix + escapedName(folderEntry.rawName);
                if (folderEntry.isFolder())
                    error(relative, QStringLiteral("folder name is not valid UTF-8; its files are not indexed. "
                                                   "Rename it (the bad bytes are shown as \\xNN)"));
                else if (VaultScanner::isIndexable(relative))
                    error(relative, QStringLiteral("file name is not valid UTF-8; not indexed. "
                                                   "Rename it (the bad bytes are shown as \\xNN)"));
                continue;
            }
            const QString name = QFile::decodeName(folderEntry.rawName);
            const QString absolute = directory + u'/' + name;
            const QString relative = prefix + name;
            if (directoryBytes + 1 + folderEntry.rawName.size() >= PATH_MAX) {
                if (folderEntry.isFolder())
                    error(relative, tooLongMessage(absolute, QStringLiteral("its files are")));
                else if (VaultScanner::isIndexable(relative))
                    error(relative, tooLongMessage(absolute, QStringLiteral("it is")));
                continue;
            }
            if (folderEntry.isFolder()) {
                if (enter(relative, absolute))
                    subfolders << absolute;
                continue;
            }
            file(relative, absolute, folderEntry);
        }
    }

    /// Reads `directory` (absolute) and every folder under it.
    void tree(const QString &directory)
    {
        QStringList pending{directory};
        while (!pending.isEmpty())
            folder(pending.takeFirst(), pending);
    }

    /// Whether a subfolder is walked: not state/ or archive/ at the top, not a folder already seen
    /// through a link (a loop is a warning).
    bool enter(const QString &relative, const QString &absolute)
    {
        if (relative == QLatin1String("state") || relative == QLatin1String("archive"))
            return false;
        const QString canonical = QFileInfo(absolute).canonicalFilePath();
        if (canonical.isEmpty()) {
            result.problems << Problem{relative, 0, QStringLiteral("warning"),
                                       QStringLiteral("folder link points nowhere; skipped")};
            return false;
        }
        if (m_visited.contains(canonical)) {
            result.problems << Problem{relative, 0, QStringLiteral("warning"),
                                       QStringLiteral("folder link leads back into a folder already scanned "
                                                      "(a symlink loop); not followed")};
            return false;
        }
        m_visited.insert(canonical);
        return true;
    }

    void visited(const QString &absolute) { m_visited.insert(QFileInfo(absolute).canonicalFilePath()); }

    /// One entry that is not a folder: a file to index, a recorded problem, or nothing.
    void file(const QString &relative, const QString &absolute, const FolderEntry &entry)
    {
        if (!VaultScanner::isIndexable(relative))
            return;
        if (!entry.statted) {
            result.files << VaultFile{relative, absolute, -1, -1};
            return;
        }
        if (!entry.exists) {
            if (entry.brokenLink)
                error(relative, QStringLiteral("file link points nowhere; not indexed"));
            return; // gone between the listing and its stat
        }
        if (const QString special = specialKind(entry.info.st_mode); !special.isEmpty()) {
            error(relative, specialMessage(special));
            return;
        }
        const qint64 size = entry.info.st_size;
        if (size > m_maxFileBytes) {
            error(relative, QStringLiteral("file is %1, over the %2 limit (index.maxFileBytes in "
                                           "engram.json); not indexed")
                                .arg(formatSize(size), formatSize(m_maxFileBytes)));
            return;
        }
        // Milliseconds as QFileInfo::lastModified() gives them: the index compares them with its own.
        const qint64 mtimeMs = qint64(entry.info.st_mtim.tv_sec) * 1000 + entry.info.st_mtim.tv_nsec / 1000000;
        result.files << VaultFile{relative, absolute, size, mtimeMs};
    }

    QString absoluteOf(const QString &relative) const
    {
        return relative.isEmpty() ? m_root.absolutePath() : m_root.absolutePath() + u'/' + relative;
    }

    QString relativeOf(const QString &absolute) const
    {
        const QString relative = m_root.relativeFilePath(absolute);
        return relative == QLatin1String(".") ? QString() : relative;
    }

    void finish()
    {
        std::sort(result.files.begin(), result.files.end(),
                  [](const VaultFile &a, const VaultFile &b) { return a.relativePath < b.relativePath; });
    }

private:
    void error(const QString &relative, const QString &message)
    {
        result.problems << Problem{relative, 0, QStringLiteral("error"), message};
    }

    QDir m_root;
    qint64 m_maxFileBytes;
    QSet<QString> m_visited; ///< canonical paths of the folders walked
};

} // namespace

VaultScanner::Result VaultScanner::scan(const QString &vaultPath) const
{
    return scanTrees(vaultPath, {QString()});
}

VaultScanner::Result VaultScanner::scanTrees(const QString &vaultPath, const QStringList &relativeFolders) const
{
    Walk walk(vaultPath, m_maxFileBytes);
    for (const QString &folder : relativeFolders) {
        const QString absolute = walk.absoluteOf(folder);
        walk.visited(absolute);
        walk.tree(absolute);
    }
    walk.finish();
    return std::move(walk.result);
}

VaultScanner::Result VaultScanner::scanFolder(const QString &vaultPath, const QString &relativeFolder,
                                              QStringList *subfolders, FileDetail detail) const
{
    Walk walk(vaultPath, m_maxFileBytes);
    const QString absolute = walk.absoluteOf(relativeFolder);
    walk.visited(absolute);
    QStringList found;
    walk.folder(absolute, found, detail == FileDetail::Stat);
    if (subfolders)
        for (const QString &folder : std::as_const(found))
            *subfolders << walk.relativeOf(folder);
    return std::move(walk.result); // in the folder's order, by name
}

VaultScanner::Result VaultScanner::scanFile(const QString &vaultPath, const QString &relativePath) const
{
    Walk walk(vaultPath, m_maxFileBytes);
    const QString absolute = walk.absoluteOf(relativePath);
    FolderEntry entry;
    entry.rawName = QFile::encodeName(QFileInfo(relativePath).fileName());
    entry.exists = ::stat(QFile::encodeName(absolute).constData(), &entry.info) == 0;
    if (!entry.exists) {
        struct stat link { };
        entry.brokenLink = ::lstat(QFile::encodeName(absolute).constData(), &link) == 0 && S_ISLNK(link.st_mode);
    }
    if (!entry.isFolder())
        walk.file(relativePath, absolute, entry);
    return std::move(walk.result);
}

} // namespace engram
