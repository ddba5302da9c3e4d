#pragma once

#include "core/Result.h"

#include <QByteArray>
#include <QString>

namespace engram {

/// The edge of a vault, for everything that writes, moves or deletes a file in
/// it. A path (vault-relative or absolute) is resolved the way the file system
/// will resolve it — every symbolic link followed, also through folders and
/// links that do not exist yet — and must land inside the vault's real folder;
/// otherwise the answer is an error naming the path, where it leads and what
/// was not done. A link that is the last part of a path is an entry of its own
/// when moving or deleting (the link moves or goes, never its target), and is
/// followed for writing only when its target lies inside the vault. Acts
/// re-check the boundary right before they happen, so a folder swapped for a
/// link in between is caught in all but a very narrow window.
class VaultBoundary {
public:
    /// What the caller was about to do, for the error message ("…; not moved").
    enum class Act { Write, Move, Delete, CreateFolder };

    explicit VaultBoundary(QString vaultPath);

    /// The absolute real path that writing to `path` would change, proven
    /// inside the vault's real folder (the last part's link followed too).
    Result<QString> resolveForWrite(const QString &path, Act act = Act::Write) const;
    /// The absolute path of the entry `path` itself: the folders above it
    /// resolved and inside the vault, the last part not followed. What a move
    /// or delete acts on.
    Result<QString> resolveEntry(const QString &path, Act act) const;
    /// True when something is at `path`: a file, a folder or a link (even a
    /// broken one, which a writer must not write through).
    bool holdsEntry(const QString &path) const;

    /// Creates folder `path` and its parents inside the vault; returns its real path.
    Result<QString> makeFolder(const QString &path) const;
    /// Writes `bytes` to `path` atomically (QSaveFile), creating its folder.
    Status writeFile(const QString &path, const QByteArray &bytes) const;
    /// Renames the entry `from` to `to` (a link moves as a link), creating the
    /// folder of `to`; refuses when something is already at `to`.
    Status move(const QString &from, const QString &to) const;
    /// Deletes the entry `path` (a link is deleted, never its target).
    Status remove(const QString &path) const;

    /// The vault's real folder, or empty when it does not exist.
    QString realRoot() const;

    /// The one-call form: `path` resolved for writing inside `vaultRoot`.
    static Result<QString> resolveForWrite(const QString &vaultRoot, const QString &path);

private:
    Result<QString> root(const QString &path, Act act) const;
    Result<QString> checkInside(const QString &path, const QString &real, const QString &rootPath, Act act) const;
    QString absolute(const QString &path) const;

    QString m_vaultPath;
};

} // namespace engram
