#pragma once

#include <QString>
#include <QStringList>

namespace engram {

/// The one place that decides what a "word" is, for the embedder, the
/// full-text query and the summarizer alike.
class TextAnalysis {
public:
    /// Lower-cased word tokens (letters and digits; apostrophes folded).
    static QStringList words(QStringView text);

    /// Words without stop-words, stemmed.
    static QStringList terms(QStringView text);

    static bool isStopWord(const QString &word);

    /// A light English stemmer (plural, -ing, -ed, -ly, -ies …): conservative,
    /// so that "running" and "runs" meet without "news" becoming "new".
    static QString stem(const QString &word);

    /// Token estimate used everywhere a budget is counted: characters / 4, at least 1.
    static int estimateTokens(QStringView text) { return qMax(1, int(text.size() / 4)); }
};

} // namespace engram
