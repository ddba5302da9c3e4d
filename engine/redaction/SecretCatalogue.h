#pragma once

#include <QByteArray>
#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QUtf8StringView>

namespace engram::redaction {

/// What a rule decides at a place without its expression (Rule::settle).
enum class Settled {
    Unknown,  ///< the expression must be tried
    NoMatch,  ///< the expression finds nothing there
    Rejected, ///< it finds a match that `accept` rejects and that holds no other try
};

/// One shape of secret in the built-in catalogue. The part replaced is the expression's named group
/// `secret` (or `secret2`, the other spelling of the same value), else the whole match.
struct Rule {
    QString kind;
    QUtf8StringView description; ///< static text, made a QString only by SecretRedactor::patterns()
    /// Literals of at least two bytes; the rule is tried only on text holding one. A lower-case literal
    /// is found in any case, one with capitals only as written. Empty: tried on text holding a run
    /// of 60+ base64 characters.
    QList<QByteArray> anchors;
    QRegularExpression expression;
    /// Decides a match the expression alone cannot (how random a value looks, whether a name says
    /// secret), given the match and the whole text; null: every match counts.
    bool (*accept)(const QRegularExpressionMatch &match, QStringView text) = nullptr;
    /// Whether an anchor found in `text` (UTF-8, `size` bytes) from byte `start` to `end` counts: a
    /// cheap look around it, so a common word ("token", "key", "pat") does not send every line
    /// through the expression; null: every anchor counts.
    bool (*nearAnchor)(const char *text, qsizetype size, qsizetype start, qsizetype end) = nullptr;
    /// Every place in `text` where a match can start, ascending: the expression is then tried anchored
    /// at those alone, in order, as a global match would find them. Null: it scans the whole text.
    QList<qsizetype> (*starts)(QStringView text) = nullptr;
    /// With starts: the expression anchored where a match is tried (`\G`), set by the catalogue. An
    /// anchored match by option runs without PCRE's JIT, 4× slower.
    QRegularExpression anchoredExpression = {};
    /// With starts: at a start, whether the anchored expression finds nothing, or a match `accept` rejects (and whose
    /// value holds no place to try again), decided without the expression; a rejected match's end in `*end`. Null, or
    /// Unknown: the expression is tried. A hook's process where every try is rejected then never compiles it (with
    /// Qt's JIT, three times: a million instructions).
    Settled (*settle)(QStringView text, qsizetype start, qsizetype *end) = nullptr;
    /// With starts: the same places, from every place the anchor pass found one of the rule's anchors at (`places`,
    /// ascending), in a text whose characters are its bytes. Null: starts is used.
    QList<qsizetype> (*startsAt)(QStringView text, const qsizetype *places, qsizetype count) = nullptr;
};

/// The longest plain value the assignment rules' expressions take (`{1,300}`: a bound on each try's work). A plain
/// value that reaches it is redacted to the end of its run (SecretRedactor).
inline constexpr qsizetype kLongestValue = 300;
/// The longest quoted value they take: its closing quote ends it, so a long key or password in quotes is taken whole
/// (a 400-character `"password": "…"` was left in the text when the quote had to close within 300); the class stops
/// at the first quote or line end, so the bound costs nothing where values are short.
inline constexpr qsizetype kLongestQuotedValue = 4096;

/// The built-in rules, most specific first: where two cover the same text, the earlier names it.
const QList<Rule> &catalogue();

struct AnchorTables;
/// The anchor pass's tables for the catalogue's anchors, computed when the engine is compiled (AnchorTables.h).
const AnchorTables &anchorTables();

/// The group of `match` that holds the secret: the first of `secret`, `secret2`, `secret3` that
/// captured, else 0 (the whole match).
int secretGroup(const QRegularExpressionMatch &match);

/// Shannon entropy of `text` in bits per character.
double entropy(QStringView text);

} // namespace engram::redaction
