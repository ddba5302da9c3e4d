#include "redaction/SecretRedactor.h"

#include <QRegularExpression>

namespace engram {

namespace {

struct Rule {
    QByteArray anchor; ///< a literal every match contains; lines without it are not searched
    QString kind;
    QString description;
    QRegularExpression expression;
    int keepGroup = 0; ///< a capture group kept in front of the replacement (the URL's user), or 0
};

const QList<Rule> &rules()
{
    static const QList<Rule> list = [] {
        const auto re = [](const char *pattern) {
            QRegularExpression e(QString::fromLatin1(pattern));
            e.optimize();
            return e;
        };
        return QList<Rule>{
            // BEGIN…END on one JSONL line (the newlines are escaped as \n); a key cut off before
            // its END line loses what follows the header up to the end of the string.
            {"PRIVATE KEY-----", QStringLiteral("private-key"),
             QStringLiteral("PEM private keys (-----BEGIN … PRIVATE KEY----- to its END line)"),
             re(R"(-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----(?:.*?-----END \1PRIVATE KEY-----|[A-Za-z0-9+/=\\\s]*))")},
            {"sk-", QStringLiteral("api-key"),
             QStringLiteral("OpenAI and Anthropic style keys: sk-… (sk-proj-…, sk-ant-…), 20+ characters"),
             re(R"((?<![A-Za-z0-9])sk-[A-Za-z0-9_-]{20,})")},
            {"IA", QStringLiteral("aws-key"), QStringLiteral("AWS access key ids: AKIA… and ASIA… (16 more)"),
             re(R"((?<![A-Z0-9])(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Z0-9]))")},
            {"gh", QStringLiteral("github-token"),
             QStringLiteral("GitHub tokens: ghp_, gho_, ghu_, ghs_, ghr_ (36+ characters)"),
             re(R"((?<![A-Za-z0-9])gh[pousr]_[A-Za-z0-9]{36,})")},
            {"github_pat_", QStringLiteral("github-token"), QStringLiteral("GitHub fine-grained tokens: github_pat_…"),
             re(R"(github_pat_[A-Za-z0-9_]{22,})")},
            {"xox", QStringLiteral("slack-token"), QStringLiteral("Slack tokens: xoxb-, xoxp-, xoxa-, xoxr-, xoxs-"),
             re(R"((?<![A-Za-z0-9])xox[bpars]-[A-Za-z0-9-]{10,})")},
            {"eyJ", QStringLiteral("jwt"), QStringLiteral("JSON web tokens: eyJ….eyJ….signature"),
             re(R"((?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})")},
            {"://", QStringLiteral("url-password"),
             QStringLiteral("passwords in URLs: scheme://user:password@host (the user is kept)"),
             re(R"(([A-Za-z][A-Za-z0-9+.-]*://[^/\s:@"\\]+:)[^@/\s"\\]+(?=@))"), 1},
        };
    }();
    return list;
}

} // namespace

QList<SecretRedactor::Pattern> SecretRedactor::patterns()
{
    QList<Pattern> out;
    for (const Rule &r : rules())
        out << Pattern{r.kind, r.description};
    return out;
}

QByteArray SecretRedactor::redactText(const QByteArray &text, int *count) const
{
    return redact(text, count);
}

QList<SecretRedactor::Finding> SecretRedactor::find(const QByteArray &text) const
{
    QList<Finding> out;
    const QList<QByteArray> lines = text.split('\n');
    for (int i = 0; i < lines.size(); ++i) {
        int n = 0;
        const QByteArray clean = redactText(lines[i], &n);
        for (qsizetype at = clean.indexOf("[REDACTED:"); n > 0 && at >= 0; at = clean.indexOf("[REDACTED:", at + 1)) {
            const qsizetype end = clean.indexOf(']', at);
            out << Finding{QString::fromUtf8(clean.mid(at + 10, end - at - 10)), i + 1, int(at) + 1};
        }
    }
    return out;
}

QByteArray SecretRedactor::redact(const QByteArray &line, int *count)
{
    QByteArray bytes = line;
    for (const Rule &rule : rules()) {
        if (!bytes.contains(rule.anchor))
            continue;
        const QString text = QString::fromUtf8(bytes);
        QString out;
        out.reserve(text.size());
        qsizetype last = 0;
        int found = 0;
        QRegularExpressionMatchIterator it = rule.expression.globalMatch(text);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            out += QStringView(text).mid(last, m.capturedStart() - last);
            if (rule.keepGroup > 0)
                out += m.capturedView(rule.keepGroup);
            out += QStringLiteral("[REDACTED:") + rule.kind + QLatin1Char(']');
            last = m.capturedEnd();
            ++found;
        }
        if (found == 0)
            continue;
        out += QStringView(text).mid(last);
        bytes = out.toUtf8();
        *count += found;
    }
    return bytes;
}

} // namespace engram
