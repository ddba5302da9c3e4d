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
/// (Engram's own state files, read by their own classes), unsupported types
/// and files over the size cap (recorded as a problem). Symlinked folders are
/// followed once; a loop is recorded and not entered again.
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

private:
    qint64 m_maxFileBytes;
};

} // namespace engram
