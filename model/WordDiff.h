#pragma once

#include <QList>
#include <QString>

namespace engram {

/// Where a word is in a text: its first character and its length, in UTF-16 code units.
struct WordSpan {
    int start = 0;
    int length = 0;
    bool operator==(const WordSpan &) const = default;
};

/// The words one text has and the other lacks, for the Review view's two memories side by side
/// ("Fridays" on one side, "Tuesdays" on the other). Words are compared without case; a word
/// either side repeats is marked on neither. Punctuation and spacing are never marked.
class WordDiff {
public:
    WordDiff(const QString &older, const QString &newer);

    /// The words of `older` that `newer` does not have, in text order.
    const QList<WordSpan> &olderOnly() const { return m_olderOnly; }
    /// The words of `newer` that `older` does not have, in text order.
    const QList<WordSpan> &newerOnly() const { return m_newerOnly; }

private:
    QList<WordSpan> m_olderOnly;
    QList<WordSpan> m_newerOnly;
};

} // namespace engram
