#pragma once

#include "index/CitedQuotes.h"

#include <QDateTime>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>

namespace engram {

class RelevanceGauge;

/// What a result shows, compared by content rather than by location. A digest line quotes a raw turn
/// with a citation appended ("… (from `consolidated/daily/…`; raw `session_02.md:36-36`)"), a weekly
/// digest quotes the daily one: the same words in three files. EvidenceText reduces a text to its
/// units (one per line or paragraph, without list bullets, emphasis and citations, case and spacing
/// folded) so that a recall or a pack shows each unit once, and trims long turns to the sentences
/// that carry the match.
class EvidenceText {
public:
    /// The comparable form of each unit of `text` that holds words (headings and citations hold none).
    static QStringList units(const QString &text);
    /// True when `text` holds no words beside citations, headings and markup.
    static bool isCitationOnly(const QString &text);
    /// `text` without the lines whose unit is in `shown` (blank lines between paragraphs kept); empty
    /// when every unit was shown.
    static QString withoutShown(const QString &text, const QSet<QString> &shown);
    /// Text over `maxChars`: each of its lines over half that (at least 80) and of three sentences or
    /// more keeps its speaker label, the sentences that hold a query stem, the one after each (an answer
    /// follows its question) and those after it that open with a pronoun (they go on about it), with "…"
    /// for what was cut; a line that replies to a question keeps its opening too (a reply answers first).
    /// In an exchange (text of several lines), a speaker's line over `besideChars` (0: never) with no
    /// query stem is the turn beside the hit: before the last line (the question a hit answers) it keeps
    /// its last question, as the last line (the answer to a hit) or with no question its first three
    /// sentences. Other text is returned as it is.
    static QString trimmed(const QString &text, const QStringList &queryStems, int maxChars, int besideChars = 0);

    /// A vault-relative line range a digest line cites.
    using Source = CitedQuotes::Source;
    /// The raw lines a digest line cites: its `raw` range, else its `from` range; nullopt when the
    /// line cites nothing (or a range without line numbers).
    static std::optional<Source> citedSource(const QString &line);
    /// `text` cut after each citation: the items of a digest however its lines were joined (the index
    /// holds a list as one paragraph, and a long one over several chunks, so an item may begin in an
    /// earlier chunk), without list bullets. A last part without a citation (an item the next chunk
    /// ends) comes last.
    static QStringList citedItems(const QString &text);
    /// The title and heading trail `text` needs to be understood on its own ("Decisions > 2026-11-18:
    /// SQLite FTS5 plus hnswlib"): the document's title, then each level of the trail, without a level
    /// that repeats an earlier one or that the text already says (case and spacing folded). Empty when
    /// the text says it all.
    static QString label(const QString &title, const QString &headingTrail, const QString &text);
    /// The date of `time` (yyyy-mm-dd) to show beside a text with `label`: empty when unknown or when the
    /// label already says it ("2026-11-18: SQLite FTS5 plus hnswlib").
    static QString dateBeside(const QDateTime &time, const QString &label);
    /// The comparable form of one line (empty for a heading, a citation alone or a blank line): two
    /// lines with the same form say the same words.
    static QString unit(const QString &line);
};

} // namespace engram
