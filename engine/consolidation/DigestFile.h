#pragma once

#include "core/Result.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <QVariantMap>

#include <optional>

namespace engram {

/// A vault-relative file and a 1-based inclusive line range: `sessions/a.md:12-40`.
struct SourceRange {
    QString path;
    int startLine = 0;
    int endLine = 0;

    QString toString() const;
    static std::optional<SourceRange> parse(const QString &text);
    bool operator==(const SourceRange &other) const = default;
};

/// One line of a digest body: the text kept (verbatim or written by a model)
/// and the source ranges it came from. `line` is its line in the digest file.
struct DigestItem {
    QString text;
    QList<SourceRange> sources;
    int line = 0;
    QList<SourceRange> raw; ///< the raw lines at the bottom of the lineage, when they differ from `sources`
};

/// A consolidated file: front matter (layer, period, derived_from, created,
/// method …) and a body of cited items, one per line:
///   `- text (from `sessions/2026-01-01/a.md:12-14`)`
/// Above the session layer an item also names its raw lines, so a pack that
/// cites a fact offers the transcript lines behind it without a lookup:
///   `- text (from `consolidated/daily/2026-01-01.md:15-15`; raw `sessions/…/a.md:12-14`)`
/// The same form serves session/daily/weekly digests, facts and the episodic
/// memories that sensory clustering writes, so lineage reads them all alike.
struct DigestFile {
    QVariantMap extra; ///< other front matter keys (store, title, consolidated fields …)
    QString layer;
    QString period;
    QString method;
    QString fallbackReason;
    QString sourcesHash;
    QDateTime created;        ///< when the memory happened: the newest source time (what recency ranks by)
    QDateTime consolidatedAt; ///< when this digest was written
    int tokensIn = 0;
    int tokensOut = 0;
    QList<SourceRange> derivedFrom;
    QString heading;
    QList<DigestItem> items;

    /// Renders the file; fills in each item's `line`.
    QString render();
    /// Reads a file written by render() (or edited by hand: unknown lines are ignored).
    static Result<DigestFile> parse(const QString &content);
    /// Tokens of the body items (the digest's "tokens out").
    int bodyTokens() const;
};

/// Sets `key: value` in the front matter of `content` (adding a front matter
/// block when there is none), leaving every other line as it was.
QString withFrontMatterKey(const QString &content, const QString &key, const QString &value);
/// The same with a list: one item as `key: "a"`, more as `key: ["a", "b"]`.
QString withFrontMatterList(const QString &content, const QString &key, const QStringList &values);

} // namespace engram
