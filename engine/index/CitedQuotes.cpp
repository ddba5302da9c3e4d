#include "index/CitedQuotes.h"

#include <QStringList>

namespace engram {

const QRegularExpression &CitedQuotes::citation()
{
    static const QRegularExpression re(QStringLiteral("\\((?:from|raw) `[^`]*`(?:; *(?:from|raw) `[^`]*`)*\\)"));
    return re;
}

QList<CitedQuotes::Span> CitedQuotes::spans(const QString &text)
{
    QList<Span> out;
    qsizetype from = 0;
    for (auto it = citation().globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out << Span{from, m.capturedEnd()};
        from = m.capturedEnd();
    }
    if (from < text.size())
        out << Span{from, text.size()};
    return out;
}

std::optional<CitedQuotes::Source> CitedQuotes::citedSource(const QString &item)
{
    static const QRegularExpression range(QStringLiteral("(from|raw) `([^`]+):(\\d+)(?:-(\\d+))?`"));
    std::optional<Source> from;
    std::optional<Source> raw;
    for (auto group = citation().globalMatch(item); group.hasNext();) {
        const QString cited = group.next().captured(0);
        for (auto it = range.globalMatch(cited); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            const int start = m.captured(3).toInt();
            const Source source{m.captured(2), start, m.captured(4).isEmpty() ? start : m.captured(4).toInt()};
            (m.captured(1) == QLatin1String("raw") ? raw : from) = source;
        }
    }
    return raw ? raw : from;
}

QString CitedQuotes::unit(const QString &line)
{
    QString text = line;
    text.remove(citation());
    text = text.trimmed();
    if (text.startsWith(QLatin1Char('#')))
        return {}; // a heading names a unit, it is not one
    QString folded;
    folded.reserve(text.size());
    for (const QChar c : std::as_const(text))
        folded += c.isLetterOrNumber() ? c.toLower() : QLatin1Char(' ');
    return folded.simplified();
}

bool CitedQuotes::quotes(const QString &item, const QString &turnText)
{
    QStringList turn;
    for (const QString &line : turnText.split(QLatin1Char('\n')))
        if (const QString u = unit(line); !u.isEmpty())
            turn << u;
    return turn.join(QLatin1Char(' ')).contains(unit(item));
}

} // namespace engram
