#pragma once

#include <QDateTime>
#include <QList>
#include <QString>

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

    Result scan(const QString &vaultPath) const;

    /// True for a vault-relative path the scanner would consider (by location and type).
    static bool isIndexable(const QString &relativePath);

    /// Why the file at `absolutePath` must not be read, when it is a FIFO, socket or device
    /// (opening a FIFO waits for a writer forever); empty for a regular file.
    static QString specialFileProblem(const QString &absolutePath);

private:
    qint64 m_maxFileBytes;
};

} // namespace engram
