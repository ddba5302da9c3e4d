#include "ContextPack.h"

#include "Tagger.h"
#include "TextAnalysis.h"


namespace engram {

QString ContextPack::renderItem(const RecallResult &r)
{
    QString text = r.chunk.text.simplified();
    QString date;
    if (r.chunk.time.isValid())
        date = QStringLiteral("[%1] ").arg(r.chunk.time.date().toString(Qt::ISODate));
    return QStringLiteral("- %1%2 (`%3:%4-%5`)\n")
        .arg(date, text, r.chunk.path)
        .arg(r.chunk.startLine)
        .arg(r.chunk.endLine);
}

ContextPack ContextPack::build(const QString &query, const QString &preamble, const QList<RecallResult> &ranked,
                               int budget)
{
    ContextPack pack;
    pack.budget = budget;
    QString header = QStringLiteral("# Engram context\n");
    if (!query.trimmed().isEmpty())
        header += QStringLiteral("Recalled for: %1\n").arg(query.simplified().left(200));
    // Count characters, not rounded tokens, so the whole pack stays within budget × 4 characters.
    const qsizetype budgetChars = qsizetype(budget) * 4;
    qsizetype used = header.size();

    QString preambleText = preamble.trimmed();
    if (!preambleText.isEmpty()) {
        const qsizetype cap = budgetChars / 2;
        if (preambleText.size() + 2 > cap)
            preambleText = preambleText.left(qMax<qsizetype>(0, cap - 3)) + QStringLiteral("…");
        pack.preambleTokens = TextAnalysis::estimateTokens(preambleText);
        used += preambleText.size() + 2;
    }

    // Greedy in rank order; each region heading costs its tokens once.
    QHash<QString, QList<QString>> itemsByRegion;
    QStringList regionOrder;
    for (const RecallResult &r : ranked) {
        const QString region = r.chunk.tags.region.value.isEmpty() ? QStringLiteral("memory") : r.chunk.tags.region.value;
        const QString item = renderItem(r);
        qsizetype cost = item.size();
        const bool newRegion = !itemsByRegion.contains(region);
        if (newRegion)
            cost += region.size() + 5;  // "\n## region\n"
        if (used + cost > budgetChars) {
            ++pack.skipped;
            continue;
        }
        used += cost;
        if (newRegion)
            regionOrder << region;
        itemsByRegion[region] << item;
        pack.included << r;
    }

    QString out = header;
    if (!preambleText.isEmpty())
        out += QLatin1Char('\n') + preambleText + QLatin1Char('\n');
    for (const QString &region : std::as_const(regionOrder)) {
        out += QStringLiteral("\n## ") + region + QLatin1Char('\n');
        for (const QString &item : itemsByRegion.value(region))
            out += item;
    }
    if (pack.included.isEmpty())
        out += QStringLiteral("\n_No memories matched._\n");
    pack.markdown = out;
    pack.tokens = TextAnalysis::estimateTokens(out);
    return pack;
}

} // namespace engram
