#pragma once

#include <QDate>
#include <QDateTime>
#include <QString>

#include <optional>

namespace engram {

/// The time a query names, as a window of days: "what did we decide on 7 July, 2023", "in August 2023",
/// "2023-08-13", "in March" (the last March up to now), "during 2024". A memory whose time falls in the
/// window is about what the query asks (LoCoMo: "What is John doing as a volunteer in August 2023?" is
/// answered by a turn of the session of 13 August 2023 that names no month). Only explicit calendar
/// dates in English count; a bare number ("error 2023") or a month name without "in", "on", "during",
/// "since", "by", "until" or "of" and without a year ("may", "march") names no time.
struct QueryTime {
    QDate first;    ///< the first day of the window
    QDate last;     ///< the last day (inclusive)
    QString phrase; ///< the words of the query that named it ("August 2023")

    /// The first time `query` names, or nothing. `today` resolves a month without a year: the last such
    /// month that has begun by then.
    static std::optional<QueryTime> of(const QString &query, const QDate &today);

    /// Whether `time` is of the window: in it, up to its own length after it (told later: "last month"),
    /// or up to a quarter of its length before it, a day at least either side (a time without a zone is
    /// read in its own spec: a session's "15:14" is that day wherever it was recorded).
    bool contains(const QDateTime &time) const;
};

} // namespace engram
