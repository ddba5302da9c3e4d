#pragma once

#include "recall/Retriever.h"

#include <QSet>

namespace engram {

class MemoryDynamics;

/// The dynamics' ranking signals for the Retriever: strength after decay
/// (lowered for a superseded memory), access frequency, co-activation with
/// the other candidates, and a bounded graph walk — spreading activation from
/// the top candidates along association edges for the mode's 1–2 hops.
class DynamicSignals : public SignalSource {
public:
    explicit DynamicSignals(MemoryDynamics &dynamics) : m_dynamics(dynamics) { }

    void signalsFor(const QList<Chunk> &chunks, const QDateTime &now, QList<MemorySignals> &out) override;
    void refine(QList<RecallResult> &results, const RankingMode &mode, const QDateTime &now) override;

    static constexpr double kSupersededFactor = 0.3;  ///< strength kept by a superseded memory
    static constexpr double kSupersededPenalty = 0.2; ///< and a visible score term, so it ranks below its successor
    static constexpr int kSeeds = 8;                  ///< top candidates the walk starts from
    static constexpr int kFanOut = 24;                ///< edges followed per node
    static constexpr int kMaxNodes = 64;              ///< nodes expanded per hop

private:
    void walkGraph(QList<RecallResult> &results, const RankingMode &mode, const QDateTime &now);

    MemoryDynamics &m_dynamics;
    QSet<qint64> m_superseded; ///< chunk ids of the last signalsFor() call
};

} // namespace engram
