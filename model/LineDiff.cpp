#include "LineDiff.h"

#include <vector>

namespace engram {

LineDiff::LineDiff(const QStringList &before, const QStringList &after) : m_before(before), m_after(after)
{
    // The common start and end cost nothing to find and are most of a note edited in one place.
    qsizetype start = 0;
    while (start < before.size() && start < after.size() && before.at(start) == after.at(start))
        ++start;
    qsizetype endBefore = before.size();
    qsizetype endAfter = after.size();
    while (endBefore > start && endAfter > start && before.at(endBefore - 1) == after.at(endAfter - 1)) {
        --endBefore;
        --endAfter;
    }
    const qsizetype n = endBefore - start;
    const qsizetype m = endAfter - start;
    if (n * m > kMaxCells) {
        for (qsizetype i = start; i < endBefore; ++i)
            m_removed << int(i);
        for (qsizetype j = start; j < endAfter; ++j)
            m_added << int(j);
        return;
    }
    // Longest common subsequence of the middle, then walked from its start.
    std::vector<int> lengths(size_t((n + 1) * (m + 1)), 0);
    const auto at = [m](qsizetype i, qsizetype j) { return size_t(i * (m + 1) + j); };
    for (qsizetype i = n - 1; i >= 0; --i)
        for (qsizetype j = m - 1; j >= 0; --j)
            lengths[at(i, j)] = before.at(start + i) == after.at(start + j)
                                    ? lengths[at(i + 1, j + 1)] + 1
                                    : std::max(lengths[at(i + 1, j)], lengths[at(i, j + 1)]);
    qsizetype i = 0;
    qsizetype j = 0;
    while (i < n || j < m) {
        if (i < n && j < m && before.at(start + i) == after.at(start + j)) {
            ++i;
            ++j;
        } else if (j >= m || (i < n && lengths[at(i + 1, j)] >= lengths[at(i, j + 1)])) {
            m_removed << int(start + i++);
        } else {
            m_added << int(start + j++);
        }
    }
}

QString LineDiff::describe(int maxLines) const
{
    // Each removal before the additions at the same place, as diff prints them.
    QStringList lines;
    qsizetype r = 0;
    qsizetype a = 0;
    while ((r < m_removed.size() || a < m_added.size()) && lines.size() < maxLines) {
        const bool removal = r < m_removed.size() && (a >= m_added.size() || m_removed.at(r) - r <= m_added.at(a) - a);
        if (removal)
            lines << QStringLiteral("- ") + m_before.at(m_removed.at(r++));
        else
            lines << QStringLiteral("+ ") + m_after.at(m_added.at(a++));
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace engram
