#pragma once

#include <QFile>
#include <QHash>
#include <QString>
#include <QStringList>

#include <memory>

namespace engram {

/// Princeton WordNet 3.0 read in place from its database files (Debian's `wordnet-base` installs them
/// in /usr/share/wordnet; licence: the WordNet 3.0 licence, permissive, notice kept), for query
/// expansion: a question asks for a kind ("martial arts", "European countries", "instruments") and a
/// conversation names its members ("karate", "Italy", "violin"). Nothing is loaded: `index.noun` is
/// sorted, so a lemma is a binary search over the mapped file, and a synset's offset is its byte
/// offset in `data.noun`. Only nouns: a verb's troponyms ("run" → "jog", "sprint") are manners, not
/// members, and added noise in measurement (bench/README.md).
class WordNet {
public:
    /// WordNet in `directory` (index.noun, data.noun, noun.exc); isValid() says whether it opened.
    explicit WordNet(const QString &directory);
    ~WordNet();
    WordNet(const WordNet &) = delete;
    WordNet &operator=(const WordNet &) = delete;

    bool isValid() const { return m_index && m_data; }

    /// The process's WordNet: $ENGRAM_WORDNET_DIR, else /usr/share/wordnet; null when absent
    /// (recall then runs without expansion). Opened once, read-only, shared by every thread.
    static const WordNet *system();

    /// The noun lemma of `word` as WordNet's morphy finds it (exceptions first: "children" → "child",
    /// then the plural endings), or empty when WordNet has no noun for it. `word` is lower case;
    /// a collocation is written with '_' ("martial_art").
    QString nounLemma(const QString &word) const;

    /// Byte offsets in data.noun of the noun senses of `lemma`, most frequent first.
    QList<qint64> senses(const QString &lemma) const;

    /// The single-word members of what the query's words name: for each lemma (in `lemmas`), the
    /// hyponyms and instances of its first `maxSenses` senses down to `depth` levels, lower case,
    /// without the lemmas themselves, each once, in the order found, at most `limit`.
    QStringList narrower(const QStringList &lemmas, int maxSenses, int depth, int limit) const;

private:
    struct Synset {
        QStringList words;        ///< lemmas, lower case, '_' for spaces
        QList<qint64> narrower;   ///< offsets of hyponyms and instance hyponyms
    };
    bool readSynset(qint64 offset, Synset &out) const;
    QByteArray indexLine(const QByteArray &lemma) const;

    QFile m_indexFile;
    QFile m_dataFile;
    const uchar *m_index = nullptr;
    qint64 m_indexSize = 0;
    const uchar *m_data = nullptr;
    qint64 m_dataSize = 0;
    QHash<QString, QString> m_exceptions; ///< irregular plurals (noun.exc): "children" → "child"
};

} // namespace engram
