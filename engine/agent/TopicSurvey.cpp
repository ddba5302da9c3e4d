#include "agent/TopicSurvey.h"

#include "vault/Engine.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace engram {

namespace {

constexpr int kStrongest = 5;
constexpr int kQuestions = 10;

/// Sentences that end in a question mark: the open questions a topic's memories still carry.
QStringList questionsIn(const QString &text)
{
    static const QRegularExpression sentence(QStringLiteral("[^.!?\\n]{8,300}\\?"));
    QStringList out;
    auto it = sentence.globalMatch(text);
    while (it.hasNext())
        out << it.next().captured(0).trimmed();
    return out;
}

QJsonObject countsJson(const QHash<QString, qint64> &counts)
{
    QJsonObject o;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        o.insert(it.key().isEmpty() ? QStringLiteral("(none)") : it.key(), double(it.value()));
    return o;
}

QString countsLine(const QHash<QString, qint64> &counts)
{
    const QJsonObject sorted = countsJson(counts); // by name
    QStringList parts;
    for (auto it = sorted.constBegin(); it != sorted.constEnd(); ++it)
        parts << QStringLiteral("%1 %2").arg(it.key()).arg(it.value().toInteger());
    return parts.isEmpty() ? QStringLiteral("none") : parts.join(QStringLiteral(", "));
}

} // namespace

Result<TopicSurvey> TopicSurvey::survey(Engine &engine, const QString &topic, int k)
{
    RecallQuery query;
    query.text = topic;
    query.k = k;
    query.reinforce = false; // a survey of fifty memories is not fifty uses of them
    auto results = engine.recall(query);
    if (!results)
        return results.error();
    TopicSurvey s;
    s.topic = topic;
    s.matches = int(results->size());
    QSet<QString> files, seenQuestions;
    QList<MemoryItem> all;
    for (const RecallResult &r : std::as_const(*results)) {
        ++s.regions[r.chunk.tags.region.value];
        ++s.stores[r.chunk.tags.store.value];
        ++s.categories[r.chunk.tags.category.value];
        files.insert(r.chunk.path);
        all << MemoryItem::fromRecall(engine, r);
        for (const QString &q : questionsIn(all.constLast().text))
            if (s.openQuestions.size() < kQuestions && !seenQuestions.contains(q)) {
                seenQuestions.insert(q);
                s.openQuestions << OpenQuestion{q, all.constLast().source()};
            }
    }
    s.files = int(files.size());
    // Strongest: memory strength first (what the dynamics kept alive), relevance-weighted score second.
    std::stable_sort(all.begin(), all.end(), [](const MemoryItem &a, const MemoryItem &b) {
        if (a.strength != b.strength)
            return a.strength > b.strength;
        return a.score.value_or(0) > b.score.value_or(0);
    });
    s.strongest = all.mid(0, kStrongest);
    return s;
}

QJsonObject TopicSurvey::toJson(MemoryItem::Detail detail) const
{
    QJsonArray strongestArray, questions;
    for (const MemoryItem &m : strongest)
        strongestArray.append(m.toJson(detail));
    for (const OpenQuestion &q : openQuestions)
        questions.append(QJsonObject{{QStringLiteral("text"), q.text}, {QStringLiteral("source"), q.source}});
    return QJsonObject{{QStringLiteral("topic"), topic},
                       {QStringLiteral("matches"), matches},
                       {QStringLiteral("files"), files},
                       {QStringLiteral("regions"), countsJson(regions)},
                       {QStringLiteral("stores"), countsJson(stores)},
                       {QStringLiteral("categories"), countsJson(categories)},
                       {QStringLiteral("strongest"), strongestArray},
                       {QStringLiteral("open_questions"), questions}};
}

QString TopicSurvey::text() const
{
    if (matches == 0)
        return QStringLiteral("Nothing in memory touches \"%1\" yet.").arg(topic);
    QStringList lines;
    for (const MemoryItem &m : strongest)
        lines << m.line(int(lines.size()) + 1);
    QString out =
        QStringLiteral("%1 memories in %2 files touch \"%3\".\nRegions: %4\nStores: %5\nCategories: %6\n\n"
                       "Strongest:\n%7")
            .arg(matches)
            .arg(files)
            .arg(topic, countsLine(regions), countsLine(stores), countsLine(categories), lines.join(QLatin1Char('\n')));
    if (!openQuestions.isEmpty()) {
        out += QStringLiteral("\n\nOpen questions:");
        for (const OpenQuestion &q : openQuestions)
            out += QStringLiteral("\n- %1 (%2)").arg(q.text, q.source);
    }
    return out;
}

} // namespace engram
