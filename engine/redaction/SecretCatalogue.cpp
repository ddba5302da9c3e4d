#include "redaction/SecretCatalogue.h"

#include "redaction/AnchorTables.h"
#include "redaction/AssignmentReading.h"

#include <QHash>
#include <QSet>
#include <QStringBuilder>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <iterator>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// The shapes are learned from the field's reference catalogues (gitleaks' rules, trufflehog's
// detectors) and written here in our own terms. Expressions see the text as a person or an agent's
// transcript holds it: plain, or JSON-escaped inside a JSONL string (a line break is then the two
// characters `\n`, so a token right after one is preceded by an `n`: kStart accepts that).

namespace engram::redaction {

namespace {

/// Before a token: not inside a longer word, or right after a JSON `\n`, `\r` or `\t` escape.
const QString kStart = QStringLiteral(R"((?:(?<![A-Za-z0-9_\\])|(?<=\\[nrt])))");
/// After a token of a fixed alphabet: the token does not go on.
const QString kEnd = QStringLiteral(R"((?![A-Za-z0-9_]))");
/// A quote as written plainly or inside a JSON string.
const QString kQuote = QStringLiteral(R"((?:\\?["'`])?)");

/// A rule's expression, compiled (and JIT-compiled) by Qt when a text first needs it, under Qt's lock: most
/// texts wake few rules, and a hook is one process per capture. Compiling every expression up front was
/// a third of a capture's CPU in `engram-cli hook capture` (+11 ms on the largest sample).
/// tst_secretredactor checks that every pattern compiles.
QRegularExpression expression(const QString &pattern)
{
    return QRegularExpression(pattern);
}

/// The literals as raw data: the catalogue is built in every hook's process, and an allocation for each of its 200
/// anchors (with the list's growth) was a quarter of the time it took.
QList<QByteArray> anchors(std::initializer_list<const char *> literals)
{
    QList<QByteArray> out;
    out.reserve(qsizetype(literals.size()));
    for (const char *l : literals)
        out << QByteArray::fromRawData(l, qstrlen(l));
    return out;
}

/// The value a match replaces: its first captured group `secret`, `secret2` or `secret3`.
QStringView secretOf(const QRegularExpressionMatch &m)
{
    return m.capturedView(secretGroup(m));
}

/// Whether `word` is one of a few constant words (as QSets they were built in every hook's process that looked at an
/// assignment, a fifth of what it cost to settle the first).
template <std::size_t N>
bool isOneOf(const std::u16string_view (&list)[N], QStringView word)
{
    return std::any_of(std::begin(list), std::end(list), [&](std::u16string_view w) { return word == QStringView(w); });
}

bool hasDigit(QStringView s)
{
    return std::any_of(s.begin(), s.end(), [](QChar c) { return c.isDigit(); });
}
bool hasUpper(QStringView s)
{
    return std::any_of(s.begin(), s.end(), [](QChar c) { return c.isUpper(); });
}
bool hasLower(QStringView s)
{
    return std::any_of(s.begin(), s.end(), [](QChar c) { return c.isLower(); });
}

bool looksRandom(QStringView value, int minimumLength);

/// A value that only stands for a secret: `$TOKEN`, `${{ secrets.X }}`, `<your key>`, `****`, `xxxx`,
/// `changeme`, a type name (`password: string`), a reference (`config.password`, `os.environ[…]`).
/// `quoted`: the value stood in quotes, where a leading sign is one of its characters.
bool isPlaceholder(QStringView value, bool quoted = false)
{
    if (value.isEmpty())
        return true;
    const QChar first = value.front();
    // Quoted, `#`, `!` or `@` is the value's first character, not a comment, a history mark or a
    // reference: `'#8VKnKZVhZc65i'` is a password when the rest is random, `'#{ENV[…]}'` is not. And a
    // quoted base64 body may start with `/` (a path has words between its slashes, and no such entropy).
    if (quoted && value.size() > 8
        && ((QStringLiteral("#!&@%~*^").contains(first) && looksRandom(value.mid(1), 8) && !isPlaceholder(value.mid(1)))
            || (first == QLatin1Char('/') && value.size() >= 20 && !value.contains(QLatin1Char('.'))
                && entropy(value) >= 4.0)))
        return false;
    if (QStringLiteral("$%{<[(*@#&!/~").contains(first) || value.startsWith(u"./"))
        return true;
    if (value.contains(u"${") || value.contains(u"{{") || value.contains(u"process.env") || value.contains(u"environ")
        || value.contains(u"getenv") || value.contains(u"REDACTED"))
        return true;
    if (std::all_of(value.begin(), value.end(), [&](QChar c) { return c == first; }))
        return true;
    static constexpr std::u16string_view words[]{
        u"password",   u"passwd",     u"secret",        u"token",         u"changeme",     u"change-me",
        u"null",       u"none",       u"nil",           u"true",          u"false",        u"undefined",
        u"string",     u"str",        u"bool",          u"boolean",       u"number",       u"object",
        u"required",   u"optional",   u"hidden",        u"redacted",      u"masked",       u"example",
        u"your-token", u"your_token", u"your-password", u"your_password", u"yourpassword", u"mypassword",
    };
    const QString lower = value.toString().toLower();
    if (isOneOf(words, lower) || lower.startsWith(QLatin1String("your")) || lower.startsWith(QLatin1String("<"))
        || lower.contains(QLatin1String("xxxx")) || lower.contains(QLatin1String("placeholder")))
        return true;
    return false;
}

/// A bare identifier or a member chain (`password`, `self.token`, `args.api_key`): code, not a value. Read by
/// hand as `^[A-Za-z_]+(?:\.[A-Za-z_][A-Za-z0-9_]*)*(?:\(\))?$` reads it (the classes share no character with
/// `.` and `(`, so nothing backtracks): as an expression it was one more for a hook's process to compile.
bool isCodeReference(QStringView value)
{
    const auto letter = [](QChar c) { return (c >= u'A' && c <= u'Z') || (c >= u'a' && c <= u'z') || c == u'_'; };
    const auto nameCharacter = [&](QChar c) { return letter(c) || (c >= u'0' && c <= u'9'); };
    if (value.endsWith(u'\n')) // `$` holds before a last line break too
        value.chop(1);
    qsizetype i = 0;
    const qsizetype size = value.size();
    if (size == 0 || !letter(value[0]))
        return false;
    while (i < size && letter(value[i]))
        ++i;
    while (i < size && value[i] == u'.') {
        if (++i >= size || !letter(value[i]))
            return false;
        while (i < size && nameCharacter(value[i]))
            ++i;
    }
    if (size - i == 2 && value[i] == u'(' && value[i + 1] == u')')
        i += 2;
    return i == size;
}

/// Looks machine-made: long enough, mixed, and random enough (gitleaks' generic-api-key idea).
bool looksRandom(QStringView value, int minimumLength)
{
    if (value.size() < minimumLength)
        return false;
    const int classes = int(hasDigit(value)) + int(hasUpper(value)) + int(hasLower(value));
    if (classes < 2)
        return false;
    return entropy(value) >= 3.0;
}

/// The words of an identifier: `DB_PASSWORD` → db, password; `apiKey` → api, key. Each word is copied once and
/// lowered in place (grown a character at a time, the words were most of what it cost to settle an assignment).
QStringList wordsOf(QStringView name)
{
    QStringList words;
    qsizetype start = -1; // where the word being read starts; -1: none
    const auto take = [&](qsizetype end) {
        if (start < 0)
            return;
        QString word = name.sliced(start, end - start).toString();
        for (QChar &c : word)
            c = c.toLower();
        words << word;
        start = -1;
    };
    for (qsizetype i = 0; i < name.size(); ++i) {
        const QChar c = name.at(i);
        if (!c.isLetterOrNumber()) {
            take(i);
            continue;
        }
        if (c.isUpper() && start >= 0 && name.at(i - 1).isLower())
            take(i);
        if (start < 0)
            start = i;
    }
    take(name.size());
    return words;
}

enum class Secrecy { None, Password, Key };

/// Whether a name says its value is secret, and how sure: a password-like name takes any real value,
/// a key- or token-like one only a value that looks random.
Secrecy secrecyOf(QStringView name)
{
    const QStringList words = wordsOf(name);
    static constexpr std::u16string_view notSecret[]{
        u"count",       u"counts",    u"max",     u"min",      u"length",   u"len",      u"size",      u"type",
        u"types",       u"name",      u"names",   u"url",      u"uri",      u"endpoint", u"path",      u"file",
        u"dir",         u"env",       u"var",     u"id",       u"ids",      u"limit",    u"budget",    u"usage",
        u"used",        u"input",     u"output",  u"cache",    u"field",    u"fields",   u"label",     u"prompt",
        u"policy",      u"expiry",    u"expires", u"ttl",      u"reset",    u"required", u"format",    u"regex",
        u"pattern",     u"header",    u"param",   u"kind",     u"mode",     u"hint",     u"strength",  u"manager",
        u"validator",   u"tokenizer", u"tokens",  u"stdin",    u"prefix",   u"version",  u"algorithm", u"enabled",
        u"index",       u"column",    u"keys",    u"rotation", u"location", u"store",    u"ref",       u"arn",
        u"fingerprint", u"public",    u"pub",     u"sort",     u"primary",  u"foreign",  u"partition", u"lookup",
        u"no",          u"is",        u"has",     u"show",
    };
    for (const QString &w : words)
        if (isOneOf(notSecret, w))
            return Secrecy::None;
    static constexpr std::u16string_view passwords[]{u"password",   u"passwd", u"pwd", u"pass",
                                                     u"passphrase", u"secret", u"pw"};
    static constexpr std::u16string_view keyish[]{u"token",     u"apikey",      u"credential", u"credentials", u"auth",
                                                  u"authtoken", u"accesstoken", u"secretkey",  u"privatekey",  u"pat"};
    static constexpr std::u16string_view keyQualifiers[]{
        u"api",     u"access", u"secret",       u"private", u"signing", u"master", u"encryption", u"client",
        u"auth",    u"app",    u"license",      u"account", u"service", u"shared", u"webhook",    u"hmac",
        u"session", u"jwt",    u"subscription", u"write",   u"admin",   u"server", u"deploy",     u"storage"};
    Secrecy found = Secrecy::None;
    for (qsizetype i = 0; i < words.size(); ++i) {
        const QString &w = words.at(i);
        if (isOneOf(passwords, w) || w.contains(QLatin1String("password")) || w.contains(QLatin1String("passwd"))
            || w.contains(QLatin1String("secret")))
            return Secrecy::Password;
        if (w.contains(QLatin1String("token")) || w.endsWith(QLatin1String("apikey")))
            found = Secrecy::Key;
        if (isOneOf(keyish, w) || (w == QLatin1String("key") && i > 0 && isOneOf(keyQualifiers, words.at(i - 1)))
            || (w == QLatin1String("key") && words.size() > 1 && i == 0 && isOneOf(keyQualifiers, words.at(1))))
            found = Secrecy::Key;
    }
    return found;
}

/// `name = value`, `name: value`, `"name": "value"`, `--name=value`, `--name value`: the name must say
/// secret, and the value be a real one (random-looking unless the name says password).
bool acceptsAssignment(QStringView name, QStringView value, bool quoted)
{
    const Secrecy secrecy = secrecyOf(name);
    if (secrecy == Secrecy::None || isPlaceholder(value, quoted))
        return false;
    if (!quoted && isCodeReference(value))
        return false;
    if (value.count(QLatin1Char(' ')) > 1) // a sentence, not a value
        return false;
    if (secrecy == Secrecy::Password)
        return value.size() >= 4 && (quoted || hasDigit(value) || !isCodeReference(value));
    if (std::all_of(value.begin(), value.end(), [](QChar c) { return c.isDigit(); }))
        return false;
    return looksRandom(value, 12);
}

bool acceptAssignment(const QRegularExpressionMatch &m, QStringView)
{
    return acceptsAssignment(m.capturedView(u"name"), secretOf(m), !m.capturedView(u"secret").isEmpty());
}

/// The assignment rule at a start, read by hand (AssignmentReading): on the largest sample transcript every one of its
/// tries is a usage count (`"input_tokens":123`) or code (`key: 'all'`, `key={key}`), so its expression is never
/// needed.
Settled settleAssignment(QStringView text, qsizetype start, qsizetype *end)
{
    const AssignmentReading reading = readAssignment(text, start);
    if (reading.outcome != AssignmentReading::Outcome::Match)
        return reading.outcome == AssignmentReading::Outcome::NoMatch ? Settled::NoMatch : Settled::Unknown;
    const QStringView value = text.sliced(reading.valueStart, reading.valueEnd - reading.valueStart);
    // Taken, the match goes through the expression as before; rejected, it is tried again inside its value only at a
    // sign there (assignmentStarts).
    if (acceptsAssignment(text.sliced(reading.nameStart, reading.nameEnd - reading.nameStart), value, reading.quoted)
        || value.contains(u'=') || value.contains(u':'))
        return Settled::Unknown;
    *end = reading.end;
    return Settled::Rejected;
}

/// Whether `value` is base64 of text, as Basic authentication's `user:password` (or an API key in its
/// place) is: a secret whatever its letters look like.
bool isBasicCredential(QStringView value)
{
    const QByteArray decoded = QByteArray::fromBase64(value.toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
    return decoded.size() >= 4
           && std::all_of(decoded.begin(), decoded.end(), [](char c) { return uchar(c) >= 0x20 && uchar(c) < 0x7f; });
}

/// A header value or a bare bearer token: opaque, but not a word or a variable.
bool acceptOpaqueToken(const QRegularExpressionMatch &m, QStringView)
{
    const QStringView value = secretOf(m);
    // A header's value stands where a quoted value does: its first character is part of it
    // (`Bearer ~Jima1y…`, RFC 6750's token68 may start with `~`, `+` or `/`), unless the rest is a word.
    if (isPlaceholder(value, true) || value.size() < 8)
        return false;
    if (m.capturedView(u"scheme").compare(QLatin1String("basic"), Qt::CaseInsensitive) == 0 && isBasicCredential(value))
        return true;
    if (isCodeReference(value)) // letters only: a token only when long, mixed and random (base64 of a password)
        return value.size() >= 16 && hasUpper(value) && hasLower(value) && entropy(value) >= 3.5;
    return hasDigit(value) || entropy(value) >= 3.0;
}

/// A URL's password: not a placeholder (`postgres://user:password@…`, `:${PASS}@`).
bool acceptUrlPassword(const QRegularExpressionMatch &m, QStringView)
{
    const QStringView value = secretOf(m);
    if (isPlaceholder(value) || value == u"pass" || value == u"pwd")
        return false;
    return true;
}

/// Mixed letters and digits: a token, not a slug (`sk-learn-notes`).
bool acceptMixed(const QRegularExpressionMatch &m, QStringView)
{
    const QStringView value = m.capturedView(0);
    return hasDigit(value) && hasUpper(value) && hasLower(value);
}

/// An sk-… key, not a slug (`sk-learn-pipeline-notes`): letters and digits drawn at random; with
/// dashes or underscores in it, also both cases.
bool acceptSkKey(const QRegularExpressionMatch &m, QStringView)
{
    const QStringView body = m.capturedView(0).mid(3);
    if (!hasDigit(body) || !(hasUpper(body) || hasLower(body)) || entropy(body) < 3.5)
        return false;
    const bool segmented = body.contains(QLatin1Char('-')) || body.contains(QLatin1Char('_'));
    return !segmented || (hasUpper(body) && hasLower(body));
}

/// Capitals and digits, as a machine-made upper-case key has.
bool acceptUpperAndDigits(const QRegularExpressionMatch &m, QStringView)
{
    const QStringView value = m.capturedView(0);
    return hasDigit(value) && hasUpper(value);
}

/// A key body that is not a certificate or public key printed without its header.
bool acceptKeyBody(const QRegularExpressionMatch &m, QStringView text)
{
    const QStringView body = m.capturedView(0);
    if (!(hasDigit(body) && hasUpper(body) && hasLower(body)))
        return false;
    const QStringView before = text.left(m.capturedStart(0)).right(16384);
    const qsizetype begin = before.lastIndexOf(u"-----BEGIN ");
    const qsizetype end = before.lastIndexOf(u"-----END ");
    if (begin < 0 || end > begin)
        return true;
    const QStringView header = before.mid(begin, 64);
    return header.contains(u"PRIVATE");
}

bool isTokenByte(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

/// A character a token's body may hold after its prefix: base64 too (a 1Password token's body has '/'
/// and '+'; this only decides whether the rule's own expression looks).
bool isTokenBodyByte(char c)
{
    return isTokenByte(c) || c == '+' || c == '/' || c == '=';
}

/// Whether kStart holds before byte `start`: not inside a word, or right after a JSON `\n`, `\r` or `\t`.
bool startsToken(const char *text, qsizetype start)
{
    const char before = start > 0 ? text[start - 1] : ' ';
    if (before == '\\' || (isTokenByte(before) && before != '-'))
        return start >= 2 && text[start - 2] == '\\' && (before == 'n' || before == 'r' || before == 't');
    return true;
}

/// After an anchor inside a token (…T3BlbkFJ…, ….atlasv1.…): at least 8 characters of it.
bool tokenContinues(const char *text, qsizetype size, qsizetype, qsizetype end)
{
    if (end + 8 > size)
        return false;
    return std::all_of(text + end, text + end + 8, isTokenBodyByte);
}

/// A provider's prefix where a token can start (the expression's kStart: not inside a word, so not
/// `…-4fa3-…` of a UUID for 1Password's `A3-`), and at least 8 characters of a token after it.
bool tokenFollows(const char *text, qsizetype size, qsizetype start, qsizetype end)
{
    return startsToken(text, start) && tokenContinues(text, size, start, end);
}

/// After `pat`: the 14 letters and digits and the dot of an Airtable token. `/path/to/…`, in every
/// line of a transcript, is not one: tokenFollows let it through, and every line ran the expression.
bool airtableBodyFollows(const char *text, qsizetype size, qsizetype start, qsizetype end)
{
    if (!startsToken(text, start) || end + 15 > size || text[end + 14] != '.')
        return false;
    return std::all_of(text + end, text + end + 14, [](char c) { return isTokenByte(c) && c != '_' && c != '-'; });
}

/// After ClickHouse's `4b1d`: the 38 letters and digits of its key. A UUID's hex holds `4b1d` often enough (two
/// lines of a hook's sample) that tokenFollows woke the expression, one more to compile.
bool clickhouseBodyFollows(const char *text, qsizetype size, qsizetype start, qsizetype end)
{
    if (!startsToken(text, start) || end + 38 > size)
        return false;
    return std::all_of(text + end, text + end + 38, [](char c) { return isTokenByte(c) && c != '_' && c != '-'; });
}

/// After a word that says secret: the rest of the name, a closing quote, `=`, `:`, `:=` or `=>`, and a
/// value that is not a number, an object, an array or a literal (`"output_tokens": 88` is not).
bool assignmentFollows(const char *text, qsizetype size, qsizetype, qsizetype end)
{
    const auto isQuote = [](char c) { return c == '"' || c == '\'' || c == '`' || c == '\\'; };
    qsizetype i = end;
    while (i < size && (isTokenByte(text[i]) || text[i] == '.'))
        ++i;
    for (int quotes = 0; i < size && quotes < 2 && isQuote(text[i]); ++quotes)
        ++i;
    while (i < size && (text[i] == ' ' || text[i] == '\t'))
        ++i;
    if (i >= size || (text[i] != '=' && text[i] != ':'))
        return false;
    if (text[i++] == ':' && i < size && text[i] == '=') // Go's `:=` assigns
        ++i;
    if (i < size && text[i] == '=') // `==` compares
        return false;
    if (i < size && text[i] == '>')
        ++i;
    while (i < size && (text[i] == ' ' || text[i] == '\t' || isQuote(text[i])))
        ++i;
    if (i >= size)
        return false;
    const char first = text[i];
    if (first == '{' || first == '[' || first == '(' || first == '\n' || first == '\r' || first == ',')
        return false;
    if (first >= '0' && first <= '9') {
        qsizetype j = i;
        while (j < size && text[j] >= '0' && text[j] <= '9')
            ++j;
        // A number ends at a delimiter (88, 4096.): `2#jv…` or `2$x…` is a password that starts with a digit.
        const auto ends = [](char c) {
            return c == ',' || c == '.' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '}' || c == ']'
                   || c == '"' || c == '\'' || c == '`' || c == '\\' || c == ';' || c == ')';
        };
        if (j >= size || ends(text[j]))
            return false;
    }
    return !(qstrncmp(text + i, "null", 4) == 0 || qstrncmp(text + i, "true", 4) == 0
             || qstrncmp(text + i, "false", 5) == 0);
}

/// The first `=` or `:` from `from`, or `end`: eight characters at a time with SSE2 (every x86-64 has it).
/// A JSON line has a colon every few words; this search was a third of assignmentStarts a character at a time.
const char16_t *nextAssignmentSign(const char16_t *from, const char16_t *end)
{
#if defined(__SSE2__)
    for (; end - from >= 8; from += 8) {
        const __m128i chars = _mm_loadu_si128(reinterpret_cast<const __m128i *>(from));
        const int signs = _mm_movemask_epi8(
            _mm_or_si128(_mm_cmpeq_epi16(chars, _mm_set1_epi16('=')), _mm_cmpeq_epi16(chars, _mm_set1_epi16(':'))));
        if (signs != 0)
            return from + std::countr_zero(unsigned(signs)) / 2;
    }
#endif
    while (from < end && *from != u'=' && *from != u':')
        ++from;
    return from;
}

/// The text an assignment's starts are found in: its name is the whole run of name characters ([A-Za-z0-9_.-]) from
/// where it starts, holding a secret word; a quote, blanks and `=` or `:` follow the run, and a quote (`"`, or `\"` in
/// JSON) may stand before it. So a match starts in the two characters before such a run or inside it up to its last
/// secret word, where kStart holds.
class AssignmentRuns {
public:
    explicit AssignmentRuns(QStringView text) : m_data(text.utf16()), m_size(text.size()) { }

    char16_t at(qsizetype i) const { return i >= 0 && i < m_size ? m_data[i] : char16_t(0); }
    static bool inRun(char16_t c)
    {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'
               || c == '.' || c == u'\u017f' || c == u'\u212a';
    }
    static bool isQuote(char16_t c) { return c == '"' || c == '\'' || c == '`' || c == '\\'; }
    /// Whether a secret word starts at `i`, without case, as the expression finds one: in UTF-16 the long s and the
    /// Kelvin sign are an s and a k.
    bool wordAt(qsizetype i) const
    {
        const auto folded = [&](qsizetype k) {
            const char16_t c = at(k);
            return c == u'\u017f' ? u's' : c == u'\u212a' ? u'k' : c >= 'A' && c <= 'Z' ? char16_t(c + 32) : c;
        };
        const auto follows = [&](const char *rest) { // the word's letters after its first
            for (qsizetype k = 0; rest[k]; ++k)
                if (folded(i + 1 + k) != char16_t(rest[k]))
                    return false;
            return true;
        };
        // By the first letter, so a letter of a long run is folded once or twice, not once for each word.
        switch (folded(i)) {
        case u'p': return follows("ass") || follows("w"); // pass; pw, and so pwd
        case u's': return follows("ecret");
        case u't': return follows("oken");
        case u'k': return follows("ey");
        case u'c': return follows("redential");
        case u'a': return follows("uth");
        default: return false;
        }
    }
    /// The starts of the run [runStart, …) whose last secret word starts at `lastWord`, after the last of `out`.
    void addStarts(qsizetype runStart, qsizetype lastWord, QList<qsizetype> &out) const
    {
        const auto startHolds = [&](qsizetype i) { // kStart: not inside a word, or right after a JSON \n, \r or \t
            const char16_t before = at(i - 1);
            const bool inWord = before < 128 && ((isTokenByte(char(before)) && before != '-') || before == '\\');
            return !inWord || (at(i - 2) == '\\' && (before == 'n' || before == 'r' || before == 't'));
        };
        // Before the run a match starts only at its quote (`"key`) or an escaped one (`\"key`): a place before the
        // run that holds neither cannot start the name (on the largest sample, 100 of the 195 tries failed there).
        const auto quoteAt = [&](qsizetype i) { return at(i) == '"' || at(i) == '\'' || at(i) == '`'; };
        const qsizetype first = std::max(runStart - 2, out.isEmpty() ? qsizetype(0) : out.last() + 1);
        for (qsizetype s = first; s <= lastWord; ++s) {
            const bool opens = s >= runStart || (s == runStart - 1 ? quoteAt(s) : at(s) == '\\' && quoteAt(s + 1));
            if (opens && startHolds(s))
                out << s;
        }
    }

private:
    const char16_t *m_data;
    qsizetype m_size;
};

/// Where an assignment can start (AssignmentRuns), found from each `=` and `:` back; the expression tried at every
/// character cost 10 ns a character, most of a line's redaction.
QList<qsizetype> assignmentStarts(QStringView text)
{
    const char16_t *const data = text.utf16();
    const qsizetype size = text.size();
    const AssignmentRuns runs(text);
    QList<qsizetype> out;
    for (const char16_t *sign = nextAssignmentSign(data, data + size); sign < data + size;
         sign = nextAssignmentSign(sign + 1, data + size)) {
        const qsizetype op = sign - data;
        qsizetype runEnd = op;
        while (runs.at(runEnd - 1) == ' ' || runs.at(runEnd - 1) == '\t')
            --runEnd;
        for (int quotes = 0; quotes < 2 && runEnd > 0 && AssignmentRuns::isQuote(runs.at(runEnd - 1)); ++quotes)
            --runEnd;
        // The run, back from its end, and on the way its last secret word (one pass: with a pass for each, the runs
        // of a JSON line's names were a third of the cost of this search).
        qsizetype runStart = runEnd;
        qsizetype lastWord = -1;
        while (runStart > 0 && AssignmentRuns::inRun(data[runStart - 1])) {
            --runStart;
            if (lastWord < 0 && runStart <= runEnd - 2 && runs.wordAt(runStart))
                lastWord = runStart;
        }
        if (lastWord >= 0)
            runs.addStarts(runStart, lastWord, out);
    }
    return out;
}

/// assignmentStarts from the places the anchor pass found the secret words at (`words`, ascending, every one), in a
/// text whose characters are its bytes: from each run that holds a word forward to a sign, instead of from each sign
/// back (a JSON line has a colon every few words: 2,226 signs in the 14 lines of the largest sample that wake the rule,
/// ~400 instructions each with the search for them).
QList<qsizetype> assignmentStartsAt(QStringView text, const qsizetype *words, qsizetype count)
{
    const AssignmentRuns runs(text);
    QList<qsizetype> out;
    for (qsizetype k = 0; k < count;) {
        const qsizetype word = words[k];
        qsizetype runEnd = word;
        while (AssignmentRuns::inRun(runs.at(runEnd)))
            ++runEnd;
        qsizetype lastWord = word;
        while (++k < count && words[k] < runEnd)
            lastWord = words[k];
        // After the run up to two quotes, blanks and a sign, as the search back from the sign takes them (a third quote
        // is no blank or sign).
        qsizetype sign = runEnd;
        for (int quotes = 0; quotes < 2 && AssignmentRuns::isQuote(runs.at(sign)); ++quotes)
            ++sign;
        while (runs.at(sign) == ' ' || runs.at(sign) == '\t')
            ++sign;
        if (runs.at(sign) != '=' && runs.at(sign) != ':')
            continue;
        qsizetype runStart = word;
        while (AssignmentRuns::inRun(runs.at(runStart - 1)))
            --runStart;
        runs.addStarts(runStart, lastWord, out);
    }
    return out;
}

/// After `://`: a user (maybe none), `:`, a password and `@`, as the expression has them.
bool urlPasswordFollows(const char *text, qsizetype size, qsizetype, qsizetype end)
{
    const auto endsPart = [](char c) {
        return c == '/' || c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r' || c == '@'
               || c == '"' || c == '\'' || c == '\\';
    };
    qsizetype i = end;
    while (i < size && !endsPart(text[i]) && text[i] != ':')
        ++i;
    if (i >= size || text[i] != ':')
        return false;
    const qsizetype password = ++i;
    while (i < size && !endsPart(text[i]))
        ++i;
    return i > password && i < size && text[i] == '@';
}

/// After `--`: a flag whose name says secret (`--password`, `--api-token`), then a space or `=`.
bool secretFlagFollows(const char *text, qsizetype size, qsizetype, qsizetype end)
{
    // The name, lower-cased, in a buffer of its 40 bytes at most: a QByteArray grown byte by byte cost 900
    // instructions a call, and `--` (markdown rules, every command's flags) calls it hundreds of times a transcript.
    std::array<char, 40> name;
    qsizetype i = end;
    qsizetype length = 0;
    for (; i < size && length < qsizetype(name.size()) && isTokenByte(text[i]); ++i, ++length)
        name[size_t(length)] = text[i] >= 'A' && text[i] <= 'Z' ? char(text[i] + 32) : text[i];
    if (i >= size || (text[i] != ' ' && text[i] != '='))
        return false;
    const std::string_view spelled(name.data(), size_t(length));
    for (const char *word : {"pass", "pwd", "secret", "token", "key", "auth", "credential"})
        if (spelled.find(word) != std::string_view::npos)
            return true;
    return false;
}

struct Provider {
    const char *kind;
    const char *description;
    std::initializer_list<const char *> anchors;
    const char *pattern;
    bool (*accept)(const QRegularExpressionMatch &, QStringView) = nullptr;
    /// The look around an anchor found that lets the expression run: tokenFollows when the anchor is the
    /// token's own prefix, tokenContinues when it is inside the token, null: every anchor counts.
    bool (*follows)(const char *, qsizetype, qsizetype, qsizetype) = tokenFollows;
};

/// Provider tokens: a prefix, an alphabet, a length. Each pattern is preceded by kStart.
constexpr Provider kProviders[] = {
    {"anthropic-key",
     "Anthropic API and admin keys: sk-ant-api03-…, sk-ant-admin01-…",
     {"sk-ant-"},
     R"(sk-ant-(?:api|admin|sid)\d\d-[A-Za-z0-9_-]{20,})"},
    {"openrouter-key", "OpenRouter keys: sk-or-v1-…", {"sk-or-"}, R"(sk-or-v\d-[a-f0-9]{32,})"},
    {"openai-key",
     "OpenAI project, service-account and admin keys: sk-proj-…, sk-svcacct-…, sk-admin-…",
     {"sk-proj-", "sk-svcacct-", "sk-admin-", "sk-None-"},
     R"(sk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{20,})"},
    {"openai-key",
     "OpenAI legacy user keys: sk-…T3BlbkFJ…",
     {"t3blbkfj"},
     R"(sk-[A-Za-z0-9_-]{10,}T3BlbkFJ[A-Za-z0-9_-]{10,})",
     nullptr,
     tokenContinues},
    {"deepseek-key",
     "DeepSeek-style keys: sk- and 32 hex digits",
     {"sk-"},
     R"(sk-[a-f0-9]{32}(?![A-Za-z0-9_-]))",
     nullptr},
    {"api-key", "other sk-… keys: 20+ random letters and digits", {"sk-"}, R"(sk-[A-Za-z0-9_-]{20,})", acceptSkKey},
    {"aws-access-key-id",
     "AWS access key ids: AKIA…, ASIA…, ABIA…, ACCA…, A3T… (20 characters)",
     {"akia", "asia", "abia", "acca", "a3t"},
     R"((?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9]))"},
    {"stripe-key",
     "Stripe secret and restricted keys: sk_live_, sk_test_, rk_live_, rk_test_",
     {"sk_live_", "sk_test_", "rk_live_", "rk_test_"},
     R"([sr]k_(?:live|test)_[A-Za-z0-9]{20,})"},
    {"stripe-key", "Stripe webhook signing secrets: whsec_…", {"whsec_"}, R"(whsec_[A-Za-z0-9+/=]{24,})"},
    {"google-api-key", "Google API keys: AIza… (39 characters)", {"aiza"}, R"(AIza[0-9A-Za-z_-]{35})"},
    {"google-oauth",
     "Google OAuth client secrets GOCSPX-…, access tokens ya29.…, refresh tokens 1//0…",
     {"gocspx-", "ya29.", "1//0"},
     R"((?:GOCSPX-[0-9A-Za-z_-]{24,}|ya29\.[0-9A-Za-z_-]{30,}|1//0[0-9A-Za-z_-]{30,}))"},
    {"gitlab-token",
     "GitLab tokens: glpat-, gldt-, glrt-, glcbt-, glptt-, glft-, glsoat-, glffct-, glimt-, "
     "glagent-, gloas-, GR1348941…",
     {"glpat-", "gldt-", "glrt-", "glcbt-", "glptt-", "glft-", "glsoat-", "glffct-", "glimt-", "glagent-", "gloas-",
      "gr1348941"},
     R"((?:gl(?:pat|dt|rt|cbt|ptt|ft|soat|ffct|imt|agent|oas)-[0-9A-Za-z_.-]{20,}|GR1348941[0-9A-Za-z_-]{20,}))"},
    {"github-token",
     "GitHub tokens: ghp_, gho_, ghu_, ghs_, ghr_ (36+ characters), github_pat_…",
     {"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"},
     R"((?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,}))"},
    {"npm-token", "npm access tokens: npm_ and 36 letters and digits", {"npm_"}, R"(npm_[A-Za-z0-9]{36,})"},
    {"pypi-token", "PyPI upload tokens: pypi-AgE…", {"pypi-age"}, R"(pypi-AgE[A-Za-z0-9_-]{50,})"},
    {"huggingface-token",
     "Hugging Face tokens: hf_…, api_org_…",
     {"hf_", "api_org_"},
     R"((?:hf_|api_org_)[A-Za-z0-9]{30,})",
     acceptMixed},
    {"sendgrid-key", "SendGrid keys: SG.….…", {"SG."}, R"(SG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64})"},
    {"digitalocean-token",
     "DigitalOcean tokens: dop_v1_, doo_v1_, dor_v1_",
     {"dop_v1_", "doo_v1_", "dor_v1_"},
     R"(do[opr]_v1_[a-f0-9]{64})"},
    {"shopify-token",
     "Shopify tokens: shpat_, shpca_, shppa_, shpss_",
     {"shpat_", "shpca_", "shppa_", "shpss_"},
     R"(shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32})"},
    {"databricks-token",
     "Databricks tokens: dapi and 32 hex digits",
     {"dapi", "dkea", "dose"},
     R"((?:dapi|dkea|dose)[a-f0-9]{32}(?:-\d)?)"},
    {"twilio-key",
     "Twilio API key and account SIDs: SK…, AC… (32 hex digits)",
     {"SK", "AC"},
     R"((?:SK|AC)[0-9a-f]{32}(?![A-Za-z0-9]))"},
    {"slack-token",
     "Slack tokens: xoxb-, xoxp-, xoxa-, xoxr-, xoxs-, xoxe-, xapp-",
     {"xox", "xapp-"},
     R"((?:xox[bparse](?:\.xox[bp])?-[A-Za-z0-9-]{10,}|xapp-\d-[A-Za-z0-9-]{10,}))"},
    {"slack-webhook",
     "Slack webhooks: hooks.slack.com/services/… and /workflows/…",
     {"hooks.slack.com"},
     R"(hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/_-]{20,})",
     nullptr,
     nullptr},
    {"discord-webhook",
     "Discord webhooks: discord.com/api/webhooks/…",
     {"/api/webhooks/"},
     R"(discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_-]{20,})",
     nullptr,
     nullptr},
    {"teams-webhook",
     "Microsoft Teams webhooks: ….webhook.office.com/webhookb2/…",
     {"webhook.office.com"},
     R"(webhook\.office\.com/webhookb2/[A-Za-z0-9@/_-]{40,})",
     nullptr,
     nullptr},
    {"mailgun-key", "Mailgun keys: key- and 32 hex digits", {"key-"}, R"(key-[a-f0-9]{32}(?![A-Za-z0-9]))"},
    {"mailchimp-key",
     "Mailchimp keys: 32 hex digits and -us…",
     {"-us"},
     R"([a-f0-9]{32}-us\d{1,2}(?![A-Za-z0-9]))",
     nullptr,
     nullptr},
    {"postman-key", "Postman API keys: PMAK-…", {"pmak-"}, R"(PMAK-[a-f0-9]{24}-[a-f0-9]{34})"},
    {"heroku-key", "Heroku API keys: HRKU-…", {"hrku-"}, R"(HRKU-[A-Za-z0-9_-]{40,})"},
    {"linear-key", "Linear API keys: lin_api_…", {"lin_api_"}, R"(lin_api_[A-Za-z0-9]{40})"},
    {"notion-token",
     "Notion tokens: ntn_…, secret_… (43 characters)",
     {"ntn_", "secret_"},
     R"((?:ntn_\d{11}[A-Za-z0-9]{35}|secret_[A-Za-z0-9]{43})(?![A-Za-z0-9]))",
     acceptMixed},
    {"atlassian-token",
     "Atlassian API tokens: ATATT3…, ATCTT3…",
     {"atatt3", "atctt3"},
     R"(AT[AC]TT3[A-Za-z0-9_=-]{100,})"},
    {"doppler-token",
     "Doppler tokens: dp.pt., dp.st., dp.sa., dp.ct., dp.scim.",
     {"dp."},
     R"(dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9_.-]{40,})",
     nullptr,
     nullptr},
    {"pulumi-token", "Pulumi access tokens: pul-…", {"pul-"}, R"(pul-[a-f0-9]{40})"},
    {"terraform-token",
     "Terraform Cloud tokens: ….atlasv1.…",
     {".atlasv1."},
     R"([A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,})",
     nullptr,
     tokenContinues},
    {"vault-token",
     "HashiCorp Vault tokens: hvs.…, hvb.…, hvr.…",
     {"hvs.", "hvb.", "hvr."},
     R"(hv[sbr]\.[A-Za-z0-9_-]{24,})"},
    {"grafana-token",
     "Grafana tokens: glc_…, glsa_…",
     {"glc_", "glsa_"},
     R"((?:glc_[A-Za-z0-9+/]{32,}={0,2}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}))"},
    {"newrelic-key",
     "New Relic keys: NRAK-, NRJS-, NRII-",
     {"nrak-", "nrjs-", "nrii-"},
     R"(NR(?:AK|JS|II)-[A-Za-z0-9]{19,})"},
    {"sentry-token", "Sentry tokens: sntrys_…, sntryu_…", {"sntrys_", "sntryu_"}, R"(sntry[su]_[A-Za-z0-9+/=_-]{40,})"},
    {"dynatrace-token", "Dynatrace tokens: dt0c01.….…", {"dt0c01."}, R"(dt0c01\.[A-Z0-9]{24}\.[A-Z0-9]{64})"},
    {"figma-token", "Figma tokens: figd_…", {"figd_"}, R"(figd_[A-Za-z0-9_-]{40,})"},
    {"flyio-token",
     "Fly.io tokens: fo1_…, FlyV1 fm2_…",
     {"fo1_", "fm2_", "fm1"},
     R"((?:fo1_[A-Za-z0-9_-]{40,}|fm[12][ar]?_[A-Za-z0-9+/=_-]{40,}))"},
    {"age-secret-key",
     "age secret keys: AGE-SECRET-KEY-1…",
     {"age-secret-key-1"},
     R"(AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58})"},
    {"onepassword-token",
     "1Password service-account tokens ops_eyJ… and secret keys A3-…",
     {"ops_eyj", "a3-"},
     R"((?:ops_eyJ[A-Za-z0-9+/=_-]{60,}|A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}))"},
    {"alibaba-key", "Alibaba Cloud AccessKey ids: LTAI…", {"ltai"}, R"(LTAI[A-Za-z0-9]{20})"},
    {"clojars-token", "Clojars tokens: CLOJARS_…", {"clojars_"}, R"(CLOJARS_[a-z0-9]{60})"},
    {"discord-token",
     "Discord bot tokens: M…/N….6 characters.27+ characters",
     {"discord"},
     R"([MN][A-Za-z0-9_-]{23,25}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,38})",
     acceptMixed,
     nullptr},
    {"dropbox-token", "Dropbox short-lived tokens: sl.…", {"sl."}, R"(sl\.(?:u\.)?[A-Za-z0-9_-]{130,})"},
    {"easypost-key", "EasyPost keys: EZAK…, EZTK…", {"ezak", "eztk"}, R"(EZ[AT]K[A-Za-z0-9]{54})"},
    {"facebook-token", "Facebook access tokens: EAA…", {"EAA"}, R"(EAA[A-Za-z0-9]{90,})", acceptMixed},
    {"flutterwave-key",
     "Flutterwave secret keys: FLWSECK-…, FLWSECK_TEST-…",
     {"flwseck"},
     R"(FLWSECK(?:_TEST)?-[A-Za-z0-9]{32}-X)"},
    {"frameio-token", "Frame.io tokens: fio-u-…", {"fio-u-"}, R"(fio-u-[A-Za-z0-9_=-]{64})"},
    {"jfrog-key",
     "JFrog/Artifactory keys: AKCp…, cmVmdGtu…",
     {"akcp", "cmvmd"},
     R"((?:AKCp[A-Za-z0-9]{69}|cmVmd[A-Za-z0-9]{59}))"},
    {"mapbox-token", "Mapbox secret tokens: sk.eyJ…", {"sk.eyj"}, R"(sk\.eyJ[A-Za-z0-9_-]{40,}\.[A-Za-z0-9_-]{20,})"},
    {"openshift-token", "OpenShift tokens: sha256~…", {"sha256~"}, R"(sha256~[A-Za-z0-9_-]{43})"},
    {"planetscale-token",
     "PlanetScale tokens and passwords: pscale_tkn_, pscale_pw_, pscale_oauth_",
     {"pscale_"},
     R"(pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_=.-]{32,})"},
    {"prefect-key", "Prefect API keys: pnu_…", {"pnu_"}, R"(pnu_[A-Za-z0-9]{36})"},
    {"readme-key", "ReadMe API keys: rdme_…", {"rdme_"}, R"(rdme_[a-z0-9]{70})"},
    {"rubygems-key", "RubyGems API keys: rubygems_…", {"rubygems_"}, R"(rubygems_[a-f0-9]{48})"},
    {"scalingo-token", "Scalingo tokens: tk-us-…", {"tk-us-"}, R"(tk-us-[A-Za-z0-9_-]{48})"},
    {"brevo-key",
     "Brevo (Sendinblue) keys: xkeysib-…, xsmtpsib-…",
     {"xkeysib-", "xsmtpsib-"},
     R"(x(?:keysib|smtpsib)-[a-f0-9]{64}-[A-Za-z0-9]{16})"},
    {"shippo-token",
     "Shippo tokens: shippo_live_…, shippo_test_…",
     {"shippo_"},
     R"(shippo_(?:live|test)_[a-f0-9]{40})"},
    {"square-token",
     "Square tokens: sq0atp-…, sq0csp-…, EAAA…",
     {"sq0atp-", "sq0csp-"},
     R"(sq0(?:atp|csp)-[0-9A-Za-z_-]{22,})"},
    {"twitter-token",
     "Twitter/X bearer tokens: AAAAAAAAAAAAAAAAAAAAA…",
     {"aaaaaaaaaaaaaaaaaaaa"},
     R"(A{21,}[A-Za-z0-9%]{50,})",
     acceptMixed},
    {"typeform-token", "Typeform tokens: tfp_…", {"tfp_"}, R"(tfp_[A-Za-z0-9_.=-]{59})"},
    {"yandex-key",
     "Yandex Cloud keys and tokens: AQVN…, YC…, t1.…",
     {"aqvn", "YC", "t1."},
     R"((?:AQVN[A-Za-z0-9_-]{35,38}|YC[A-Za-z0-9_-]{38}|t1\.[A-Za-z0-9_-]+=*\.[A-Za-z0-9_-]{86}=*)(?![A-Za-z0-9_-]))",
     acceptMixed},
    {"cloudflare-key", "Cloudflare Origin CA keys: v1.0-…", {"v1.0-"}, R"(v1\.0-[a-f0-9]{24}-[a-f0-9]{146})"},
    {"airtable-token",
     "Airtable personal access tokens: pat….…",
     {"pat"},
     R"(pat[A-Za-z0-9]{14}\.[a-f0-9]{64})",
     nullptr,
     airtableBodyFollows},
    {"supabase-key",
     "Supabase keys: sbp_…, sb_secret_…",
     {"sbp_", "sb_secret_"},
     R"((?:sbp_[a-f0-9]{40}|sb_secret_[A-Za-z0-9_-]{24,}))"},
    {"netlify-token", "Netlify tokens: nfp_…", {"nfp_"}, R"(nfp_[A-Za-z0-9]{36,})"},
    {"replicate-token", "Replicate tokens: r8_…", {"r8_"}, R"(r8_[A-Za-z0-9]{37})"},
    {"groq-key", "Groq keys: gsk_…", {"gsk_"}, R"(gsk_[A-Za-z0-9]{48,})"},
    {"xai-key", "xAI keys: xai-…", {"xai-"}, R"(xai-[A-Za-z0-9]{70,})"},
    {"perplexity-key", "Perplexity keys: pplx-…", {"pplx-"}, R"(pplx-[A-Za-z0-9]{40,})"},
    {"langsmith-key", "LangSmith keys: lsv2_pt_…, lsv2_sk_…", {"lsv2_"}, R"(lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10})"},
    {"tavily-key", "Tavily keys: tvly-…", {"tvly-"}, R"(tvly-(?:dev-|prod-)?[A-Za-z0-9]{28,})"},
    {"firecrawl-key", "Firecrawl keys: fc-…", {"fc-"}, R"(fc-[a-f0-9]{32}(?![A-Za-z0-9]))"},
    {"pinecone-key", "Pinecone keys: pcsk_…", {"pcsk_"}, R"(pcsk_[A-Za-z0-9]{4,8}_[A-Za-z0-9]{40,})"},
    {"resend-key", "Resend keys: re_…_…", {"re_"}, R"(re_[A-Za-z0-9]{8}_[A-Za-z0-9]{24})", acceptMixed},
    {"sourcegraph-token", "Sourcegraph tokens: sgp_…", {"sgp_"}, R"(sgp_(?:local_|[a-f0-9]{16}_)?[a-f0-9]{40})"},
    {"buildkite-token", "Buildkite tokens: bkua_…", {"bkua_"}, R"(bkua_[a-f0-9]{40})"},
    {"circleci-token", "CircleCI personal tokens: CCIPAT_…", {"ccipat_"}, R"(CCIPAT_[A-Za-z0-9]{22}_[a-f0-9]{40})"},
    {"bitbucket-token", "Bitbucket app passwords and tokens: ATBB…", {"atbb"}, R"(ATBB[A-Za-z0-9_=.-]{28,})"},
    {"docker-token", "Docker Hub tokens: dckr_pat_…, dckr_oat_…", {"dckr_"}, R"(dckr_(?:pat|oat)_[A-Za-z0-9_-]{27,})"},
    {"octopus-key",
     "Octopus Deploy keys: API-…",
     {"API-"},
     R"(API-[A-Z0-9]{26,32}(?![A-Za-z0-9]))",
     acceptUpperAndDigits},
    {"contentful-token", "Contentful tokens: CFPAT-…", {"cfpat-"}, R"(CFPAT-[A-Za-z0-9_-]{43})"},
    {"duffel-token",
     "Duffel tokens: duffel_live_…, duffel_test_…",
     {"duffel_"},
     R"(duffel_(?:live|test)_[A-Za-z0-9_=-]{43})"},
    {"infracost-key", "Infracost keys: ico-…", {"ico-"}, R"(ico-[A-Za-z0-9]{32})"},
    {"braintree-token",
     "Braintree/PayPal access tokens: access_token$production$…",
     {"access_token$"},
     R"(access_token\$(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-f]{32})"},
    {"plaid-token",
     "Plaid access tokens: access-sandbox-…, access-production-…",
     {"access-"},
     R"(access-(?:sandbox|development|production)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"},
    {"azure-client-secret",
     "Azure AD client secrets: …Q~…",
     {"q~"},
     R"([A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34})",
     nullptr,
     nullptr},
    {"fireworks-key", "Fireworks AI keys: fw_…", {"fw_"}, R"(fw_[A-Za-z0-9]{24,})", acceptMixed},
    {"harness-token",
     "Harness tokens: pat.….….…",
     {"pat.", "sat."},
     R"((?:pat|sat)\.[A-Za-z0-9_-]{22}\.[0-9a-f]{24}\.[A-Za-z0-9]{20})"},
    {"adobe-secret", "Adobe client secrets: p8e-…", {"p8e-"}, R"(p8e-[A-Za-z0-9]{32})"},
    {"clickhouse-key",
     "ClickHouse Cloud secret keys: 4b1d…",
     {"4b1d"},
     R"(4b1d[A-Za-z0-9]{38})",
     acceptMixed,
     clickhouseBodyFollows},
};

// The anchors of the rules after the providers', named so the anchor pass's tables are computed from them and the
// providers' when the engine is compiled (AnchorTables.h): a literal a rule is tried on that is in neither makes
// AnchorIndex stop the process at its first use.
constexpr std::initializer_list<const char *> kPrivateKeyAnchors{"private key"};
constexpr std::initializer_list<const char *> kPuttyKeyAnchors{"private-lines:"};
constexpr std::initializer_list<const char *> kTelegramAnchors{":AA"};
constexpr std::initializer_list<const char *> kJwtAnchors{"eyj"};
constexpr std::initializer_list<const char *> kAwsSecretAnchors{"secret", "akia", "asia"};
constexpr std::initializer_list<const char *> kAzureKeyAnchors{"accountkey=", "sharedaccesskey=", "sig="};
constexpr std::initializer_list<const char *> kUrlPasswordAnchors{"://"};
constexpr std::initializer_list<const char *> kHeaderAnchors{"authorization", "api-key",        "apikey",
                                                             "-token",        "x-goog-api-key", "subscription-key"};
constexpr std::initializer_list<const char *> kBearerAnchors{"bearer"};
constexpr std::initializer_list<const char *> kCookieAnchors{"cookie"};
constexpr std::initializer_list<const char *> kCommandLineAnchors{"mysql", "mariadb", "sshpass", "-u ", "--user"};
constexpr std::initializer_list<const char *> kNetrcAnchors{"machine"};
constexpr std::initializer_list<const char *> kAssignmentAnchors{"pass",  "pwd", "pw",         "secret",
                                                                 "token", "key", "credential", "auth"};
constexpr std::initializer_list<const char *> kFlagAnchors{"--"};
constexpr std::initializer_list<const char *> kOtherAnchors[] = {
    kPrivateKeyAnchors,  kPuttyKeyAnchors,    kTelegramAnchors,   kJwtAnchors,    kAwsSecretAnchors,
    kAzureKeyAnchors,    kUrlPasswordAnchors, kHeaderAnchors,     kBearerAnchors, kCookieAnchors,
    kCommandLineAnchors, kNetrcAnchors,       kAssignmentAnchors, kFlagAnchors};

consteval std::size_t literalCount()
{
    std::size_t count = 0;
    for (const Provider &p : kProviders)
        count += p.anchors.size();
    for (const auto &list : kOtherAnchors)
        count += list.size();
    return count;
}

/// Every anchor literal of the catalogue (some twice).
consteval std::array<std::string_view, literalCount()> literals()
{
    std::array<std::string_view, literalCount()> out{};
    std::size_t k = 0;
    for (const Provider &p : kProviders)
        for (const char *literal : p.anchors)
            out[k++] = literal;
    for (const auto &list : kOtherAnchors)
        for (const char *literal : list)
            out[k++] = literal;
    return out;
}

/// The short anchors the scan finds at a place it does not test by their first two bytes in the test of the place
/// before (AnchorTables.h: kAfter), rather than by their second byte (and third) in the test of the place after, which
/// passed every `-`, `w`, `at`, `us` and `//` of a text. Chosen on the largest sample transcript, one anchor at a time,
/// kept where fewer steps of the scan passed (one in four → one in seven).
constexpr std::array<std::string_view, 17> kTestedAfter{"--",  "-u ", "-us", "://", "AC",  "SK", "YC",  "a3-", "a3t",
                                                        "fc-", "fw_", "pat", "pw",  "pwd", "q~", "t1.", "xox"};

static_assert(std::all_of(kTestedAfter.begin(), kTestedAfter.end(),
                          [](std::string_view a) {
                              const auto all = literals();
                              return a.size() <= 3 && std::find(all.begin(), all.end(), a) != all.end();
                          }),
              "redaction: an anchor tested after is not one of the catalogue's, or is longer than three bytes");

constexpr auto kBuilt = compiled::build(literals(), kTestedAfter);
static_assert(!kBuilt.overflow,
              "redaction: more than 256 sets of third bytes or more rows than Built::kMaxRows in the anchor tables");
constexpr auto kStartSets = compiled::prefix<kBuilt.startSetsSize>(kBuilt.startSets);
constexpr auto kBucketOf = compiled::prefix<kBuilt.startSetsSize>(kBuilt.bucketOf);
constexpr auto kThirds = compiled::thirdsOf<kBuilt.setCount>(kBuilt);
constexpr auto kStartRow = kBuilt.startRow;
constexpr auto kCoverOf = kBuilt.coverOf;
constexpr auto kPairs = kBuilt.pairs;
constexpr auto kTriplesEnded = kBuilt.triplesEnded;
constexpr auto kQuads = kBuilt.quads;

} // namespace

double entropy(QStringView text)
{
    if (text.isEmpty())
        return 0.0;
    QHash<char16_t, int> counts;
    for (QChar c : text)
        ++counts[c.unicode()];
    double bits = 0.0;
    for (const int n : std::as_const(counts)) {
        const double p = double(n) / double(text.size());
        bits -= p * std::log2(p);
    }
    return bits;
}

const AnchorTables &anchorTables()
{
    static constexpr AnchorTables tables{kStartRow.data(),     kStartSets.data(), kStartSets.size(),  kCoverOf.data(),
                                         kThirds.data(),       kBucketOf.data(),  kBuilt.bucketCount, kPairs.data(),
                                         kTriplesEnded.data(), kQuads.data()};
    return tables;
}

const QList<Rule> &catalogue()
{
    static const QList<Rule> rules = [] {
        QList<Rule> list;
        list.reserve(128);
        // Private keys first: their bodies hold runs that other rules would name differently.
        // A line break as written (`\n`, `\r\n`) or JSON-escaped (`\n`), or a space when a key was
        // pasted onto one line; then an optional line number from an agent's Read tool (`     2→`,
        // `    12\t`), an indent or a diff/quote mark.
        const QString newline = QStringLiteral(R"((?:\r?\n|\\r\\n|\\n))");
        const QString lineBreak = QStringLiteral(R"((?:\r?\n|\\r\\n|\\n| ))");
        const QString lineStart = QStringLiteral(R"([ \t+>]*(?:\d+(?:→|\\u2192|\\t|\t)[ \t]*)?)");
        // A body line ends at a line break, a space, the end, or a JSON string's end (`"`, or `\"` when the
        // string is itself inside one: a key in a Bash command of a transcript line).
        const QString lineEnd = QStringLiteral(R"((?=\r|\n|\\[rn"]|"| |$))");
        const QString headerLine = QStringLiteral(R"([A-Za-z-]+: [^\r\n"\\]*)");
        const QString bodyLine = QStringLiteral(R"([A-Za-z0-9+/]{4,}={0,2})");
        const QString firstBodyLine = QStringLiteral(R"([A-Za-z0-9+/]{20,}={0,2})");
        const QString begin = QStringLiteral(R"(-----BEGIN (?<type>[A-Z0-9 ]*)PRIVATE KEY(?: BLOCK)?-----)");
        list << Rule{QStringLiteral("private-key"),
                     "private keys: PEM, OpenSSH, PGP (-----BEGIN … PRIVATE KEY----- and its body, "
                     "to the END line or as far as it goes), JSON-escaped, line-numbered or wrapped",
                     anchors(kPrivateKeyAnchors),
                     expression(begin + QStringLiteral("(?:") + lineBreak + lineStart + headerLine
                                + QStringLiteral(")*") + QStringLiteral("(?:") + newline + lineStart
                                + QStringLiteral(")?") + lineBreak + lineStart + firstBodyLine + lineEnd
                                + QStringLiteral("(?:") + lineBreak + lineStart + QStringLiteral("(?:") + bodyLine
                                + QStringLiteral("|=[A-Za-z0-9+/]{4})") + lineEnd + QStringLiteral(")*")
                                + QStringLiteral("(?:") + lineBreak + lineStart
                                + QStringLiteral("-----END \\k<type>PRIVATE KEY(?: BLOCK)?-----)?")),
                     nullptr};
        list << Rule{QStringLiteral("private-key"), "private keys from BEGIN to END, however short their body lines",
                     anchors(kPrivateKeyAnchors),
                     expression(begin + QStringLiteral("(?:") + lineBreak + lineStart + QStringLiteral("(?:")
                                + headerLine + QStringLiteral(R"(|[A-Za-z0-9+/]+={0,2}|=[A-Za-z0-9+/]{4}|))+?)")
                                + lineBreak + lineStart
                                + QStringLiteral("-----END \\k<type>PRIVATE KEY(?: BLOCK)?-----")),
                     nullptr};
        list << Rule{QStringLiteral("private-key"), "PuTTY private keys: Private-Lines: and the body",
                     anchors(kPuttyKeyAnchors),
                     expression(QStringLiteral(R"(Private-Lines: \d+)") + QStringLiteral("(?:") + lineBreak + lineStart
                                + bodyLine + lineEnd + QStringLiteral(")+")),
                     nullptr};
        for (const Provider &p : kProviders) {
            list << Rule{QString::fromUtf8(p.kind),
                         p.description,
                         anchors(p.anchors),
                         expression(kStart % QLatin1String(p.pattern)), // ASCII; one allocation
                         p.accept,
                         p.follows};
        }
        list << Rule{
            QStringLiteral("telegram-token"), "Telegram bot tokens: digits:AA… (also after /bot in an API URL)",
            anchors(kTelegramAnchors),
            expression(QStringLiteral(R"((?:(?<![A-Za-z0-9_\\])|(?<=\\[nrt])|(?<=bot))\d{8,10}:AA[0-9A-Za-z_-]{33})")),
            nullptr};
        list << Rule{
            QStringLiteral("jwt"), "JSON web tokens: eyJ….eyJ….signature", anchors(kJwtAnchors),
            expression(kStart + QStringLiteral(R"(eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})")),
            nullptr};
        // AWS secret keys have no prefix: 40 base64 characters, named by their key or beside an access key id.
        list << Rule{
            QStringLiteral("aws-secret-key"),
            "AWS secret access keys: aws_secret_access_key, SecretAccessKey, or beside an AKIA… id",
            anchors(kAwsSecretAnchors),
            expression(QStringLiteral(
                R"((?:(?i:aws[_.-]?secret(?:[_.-]?access)?[_.-]?key|secret[_.-]?access[_.-]?key)\\?["']?[ \t]*(?:=|:|=>|[ \t])[ \t]*\\?["']?|(?:AKIA|ASIA)[A-Z0-9]{16}(?:\\?["'])?[ \t]*[,;:|\t ][ \t]*(?:\\?["'])?)(?<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=]))")),
            nullptr};
        list << Rule{
            QStringLiteral("azure-storage-key"),
            "Azure connection-string keys: AccountKey=…, SharedAccessKey=…, and SAS sig=…", anchors(kAzureKeyAnchors),
            expression(QStringLiteral(
                R"((?:(?i:AccountKey|SharedAccessKey)=|[?&]sig=)(?<secret>[A-Za-z0-9+/%]{20,}(?:={0,2}|(?:%3D){0,2})))")),
            nullptr};
        // Credentials in URLs and connection strings.
        list << Rule{
            QStringLiteral("url-password"),
            "passwords in URLs: scheme://user:password@host (the user is kept)",
            anchors(kUrlPasswordAnchors),
            expression(QStringLiteral(R"([A-Za-z][A-Za-z0-9+.-]*://[^/\s:@"'\\]*:(?<secret>[^@/\s"'\\]+)(?=@))")),
            acceptUrlPassword,
            urlPasswordFollows};
        // Headers.
        list << Rule{
            QStringLiteral("authorization"),
            "Authorization headers (Bearer, Basic, Token, …) and API-key headers (X-Api-Key, "
            "Private-Token, X-Auth-Token, …)",
            anchors(kHeaderAnchors),
            expression(QStringLiteral(
                R"((?i:proxy-authorization|authorization|x-api-key|api-key|apikey|x-auth-token|private-token|x-vault-token|x-access-token|x-goog-api-key|x-figma-token|ocp-apim-subscription-key|x-api-token)\\?["']?[ \t]*[:=][ \t]*\\?["']?[ \t]*(?:(?<scheme>(?i:bearer|basic|token|digest|negotiate|apikey|api-key|sso-key|key|otp|jwt))[ \t]+)?(?<secret>[A-Za-z0-9._~+/:-]{8,}=*))")),
            acceptOpaqueToken};
        list << Rule{QStringLiteral("authorization"), "bearer tokens outside a header: Bearer …",
                     anchors(kBearerAnchors),
                     expression(kStart + QStringLiteral(R"((?i:bearer)[ \t]+(?<secret>[A-Za-z0-9._~+/-]{16,}=*))")),
                     acceptOpaqueToken};
        list << Rule{
            QStringLiteral("cookie"), "Cookie and Set-Cookie headers: the cookie values", anchors(kCookieAnchors),
            expression(kStart
                       + QStringLiteral(
                           R"((?i:set-cookie|cookie)\\?["']?[ \t]*:[ \t]*(?<secret>[^\s=;"'\\]+=[^\r\n"'\\]{8,}))")),
            acceptOpaqueToken};
        // Command lines.
        list << Rule{
            QStringLiteral("generic-secret"),
            "passwords on command lines: mysql -p…, sshpass -p …, curl -u user:password", anchors(kCommandLineAnchors),
            expression(QStringLiteral(
                R"((?:(?:mysql|mysqldump|mysqladmin|mariadb)\b[^\r\n"|;&]*?[ \t]-p(?<secret>[^\s"'\\-][^\s"'\\]{2,})|sshpass[ \t]+-p[ \t]*['"]?(?<secret2>[^\s"'\\]{3,})|(?:(?<![A-Za-z0-9_\\])|(?<=\\[nrt]))(?:-u|--user)[ \t]+['"]?[^\s:'"\\@/]+:(?!//)(?<secret3>[^\s'"\\@]{3,})))")),
            nullptr};
        list << Rule{QStringLiteral("generic-secret"), ".netrc lines: machine … login … password …",
                     anchors(kNetrcAnchors),
                     expression(QStringLiteral(
                         R"(machine[ \t]+\S+[ \t]+login[ \t]+\S+[ \t]+password[ \t]+(?<secret>[^\s"'\\]+))")),
                     nullptr};
        // Assignments: .env, export, YAML, JSON (also escaped inside a JSONL string), TOML, flags.
        const QString name = QStringLiteral(
            R"((?<name>[A-Za-z0-9_.-]*(?i:pass|pwd|pw|secret|token|key|credential|auth)[A-Za-z0-9_.-]*))");
        const QString longest = QString::number(kLongestValue);
        const QString quotedValue = QStringLiteral(R"((?<q>\\?["'`])(?<secret>[^"'`\\\r\n]{1,)")
                                    + QString::number(kLongestQuotedValue) + QStringLiteral(R"(}?)\k<q>)");
        const QString plainValue =
            QStringLiteral(R"((?<secret2>[^\s"'`\\,;&<>(){}\[\]]{1,)") + longest + QStringLiteral(R"(}))");
        list << Rule{QStringLiteral("generic-secret"),
                     "assignments of a name that says secret (password, secret, token, api_key, "
                     "…_KEY) to a real value: .env, export, YAML, JSON, TOML, --flag=value",
                     anchors(kAssignmentAnchors),
                     expression(kStart + kQuote + name + kQuote + QStringLiteral(R"([ \t]*(?:=>|:=|=|:)(?!=)[ \t]*)")
                                + QStringLiteral("(?:") + quotedValue + QStringLiteral("|") + plainValue
                                + QStringLiteral(")")),
                     acceptAssignment,
                     assignmentFollows,
                     assignmentStarts,
                     {},
                     settleAssignment,
                     assignmentStartsAt};
        list << Rule{QStringLiteral("generic-secret"),
                     "command-line flags that say secret: --password …, --token …, --api-key …",
                     anchors(kFlagAnchors),
                     expression(QStringLiteral(R"((?<![A-Za-z0-9_-])--)") + name + QStringLiteral(R"([ \t]+(?:)")
                                + quotedValue + QStringLiteral("|") + plainValue + QStringLiteral(")")),
                     acceptAssignment,
                     secretFlagFollows};
        // A key's body without its header: a partial read, or the rest of a key whose BEGIN line was
        // in an earlier message. Two or more lines of 60–80 base64 characters, wrapped like a key.
        list << Rule{QStringLiteral("private-key"),
                     "private-key bodies without their header: 2+ wrapped lines of 60–80 base64 "
                     "characters",
                     {},
                     expression(QStringLiteral(R"((?:(?<![A-Za-z0-9+/\\])|(?<=\\[nrt])))") + lineStart
                                + QStringLiteral(R"([A-Za-z0-9+/]{60,80})") + lineEnd + lineBreak + lineStart
                                + QStringLiteral(R"([A-Za-z0-9+/]{60,80})") + lineEnd + QStringLiteral("(?:")
                                + lineBreak + lineStart + bodyLine + lineEnd + QStringLiteral(")*")),
                     acceptKeyBody};
        for (Rule &rule : list)
            if (rule.starts)
                rule.anchoredExpression =
                    expression(QStringLiteral("\\G(?:") + rule.expression.pattern() + QLatin1Char(')'));
        return list;
    }();
    return rules;
}

} // namespace engram::redaction
