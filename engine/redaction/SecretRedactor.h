#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace engram {

/// Replaces secrets in a transcript line with `[REDACTED:<kind>]` before the line is kept in the
/// vault: API keys (`sk-…`, `AKIA…`/`ASIA…`, `ghp_…`/`gho_…`/`github_pat_…`, `xoxb-…`/`xoxp-…`),
/// JSON web tokens, PEM private keys and the password of a URL (`scheme://user:pass@host`).
/// The replacement holds no quote or backslash, so a JSON line stays valid JSON. Each pattern is
/// tried only on lines holding its literal prefix: a line without one costs a few memchr calls.
class SecretRedactor {
public:
    struct Pattern {
        QString kind;        ///< "api-key", "aws-key", "github-token", "slack-token", "jwt", …
        QString description; ///< for the README and `capture --help`
    };

    /// A secret `redactText` would replace: its kind and where it starts (1-based).
    struct Finding {
        QString kind;
        int line = 0;
        int column = 0;
    };

    SecretRedactor() = default;

    /// The patterns, in the order they are applied.
    static QList<Pattern> patterns();

    /// `text` (one line, or a whole document) with every secret replaced; adds the number replaced to `*count`.
    QByteArray redactText(const QByteArray &text, int *count) const;
    /// What redactText would replace, in order.
    QList<Finding> find(const QByteArray &text) const;

    /// The built-in catalogue's redactText.
    static QByteArray redact(const QByteArray &line, int *count);
};

} // namespace engram
