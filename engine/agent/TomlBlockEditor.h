#pragma once

#include "core/Result.h"

#include <QStringList>

namespace engram {

/// A small, careful editor for an agent's TOML configuration (Codex's config.toml) that never
/// rewrites what it does not own: it checks the file's line structure (comments, `[table]` and
/// `[[array]]` headers, `key = value` with strings, multi-line strings, arrays and inline tables
/// spanning lines) and refuses a file it cannot follow, naming the line; it finds top-level keys
/// and table headers; and it inserts or removes one block of lines between two marker comments,
/// so removal takes out exactly the lines it added and the rest of the file stays byte for byte.
/// Values are not interpreted: no TOML library is needed, and none is trusted to round-trip a
/// person's comments and layout.
class TomlBlockEditor {
public:
    /// Parses `text`; an error names the 1-based line and why.
    static Result<TomlBlockEditor> parse(const QString &text, const QString &path);

    /// The 1-based line of the top-level key `key` (before any table), or 0.
    int topLevelKeyLine(const QString &key) const;
    /// The 1-based line of a header naming `table` (quotes and spaces ignored) or one of its
    /// sub-tables, or of a dotted key `table.…`/inline entry reaching it, or 0.
    int tableLine(const QString &table) const;
    /// The lines of the block `name` (without its markers), or an empty list when absent;
    /// `found` says whether the markers are there.
    QStringList block(const QString &name, bool *found) const;

    /// The text with block `name` holding `lines`: replaced in place when present, else put before
    /// the first table (`topLevel`, for top-level keys) or at the end.
    QString withBlock(const QString &name, const QStringList &lines, bool topLevel) const;
    /// The text without block `name` (unchanged when absent).
    QString withoutBlock(const QString &name) const;

    /// `value` as a TOML basic string.
    static QString quoted(const QString &value);

private:
    QStringList m_lines;
    bool m_endsWithNewline = true;
    int m_firstTableLine = 0;             ///< 1-based; 0 = no table
    QList<QPair<QString, int>> m_headers; ///< normalised name, line
    QList<QPair<QString, int>> m_keys;    ///< full dotted key (table prefix included), line

    QString beginMarker(const QString &name) const;
    QString endMarker(const QString &name) const;
    int markerLine(const QString &marker) const; ///< 0-based index, or -1
    QString joined(const QStringList &lines) const;
};

} // namespace engram
