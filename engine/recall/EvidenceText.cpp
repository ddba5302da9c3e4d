#include "recall/EvidenceText.h"

#include "index/CitedQuotes.h"
#include "ingest/Document.h"
#include "recall/RelevanceGauge.h"

#include <QRegularExpression>

namespace engram {

namespace {

QString unitOf(const QString &line)
{
    return CitedQuotes::unit(line);
}

} // namespace

QString EvidenceText::unit(const QString &line)
{
    return unitOf(line);
}

std::optional<EvidenceText::Source> EvidenceText::citedSource(const QString &line)
{
    return CitedQuotes::citedSource(line);
}

QStringList EvidenceText::citedItems(const QString &text)
{
    QStringList items;
    for (const CitedQuotes::Span &span : CitedQuotes::spans(text)) {
        QString item = text.mid(span.start, span.end - span.start).trimmed();
        if (item.startsWith(QLatin1String("- ")) || item.startsWith(QLatin1String("* ")))
            item = item.mid(2);
        if (!unitOf(item).isEmpty())
            items << item;
    }
    return items;
}

QString EvidenceText::label(const QString &title, const QString &headingTrail, const QString &text)
{
    const QString said = text.simplified().toCaseFolded();
    QStringList levels{title};
    levels += headingTrail.split(kHeadingSeparator, Qt::SkipEmptyParts);
    QStringList kept, keptFolded;
    for (const QString &level : std::as_const(levels)) {
        const QString shown = level.simplified();
        const QString folded = shown.toCaseFolded();
        if (shown.isEmpty() || keptFolded.contains(folded) || said.contains(folded))
            continue;
        kept << shown;
        keptFolded << folded;
    }
    return kept.join(kHeadingSeparator);
}

QString EvidenceText::dateBeside(const QDateTime &time, const QString &label)
{
    const QString day = time.isValid() ? time.date().toString(Qt::ISODate) : QString();
    return label.contains(day) ? QString() : day;
}

QStringList EvidenceText::units(const QString &text)
{
    QStringList out;
    for (const QString &line : text.split(QLatin1Char('\n')))
        if (const QString unit = unitOf(line); !unit.isEmpty())
            out << unit;
    return out;
}

bool EvidenceText::isCitationOnly(const QString &text)
{
    return units(text).isEmpty();
}

QString EvidenceText::withoutShown(const QString &text, const QSet<QString> &shown)
{
    QStringList kept;
    bool any = false;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        const QString unit = unitOf(line);
        if (!unit.isEmpty() && shown.contains(unit))
            continue;
        if (!unit.isEmpty())
            any = true;
        if (unit.isEmpty() && !line.trimmed().isEmpty() && !line.trimmed().startsWith(QLatin1Char('#')))
            continue; // a citation left alone by the lines it cited
        if (line.trimmed().isEmpty() && (kept.isEmpty() || kept.last().trimmed().isEmpty()))
            continue;
        kept << line;
    }
    while (!kept.isEmpty() && kept.last().trimmed().isEmpty())
        kept.removeLast();
    return any ? kept.join(QLatin1Char('\n')) : QString();
}

QString EvidenceText::trimmed(const QString &text, const QStringList &queryStems, int maxChars, int besideChars)
{
    const bool whole = text.size() > maxChars;
    if ((!whole && besideChars <= 0) || queryStems.isEmpty())
        return text;
    const QStringList original = text.split(QLatin1Char('\n'));
    QStringList lines = original;
    bool changed = false;
    static const QRegularExpression label(
        QStringLiteral("^(?:- )?(?:\\*\\*[^*]+\\*\\*|[^:]{1,40}?)(?: \\([^)]*\\))?: "));
    static const QRegularExpression sentenceEnd(QStringLiteral("(?<=[.!?])\\s+"));
    // A sentence that opens with a pronoun goes on about the sentence before it ("Max and I camped by the
    // lake. We swam. It was so peaceful."): kept with it.
    static const QRegularExpression refersBack(QStringLiteral("^(?:It|This|That|They|These|Those|He|She)\\b"));
    const QSet<QString> wanted(queryStems.cbegin(), queryStems.cend());
    const int perLine = qMax(80, maxChars / 2);
    const bool exchange = lines.size() > 1;
    for (qsizetype at = 0; at < lines.size(); ++at) {
        QString &line = lines[at];
        const bool longLine = whole && line.size() > perLine;
        const bool longBeside = exchange && besideChars > 0 && line.size() > besideChars;
        if (!longLine && !longBeside)
            continue;
        const QRegularExpressionMatch m = label.match(line);
        const QString head = m.hasMatch() ? m.captured(0) : QString();
        const QStringList sentences = line.mid(head.size()).split(sentenceEnd, Qt::SkipEmptyParts);
        if (sentences.size() < 3)
            continue;
        QList<bool> keep(sentences.size(), false);
        for (qsizetype i = 0; i < sentences.size(); ++i) {
            bool holds = false;
            for (const QString &s : RelevanceGauge::contentStems(sentences[i]))
                holds = holds || wanted.contains(s);
            if (!holds)
                continue;
            keep[i] = true;
            if (i + 1 < sentences.size())
                keep[i + 1] = true;
            for (qsizetype j = i + 2; j < sentences.size() && refersBack.match(sentences[j].trimmed()).hasMatch(); ++j)
                keep[j] = true;
        }
        if (keep.contains(true) && !longLine)
            continue; // a line of the match, in a text short enough to show whole
        if (keep.contains(true) && at > 0 && original[at - 1].contains(QLatin1Char('?'))) {
            // A reply answers first ("Just yesterday I joined a church. I wanted to feel closer to my
            // faith."): its opening stays beside the sentences of the match.
            constexpr int kReplyOpening = 80;
            int opening = 0;
            for (qsizetype i = 0; i < sentences.size() && opening < kReplyOpening; ++i) {
                keep[i] = true;
                opening += int(sentences[i].size());
            }
        }
        if (!keep.contains(true)) {
            if (!longBeside || head.isEmpty())
                continue;
            // A turn shown beside the hit: the question before it keeps the last question it asks (the
            // one the hit answers), the answer after it its first three sentences (where a reply answers;
            // two cut answers measurably).
            if (at + 1 < lines.size())
                for (qsizetype i = sentences.size() - 1; i >= 0; --i)
                    if (sentences[i].trimmed().endsWith(QLatin1Char('?'))) {
                        keep[i] = true;
                        break;
                    }
            if (!keep.contains(true))
                for (qsizetype i = 0; i < qMin<qsizetype>(3, sentences.size()); ++i)
                    keep[i] = true;
        }
        if (!keep.contains(false))
            continue;
        QString out = head;
        bool gap = false;
        for (qsizetype i = 0; i < sentences.size(); ++i) {
            if (!keep[i]) {
                gap = true;
                continue;
            }
            if (gap)
                out += QStringLiteral("… ");
            gap = false;
            out += sentences[i] + QLatin1Char(' ');
        }
        if (gap)
            out += QStringLiteral("…");
        line = out.trimmed();
        changed = true;
    }
    return changed ? lines.join(QLatin1Char('\n')) : text;
}

} // namespace engram
