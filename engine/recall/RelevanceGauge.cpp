#include "recall/RelevanceGauge.h"

#include "core/PorterStemmer.h"
#include "core/TextAnalysis.h"
#include "index/IndexStore.h"
#include "recall/QueryTime.h"

#include <QMutex>
#include <QRegularExpression>

#include <cmath>

namespace engram {

namespace {

/// Sentences on subjects a personal memory rarely holds, in plain wording: a query's best cosine with
/// them is what the embedder gives text that is not about the query (its null level).
const QStringList &probeSentences()
{
    static const QStringList probes = {
        QStringLiteral("The tectonic plates beneath the ocean floor shift a few centimetres every year."),
        QStringLiteral("Configure the load balancer to forward port 443 to the backend pool."),
        QStringLiteral("The medieval guild regulated the price of wool and the training of apprentices."),
        QStringLiteral("Photosynthesis converts carbon dioxide and water into glucose and oxygen."),
        QStringLiteral("The derivative of the sine function is the cosine function."),
        QStringLiteral("A quarterly report showed revenue growth in the logistics segment."),
        QStringLiteral("The referee awarded a penalty kick in the last minute of the match."),
        QStringLiteral("Whisk the eggs with sugar until pale, then fold in the flour."),
        QStringLiteral("The satellite entered a geostationary orbit above the equator."),
        QStringLiteral("Tax returns must be filed before the end of the fiscal year."),
        QStringLiteral("The violin concerto opens with a slow movement in a minor key."),
        QStringLiteral("Hello, how are you today? I am fine, thanks, and you?"),
    };
    return probes;
}

/// Probe vectors per embedder id: embedding them is once per process, not per query.
QList<Vector> probeVectors(Embedder &embedder)
{
    static QMutex mutex;
    static QHash<QString, QList<Vector>> cache;
    const QString id = embedder.id();
    {
        QMutexLocker lock(&mutex);
        if (const auto it = cache.constFind(id); it != cache.constEnd())
            return *it;
    }
    auto embedded = embedder.embed(probeSentences());
    if (!embedded)
        return {}; // no null level: meaning() then counts nothing (coverage still decides)
    QMutexLocker lock(&mutex);
    cache.insert(id, *embedded);
    return *embedded;
}

/// Whether `text` holds `name` (capitalised as given) where a sentence does not start: "Jon" in "**Jon**
/// (D1:2): …" or "with Jon", not "Join" in "Join us!" or at the start of a line, so that a common word
/// is not taken for a name.
QRegularExpression nameExpression(const QString &name)
{
    return QRegularExpression(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(name)));
}

bool namesInText(const QString &text, const QRegularExpression &word)
{
    for (auto it = word.globalMatch(text); it.hasNext();) {
        qsizetype before = it.next().capturedStart() - 1;
        while (before >= 0 && text[before].isSpace() && text[before] != QLatin1Char('\n'))
            --before;
        if (before >= 0 && !QStringView(u".!?\n").contains(text[before]))
            return true;
    }
    return false;
}

/// Whether `word` (lower case, as contentWords() gives it) always names a time: a month or a weekday
/// written whole, or a day said from today ("yesterday"). Short forms are times only where QueryTime reads
/// a date ("Aug 13, 2023"): alone they are other words too ("APR" of a loan, "sun", "sat"), and so is a
/// year or a day of the month ("in 2023", "7 July", but "error 2023"). Recall reads the time a question
/// names apart (it lifts the memories of that time), and a vault seldom spells it: "where have I
/// volunteered in August 2023" is answered by a note dated 2023-08-13 that names no month. So a time word
/// is neither a name the vault lacks nor a word the question asks about.
bool isTimeWord(const QString &word)
{
    static const QSet<QString> words{
        QStringLiteral("january"),    QStringLiteral("february"),  QStringLiteral("march"),
        QStringLiteral("april"),      QStringLiteral("may"),       QStringLiteral("june"),
        QStringLiteral("july"),       QStringLiteral("august"),    QStringLiteral("september"),
        QStringLiteral("october"),    QStringLiteral("november"),  QStringLiteral("december"),
        QStringLiteral("monday"),     QStringLiteral("tuesday"),   QStringLiteral("wednesday"),
        QStringLiteral("thursday"),   QStringLiteral("friday"),    QStringLiteral("saturday"),
        QStringLiteral("sunday"),     QStringLiteral("mondays"),   QStringLiteral("tuesdays"),
        QStringLiteral("wednesdays"), QStringLiteral("thursdays"), QStringLiteral("fridays"),
        QStringLiteral("saturdays"),  QStringLiteral("sundays"),   QStringLiteral("yesterday"),
        QStringLiteral("today"),      QStringLiteral("tomorrow"),  QStringLiteral("tonight"),
    };
    return words.contains(word);
}

/// Spellings one edit away from `word` (lower case): deletions, transpositions, substitutions and
/// insertions of a letter a-z, each at least three letters long.
QStringList oneEditAway(const QString &word)
{
    QStringList out;
    auto add = [&](const QString &w) {
        if (w.size() >= 3 && w != word)
            out << w;
    };
    for (qsizetype i = 0; i < word.size(); ++i) {
        add(QString(word).remove(i, 1));
        if (i + 1 < word.size()) {
            QString swapped = word;
            std::swap(swapped[i], swapped[i + 1]);
            add(swapped);
        }
    }
    for (char16_t c = u'a'; c <= u'z'; ++c) {
        for (qsizetype i = 0; i < word.size(); ++i) {
            QString changed = word;
            changed[i] = QChar(c);
            add(changed);
        }
        for (qsizetype i = 0; i <= word.size(); ++i)
            add(QString(word).insert(i, QChar(c)));
    }
    out.removeDuplicates();
    return out;
}

} // namespace

QString RelevanceGauge::nameNear(IndexStore &store, const QString &word)
{
    // People misspell names the vault knows ("John" for the "Jon" of every turn). A capitalised query
    // word the vault lacks is taken for a name the vault knows one edit away, when that spelling
    // occurs capitalised mid-sentence in the vault (a name, not a sentence's first word). Only words
    // of four letters or more: at three, one edit reaches too many names ("Ann" → "Dan", "Jan").
    constexpr qsizetype kShortest = 4;
    constexpr int kChunksRead = 8;
    if (word.size() < kShortest)
        return {};
    const QStringList spellings = oneEditAway(word.toLower());
    QHash<QString, QString> stemOf;
    for (const QString &s : spellings)
        stemOf.insert(s, PorterStemmer::stem(s));
    const QHash<QString, qint64> frequency = store.documentFrequencies(stemOf.values());
    auto count = [&](const QString &spelling) { return frequency.value(stemOf.value(spelling)); };
    QStringList known;
    for (const QString &s : spellings)
        if (count(s) > 0)
            known << s;
    // The most frequent spelling first: the name a conversation uses in every turn.
    std::stable_sort(known.begin(), known.end(),
                     [&](const QString &a, const QString &b) { return count(a) > count(b); });
    for (const QString &s : std::as_const(known)) {
        const auto hits = store.keywordSearch({s}, kChunksRead, {});
        if (!hits)
            return {}; // an unreadable index: the recall's own keyword search reports it
        QList<qint64> ids;
        for (const auto &hit : *hits)
            ids << hit.id;
        const QString name = s.front().toUpper() + s.mid(1);
        for (const Chunk &chunk : store.chunks(ids))
            if (namesInText(chunk.text, nameExpression(name)))
                return s;
    }
    return {};
}

QStringList RelevanceGauge::contentStems(QStringView text)
{
    QStringList out = contentWords(text);
    for (QString &word : out)
        word = PorterStemmer::stem(word);
    return out;
}

QStringList RelevanceGauge::contentWords(QStringView text)
{
    QStringList out;
    QString current;
    auto flush = [&] {
        if (current.size() > 1 && !TextAnalysis::isStopWord(current))
            out << current;
        current.clear();
    };
    for (const QChar c : text) {
        if (c.isLetterOrNumber())
            current += c.toLower();
        else
            flush();
    }
    flush();
    return out;
}

RelevanceGauge::RelevanceGauge(IndexStore &store, const QString &query, Embedder *embedder, const Vector &queryVector,
                               double background, const WordFrequency &english)
    : m_usesEnglish(english.available())
{
    // A situation ("task · project · recent file", SessionQuery) is several queries in one: each part
    // is measured on its own and the best counts, or an unknown folder name would outweigh the task.
    QStringList stems = contentStems(query);
    stems.removeDuplicates();
    if (!stems.isEmpty()) {
        // A vault of a few files cannot say how rare a word is (a word in one of two chunks would
        // weigh 0.4 against 1.6 for one it never saw): idf is taken as if among at least 1000 chunks.
        const double chunks = double(qMax<qint64>(1000, store.approximateChunkCount()));
        const QHash<QString, qint64> frequency = store.documentFrequencies(stems);
        // A name the vault never mentions ("Tokyo", "Giza") says the question is about something else,
        // however common the word is in English: it weighs as the rarest word.
        QSet<QString> unknownNames;
        // The time the question names, in the words it names it with ("7 July, 2023", "in 2023", "im März").
        QSet<QString> timeWords;
        if (const auto when = QueryTime::of(query, QDate::currentDate()))
            for (const QString &word : contentWords(when->phrase))
                timeWords.insert(word);
        const auto isTime = [&timeWords](const QString &word) { return timeWords.contains(word) || isTimeWord(word); };
        const QStringList words = query.split(QRegularExpression(QStringLiteral("[^\\w']+")), Qt::SkipEmptyParts);
        for (qsizetype i = 1; i < words.size(); ++i) {
            const QString &w = words[i];
            if (w.size() < 2 || !w.front().isUpper() || w.toUpper() == w)
                continue; // not a name (all capitals is shouting or an acronym)
            for (const QString &word : contentWords(w)) {
                const QString s = PorterStemmer::stem(word);
                if (m_usesEnglish && isTime(word))
                    continue; // "August": a time, which QueryTime reads, not a name the vault lacks
                if (frequency.value(s) > 0) {
                    m_names.insert(s);
                    m_spelledNames.append({s, nameExpression(w.left(word.size()))}); // "Gina" of "Gina's"
                } else if (const QString near = nameNear(store, w); !near.isEmpty()) {
                    m_names.insert(PorterStemmer::stem(near));
                    m_spelledNames.append(
                        {PorterStemmer::stem(near), nameExpression(near.front().toUpper() + near.mid(1))});
                } else {
                    unknownNames.insert(s);
                }
            }
        }
        for (const QString &part : query.split(QStringLiteral(" · "), Qt::SkipEmptyParts)) {
            Part p;
            QSet<QString> seen;
            for (const QString &word : contentWords(part)) {
                const QString s = PorterStemmer::stem(word);
                if (seen.contains(s))
                    continue;
                seen.insert(s);
                const double df = double(frequency.value(s));
                // BM25's idf, never below a floor: a word in every chunk still says a little.
                const double idf = qMax(0.05, std::log(1.0 + (chunks - df + 0.5) / (df + 0.5)));
                p.idf.append({s, idf});
                p.max += idf;
                double weight = idf;
                bool filler = false;
                if (m_usesEnglish && isTime(word)) {
                    weight = 0.0; // the question's time is not what it asks about (QueryTime weighs it)
                    filler = true;
                } else if (m_usesEnglish) {
                    // How specific the word is in English: a word the list lacks (a name, a number, a
                    // coinage) is as specific as the rarest. Squared, so that everyday words ("best",
                    // "way", "store") weigh little beside the word that carries the question.
                    const double zipf = english.zipf(word);
                    const double specificity = zipf <= 0.0 || unknownNames.contains(s)
                                                   ? 1.0
                                                   : qBound(0.0, (kCommonZipf - zipf) / (kCommonZipf - kRareZipf), 1.0);
                    weight = idf * qMax(0.0004, specificity * specificity);
                    if (df <= 0.0)
                        weight *= kAbsentWeight; // absent from the vault: evidence that it holds nothing
                    filler = zipf >= kFillerZipf;
                }
                p.weight << weight;
                p.filler << filler;
            }
            if (p.max > 0.0)
                m_parts << p;
        }
    }
    // Hashed vectors are the query's own words and n-grams again, with collisions: at the level that
    // decides "anything at all?" their cosine is noise (a runic query met chat turns at 0.3 on LoCoMo),
    // so only a model's cosine counts as evidence of meaning.
    if (embedder && !queryVector.isEmpty() && !embedder->id().startsWith(QLatin1String("hash"))) {
        double best = background;
        for (const Vector &probe : probeVectors(*embedder))
            best = qMax(best, double(dot(queryVector, probe)));
        m_nullCosine = qBound(0.0, best, 0.99);
    }
}

double RelevanceGauge::coverage(const QString &text) const
{
    const QStringList stems = contentStems(text);
    const QSet<QString> present(stems.cbegin(), stems.cend());
    double best = 0.0;
    for (const Part &p : m_parts) {
        double covered = 0.0;
        for (const auto &[stem, idf] : p.idf)
            if (present.contains(stem))
                covered += idf;
        best = qMax(best, covered / p.max);
    }
    for (const QString &name : m_names)
        if (present.contains(name))
            return qMax(best, kRelevant);
    return best;
}

double RelevanceGauge::specificShare(const QString &text, bool withoutNames, bool fillerRule, bool *asked) const
{
    const QStringList stems = contentStems(text);
    const QSet<QString> present(stems.cbegin(), stems.cend());
    double best = 0.0;
    for (const Part &p : m_parts) {
        double covered = 0.0;
        double all = 0.0;
        bool carried = false; // a word that is not filler is here
        for (qsizetype i = 0; i < p.idf.size(); ++i) {
            if (withoutNames && m_names.contains(p.idf[i].first))
                continue; // what the question asks of a person, without the person
            all += p.weight[i];
            if (present.contains(p.idf[i].first)) {
                covered += p.weight[i];
                carried = carried || !p.filler[i];
            }
        }
        if (asked && all > 0.0)
            *asked = true;
        // Only everyday words of the question matched ("best", "store" of a question on storing basil):
        // the text is about something else. A text holding every word of the question is carried by
        // them, everyday as they are ("why was recall slow" in "Recall got slow on the big vault").
        if ((carried || covered >= all || !fillerRule) && all > 0.0)
            best = qMax(best, covered / all);
    }
    return best;
}

double RelevanceGauge::specificCoverage(const QString &text) const
{
    const double best = specificShare(text, false, true, nullptr);
    const QStringList stems = contentStems(text);
    for (const auto &[stem, spelled] : m_spelledNames)
        if (stems.contains(stem) && (!m_usesEnglish || namesInText(text, spelled)))
            return qMax(best, kRelevant);
    return best;
}

bool RelevanceGauge::isPartial(const QString &text) const
{
    bool asked = false; // the question asks something besides its names
    const double share = specificShare(text, true, false, &asked);
    return asked && share < kRelevant;
}

double RelevanceGauge::meaning(double cosine) const
{
    return cosine <= m_nullCosine ? 0.0 : (cosine - m_nullCosine) / (1.0 - m_nullCosine);
}

double RelevanceGauge::match(const QString &text, double cosine) const
{
    return qMax(coverage(text), meaning(cosine));
}

} // namespace engram
