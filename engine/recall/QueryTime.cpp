#include "recall/QueryTime.h"

#include <QRegularExpression>

namespace engram {

namespace {

// English and German month names (the workbench speaks both): "7 July, 2023", "7. Juli 2023", "im März".
const QString kMonth = QStringLiteral("(jan(?:uary|uar)?|feb(?:ruary|ruar)?|mar(?:ch)?|m(?:ä|ae)rz|apr(?:il)?|ma[yi]|"
                                      "jun[ei]?|jul[yi]?|aug(?:ust)?|sep(?:t(?:ember)?)?|o[ck]t(?:ober)?|nov(?:ember)?|"
                                      "de[cz](?:ember)?)(?:\\.|\\b)");
const QString kDay = QStringLiteral("([12]?\\d|3[01])(?:st|nd|rd|th|\\.)?");
const QString kYear = QStringLiteral("((?:19|20|21)\\d\\d)");
/// Words that make a month name without a year a time ("in may", not "you may").
const QString kBefore =
    QStringLiteral("(in|on|during|since|after|by|until|of|early|late|mid|im|seit|ab|nach|bis|anfang|ende|mitte)\\s+"
                   "(?:the\\s+)?");

int monthNumber(QString name)
{
    name = name.toLower();
    static const QString prefixes[]{QStringLiteral("jan"), QStringLiteral("feb"), QStringLiteral("mar"),
                                    QStringLiteral("apr"), QStringLiteral("ma"),  QStringLiteral("jun"),
                                    QStringLiteral("jul"), QStringLiteral("aug"), QStringLiteral("sep"),
                                    QStringLiteral("o"),   QStringLiteral("nov"), QStringLiteral("de")};
    if (name.startsWith(QStringLiteral("mär")) || name.startsWith(QStringLiteral("maer")))
        return 3;
    for (int i = 0; i < 12; ++i)
        if (name.startsWith(prefixes[i]))
            return i + 1;
    return 0;
}

/// The year of the last `month` (and `day`) that has begun by `today`.
int lastYearOf(int month, int day, const QDate &today)
{
    const QDate thisYear(today.year(), month, qMax(1, day));
    return thisYear.isValid() && thisYear <= today ? today.year() : today.year() - 1;
}

struct Found {
    qsizetype at = -1; ///< where the date's own words start (not "in" of "in March")
    qsizetype end = 0;
    qsizetype phraseAt = 0; ///< where the match starts
    QueryTime time;
};

using Reader = std::optional<QueryTime> (*)(const QRegularExpressionMatch &, const QDate &);

std::optional<QueryTime> dayWindow(int year, int month, int day)
{
    const QDate date(year, month, day);
    if (!date.isValid())
        return std::nullopt;
    return QueryTime{date, date, {}};
}

std::optional<QueryTime> monthWindow(int year, int month)
{
    const QDate first(year, month, 1);
    if (!first.isValid())
        return std::nullopt;
    return QueryTime{first, first.addMonths(1).addDays(-1), {}};
}

/// A day written with its month's name: `dayGroup` and `monthGroup` of `m`, the year in group 3 or the
/// last such day by `today`.
std::optional<QueryTime> namedDay(const QRegularExpressionMatch &m, int dayGroup, int monthGroup, const QDate &today)
{
    const int month = monthNumber(m.captured(monthGroup));
    const int day = m.captured(dayGroup).toInt();
    const int year = m.hasCaptured(3) ? m.captured(3).toInt() : lastYearOf(month, day, today);
    return dayWindow(year, month, day);
}

struct Pattern {
    QRegularExpression expression;
    Reader read;
    int anchor = 0; ///< the group where the date's own words start
};

const QList<Pattern> &patterns()
{
    constexpr auto ci = QRegularExpression::CaseInsensitiveOption;
    static const QList<Pattern> all{
        {QRegularExpression(QStringLiteral("\\b(\\d{4})-(\\d{2})-(\\d{2})\\b")),
         [](const QRegularExpressionMatch &m, const QDate &) {
             return dayWindow(m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3).toInt());
         }},
        {QRegularExpression(QStringLiteral("\\b(\\d{4})-(\\d{2})\\b(?!-)")),
         [](const QRegularExpressionMatch &m, const QDate &) {
             return monthWindow(m.captured(1).toInt(), m.captured(2).toInt());
         }},
        // 7 July, 2023 · 7th of July 2023 · 7 July (the last one by today)
        {QRegularExpression(QStringLiteral("\\b%1\\s+(?:of\\s+)?%2(?:,?\\s+%3\\b)?").arg(kDay, kMonth, kYear), ci),
         [](const QRegularExpressionMatch &m, const QDate &today) { return namedDay(m, 1, 2, today); }},
        // July 7, 2023 · July 7th 2023 · July 7
        {QRegularExpression(QStringLiteral("\\b%1\\s+%2\\b(?:,?\\s+%3\\b)?").arg(kMonth, kDay, kYear), ci),
         [](const QRegularExpressionMatch &m, const QDate &today) { return namedDay(m, 2, 1, today); }},
        // August 2023 · August of 2023
        {QRegularExpression(QStringLiteral("\\b%1,?\\s+(?:of\\s+)?%2\\b").arg(kMonth, kYear), ci),
         [](const QRegularExpressionMatch &m, const QDate &) {
             return monthWindow(m.captured(2).toInt(), monthNumber(m.captured(1)));
         }},
        // in March (the last March that has begun by today)
        {QRegularExpression(QStringLiteral("\\b%1%2(?!,?\\s+(?:of\\s+)?\\d)").arg(kBefore, kMonth), ci),
         [](const QRegularExpressionMatch &m, const QDate &today) {
             const int month = monthNumber(m.captured(2));
             return monthWindow(lastYearOf(month, 1, today), month);
         },
         2},
        // in 2024 · during 2024
        {QRegularExpression(QStringLiteral("\\b(in|during|since|after|of|im\\s+jahr|seit|ab)\\s+%1\\b(?!-)").arg(kYear),
                            ci),
         [](const QRegularExpressionMatch &m, const QDate &) -> std::optional<QueryTime> {
             const int year = m.captured(2).toInt();
             return QueryTime{QDate(year, 1, 1), QDate(year, 12, 31), {}};
         },
         2},
    };
    return all;
}

} // namespace

std::optional<QueryTime> QueryTime::of(const QString &query, const QDate &today)
{
    Found best;
    for (const Pattern &pattern : patterns()) {
        for (auto it = pattern.expression.globalMatch(query); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            const std::optional<QueryTime> time = pattern.read(m, today);
            if (!time)
                continue;
            // The date whose words come first; of two there, the one that reads further ("7 July, 2023"
            // over "July, 2023", "August 2023" over "in August").
            const qsizetype at = m.capturedStart(pattern.anchor);
            const qsizetype end = m.capturedEnd();
            if (best.at < 0 || at < best.at || (at == best.at && end > best.end))
                best = {at, end, m.capturedStart(), *time};
            break; // a pattern's first match that reads as a date
        }
    }
    if (best.at < 0)
        return std::nullopt;
    QueryTime out = best.time;
    out.phrase = query.mid(best.phraseAt, best.end - best.phraseAt).trimmed();
    // "since March", "after 7 July": from then to now.
    static const QRegularExpression fromThen(QStringLiteral("\\b(since|after|seit|ab|nach)\\s+(?:the\\s+)?$"),
                                             QRegularExpression::CaseInsensitiveOption);
    if (fromThen.match(query.left(best.at)).hasMatch())
        out.last = qMax(out.last, today);
    return out;
}

bool QueryTime::contains(const QDateTime &time) const
{
    if (!time.isValid())
        return false;
    const QDate day = time.date();
    // Events are told after they happen ("last month", "yesterday"): a memory up to the window's own
    // length later may be of it. A month's window closed at its end lost "What did John attend with
    // his colleagues in March 2023?", told on 18 April (LoCoMo dev). A time is named loosely at its
    // start too (an event of "February" told on 28 January): a quarter of the length before it. Closed
    // there, LoCoMo inside 100k chunks lost one question, "Why did Maria sit with the little girl at
    // the shelter event in February 2023?" (bench/README.md).
    const qint64 span = first.daysTo(last) + 1;
    return day >= first.addDays(-qMax<qint64>(1, span / 4)) && day <= last.addDays(qMax<qint64>(1, span));
}

} // namespace engram
