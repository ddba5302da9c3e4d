#include "redaction/AssignmentReading.h"

#include "redaction/SecretCatalogue.h"

#include <QChar>

#include <string_view>

namespace engram::redaction {

namespace {

bool isQuote(int c)
{
    return c == '"' || c == '\'' || c == '`';
}

/// `[A-Za-z0-9_.-]`: a character of the name.
bool isNameCharacter(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.'
           || c == '-';
}

/// Whether the name (ASCII) holds `(?i:pass|pwd|pw|secret|token|key|credential|auth)`, by the first letter (`pwd` holds
/// `pw`): a name of a usage count is some 25 letters.
bool holdsSecretWord(const char16_t *from, const char16_t *to)
{
    for (const char16_t *at = from; at < to; ++at) {
        const auto follows = [&](std::string_view rest) { // the word's letters after its first, without case
            if (to - at - 1 < qsizetype(rest.size()))
                return false;
            for (size_t k = 0; k < rest.size(); ++k)
                if ((at[k + 1] | 0x20) != rest[k])
                    return false;
            return true;
        };
        bool found = false;
        switch (*at | 0x20) {
        case 'p': found = follows("ass") || follows("w"); break;
        case 's': found = follows("ecret"); break;
        case 't': found = follows("oken"); break;
        case 'k': found = follows("ey"); break;
        case 'c': found = follows("redential"); break;
        case 'a': found = follows("uth"); break;
        default: break;
        }
        if (found)
            return true;
    }
    return false;
}

} // namespace

bool inPlainValue(char16_t c)
{
    return !QChar(c).isSpace() && std::u16string_view(u"\"'`\\,;&<>(){}[]").find(c) == std::u16string_view::npos;
}

AssignmentReading readAssignment(QStringView text, qsizetype start)
{
    const char16_t *const data = text.utf16();
    const qsizetype size = text.size();
    const auto at = [&](qsizetype i) { return i < size ? int(data[i]) : -1; }; // -1: past the end
    AssignmentReading reading;
    const auto no = [&] {
        reading.outcome = AssignmentReading::Outcome::NoMatch;
        return reading;
    };
    // kStart: not after a character of a word or a backslash, unless right after a JSON `\n`, `\r` or `\t`.
    if (start > 0) {
        const int before = data[start - 1];
        const bool inWord = (isNameCharacter(before) && before != '.' && before != '-') || before == '\\';
        if (inWord && !(start >= 2 && data[start - 2] == '\\' && (before == 'n' || before == 'r' || before == 't')))
            return no();
    }
    // kQuote: a quote, or an escaped one. Were it left out, the name would start at a quote or a backslash.
    qsizetype i = start;
    if (at(i) == '\\' && isQuote(at(i + 1)))
        i += 2;
    else if (isQuote(at(i)))
        ++i;
    // The name: the whole run of name characters (a shorter one would be followed by a name character, which no quote,
    // blank or sign is), holding a secret word.
    reading.nameStart = i;
    while (i < size && isNameCharacter(data[i]))
        ++i;
    if (at(i) >= 0x80)
        return reading; // the run may go on in a secret word without case: `ſecret`, `\u212aey`
    reading.nameEnd = i;
    if (!holdsSecretWord(data + reading.nameStart, data + reading.nameEnd))
        return no();
    if (at(i) == '\\' && isQuote(at(i + 1)))
        i += 2;
    else if (isQuote(at(i)))
        ++i;
    while (at(i) == ' ' || at(i) == '\t')
        ++i;
    // `=>`, `:=`, `=` or `:`, not before `=`. A longer sign that fails leaves a shorter one before `>` or `=`, where
    // nothing more matches.
    if ((at(i) == '=' && at(i + 1) == '>') || (at(i) == ':' && at(i + 1) == '='))
        i += 2;
    else if (at(i) == '=' || at(i) == ':')
        ++i;
    else
        return no();
    if (at(i) == '=')
        return no();
    while (at(i) == ' ' || at(i) == '\t')
        ++i;
    // A quoted value: its quote (escaped or not), 1-4096 characters of `[^"'`\\\r\n]`, the same quote. The lazy count
    // can only stop at the first character the class leaves out, so that one must open the closing quote.
    const qsizetype quote = at(i) == '\\' && isQuote(at(i + 1)) ? 2 : isQuote(at(i)) ? 1 : 0;
    if (quote > 0) {
        const qsizetype from = i + quote;
        qsizetype end = from;
        for (; end < size && end - from <= kLongestQuotedValue; ++end) {
            const int c = data[end];
            if (c >= 0x80)
                return reading;
            if (isQuote(c) || c == '\\' || c == '\r' || c == '\n')
                break;
        }
        const qsizetype length = end - from;
        const bool closed = quote == 2 ? at(end) == '\\' && at(end + 1) == at(i + 1) : at(end) == at(i);
        if (length < 1 || length > kLongestQuotedValue || !closed)
            return no(); // and a plain value cannot start at a quote or a backslash
        reading.valueStart = from;
        reading.valueEnd = end;
        reading.quoted = true;
        reading.end = end + quote;
        reading.outcome = AssignmentReading::Outcome::Match;
        return reading;
    }
    // A plain value: 1-300 characters of `[^\s"'`\\,;&<>(){}\[\]]`, as many as there are.
    qsizetype end = i;
    for (; end < size && end - i < kLongestValue; ++end) {
        const int c = data[end];
        if (c >= 0x80)
            return reading;
        if (!inPlainValue(char16_t(c)))
            break;
    }
    if (end == i)
        return no();
    reading.valueStart = i;
    reading.valueEnd = end;
    reading.end = end;
    reading.outcome = AssignmentReading::Outcome::Match;
    return reading;
}

} // namespace engram::redaction
