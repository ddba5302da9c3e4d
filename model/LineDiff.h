#pragma once

#include <QList>
#include <QStringList>

namespace engram {

/// Which lines two versions of a text do not share: the lines outside their longest common
/// subsequence, as `diff` finds them. For the conflict dialog's marks and the editor's "what
/// changed on disk"; notes are short, and a pair past kMaxCells compared lines is marked whole
/// between their common start and end rather than compared cell by cell.
class LineDiff {
public:
    static constexpr qsizetype kMaxCells = 4'000'000;

    LineDiff(const QStringList &before, const QStringList &after);

    /// 0-based lines of `before` that `after` does not keep, ascending.
    const QList<int> &removed() const { return m_removed; }
    /// 0-based lines of `after` that `before` did not have, ascending.
    const QList<int> &added() const { return m_added; }
    /// The changes as "- line" and "+ line" in the order they occur, at most `maxLines` of them.
    QString describe(int maxLines = 200) const;

private:
    QStringList m_before;
    QStringList m_after;
    QList<int> m_removed;
    QList<int> m_added;
};

} // namespace engram
