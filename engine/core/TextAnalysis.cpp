#include "core/TextAnalysis.h"

#include <QSet>

namespace engram {

namespace {

const QSet<QString> &stopWords()
{
    static const QSet<QString> words = [] {
        const char *list[] = {
            "a",       "about",   "above",   "after",      "again",  "against",   "all",     "am",       "an",
            "and",     "any",     "are",     "as",         "at",     "be",        "because", "been",     "before",
            "being",   "below",   "between", "both",       "but",    "by",        "can",     "could",    "did",
            "do",      "does",    "doing",   "down",       "during", "each",      "few",     "for",      "from",
            "further", "had",     "has",     "have",       "having", "he",        "her",     "here",     "hers",
            "herself", "him",     "himself", "his",        "how",    "i",         "if",      "in",       "into",
            "is",      "it",      "its",     "itself",     "just",   "me",        "more",    "most",     "my",
            "myself",  "no",      "nor",     "not",        "now",    "of",        "off",     "on",       "once",
            "only",    "or",      "other",   "our",        "ours",   "ourselves", "out",     "over",     "own",
            "same",    "she",     "should",  "so",         "some",   "such",      "than",    "that",     "the",
            "their",   "theirs",  "them",    "themselves", "then",   "there",     "these",   "they",     "this",
            "those",   "through", "to",      "too",        "under",  "until",     "up",      "very",     "was",
            "we",      "were",    "what",    "when",       "where",  "which",     "while",   "who",      "whom",
            "why",     "will",    "with",    "would",      "you",    "your",      "yours",   "yourself", "yourselves",
            "s",       "t",       "d",       "ll",         "m",      "re",        "ve",      "don",      "didn",
            "doesn",   "isn",     "wasn",    "im",         "ive",    "id",        "youre",   "its",      "also",
            "like",    "get",     "got",     "really",     "yeah",   "oh",        "hey",     "wow",      "thats",
            "lets",    "gonna",   "kind",    "kinda",      "much",   "many",      "lot",     "well",     "one",
            "us"};
        QSet<QString> set;
        for (const char *w : list)
            set.insert(QString::fromLatin1(w));
        return set;
    }();
    return words;
}

bool isVowel(QChar c)
{
    return c == QLatin1Char('a') || c == QLatin1Char('e') || c == QLatin1Char('i') || c == QLatin1Char('o')
           || c == QLatin1Char('u');
}

bool hasVowel(QStringView s)
{
    for (QChar c : s)
        if (isVowel(c) || c == QLatin1Char('y'))
            return true;
    return false;
}

} // namespace

QStringList TextAnalysis::words(QStringView text)
{
    QStringList out;
    QString current;
    auto flush = [&]() {
        if (!current.isEmpty()) {
            out << current;
            current.clear();
        }
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (c.isLetterOrNumber()) {
            current += c.toLower();
        } else if ((c == QLatin1Char('\'') || c == QChar(0x2019)) && !current.isEmpty() && i + 1 < text.size()
                   && text[i + 1].isLetter()) {
            continue; // "don't" → "dont", "Caroline's" → "carolines"
        } else {
            flush();
        }
    }
    flush();
    return out;
}

bool TextAnalysis::isStopWord(const QString &word)
{
    return stopWords().contains(word);
}

QString TextAnalysis::stem(const QString &input)
{
    QString w = input;
    if (w.size() <= 3 || !w.at(0).isLetter())
        return w;
    auto ends = [&](const char *suffix) { return w.endsWith(QLatin1String(suffix)); };
    // possessive fold: "carolines" is left alone (could be a plural); "'s" was folded by words()
    if (ends("sses")) {
        w.chop(2);
    } else if (ends("ies") && w.size() > 4) {
        w.chop(3);
        w += QLatin1Char('y');
    } else if (ends("s") && !ends("ss") && !ends("us") && !ends("is") && w.size() > 3) {
        w.chop(1);
    }
    if (ends("eed")) {
        // agreed → agree
        if (w.size() > 4)
            w.chop(1);
    } else if ((ends("ing") && w.size() > 5) || (ends("ed") && w.size() > 4)) {
        const int cut = ends("ing") ? 3 : 2;
        const QStringView rest = QStringView(w).left(w.size() - cut);
        if (hasVowel(rest)) {
            w.chop(cut);
            if (ends("at") || ends("bl") || ends("iz")) {
                w += QLatin1Char('e');
            } else if (w.size() >= 2 && w.at(w.size() - 1) == w.at(w.size() - 2) && !ends("ll") && !ends("ss")
                       && !ends("zz")) {
                w.chop(1); // running → run
            }
        }
    }
    if (ends("ly") && w.size() > 5)
        w.chop(2);
    if (ends("y") && w.size() > 3 && !isVowel(w.at(w.size() - 2)))
        w[w.size() - 1] = QLatin1Char('i');
    if (ends("e") && w.size() > 3)
        w.chop(1); // make/making, love/loved/loving meet at "lov"
    return w;
}

QStringList TextAnalysis::terms(QStringView text)
{
    QStringList out;
    for (const QString &w : words(text))
        if (!isStopWord(w))
            out << stem(w);
    return out;
}

} // namespace engram
