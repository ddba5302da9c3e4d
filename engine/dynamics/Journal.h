#pragma once

#include "core/Result.h"
#include "core/VaultLock.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>

namespace engram {

/// `state/journal/<device>.jsonl`: the append-only, canonical record of everything dynamic (first
/// sight of a file, access, co-activation, strength changes, links, forget/restore/purge), one
/// file per device (DeviceIdentity), so clones synced with git never write the same file.
///
/// One JSON object per line, each with `type` and `t` (the event's ISO time, what decay counts
/// from) and, when it differs from `t`, `o`: the event's place in the merged order, in ms (see
/// JournalMerge). The index replays every device's file, so deleting `.engram/` loses nothing.
/// A device appends and compacts only its own file; compaction rewrites it atomically (QSaveFile).
class Journal {
public:
    /// This device's journal (DeviceIdentity::of); an unnamed device makes append() an error.
    explicit Journal(const QString &vaultPath);
    Journal(const QString &vaultPath, QString device);

    const QString &device() const { return m_device; }
    /// "state/journal": the folder of the device files.
    static QString folder();
    /// "state/journal.jsonl": the single journal of earlier versions, moved by migrateLegacy().
    static QString legacyPath();
    static QString relativePathOf(const QString &device);
    /// This device's file, relative to the vault.
    QString relativePath() const { return relativePathOf(m_device); }
    QString filePath() const;

    /// Appends one event as one line (a single write, flushed).
    Status append(const QJsonObject &event);
    /// Appends several events in one write, holding the journal lock (VaultLock::Kind::Journal)
    /// so no compaction can replace the file under it. A last line cut short by a writer that
    /// died is ended first: the next events are whole lines of their own.
    Status append(const QList<QJsonObject> &events);

    /// The devices that have a journal file, sorted.
    QStringList devices() const;

    struct Chunk {
        QList<QJsonObject> events;
        qint64 endOffset = 0; ///< byte offset after the last complete line read
        QStringList problems; ///< "state/journal/x.jsonl: a line after byte 12 …" — skipped lines
    };
    /// Reads complete lines of `device`'s file from `offset` to the end (a torn last line is left for later).
    Result<Chunk> readFrom(const QString &device, qint64 offset) const;
    Result<Chunk> readFrom(qint64 offset) const { return readFrom(m_device, offset); }

    /// Takes the journal lock (for a compaction or a migration: read, then rewrite).
    Result<std::unique_ptr<VaultLock>> lock() const;
    /// Replaces this device's file atomically (compaction). The caller holds `lock()`.
    Status rewrite(const QList<QJsonObject> &events, const VaultLock &held);

    /// Moves `state/journal.jsonl` into this device's file, once: its lines first (they are older),
    /// behind a `migrated` line naming the old file's SHA-1, then the device's own. The new file is
    /// written atomically before the old one is removed; a crash in between leaves the marker, and
    /// the next call only removes the old file. No line is lost or replayed twice.
    Status migrateLegacy();

    qint64 size(const QString &device) const;
    qint64 size() const { return size(m_device); }
    /// Identifies the first `length` bytes (at most 512) of `device`'s file, so a rewrite
    /// (compaction, here or on another device) is noticed and the journals replayed in full.
    QString fingerprint(const QString &device, qint64 length) const;

private:
    QString pathOf(const QString &device) const;

    QString m_vaultPath;
    QString m_device;
};

} // namespace engram
