#pragma once

#include "dynamics/AssociationExtractor.h"

#include <QDateTime>
#include <QString>

namespace engram {

/// A typed, weighted association between two memories. Endpoints are keys:
/// `path#ordinal` for a chunk, `path` for a whole file, `wiki:name` for a
/// wiki link not yet resolved to a file.
struct MemoryEdge {
    QString from;
    QString to;
    QString type;      ///< related, caused, contradicts, supersedes, part_of, derived_from, co_activated
    double weight = 0; ///< at the time asked (co-activation fades)
    int count = 0;     ///< co-retrievals, for co_activated
    QDateTime updated;
    QString origin; ///< "journal" or the vault file whose content states it

    /// The key of a chunk as an endpoint: `path#ordinal`.
    static QString chunkKey(const QString &path, int ordinal)
    {
        return path + QLatin1Char('#') + QString::number(ordinal);
    }
};

/// What the dynamics know of one chunk at a moment.
struct MemoryState {
    QString key;
    double strength = 1.0; ///< after decay (before any superseding penalty)
    QDateTime firstSeen;   ///< when Engram first indexed the file
    QDateTime lastAccess;  ///< invalid when never accessed
    int accessCount = 0;
    bool archived = false;   ///< strength below 0.1, or a sensory memory older than 24 h
    bool exempt = false;     ///< prospective or core: never decays
    bool superseded = false; ///< a newer memory supersedes its file
    double dailyLoss = 0.0;
    FileFacts facts; ///< valence, arousal, confidence, source (each explicit or inferred), project
};

} // namespace engram
