#include "agent/MemoryItem.h"

#include "recall/EvidenceText.h"
#include "vault/Engine.h"

#include <QJsonArray>

#include <cmath>

namespace engram {

MemoryItem MemoryItem::fromChunk(const Engine &engine, const Chunk &chunk)
{
    MemoryItem item;
    item.chunk = chunk;
    item.text = engine.displayText(chunk);
    return item;
}

MemoryItem MemoryItem::fromRecall(const Engine &engine, const RecallResult &result)
{
    MemoryItem item = fromChunk(engine, result.chunk);
    item.score = result.score;
    item.breakdown = result.breakdown;
    item.keywordRank = result.keywordRank;
    item.supersededBy = result.supersededBy;
    item.contradictedBy = result.contradictedBy;
    item.vectorRank = result.vectorRank;
    for (const ScoreComponent &s : result.breakdown)
        if (s.name == QLatin1String("strength"))
            item.strength = s.value;
    return item;
}

void MemoryItem::addSuccessors(QJsonObject &o) const
{
    if (!supersededBy.isEmpty())
        o.insert(QStringLiteral("superseded_by"), QJsonArray::fromStringList(supersededBy));
    if (!contradictedBy.isEmpty())
        o.insert(QStringLiteral("contradicted_by"), QJsonArray::fromStringList(contradictedBy));
}

QString MemoryItem::source() const
{
    return QStringLiteral("%1:%2-%3").arg(chunk.path).arg(chunk.startLine).arg(chunk.endLine);
}

QString MemoryItem::about() const
{
    return EvidenceText::label(chunk.title, chunk.heading, text);
}

QJsonObject MemoryItem::toJson(Detail detail) const
{
    if (detail == Detail::Agent) {
        const QString label = about();
        QJsonObject o{{QStringLiteral("source"), source()}, {QStringLiteral("text"), text}};
        if (!label.isEmpty())
            o.insert(QStringLiteral("about"), label);
        if (const QString day = EvidenceText::dateBeside(chunk.time, label); !day.isEmpty())
            o.insert(QStringLiteral("date"), day);
        if (!chunk.tags.store.value.isEmpty())
            o.insert(QStringLiteral("store"), chunk.tags.store.value);
        if (score)
            o.insert(QStringLiteral("score"), std::round(*score * 100) / 100);
        if (!vault.isNull())
            o.insert(QStringLiteral("vault"), vault);
        addSuccessors(o);
        return o;
    }
    const Tags &tags = chunk.tags;
    QStringList explicitTags;
    for (const auto &[name, tag] : {std::pair{"region", &tags.region}, std::pair{"store", &tags.store},
                                    std::pair{"layer", &tags.layer}, std::pair{"category", &tags.category}})
        if (tag->isExplicit)
            explicitTags << QLatin1String(name);
    QJsonObject o{{QStringLiteral("path"), chunk.path},
                  {QStringLiteral("start_line"), chunk.startLine},
                  {QStringLiteral("end_line"), chunk.endLine},
                  {QStringLiteral("source"), source()},
                  {QStringLiteral("title"), chunk.title},
                  {QStringLiteral("heading"), chunk.heading},
                  {QStringLiteral("text"), text},
                  {QStringLiteral("region"), tags.region.value},
                  {QStringLiteral("store"), tags.store.value},
                  {QStringLiteral("layer"), tags.layer.value},
                  {QStringLiteral("category"), tags.category.value},
                  {QStringLiteral("explicit_tags"), QJsonArray::fromStringList(explicitTags)},
                  {QStringLiteral("id"), double(chunk.id)},
                  {QStringLiteral("tokens"), chunk.tokens}};
    if (!chunk.speaker.isEmpty())
        o.insert(QStringLiteral("speaker"), chunk.speaker);
    if (chunk.time.isValid())
        o.insert(QStringLiteral("time"), chunk.time.toString(Qt::ISODate));
    if (score) {
        QJsonArray signalList;
        for (const ScoreComponent &s : breakdown) {
            QJsonObject signal{{QStringLiteral("signal"), s.name}, {QStringLiteral("value"), s.value}};
            if (s.informative) {
                signal.insert(QStringLiteral("informative"), true);
            } else {
                signal.insert(QStringLiteral("weight"), s.weight);
                signal.insert(QStringLiteral("contribution"), s.contribution());
            }
            signalList.append(signal);
        }
        o.insert(QStringLiteral("score"), *score);
        o.insert(QStringLiteral("strength"), strength);
        o.insert(QStringLiteral("breakdown"), signalList);
        o.insert(QStringLiteral("keyword_rank"), keywordRank);
        o.insert(QStringLiteral("vector_rank"), vectorRank);
    }
    if (!sourceText.isNull())
        o.insert(QStringLiteral("source_text"), sourceText);
    if (!vault.isNull())
        o.insert(QStringLiteral("vault"), vault);
    addSuccessors(o);
    return o;
}

QString MemoryItem::line(int rank) const
{
    QString shown = text.simplified();
    if (shown.size() > 300)
        shown = shown.left(299) + QStringLiteral("…");
    if (const QString label = about(); !label.isEmpty())
        shown = label + QStringLiteral(" — ") + shown;
    QStringList tags;
    for (const QString &v : {chunk.tags.store.value, chunk.tags.category.value})
        if (!v.isEmpty())
            tags << v;
    // A linked vault's memory says where it lives: "[team] notes/a.md:3-9".
    const QString where = vault.isEmpty() || vault == QLatin1String("personal")
                              ? source()
                              : QStringLiteral("[%1] %2").arg(vault, source());
    return QStringLiteral("%1. %2 [%3]\n   %4").arg(rank).arg(where, tags.join(QStringLiteral(" · ")), shown);
}

} // namespace engram
