#include "redaction/SecretRedactor.h"

#include "redaction/AnchorTables.h"
#include "redaction/AssignmentReading.h"
#include "redaction/SecretCatalogue.h"

#include <QVarLengthArray>
#include <QtEndian>

#include <algorithm>
#include <array>
#include <bit>
#include <bitset>
#include <cstring>
#include <numeric>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace engram {

namespace {

using redaction::Rule;

bool isBase64Byte(uchar c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '/';
}

/// Whether the 16 bytes at `p` are all base64 characters: a few SSE2 instructions (every x86-64 has them),
/// else a byte at a time.
Q_ALWAYS_INLINE bool allBase64(const uchar *p)
{
#if defined(__SSE2__)
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
    const auto within = [](__m128i v, char low, char high) { // signed: a byte from 0x80 is below every range
        return _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(char(low - 1))),
                             _mm_cmplt_epi8(v, _mm_set1_epi8(char(high + 1))));
    };
    // First whether every byte is between `+` and `z`, where the base64 characters are: a block of prose or JSON holds
    // a blank or a quote below them, and is turned away in a third of the instructions.
    if (_mm_movemask_epi8(within(bytes, '+', 'z')) != 0xffff)
        return false;
    const __m128i letter = within(_mm_or_si128(bytes, _mm_set1_epi8(0x20)), 'a', 'z'); // a capital as its small one
    const __m128i digitOrSlash = within(bytes, '/', '9');
    const __m128i plus = _mm_cmpeq_epi8(bytes, _mm_set1_epi8('+'));
    return _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(letter, digitOrSlash), plus)) == 0xffff;
#else
    return std::all_of(p, p + 16, isBase64Byte);
#endif
}

/// Whether `text` may hold a key's body without its header: two lines that end in 60–80 base64
/// characters (at a line break, a JSON `\n`, or the end). A run of 60 holds two whole blocks of 16 counted
/// from the start, so only where two such blocks of base64 follow each other is the run measured. Three
/// memchr passes and a look back from every backslash of a JSON line took a tenth of the redactor's time.
bool mayHoldWrappedBase64(const uchar *data, qsizetype size)
{
    int lines = 0;
    qsizetype measuredTo = 0; // the end of the last run measured
    // Of two blocks that follow each other, one is the second, fourth, … from the start: those are tested, and
    // their neighbours only when they are all base64 (every block tested was 1.3 M instructions of a hook's
    // capture of the largest sample, half the blocks 0.8 M).
    for (qsizetype block = 16; block + 16 <= size; block += 32) {
        if (block < measuredTo || !allBase64(data + block))
            continue;
        if (!allBase64(data + block - 16) && !(block + 32 <= size && allBase64(data + block + 16)))
            continue;
        qsizetype start = block;
        while (start > 0 && isBase64Byte(data[start - 1]))
            --start;
        qsizetype end = block + 16;
        while (end < size && isBase64Byte(data[end]))
            ++end;
        measuredTo = end;
        const bool endsALine = end == size || data[end] == '\n' || data[end] == '\\' || data[end] == '\r';
        if (end - start >= 60 && end - start <= 80 && endsALine && ++lines >= 2)
            return true;
    }
    return false;
}

/// Which rules a text needs, in one pass over its bytes: every other position is tested for an anchor that
/// may start there or one byte before (three bytes, exactly, for the pair of places), each place of a pair that
/// passes for an anchor starting there, and only a place that does compares the anchors that start with its
/// first two bytes.
///
/// The tables are computed when the engine is compiled (AnchorTables.h): built in a hook's process, they and their
/// pages were about 1 ms of its CPU and 162 of its page faults. Only the buckets of anchors are made here (they hold
/// each rule's look around an anchor), from the catalogue's anchors, each checked to be in the tables.
class AnchorIndex {
public:
    explicit AnchorIndex(const QList<Rule> &rules)
        : m_ruleCount(rules.size()), m_tables(redaction::anchorTables()), m_buckets(m_tables.bucketCount)
    {
        for (qsizetype r = 0; r < rules.size(); ++r) {
            if (rules.at(r).anchors.isEmpty())
                m_wrappedRules.push_back(int(r));
            if (rules.at(r).startsAt && m_placesRule < 0)
                m_placesRule = int(r);
            for (const QByteArray &literal : rules.at(r).anchors) {
                const std::string_view view(literal.constData(), size_t(literal.size()));
                const bool exact = redaction::compiled::isExact(view);
                const Entry entry{literal, exact, int(r), rules.at(r).nearAnchor};
                // Checked as written here (each spelling is, in tst_secretredactor): all sixteen spellings of every
                // anchor, and a bucket for each, were a third of the time the buckets took a hook's process.
                redaction::compiled::Spelling written;
                written.length = int(view.size());
                for (size_t k = 0; k < 4 && k < view.size(); ++k)
                    written.at[k] = uchar(view[k]);
                if (!holds(written))
                    qFatal("redaction: the anchor \"%s\" is not in the compiled anchor tables: name it in one of "
                           "the catalogue's lists of anchors (SecretCatalogue.cpp)",
                           literal.constData());
                // A bucket is found by the first two bytes: an anchor is in the bucket of each of their spellings.
                redaction::compiled::forEachSpelling(
                    exact ? view : view.substr(0, 2), [&](const redaction::compiled::Spelling &s) {
                        auto &bucket = m_buckets[m_tables.bucketOf[m_tables.startRow[s.at[0]] + s.at[1]] - 1];
                        const bool known = std::any_of(bucket.begin(), bucket.end(), [&](const Entry &e) {
                            return e.rule == entry.rule && e.literal == entry.literal;
                        });
                        if (!known)
                            bucket.push_back(entry);
                    });
            }
        }
    }

    /// One flag per rule, on the stack for the catalogue's rules (a vector for each line, and the look for a flag set,
    /// were 0.3 M instructions of a hook's capture of the largest sample).
    using Flags = QVarLengthArray<char, 128>;

    /// The places one rule's anchors are at (Rule::startsAt), ascending.
    using Places = QVarLengthArray<qsizetype, 256>;

    /// The rule whose anchors' places are kept (the first with Rule::startsAt), or -1.
    int placesRule() const { return m_placesRule; }

    /// Sets `active` to one flag per rule: whether the text holds one of its anchors; returns whether any does. Every
    /// place an anchor of placesRule() is at goes into `places`, whether or not its look lets the rule be tried.
    bool activeRules(const QByteArray &text, Flags &active, Places &places) const
    {
        active.resize(m_ruleCount);
        std::fill(active.begin(), active.end(), 0);
        bool any = false;
        const auto *data = reinterpret_cast<const uchar *>(text.constData());
        const qsizetype size = text.size();
        const auto lookAt = [&](qsizetype i) {
            // "message", "todos", "line" start like an anchor ("age-secret-key-1", "dose", "lin_api_") but
            // are not one: four bytes turn most of them away before the bucket is looked at.
            if (!Tables::test(m_tables.pairs, Tables::pairKey(data[i], data[i + 1]))
                && !Tables::test(m_tables.triplesEnded, Tables::tripleOf(data[i], data[i + 1], data[i + 2]))
                && (i + 3 >= size
                    || !Tables::test(m_tables.quads, Tables::quadOf(data[i], data[i + 1], data[i + 2], data[i + 3]))))
                return;
            for (const Entry &e : m_buckets[m_tables.bucketOf[m_tables.startRow[data[i]] + data[i + 1]] - 1]) {
                const bool placed = e.rule == m_placesRule;
                if ((active[e.rule] && !placed) || i + e.literal.size() > size || !matchesAt(data + i, e))
                    continue;
                if (placed && (places.isEmpty() || places.last() != i)) // `pw` and `pwd` start at one place
                    places.append(i);
                if (active[e.rule])
                    continue;
                if (!e.nearAnchor || e.nearAnchor(text.constData(), size, i, i + e.literal.size())) {
                    active[e.rule] = 1;
                    any = true;
                }
            }
        };
        // Every other position's three bytes, tested exactly in two loads and an add: one pair of places in 15
        // of the sample is tested further, place by place, and one place in 90 is looked at (the test of every
        // place, twice the instructions in a hook's capture, sent one in 64 on). The scan only collects the
        // places: with the look in the same loop, its registers went to the stack.
        std::array<qsizetype, 128> marked;
        qsizetype tested = -1; // the last place tested for a start (the scan's places are ascending)
        for (qsizetype from = 0; from + 2 < size;) {
            const int count = markStarts(data, size, from, tested, marked);
            for (int k = 0; k < count; ++k)
                lookAt(marked[size_t(k)]);
        }
        if (size >= 2 && Tables::test(m_tables.pairs, Tables::pairKey(data[size - 2], data[size - 1])))
            lookAt(size - 2); // only a two-byte anchor fits here
        if (!m_wrappedRules.empty() && mayHoldWrappedBase64(data, size)) {
            for (const int r : m_wrappedRules)
                active[r] = 1;
            any = true;
        }
        return any;
    }

private:
    using Tables = redaction::AnchorTables;

    /// Whether an anchor starting at a place, three bytes of it at the place, is in the start rows.
    bool starts(uchar first, uchar second, uchar third) const
    {
        const size_t set = m_tables.startSets[size_t(m_tables.startRow[first]) + second];
        return m_tables.thirds[(set << 8) + third];
    }
    /// The kinds the first test passes the pair (first, second) before `third` for.
    uchar covers(uchar first, uchar second, uchar third) const
    {
        return m_tables.thirds[(size_t(m_tables.coverOf[size_t(first | (second << 8))]) << 8) + third];
    }

    /// Whether the tables find a spelling of an anchor wherever it is: its start, both tests of the scan, a bucket,
    /// and the bits the look tests first.
    bool holds(const redaction::compiled::Spelling &s) const
    {
        const auto &at = s.at;
        // At a place the scan does not test, by the place after (its second to fourth bytes) or, for a short anchor,
        // the place before (its first two, after a byte the test ignores: a NUL here, every byte in the tests).
        const bool before =
            (s.length == 2 ? covers(at[1], 0, 0) : covers(at[1], at[2], s.length == 3 ? 0 : at[3])) & Tables::kBefore;
        const bool after = s.length <= 3 && (covers(0, at[0], at[1]) & Tables::kAfter);
        const bool found = starts(at[0], at[1], at[2]) && (covers(at[0], at[1], at[2]) & Tables::kHere)
                           && (before || after) && m_tables.bucketOf[m_tables.startRow[at[0]] + at[1]] != 0;
        const bool first = s.length == 2   ? Tables::test(m_tables.pairs, Tables::pairKey(at[0], at[1]))
                           : s.length == 3 ? Tables::test(m_tables.triplesEnded, Tables::tripleOf(at[0], at[1], at[2]))
                                           : Tables::test(m_tables.quads, Tables::quadOf(at[0], at[1], at[2], at[3]));
        return found && first && m_tables.startRow[at[0]] != 0;
    }

    /// From `from`, the places where an anchor may start by their first three bytes (a place between two tested by
    /// more), into `marked` until it is full; `from` moves past the places scanned, `tested` is the last place tested
    /// for a start (so no place is marked twice).
    template <size_t N>
    int markStarts(const uchar *data, qsizetype size, qsizetype &from, qsizetype &tested,
                   std::array<qsizetype, N> &marked) const
    {
        static_assert(N >= 9);
        const uchar *thirds = m_tables.thirds;
        const uchar *coverOf = m_tables.coverOf;
        // The first test: a pair's set in one load from a table of every pair (64 KB), its third byte in another.
        // Unsigned sums: an int one was sign-extended before each load, four instructions more a step.
        const auto cover = [&](qsizetype at) {
            return unsigned(thirds[(size_t(coverOf[qFromLittleEndian<quint16>(data + at)]) << 8) + data[at + 2]]);
        };
        // A place's own test, through the row of its first byte.
        const quint16 *startRow = m_tables.startRow;
        const uchar *startSets = m_tables.startSets;
        const auto start = [&](qsizetype at) {
            const size_t set = startSets[size_t(startRow[data[at]]) + data[at + 1]];
            return thirds[(set << 8) + data[at + 2]];
        };
        const auto test = [&](qsizetype at, int &count) {
            if (at > tested) {
                tested = at;
                if (start(at))
                    marked[size_t(count++)] = at;
            }
        };
        int count = 0;
        qsizetype i = from;
        if (i == 0) // the first place has no place before it to be tested by
            test(0, count);
        // Eight places a step: the test at i + 1 passes every anchor that starts at i or i + 1 (and a short one at
        // i + 2), so four tests and one branch cover the eight (a loop of one test a step took a third longer when a
        // change elsewhere in the binary moved it across a 64-byte line). Its three bits say that an anchor may start
        // at i (its second to fourth bytes: the place is tested), that one starts at i + 1 (its first three bytes: the
        // place is marked) and that a short one may start at i + 2 (its first two bytes: tested). Testing all eight
        // places of a step that passed took 2.0 M instructions in a hook's capture, the two of each pair that passed
        // 0.6 M, the places the bits leave 10 % less time in the scan.
        for (; i + 10 < size; i += 8) {
            const unsigned first = cover(i + 1), second = cover(i + 3), third = cover(i + 5), fourth = cover(i + 7);
            if ((first | second | third | fourth) == 0) [[likely]] // the bits' shifts only for a step that passed
                continue;
            unsigned bits = first | second << 3 | third << 6 | fourth << 9;
            if (count + 9 > int(N)) {
                from = i;
                return count;
            }
            static_assert(Tables::kBefore == 1 && Tables::kHere == 2 && Tables::kAfter == 4);
            // The place of each bit: 2 * (bit / 3) + bit % 3 (the division was a tenth of the instructions here).
            static constexpr std::array<uchar, 12> kPlaceOfBit{0, 1, 2, 2, 3, 4, 4, 5, 6, 6, 7, 8};
            for (; bits != 0; bits &= bits - 1) { // bit 3k: place i + 2k, 3k + 1: i + 2k + 1, 3k + 2: i + 2k + 2
                const int bit = std::countr_zero(bits);
                const qsizetype at = i + kPlaceOfBit[size_t(bit)];
                if (bit % 3 == 1)
                    marked[size_t(count++)] = tested = at;
                else
                    test(at, count);
            }
        }
        for (; i + 2 < size && count < int(N); ++i)
            test(i, count);
        from = i;
        return count;
    }

    struct Entry {
        QByteArray literal;
        bool exact = false;
        int rule = 0;
        bool (*nearAnchor)(const char *, qsizetype, qsizetype, qsizetype) = nullptr;
    };

    static uchar lower(uchar c) { return c >= 'A' && c <= 'Z' ? uchar(c + 32) : c; }

    /// Whether the anchor of `e` is at `at`, whose first two bytes are its bucket's: one of the ways it may be
    /// spelled, so the comparison starts at the third.
    static bool matchesAt(const uchar *at, const Entry &e)
    {
        for (qsizetype k = 2; k < e.literal.size(); ++k) {
            const uchar want = uchar(e.literal.at(k));
            if (e.exact ? at[k] != want : lower(at[k]) != want)
                return false;
        }
        return true;
    }

    qsizetype m_ruleCount = 0;
    const redaction::AnchorTables &m_tables;
    std::vector<std::vector<Entry>> m_buckets; // by the number the tables give the pair of an anchor's first bytes
    std::vector<int> m_wrappedRules;
    int m_placesRule = -1;
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
    // The groups' numbers, once per expression and thread: namedCaptureGroups() builds a list of every group's name
    // at each call (two thousand instructions; a hook's capture of the largest sample asked 160 times). An entry
    // keeps its pattern, so the pattern's text (its identity here) is not freed and reused while it is known.
    struct Known {
        QString pattern;
        QRegularExpression::PatternOptions options;
        std::array<int, 3> groups;
    };
    thread_local std::vector<Known> known;
    static const std::array<QString, 3> names{QStringLiteral("secret"), QStringLiteral("secret2"),
                                              QStringLiteral("secret3")};
    const QRegularExpression expression = match.regularExpression();
    const QString pattern = expression.pattern();
    auto it = std::find_if(known.begin(), known.end(), [&](const Known &k) {
        return k.pattern.constData() == pattern.constData() && k.options == expression.patternOptions();
    });
    if (it == known.end()) {
        const QStringList groups = expression.namedCaptureGroups();
        Known entry{pattern, expression.patternOptions(), {}};
        for (size_t k = 0; k < names.size(); ++k)
            entry.groups[k] = int(groups.indexOf(names[k]));
        it = known.insert(known.end(), std::move(entry));
    }
    for (const int group : it->groups)
        if (group > 0 && match.capturedLength(group) > 0)
            return group;
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
        out << Pattern{r.kind, r.description.toString()};
    return out;
}

QList<SecretRedactor::Span> SecretRedactor::spans(const QByteArray &bytes, QString &text) const
{
    QList<Span> found;
    const QList<Rule> &rules = redaction::catalogue();
    AnchorIndex::Flags active;
    AnchorIndex::Places places;
    if (!anchorIndex().activeRules(bytes, active, places) && m_extra.isEmpty())
        return found; // the common case: no anchor, and the text is never converted
    text = QString::fromUtf8(bytes);
    // As many characters as bytes: each byte is one character (ASCII, or a byte no UTF-8 sequence takes, which becomes
    // one replacement character), so the anchors' places are the characters'.
    const bool placesHold = text.size() == bytes.size();
    // Valid UTF-16, as fromUtf8 makes it (and a match never ends inside a surrogate pair): a match is not
    // preceded by PCRE's check of the whole text, which made each one cost as much as the line is long.
    constexpr auto kConverted = QRegularExpression::DontCheckSubjectStringMatchOption;
    const auto add = [&](const QRegularExpressionMatch &m, int rank, const QString &kind) {
        const int group = redaction::secretGroup(m);
        qsizetype start = m.capturedStart(group);
        qsizetype end = m.capturedEnd(group);
        // A plain value (`secret2`) cut inside its run goes on to the end of it: cut where the expression stops taking
        // (kLongestValue), or where the value of a rejected match it was found in ended. The rest of a long secret is
        // secret too, and left behind the replacement it would read as a secret of its own on the next pass
        // ("[REDACTED:generic-secret]_fIkgd58kz1Iq__PwEgj:xQEm2"): redaction is idempotent.
        if (group > 0 && m.capturedStart(u"secret2") == start)
            while (end < text.size() && redaction::inPlainValue(text[end].unicode()))
                ++end;
        keepEscapesWhole(text, start, end);
        if (end <= start)
            return;
        const QStringView secret = QStringView(text).mid(start, end - start);
        // A replacement is never a secret again (`-p[REDACTED:…]` after a flag): redaction is idempotent, and
        // a file rewritten by `redact --apply` or a captured session is clean to find() and to sync.
        if (secret.startsWith(QLatin1String("[REDACTED:")))
            return;
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
    // The first match of `rule` in text[from, to): where the rule knows its starts, anchored at those inside the range
    // in order, as it is tried in the whole text. A start the range's edge makes up (a name that began before it) only
    // costs a try; the unanchored expression would be one more for a hook's process to compile (half a million
    // instructions with Qt's JIT).
    const auto retryInside = [&](const Rule &rule, qsizetype from, qsizetype to) {
        const QStringView subject = QStringView(text).left(to);
        if (!rule.starts)
            return rule.expression.match(subject, from, QRegularExpression::NormalMatch, kConverted);
        for (const qsizetype start : rule.starts(subject.mid(from))) {
            QRegularExpressionMatch m =
                rule.anchoredExpression.match(subject, from + start, QRegularExpression::NormalMatch, kConverted);
            if (m.hasMatch())
                return m;
        }
        return QRegularExpressionMatch();
    };
    for (qsizetype r = 0; r < rules.size(); ++r) {
        if (!active[r])
            continue;
        const Rule &rule = rules.at(r);
        const auto take = [&](QRegularExpressionMatch m) {
            // A rejected match can hold another in its value (`key: DB_PASSWORD=…`: the name `key` says too
            // little, the value is itself an assignment), and the iteration resumes after the whole match.
            // The rule is tried again inside that value alone: a few hundred characters, never the rest of
            // the text (retrying from the value over the whole text made redaction 3× slower).
            for (int depth = 0; depth < 3; ++depth) {
                if (!rule.accept || rule.accept(m, text)) {
                    add(m, int(r), rule.kind);
                    break;
                }
                const int group = redaction::secretGroup(m);
                const qsizetype valueStart = m.capturedStart(group);
                const qsizetype valueEnd = m.capturedEnd(group);
                if (valueStart < 0 || valueEnd <= valueStart)
                    break;
                m = retryInside(rule, valueStart, valueEnd);
                if (!m.hasMatch())
                    break;
            }
        };
        if (rule.starts) { // the global match, tried only where one can start
            qsizetype from = 0;
            const QList<qsizetype> starts = rule.startsAt && placesHold && r == anchorIndex().placesRule()
                                                ? rule.startsAt(text, places.constData(), places.size())
                                                : rule.starts(text);
            for (const qsizetype start : starts) {
                if (start < from)
                    continue;
                qsizetype rejectedEnd = 0;
                const redaction::Settled settled =
                    rule.settle ? rule.settle(text, start, &rejectedEnd) : redaction::Settled::Unknown;
                if (settled == redaction::Settled::NoMatch)
                    continue;
                if (settled == redaction::Settled::Rejected) {
                    from = rejectedEnd;
                    continue;
                }
                QRegularExpressionMatch m =
                    rule.anchoredExpression.match(text, start, QRegularExpression::NormalMatch, kConverted);
                if (!m.hasMatch())
                    continue;
                from = m.capturedEnd(0);
                take(std::move(m));
            }
            continue;
        }
        QRegularExpressionMatchIterator it = rule.expression.globalMatch(text);
        while (it.hasNext())
            take(it.next());
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
        // A multi-line key keeps its line breaks: line numbers after it, and so every citation, stay true.
        out += QString(QStringView(unicode).mid(s.start, s.end - s.start).count(QLatin1Char('\n')), QLatin1Char('\n'));
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
