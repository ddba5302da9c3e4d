#pragma once

#include "ingest/Chunk.h"

#include <QHash>
#include <QSet>

namespace engram {

/// The conversational context of hit turns. A turn alone often misses what
/// makes it an answer: "What did you paint?" is found by the words of the
/// question, the answer is the next turn. TurnContext knows the turns around
/// the candidates (fetched in one query) and
/// - smooths a turn's relevance with its best neighbour's, and
/// - widens a hit into its question–answer pair: the previous turn when that
///   one asks a question, the next turn when the hit itself asks one.
/// A turn already shown in an earlier result is never shown twice.
class TurnContext {
public:
    /// `chunks`: the candidates and their neighbours (any order).
    void add(const QList<Chunk> &chunks);

    /// (own + weight · best neighbouring relevance) / (1 + weight); `relevance`
    /// gives a chunk id's fused relevance (0 when it is not a candidate).
    double smoothed(const Chunk &turn, double own, double weight, const QHash<qint64, double> &relevance) const;

    /// Widens `chunk` (a turn) into its question–answer pair, skipping turns in
    /// `shown`, and records what it shows. Non-turns are only recorded.
    void widen(Chunk &chunk, QSet<QString> &shown) const;

    static QString key(const QString &path, int ordinal);

private:
    const Chunk *at(const QString &path, int ordinal) const;

    QHash<QString, Chunk> m_chunks; ///< path#ordinal → chunk
};

} // namespace engram
