#pragma once

#include "core/Result.h"

#include <QDateTime>
#include <QStringList>
#include <QVariantMap>

namespace engram {

/// Reads and writes the YAML subset Engram's front matter uses: `key: value`
/// pairs whose values are scalars (strings, numbers, booleans, dates), inline
/// lists `[a, b]` or block lists of `- item` lines. Anything else is reported
/// with its line instead of being guessed at.
class FrontMatter {
public:
    struct Parsed {
        QVariantMap values;
        int bodyStartLine = 1; ///< 1-based line where the body starts
        bool present = false;
    };

    /// Splits `lines` (the whole file) into front matter and body. A file that
    /// does not start with `---` has no front matter. Line numbers in errors
    /// are 1-based file lines.
    static Result<Parsed> parse(const QStringList &lines);
    /// A value that may be one item or a list (`supersedes: a` or `supersedes: [a, b]`) as a list of
    /// trimmed, non-empty strings.
    static QStringList listOf(const QVariant &value);

    /// Renders values as a front matter block, `---` lines included.
    static QString render(const QVariantMap &values, const QStringList &keyOrder = {});

    /// Parses one scalar or inline list the way parse() does.
    static QVariant parseValue(const QString &text, bool *ok = nullptr);

    /// A date or time value (`created:`, `due:` …): ISO 8601 with or without a time. One without a
    /// zone ("2023-05-08", "2023-05-08 13:56") is a calendar time, the same wherever the vault is
    /// opened, and is returned as UTC. Invalid when the value is not a date.
    static QDateTime date(const QVariant &value);
};

} // namespace engram
