#include "dynamics/DecayPolicy.h"

#include <QtMath>

#include <cmath>

namespace engram {

bool DecayPolicy::isEmotional(double valence, double arousal)
{
    return std::abs(valence) > 0.7 && arousal > 0.7;
}

bool DecayPolicy::isExempt(const QString &store, const QString &layer)
{
    return store == QLatin1String("prospective") || layer == QLatin1String("core");
}

double DecayPolicy::dailyLoss(const QString &store, const QString &layer, double valence, double arousal)
{
    if (isExempt(store, layer))
        return 0.0;
    return isEmotional(valence, arousal) ? kEmotionalDailyLoss : kDailyLoss;
}

double DecayPolicy::daysBetween(const QDateTime &from, const QDateTime &to)
{
    if (!from.isValid() || !to.isValid())
        return 0.0;
    return qMax<qint64>(0, from.secsTo(to)) / 86400.0;
}

double DecayPolicy::strengthAt(double base, const QDateTime &since, const QDateTime &now, double dailyLoss)
{
    return qBound(0.0, base - dailyLoss * daysBetween(since, now), 1.0);
}

double DecayPolicy::reinforced(double current, double gapDays)
{
    const double share = 0.3 + 0.7 * (1.0 - std::exp(-qMax(0.0, gapDays) / 7.0));
    return qBound(0.0, current + (1.0 - current) * share, 1.0);
}

double DecayPolicy::accessSignal(int count)
{
    if (count <= 0)
        return 0.0;
    return qMin(1.0, std::log1p(double(count)) / std::log1p(20.0));
}

double DecayPolicy::coactivationAt(double base, const QDateTime &last, const QDateTime &now)
{
    if (base <= kCoactivationFloor)
        return base;
    return kCoactivationFloor + (base - kCoactivationFloor) * std::exp(-daysBetween(last, now) / kCoactivationFadeDays);
}

double DecayPolicy::coactivationGrown(double current)
{
    return qMin(1.0, current + (1.0 - current) * kCoactivationGrowth);
}

} // namespace engram
