#pragma once

#include <QDateTime>
#include <QString>

namespace engram {

/// The arithmetic of memory dynamics, free of storage so tests can drive it
/// with any clock. Strength is computed from timestamps: a memory holds the
/// strength it had at its last access (or when it was first seen) and loses a
/// fixed amount per day since then, so no daily job is needed for correctness.
class DecayPolicy {
public:
    static constexpr double kDailyLoss = 0.02;
    static constexpr double kEmotionalDailyLoss = 0.01; ///< |valence| > 0.7 and arousal > 0.7
    static constexpr double kArchiveBelow = 0.1;
    static constexpr qint64 kSensorySeconds = 24 * 3600;
    static constexpr double kCoactivationFloor = 0.05;    ///< an unused co-activation edge fades to this, never to 0
    static constexpr double kCoactivationFadeDays = 30.0; ///< time constant of that fading
    static constexpr double kCoactivationGrowth = 0.25;   ///< share of the missing weight one co-retrieval adds

    /// Strong feelings (|valence| > 0.7 and arousal > 0.7) decay at half speed.
    static bool isEmotional(double valence, double arousal);
    /// Prospective memories (goals) and the core layer (identity, rules) never decay.
    static bool isExempt(const QString &store, const QString &layer);
    /// Loss per day for a memory: 0 when exempt.
    static double dailyLoss(const QString &store, const QString &layer, double valence, double arousal);

    /// Strength at `now` of a memory that had `base` at `since`.
    static double strengthAt(double base, const QDateTime &since, const QDateTime &now, double dailyLoss);
    static bool isArchived(double strength) { return strength < kArchiveBelow; }

    /// Strength right after an access, spaced-repetition style: an access
    /// restores part of what was lost, more the longer the gap since the
    /// previous access (massed repetition restores 30 %, a week's gap about
    /// 75 %, a month's nearly all).
    static double reinforced(double current, double gapDays);

    /// Access frequency as a 0..1 signal (logarithmic: 1 use ≈ 0.23, 20 uses = 1).
    static double accessSignal(int count);

    /// Weight of a co-activation edge at `now` that had `base` at `last`: fades
    /// towards kCoactivationFloor when unused, but stays.
    static double coactivationAt(double base, const QDateTime &last, const QDateTime &now);
    /// Weight after one more co-retrieval.
    static double coactivationGrown(double current);

    static double daysBetween(const QDateTime &from, const QDateTime &to);
};

} // namespace engram
