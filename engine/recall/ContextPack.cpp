#include "recall/ContextPack.h"

#include "core/TextAnalysis.h"
#include "ingest/Tagger.h"
#include "recall/EvidenceText.h"
#include "recall/NothingFound.h"

namespace engram {

QString ContextPack::renderItem(const RecallResult &r)
{
    // What the text is about when it does not say so itself: the decision under "## 2026-11-18: SQLite
    // FTS5 plus hnswlib" reads as the SQLite decision. Its characters count against the budget with the rest.
    const QString about = EvidenceText::label(r.chunk.title, r.chunk.heading, r.chunk.text);
    const QString day = EvidenceText::dateBeside(r.chunk.time, about);
    const QString path = r.vault.isEmpty() ? r.chunk.path : QStringLiteral("[%1] %2").arg(r.vault, r.chunk.path);
    // What replaced it, or says otherwise now: an agent must not act on it as if it still held.
    QString newer;
    if (!r.supersededBy.isEmpty())
        newer += QStringLiteral(" Superseded by `%1`.").arg(r.supersededBy.join(QStringLiteral("`, `")));
    if (!r.contradictedBy.isEmpty())
        newer +=
            QStringLiteral(" A newer memory says otherwise: `%1`.").arg(r.contradictedBy.join(QStringLiteral("`, `")));
    return QStringLiteral("- %1%2%3 (`%4:%5-%6`)%7\n")
        .arg(day.isEmpty() ? QString() : QStringLiteral("[%1] ").arg(day),
             about.isEmpty() ? QString() : about + QStringLiteral(" — "), r.chunk.text.simplified(), path)
        .arg(r.chunk.startLine)
        .arg(r.chunk.endLine)
        .arg(newer);
}

ContextPack ContextPack::build(const QString &query, const QString &preamble, const QList<RecallResult> &ranked,
                               int budget)
{
    ContextPack pack;
    pack.budget = budget;
    // Count characters, not rounded tokens, so the whole pack stays within budget × 4 characters.
    const qsizetype budgetChars = qsizetype(qMax(0, budget)) * 4;
    // The header shrinks before it may break the budget: first the query line goes, then the title.
    QString header = QStringLiteral("# Engram context\n");
    if (!query.trimmed().isEmpty())
        header += QStringLiteral("Recalled for: %1\n").arg(query.simplified().left(200));
    if (header.size() > budgetChars)
        header = QStringLiteral("# Engram context\n");
    if (header.size() > budgetChars)
        header.clear();
    qsizetype used = header.size();

    QString preambleText = preamble.trimmed();
    if (!preambleText.isEmpty()) {
        // At most half the budget (and never more than is left); "\n" before and after it.
        const qsizetype cap = qMin(budgetChars / 2, budgetChars - used);
        if (cap < 4)
            preambleText.clear();
        else if (preambleText.size() + 2 > cap)
            preambleText = preambleText.left(cap - 3) + QStringLiteral("…");
    }
    if (!preambleText.isEmpty()) {
        pack.preambleTokens = TextAnalysis::estimateTokens(preambleText);
        used += preambleText.size() + 2;
    }

    // Greedy in rank order; each region heading costs its tokens once.
    QHash<QString, QList<QString>> itemsByRegion;
    QStringList regionOrder;
    QSet<QString> shownUnits; // a pack never spends its budget on the same words twice
    for (const RecallResult &candidate : ranked) {
        RecallResult r = candidate;
        const QString fresh = EvidenceText::withoutShown(r.chunk.text, shownUnits);
        if (fresh.isEmpty())
            continue; // a citation alone, or lines an earlier item already holds
        r.chunk.text = fresh;
        const QString region =
            r.chunk.tags.region.value.isEmpty() ? QStringLiteral("memory") : r.chunk.tags.region.value;
        const QString item = renderItem(r);
        qsizetype cost = item.size();
        const bool newRegion = !itemsByRegion.contains(region);
        if (newRegion)
            cost += region.size() + 5; // "\n## region\n"
        if (used + cost > budgetChars) {
            ++pack.skipped;
            continue;
        }
        used += cost;
        if (newRegion)
            regionOrder << region;
        itemsByRegion[region] << item;
        pack.included << r;
        for (const QString &unit : EvidenceText::units(fresh))
            shownUnits.insert(unit);
    }

    QString out = header;
    // Recall found nothing: one line says so, where an agent would look for the memories.
    if (ranked.isEmpty() && !query.trimmed().isEmpty()) {
        const QString nothing = nothingInMemoryAbout(query) + QLatin1Char('\n');
        if (used + nothing.size() <= budgetChars)
            out += nothing;
    }
    if (!preambleText.isEmpty())
        out += QLatin1Char('\n') + preambleText + QLatin1Char('\n');
    for (const QString &region : std::as_const(regionOrder)) {
        out += QStringLiteral("\n## ") + region + QLatin1Char('\n');
        for (const QString &item : itemsByRegion.value(region))
            out += item;
    }
    pack.markdown = out;
    pack.tokens = TextAnalysis::estimateTokens(out);
    return pack;
}

} // namespace engram
