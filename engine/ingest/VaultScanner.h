#pragma once

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

namespace engram {

/// A problem found in the vault: shown by `health` and the workbench.
struct Problem {
    QString path; ///< vault-relative
    int line = 0;
    QString severity; ///< "error" (file not indexed) or "warning" (indexed, with a caveat)
    QString message;
};

struct VaultFile {
    QString relativePath;
    QString absolutePath;
    qint64 size = 0;
    qint64 mtimeMs = 0;
};

/// Walks a vault: recursive, skipping `.engram/`, hidden folders, `state/`
/// (Engram's own state files, read by their own classes) and unsupported types.
/// Every other file it cannot index is a recorded problem, never a silent skip:
/// over the size cap, a special file (FIFO, socket, device), a name that is not
/// valid UTF-8, a path longer than PATH_MAX, a folder it cannot read. Symlinked
/// folders are followed once; a loop is recorded and not entered again.
class VaultScanner {
public:
    struct Result {
        QList<VaultFile> files;
        QList<Problem> problems;
    };

    explicit VaultScanner(qint64 maxFileBytes = 8 * 1024 * 1024) : m_maxFileBytes(maxFileBytes) { }

    /// The whole vault.
    Result scan(const QString &vaultPath) const;
    /// The vault-relative folders given ("" is the vault's root) and everything under them.
    Result scanTrees(const QString &vaultPath, const QStringList &relativeFolders) const;
    /// How much scanFolder() reads of a regular file.
    enum class FileDetail {
        Stat,    ///< size and mtime, and the checks scan() makes (size cap, special files)
        NameOnly ///< its name only, by the folder's own record of its type: size and mtime are -1
    };
    /// The files directly in one vault-relative folder; its subfolders (vault-relative, those
    /// scan() would enter) are listed in `subfolders`, not entered.
    Result scanFolder(const QString &vaultPath, const QString &relativeFolder, QStringList *subfolders,
                      FileDetail detail = FileDetail::Stat) const;
    /// One vault-relative file: in `files` when scan() would list it, else its problem, if any.
    Result scanFile(const QString &vaultPath, const QString &relativePath) const;

    /// True for a vault-relative path the scanner would consider (by location and type).
    static bool isIndexable(const QString &relativePath);

    /// Why the file at `absolutePath` must not be read, when it is a FIFO, socket or device
    /// (opening a FIFO waits for a writer forever); empty for a regular file.
    static QString specialFileProblem(const QString &absolutePath);

private:
    qint64 m_maxFileBytes;
};

} // namespace engram
