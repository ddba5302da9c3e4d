#pragma once

#include "core/Config.h"

#include <QByteArray>
#include <QList>
#include <QRegularExpression>
#include <QString>

namespace engram {

/// The redaction gate's rules: replaces secrets with `[REDACTED:<kind>]` before text is kept in the vault,
/// and finds them in files already there. The built-in catalogue (SecretCatalogue.cpp) knows provider
/// tokens by prefix, alphabet and length (AWS, Stripe, GitHub, GitLab, Slack, OpenAI, Anthropic, …),
/// key/secret/password/token assignments in .env, shell, YAML, JSON, TOML and command-line flags
/// (judged by the name and by how random the value looks), Authorization and Cookie headers, passwords
/// in URLs and connection strings, and private keys whole, partial, wrapped, line-numbered by an
/// agent's Read tool or JSON-escaped. The text may be one JSONL line or a whole document: a
/// replacement holds no quote or backslash and never splits a `\n` or `\"` escape, so a valid JSON
/// line stays valid JSON. Each rule is tried only on text holding one of its literal anchors, found
/// in one pass over the bytes: text without any costs that pass and nothing more.
class SecretRedactor {
public:
    struct Pattern {
        QString kind;        ///< "stripe-key", "aws-secret-key", "private-key", "generic-secret", …
        QString description; ///< for the README and `redact --help`
    };
    /// A secret found by find(): where its replaced part starts, 1-based, in the text given
    /// (line by '\n'; column in characters).
    struct Finding {
        QString kind;
        int line = 0;
        int column = 0;
    };

    /// The built-in catalogue.
    SecretRedactor();
    /// The built-in catalogue plus the person's extra patterns, minus secrets an allow pattern matches
    /// whole. The settings were validated when read (Config); a pattern that is still invalid here is
    /// skipped with a warning, never silently taken as "redact nothing".
    explicit SecretRedactor(const RedactionSettings &settings);

    /// `text` with every secret replaced; adds the number replaced to `*count`.
    QByteArray redactText(const QByteArray &text, int *count) const;
    /// What redactText would replace, in order.
    QList<Finding> find(const QByteArray &text) const;

    /// The built-in rules, in the order they are preferred when two cover the same text.
    static QList<Pattern> patterns();
    /// redactText with the built-in catalogue.
    static QByteArray redact(const QByteArray &text, int *count);

private:
    struct Extra {
        QString kind;
        QRegularExpression expression;
    };
    struct Span {
        qsizetype start = 0;
        qsizetype end = 0;
        int rank = 0; ///< lower wins the kind when spans overlap
        QString kind;
    };
    /// The replacements `bytes` needs, merged, in order; `text` is set to `bytes` as UTF-16 when any
    /// rule had to look (the offsets are in it).
    QList<Span> spans(const QByteArray &bytes, QString &text) const;

    QList<Extra> m_extra;
    QList<QRegularExpression> m_allow;
};

} // namespace engram
