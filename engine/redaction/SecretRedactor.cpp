#include "redaction/SecretRedactor.h"

#include "redaction/SecretCatalogue.h"

#include <QHash>
#include <QLoggingCategory>

#include <algorithm>
#include <array>
#include <bitset>
#include <vector>

namespace engram {

namespace {

using redaction::Rule;

/// Which rules a text needs, in one pass over its bytes: every anchor of every rule is looked up
/// by its first two bytes (without case) in a 64 Ki-bit table, and only a hit compares the rest.
class AnchorIndex {
public:
    explicit AnchorIndex(const QList<Rule> &rules) : m_ruleCount(rules.size())
    {
        for (qsizetype r = 0; r < rules.size(); ++r) {
            if (rules.at(r).anchors.isEmpty())
                m_wrappedRules.push_back(int(r));
            for (const QByteArray &literal : rules.at(r).anchors) {
                Q_ASSERT(literal.size() >= 2);
                const bool exact = literal.toLower() != literal;
                const quint16 key = keyOf(uchar(literal.at(0)), uchar(literal.at(1)));
                m_bigrams.set(key);
                m_entries[key].push_back(Entry{literal, exact, int(r)});
            }
        }
    }

    /// One flag per rule: whether the text holds one of its anchors.
    std::vector<char> activeRules(const QByteArray &text) const
    {
        std::vector<char> active(size_t(m_ruleCount), 0);
        const auto *data = reinterpret_cast<const uchar *>(text.constData());
        const qsizetype size = text.size();
        int run = 0;          // base64 characters just before this byte
        int wrappedLines = 0; // lines in a row that ended with 60–80 of them
        bool wrapped = false;
        bool escapedNewline = false;
        for (qsizetype i = 0; i < size; ++i) {
            const uchar c = data[i];
            if (escapedNewline) {
                escapedNewline = false; // the n of a JSON \n: neither part of a run nor of a line
            } else if (kBase64[c]) {
                ++run;
            } else if (c != '\r') {
                // A line break ends a line; a space only ends a run (a key pasted onto one line).
                escapedNewline = c == '\\' && i + 1 < size && data[i + 1] == 'n';
                const bool lineBreak = c == '\n' || (c == ' ' && run > 0) || escapedNewline;
                if (lineBreak) {
                    wrappedLines = run >= 60 && run <= 80 ? wrappedLines + 1 : 0;
                    wrapped = wrapped || wrappedLines >= 2;
                }
                run = 0;
            }
            if (i + 1 >= size || !m_bigrams.test(keyOf(c, data[i + 1])))
                continue;
            const auto entries = m_entries.constFind(keyOf(c, data[i + 1]));
            for (const Entry &e : *entries) {
                if (active[size_t(e.rule)] || i + e.literal.size() > size)
                    continue;
                if (matchesAt(data + i, e))
                    active[size_t(e.rule)] = 1;
            }
        }
        if (wrapped || (run >= 60 && wrappedLines >= 1))
            for (const int r : m_wrappedRules)
                active[size_t(r)] = 1;
        return active;
    }

private:
    struct Entry {
        QByteArray literal;
        bool exact = false;
        int rule = 0;
    };

    static constexpr std::array<bool, 256> kBase64 = [] {
        std::array<bool, 256> table{};
        for (int c = 0; c < 256; ++c)
            table[size_t(c)] =
                (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '/';
        return table;
    }();

    static uchar lower(uchar c) { return c >= 'A' && c <= 'Z' ? uchar(c + 32) : c; }
    static quint16 keyOf(uchar a, uchar b) { return quint16((lower(a) << 8) | lower(b)); }

    static bool matchesAt(const uchar *at, const Entry &e)
    {
        for (qsizetype k = 0; k < e.literal.size(); ++k) {
            const uchar want = uchar(e.literal.at(k));
            if (e.exact ? at[k] != want : lower(at[k]) != want)
                return false;
        }
        return true;
    }

    qsizetype m_ruleCount = 0;
    std::bitset<65536> m_bigrams;
    QHash<quint16, std::vector<Entry>> m_entries;
    std::vector<int> m_wrappedRules;
};

const AnchorIndex &anchorIndex()
{
    static const AnchorIndex index(redaction::catalogue());
    return index;
}

/// Widens [start, end) so it never holds half of a JSON escape (`\n`, `\"`, `\\`, `\u00e9`), and
/// cuts it before an unescaped quote: the replacement then leaves a JSON string valid.
void keepEscapesWhole(const QString &text, qsizetype &start, qsizetype &end)
{
    const auto escapingBackslashAt = [&](qsizetype p) {
        if (text.at(p) != QLatin1Char('\\'))
            return false;
        qsizetype run = 0;
        while (p - run >= 0 && text.at(p - run) == QLatin1Char('\\'))
            ++run;
        return run % 2 == 1;
    };
    for (qsizetype p = start - 1; p >= 0 && p >= start - 5; --p) {
        if (!escapingBackslashAt(p))
            continue;
        const bool unicode = p + 1 < text.size() && text.at(p + 1) == QLatin1Char('u');
        if (p == start - 1 || (unicode && start < p + 6))
            start = p;
        break;
    }
    for (qsizetype i = start; i < end; ++i) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('"')) {
            end = i;
            break;
        }
        if (c == QLatin1Char('\\')) {
            const bool unicode = i + 1 < text.size() && text.at(i + 1) == QLatin1Char('u');
            const qsizetype escapeEnd = std::min(text.size(), i + (unicode ? 6 : 2));
            end = std::max(end, escapeEnd);
            i = escapeEnd - 1;
        }
    }
}

} // namespace

namespace redaction {

int secretGroup(const QRegularExpressionMatch &match)
{
    static const QStringList names{QStringLiteral("secret"), QStringLiteral("secret2"), QStringLiteral("secret3")};
    const QStringList groups = match.regularExpression().namedCaptureGroups();
    for (const QString &name : names) {
        const int group = int(groups.indexOf(name));
        if (group > 0 && match.capturedLength(group) > 0)
            return group;
    }
    return 0;
}

} // namespace redaction

SecretRedactor::SecretRedactor() = default;

SecretRedactor::SecretRedactor(const RedactionSettings &settings)
{
    for (const RedactionPattern &p : settings.patterns) {
        QRegularExpression e(p.pattern);
        if (!e.isValid()) {
            qWarning("redaction: the pattern for \"%s\" is not a valid regular expression (%s); it is skipped",
                     qPrintable(p.kind), qPrintable(e.errorString()));
            continue;
        }
        e.optimize();
        m_extra << Extra{p.kind, e};
    }
    for (const QString &allow : settings.allow) {
        QRegularExpression e(QRegularExpression::anchoredPattern(allow));
        if (e.isValid())
            m_allow << e;
    }
}

QList<SecretRedactor::Pattern> SecretRedactor::patterns()
{
    QList<Pattern> out;
    for (const Rule &r : redaction::catalogue())
        out << Pattern{r.kind, r.description};
    return out;
}

QList<SecretRedactor::Span> SecretRedactor::spans(const QByteArray &bytes, QString &text) const
{
    QList<Span> found;
    const QList<Rule> &rules = redaction::catalogue();
    const std::vector<char> active = anchorIndex().activeRules(bytes);
    if (m_extra.isEmpty() && std::none_of(active.begin(), active.end(), [](char a) { return a != 0; }))
        return found; // the common case: no anchor, and the text is never converted
    text = QString::fromUtf8(bytes);
    const auto add = [&](const QRegularExpressionMatch &m, int rank, const QString &kind) {
        const int group = redaction::secretGroup(m);
        qsizetype start = m.capturedStart(group);
        qsizetype end = m.capturedEnd(group);
        keepEscapesWhole(text, start, end);
        if (end <= start)
            return;
        const QStringView secret = QStringView(text).mid(start, end - start);
        for (const QRegularExpression &allow : m_allow)
            if (allow.match(secret).hasMatch())
                return;
        found << Span{start, end, rank, kind};
    };
    for (qsizetype r = 0; r < m_extra.size(); ++r) {
        QRegularExpressionMatchIterator it = m_extra.at(r).expression.globalMatch(text);
        while (it.hasNext())
            add(it.next(), int(r - m_extra.size()), m_extra.at(r).kind);
    }
    for (qsizetype r = 0; r < rules.size(); ++r) {
        if (!active[size_t(r)])
            continue;
        const Rule &rule = rules.at(r);
        QRegularExpressionMatchIterator it = rule.expression.globalMatch(text);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            if (!rule.accept || rule.accept(m, text))
                add(m, int(r), rule.kind);
        }
    }
    if (found.isEmpty())
        return found;
    // Overlapping finds become one replacement over their union, named by the most specific rule.
    std::sort(found.begin(), found.end(), [](const Span &a, const Span &b) { return a.start < b.start; });
    QList<Span> merged;
    for (const Span &s : std::as_const(found)) {
        if (!merged.isEmpty() && s.start < merged.last().end) {
            Span &last = merged.last();
            last.end = std::max(last.end, s.end);
            if (s.rank < last.rank) {
                last.rank = s.rank;
                last.kind = s.kind;
            }
            continue;
        }
        merged << s;
    }
    return merged;
}

QByteArray SecretRedactor::redactText(const QByteArray &text, int *count) const
{
    QString unicode;
    const QList<Span> found = spans(text, unicode);
    if (found.isEmpty())
        return text;
    QString out;
    out.reserve(unicode.size());
    qsizetype last = 0;
    for (const Span &s : found) {
        out += QStringView(unicode).mid(last, s.start - last);
        out += QStringLiteral("[REDACTED:") + s.kind + QLatin1Char(']');
        last = s.end;
    }
    out += QStringView(unicode).mid(last);
    *count += int(found.size());
    return out.toUtf8();
}

QList<SecretRedactor::Finding> SecretRedactor::find(const QByteArray &text) const
{
    QString unicode;
    const QList<Span> found = spans(text, unicode);
    QList<Finding> out;
    int line = 1;
    qsizetype lineStart = 0;
    qsizetype scanned = 0;
    for (const Span &s : found) {
        for (; scanned < s.start; ++scanned) {
            if (unicode.at(scanned) == QLatin1Char('\n')) {
                ++line;
                lineStart = scanned + 1;
            }
        }
        out << Finding{s.kind, line, int(s.start - lineStart) + 1};
    }
    return out;
}

QByteArray SecretRedactor::redact(const QByteArray &text, int *count)
{
    static const SecretRedactor builtIn;
    return builtIn.redactText(text, count);
}

} // namespace engram
