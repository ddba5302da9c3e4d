#include "WordDiff.h"

#include <QRegularExpression>
#include <QSet>

namespace engram {

namespace {

struct Word {
    WordSpan span;
    QString folded;
};

QList<Word> wordsOf(const QString &text)
{
    // Letters, digits and the joiners inside a word ("artifacts-eu", "don't", "v1.2" stay whole).
    static const QRegularExpression word(QStringLiteral("[\\w]+(?:[-'’.][\\w]+)*"),
                                         QRegularExpression::UseUnicodePropertiesOption);
    QList<Word> out;
    for (auto it = word.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out.append({{int(m.capturedStart()), int(m.capturedLength())}, m.captured().toCaseFolded()});
    }
    return out;
}

QList<WordSpan> lacking(const QList<Word> &words, const QSet<QString> &other)
{
    QList<WordSpan> out;
    for (const Word &w : words)
        if (!other.contains(w.folded))
            out.append(w.span);
    return out;
}

QSet<QString> foldedOf(const QList<Word> &words)
{
    QSet<QString> out;
    out.reserve(words.size());
    for (const Word &w : words)
        out.insert(w.folded);
    return out;
}

} // namespace

WordDiff::WordDiff(const QString &older, const QString &newer)
{
    const QList<Word> a = wordsOf(older);
    const QList<Word> b = wordsOf(newer);
    m_olderOnly = lacking(a, foldedOf(b));
    m_newerOnly = lacking(b, foldedOf(a));
}

} // namespace engram
