#include "agent/DecisionHistory.h"

#include "agent/MemoryLineage.h"
#include "vault/Engine.h"

#include <QJsonArray>
#include <QSet>

namespace engram {

QJsonObject DecisionRecord::toJson(MemoryItem::Detail detail) const
{
    QJsonObject o = memory.toJson(detail);
    const bool full = detail == MemoryItem::Detail::Full;
    if (!full)
        o.remove(QStringLiteral("score")); // the decisions come by relevance: their order says it
    o.insert(QStringLiteral("status"), current() ? QStringLiteral("current") : QStringLiteral("superseded"));
    for (const auto &[key, paths] : {std::pair{"supersedes", &supersedes}, std::pair{"superseded_by", &supersededBy},
                                     std::pair{"derived_from", &derivedFrom}, std::pair{"chain", &chain}})
        if (full || paths->size() > (paths == &chain ? 1 : 0))
            o.insert(QLatin1String(key), QJsonArray::fromStringList(*paths));
    return o;
}

Result<DecisionHistory> DecisionHistory::trace(Engine &engine, const QString &question, int k)
{
    RecallQuery query;
    query.text = question;
    query.k = k * 4; // several chunks of one decision file come back; one per file is kept
    query.filter.categories = {QStringLiteral("decision")};
    query.filter.includeArchived = true; // a superseded decision is history, and history is the point
    query.reinforce = false;
    auto results = engine.recall(query);
    if (!results)
        return results.error();
    MemoryLineage lineage(engine);
    if (results->isEmpty()) {
        // Decisions whose chunks were tagged otherwise: files whose front matter says category decision.
        query.filter.categories.clear();
        auto broad = engine.recall(query);
        if (!broad)
            return broad.error();
        for (const RecallResult &r : std::as_const(*broad))
            if (lineage.facts(r.chunk.path).category == QLatin1String("decision"))
                results->append(r);
    }
    DecisionHistory history;
    history.question = question;
    QSet<QString> seen;
    for (const RecallResult &r : std::as_const(*results)) {
        if (history.decisions.size() >= k)
            break;
        if (seen.contains(r.chunk.path))
            continue;
        seen.insert(r.chunk.path);
        const MemoryFileFacts f = lineage.facts(r.chunk.path);
        history.decisions << DecisionRecord{MemoryItem::fromRecall(engine, r), f.supersedes, f.supersededBy,
                                            f.derivedFrom, lineage.chain(r.chunk.path)};
    }
    return history;
}

QJsonObject DecisionHistory::toJson(MemoryItem::Detail detail) const
{
    QJsonArray array;
    for (const DecisionRecord &d : decisions)
        array.append(d.toJson(detail));
    QJsonObject o{{QStringLiteral("decisions"), array}};
    if (detail == MemoryItem::Detail::Full) // the agent knows what it asked
        o.insert(QStringLiteral("question"), question);
    return o;
}

QString DecisionHistory::text() const
{
    if (decisions.isEmpty())
        return QStringLiteral("No recorded decision bears on \"%1\". Decisions are memories with category decision "
                              "(remember with category \"decision\").")
            .arg(question);
    QStringList lines;
    for (const DecisionRecord &d : decisions) {
        QString line = d.memory.line(int(lines.size()) + 1);
        line += d.current()
                    ? QStringLiteral("\n   status: current")
                    : QStringLiteral("\n   status: superseded by %1").arg(d.supersededBy.join(QStringLiteral(", ")));
        if (d.chain.size() > 1)
            line += QStringLiteral("\n   chain (oldest → newest): %1").arg(d.chain.join(QStringLiteral(" → ")));
        if (!d.derivedFrom.isEmpty())
            line += QStringLiteral("\n   derived from: %1").arg(d.derivedFrom.join(QStringLiteral(", ")));
        lines << line;
    }
    return QStringLiteral("Decisions bearing on \"%1\":\n%2").arg(question, lines.join(QLatin1Char('\n')));
}

} // namespace engram
