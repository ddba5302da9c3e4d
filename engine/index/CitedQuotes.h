#pragma once

#include <QList>
#include <QRegularExpression>
#include <QString>

#include <optional>

namespace engram {

/// How a digest cites what it quotes. A consolidated file is a list of items, each a line of its source
/// with the lines it came from appended: "- **Ann** (D1:3): … (from `a.md:12-12`)", above the session
/// layer also the raw lines: "(from `consolidated/daily/…:16-16`; raw `a.md:12-12`)". The index holds
/// the list as one paragraph and a long one over several chunks, so an item may begin in one chunk and
/// end (with its citation) in the next. The index reads these to keep a quote's words with the turn it
/// quotes (IndexStore); recall reads them to show a quote as its turn (EvidenceText, Retriever).
class CitedQuotes {
public:
    /// A vault-relative line range an item cites.
    struct Source {
        QString path;
        int startLine = 0;
        int endLine = 0;
    };
    /// Where one item of a text lies: [start, end).
    struct Span {
        qsizetype start = 0;
        qsizetype end = 0;
    };

    /// "(from `a`; raw `b`)", "(from `a`)", "(raw `b`)" anywhere in a line.
    static const QRegularExpression &citation();
    /// `text` cut after each citation; a last part without one (an item the next chunk ends) comes last.
    static QList<Span> spans(const QString &text);
    /// The raw lines an item cites: its `raw` range, else its `from` range; nullopt when it cites
    /// nothing (or a range without line numbers).
    static std::optional<Source> citedSource(const QString &item);
    /// The comparable form of one line: without its citation, list bullet and emphasis, case and
    /// spacing folded; empty for a heading, a citation alone or a blank line.
    static QString unit(const QString &line);
    /// True when `item` (whole or an excerpt: an item cut by a chunk boundary) says nothing but
    /// words of `turnText`.
    static bool quotes(const QString &item, const QString &turnText);
};

} // namespace engram
