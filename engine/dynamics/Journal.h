#pragma once

#include "core/Result.h"
#include "core/VaultLock.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <memory>

namespace engram {

/// `state/journal.jsonl`: the append-only, canonical record of everything
/// dynamic (first sight of a file, access, co-activation, strength changes,
/// links, forget/restore/purge). One JSON object per line, each with `type`
/// and `t` (ISO time). The index replays it, so deleting `.engram/` loses
/// nothing. Compaction rewrites it atomically (QSaveFile) as a snapshot.
class Journal {
public:
    explicit Journal(const QString &vaultPath);

    QString filePath() const;
    static QString relativePath();

    /// Appends one event as one line (a single write, flushed).
    Status append(const QJsonObject &event);
    /// Appends several events in one write, holding the journal lock (VaultLock::Kind::Journal)
    /// so no compaction can replace the file under it. A last line cut short by a writer that
    /// died is ended first: the next events are whole lines of their own.
    Status append(const QList<QJsonObject> &events);

    struct Chunk {
        QList<QJsonObject> events;
        qint64 endOffset = 0; ///< byte offset after the last complete line read
        QStringList problems; ///< "state/journal.jsonl:12: not a JSON object" — skipped lines
    };
    /// Reads complete lines from `offset` to the end (a torn last line is left for later).
    Result<Chunk> readFrom(qint64 offset) const;

    /// Takes the journal lock (for a compaction: read what was appended since, then rewrite).
    Result<std::unique_ptr<VaultLock>> lock() const;
    /// Replaces the whole journal atomically (compaction). The caller holds `lock()`.
    Status rewrite(const QList<QJsonObject> &events, const VaultLock &held);

    qint64 size() const;
    /// Identifies the file's first `length` bytes (at most 512), so a rewrite
    /// (compaction) is noticed and the journal replayed in full.
    QString fingerprint(qint64 length) const;

private:
    QString m_vaultPath;
};

} // namespace engram
