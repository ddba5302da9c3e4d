#include "ingest/DocumentParser.h"

#include "core/FrontMatter.h"
#include "core/WorkCount.h"

#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QStringDecoder>

namespace engram {

QString documentKindName(DocumentKind kind)
{
    switch (kind) {
    case DocumentKind::Note: return QStringLiteral("note");
    case DocumentKind::PlainText: return QStringLiteral("text");
    case DocumentKind::Transcript: return QStringLiteral("transcript");
    case DocumentKind::AgentLog: return QStringLiteral("agent-log");
    }
    return QStringLiteral("note");
}

namespace {

struct Paragraph {
    int startLine = 0;
    int endLine = 0;
    QStringList lines;
    QString heading;
    int headingLevel = 0; ///< >0 when this paragraph is itself a heading line
};

/// A heading longer than this is taken for text: it would be copied into every chunk below it.
constexpr qsizetype kMaxHeadingChars = 500;
constexpr qsizetype kMaxTitleChars = 500;

bool isAsciiSpace(QChar c)
{
    return c == QLatin1Char(' ') || c == QLatin1Char('\t') || c == QLatin1Char('\f') || c == QLatin1Char('\v')
           || c == QLatin1Char('\r') || c == QLatin1Char('\n');
}

/// An ATX heading, `## Title ##`: its level (1–6) and title, or level 0. Written by hand
/// because the regular expression it replaces backtracked on runs of spaces until PCRE2's
/// match limit, 30 ms a line, and then did not see the heading (2 000 lines took a minute).
struct Heading {
    int level = 0;
    QString title;
};

Heading parseHeading(QStringView line)
{
    WorkCount::add(line.size());
    qsizetype hashes = 0;
    while (hashes < line.size() && line[hashes] == QLatin1Char('#'))
        ++hashes;
    if (hashes < 1 || hashes > 6 || hashes == line.size() || !isAsciiSpace(line[hashes]))
        return {};
    qsizetype begin = hashes;
    while (begin < line.size() && isAsciiSpace(line[begin]))
        ++begin;
    // The closing sequence: trailing spaces, then trailing '#'s, then the spaces before them.
    qsizetype end = line.size();
    while (end > begin && isAsciiSpace(line[end - 1]))
        --end;
    while (end > begin && line[end - 1] == QLatin1Char('#'))
        --end;
    while (end > begin && isAsciiSpace(line[end - 1]))
        --end;
    if (end - begin > kMaxHeadingChars)
        return {};
    return Heading{int(hashes), line.sliced(begin, end - begin).toString()};
}

/// Splits the body into blank-line separated paragraphs, keeping fenced code
/// blocks whole and giving each paragraph the heading path above it.
QList<Paragraph> splitParagraphs(const QStringList &lines, int firstLine, bool markdown)
{
    QList<Paragraph> out;
    QStringList headingPath;
    Paragraph current;
    bool inFence = false;
    auto flush = [&]() {
        if (!current.lines.isEmpty())
            out << current;
        current = Paragraph();
    };
    for (int i = firstLine - 1; i < lines.size(); ++i) {
        const QString &line = lines[i];
        WorkCount::add(line.size());
        const int lineNumber = i + 1;
        const QString trimmed = line.trimmed();
        if (markdown && (trimmed.startsWith(QLatin1String("```")) || trimmed.startsWith(QLatin1String("~~~")))) {
            if (!inFence)
                flush();
            inFence = !inFence;
        }
        if (!inFence && markdown) {
            const Heading heading = parseHeading(line);
            if (heading.level > 0) {
                flush();
                const int level = heading.level;
                while (headingPath.size() >= level)
                    headingPath.removeLast();
                while (headingPath.size() < level - 1)
                    headingPath << QString();
                headingPath << heading.title;
                Paragraph h;
                h.startLine = h.endLine = lineNumber;
                h.lines << line;
                h.headingLevel = level;
                QStringList nonEmpty;
                for (const QString &part : std::as_const(headingPath))
                    if (!part.isEmpty())
                        nonEmpty << part;
                h.heading = nonEmpty.join(kHeadingSeparator);
                WorkCount::add(h.heading.size());
                out << h;
                continue;
            }
        }
        if (!inFence && trimmed.isEmpty()) {
            flush();
            continue;
        }
        if (current.lines.isEmpty()) {
            current.startLine = lineNumber;
            QStringList nonEmpty;
            for (const QString &part : std::as_const(headingPath))
                if (!part.isEmpty())
                    nonEmpty << part;
            current.heading = nonEmpty.join(kHeadingSeparator);
            WorkCount::add(current.heading.size());
        }
        current.endLine = lineNumber;
        current.lines << line;
    }
    flush();
    return out;
}

// `**Name** (D1:3): text`, `**Name**: text`, `Name: text` (short names only).
const QRegularExpression &boldTurnPattern()
{
    static const QRegularExpression re(QStringLiteral(R"(^\*\*([^*\n]{1,60})\*\*\s*(\([^)\n]{1,40}\))?\s*:?\s*(.*)$)"),
                                       QRegularExpression::DotMatchesEverythingOption);
    return re;
}

const QRegularExpression &plainTurnPattern()
{
    static const QRegularExpression re(
        QStringLiteral(
            R"(^(User|Human|Assistant|AI|Agent|System|Me|Q|A|[A-Z][a-z]{1,20}(?: [A-Z][a-z]{1,20})?)\s*:\s+(.+)$)"),
        QRegularExpression::DotMatchesEverythingOption);
    return re;
}

const QRegularExpression &speakerHeadingPattern()
{
    static const QRegularExpression re(QStringLiteral(R"(^(user|human|assistant|ai|agent|system|me)\b)"),
                                       QRegularExpression::CaseInsensitiveOption);
    return re;
}

bool matchTurn(const Paragraph &p, QString *speaker, QString *text)
{
    const QString joined = p.lines.join(QLatin1Char('\n')).trimmed();
    WorkCount::add(3 * joined.size()); // the join and the two patterns
    auto bold = boldTurnPattern().match(joined);
    if (bold.hasMatch() && !bold.captured(3).trimmed().isEmpty()) {
        *speaker = bold.captured(1).trimmed();
        if (speaker->endsWith(QLatin1Char(':')))
            speaker->chop(1);
        *text = joined;
        return true;
    }
    auto plain = plainTurnPattern().match(joined);
    if (plain.hasMatch()) {
        *speaker = plain.captured(1);
        *text = joined;
        return true;
    }
    return false;
}

/// The first position at or after `from` where `text` holds one of `stops` (or its size). It
/// remembers the stretch it last found free of stops, so a scan whose `from` only grows reads
/// the text once. The regular expressions these scans replace searched again from every `[`
/// on long lines: `[[a|` 50 000 times (200 KB) took 0.05 s, 65 000 times over 30 s.
class ForwardFinder {
public:
    ForwardFinder(QStringView text, QLatin1String stops) : m_text(text), m_stops(stops) { }

    qsizetype find(qsizetype from)
    {
        if (from < m_from || from > m_found) {
            m_from = from;
            m_found = from;
            while (m_found < m_text.size() && !m_stops.contains(m_text[m_found]))
                ++m_found;
            WorkCount::add(m_found - from);
        }
        return m_found; // no stop in [m_from, m_found)
    }

private:
    QStringView m_text;
    QLatin1String m_stops;
    qsizetype m_from = 0;
    qsizetype m_found = -1;
};

QString stripMarkdownForIndex(const QString &text)
{
    // Keep the words; drop link targets: `[words](target)` becomes `words`.
    QString out;
    out.reserve(text.size());
    ForwardFinder closeBracket(text, QLatin1String("]"));
    ForwardFinder closeParen(text, QLatin1String(")"));
    qsizetype i = 0;
    while (i < text.size()) {
        const qsizetype open = text.indexOf(QLatin1Char('['), i);
        WorkCount::add((open < 0 ? text.size() : open) - i);
        if (open < 0)
            break;
        const qsizetype close = closeBracket.find(open + 1);
        if (close >= text.size())
            break; // no `]` after this `[`, nor after any later one
        if (close + 1 < text.size() && text[close + 1] == QLatin1Char('(')) {
            const qsizetype end = closeParen.find(close + 2);
            if (end < text.size()) {
                out += QStringView(text).sliced(i, open - i);
                out += QStringView(text).sliced(open + 1, close - open - 1);
                i = end + 1;
                continue;
            }
        }
        out += QStringView(text).sliced(i, open + 1 - i);
        i = open + 1;
    }
    out += QStringView(text).sliced(i);
    WorkCount::add(out.size());
    return out;
}

/// Targets of `[[target]]`, `[[target|alias]]` and `[[target#heading]]` links, each once.
QStringList findWikiLinks(const QString &text)
{
    constexpr qsizetype kMaxTargetChars = 200;
    QStringList out;
    QSet<QString> seen;
    ForwardFinder targetEnd(text, QLatin1String("]|#\n"));
    ForwardFinder aliasEnd(text, QLatin1String("]\n"));
    qsizetype at = 0;
    for (qsizetype from = 0; (at = text.indexOf(QLatin1String("[["), from)) >= 0; from = at) {
        WorkCount::add(at - from);
        const qsizetype begin = at + 2;
        const qsizetype end = targetEnd.find(begin);
        qsizetype close = end;
        if (end < text.size() && (text[end] == QLatin1Char('|') || text[end] == QLatin1Char('#')))
            close = aliasEnd.find(end + 1); // an alias or a heading runs to the first `]`
        const bool closed =
            close + 1 < text.size() && text[close] == QLatin1Char(']') && text[close + 1] == QLatin1Char(']');
        if (end == begin || end - begin > kMaxTargetChars || !closed) {
            ++at;
            continue;
        }
        const QString target = text.sliced(begin, end - begin).trimmed();
        WorkCount::add(target.size());
        if (!target.isEmpty() && !seen.contains(target)) {
            seen.insert(target);
            out << target;
        }
        at = close + 2;
    }
    return out;
}

void buildTranscriptSections(Document &doc, const QList<Paragraph> &paragraphs)
{
    QString speakerFromHeading;
    for (const Paragraph &p : paragraphs) {
        if (p.headingLevel > 0) {
            const QString title = parseHeading(p.lines.front()).title;
            speakerFromHeading = speakerHeadingPattern().match(title).hasMatch() ? title : QString();
            continue;
        }
        Section s;
        s.startLine = p.startLine;
        s.endLine = p.endLine;
        s.heading = p.heading;
        QString speaker;
        QString text;
        if (matchTurn(p, &speaker, &text)) {
            s.isTurn = true;
            s.speaker = speaker;
            s.text = stripMarkdownForIndex(text);
        } else if (!speakerFromHeading.isEmpty()) {
            s.isTurn = true;
            s.speaker = speakerFromHeading;
            s.text = speakerFromHeading + QStringLiteral(": ") + stripMarkdownForIndex(p.lines.join(QLatin1Char('\n')));
        } else {
            s.text = stripMarkdownForIndex(p.lines.join(QLatin1Char('\n')));
        }
        s.time = doc.created;
        WorkCount::add(s.text.size() + s.heading.size());
        doc.sections << s;
    }
}

void buildNoteSections(Document &doc, const QList<Paragraph> &paragraphs)
{
    for (const Paragraph &p : paragraphs) {
        if (p.headingLevel > 0)
            continue; // the heading travels with its paragraphs as Section::heading
        Section s;
        s.startLine = p.startLine;
        s.endLine = p.endLine;
        s.heading = p.heading;
        s.text = stripMarkdownForIndex(p.lines.join(QLatin1Char('\n')));
        WorkCount::add(s.text.size() + s.heading.size());
        doc.sections << s;
    }
}

bool looksLikeTranscript(const Document &doc, const QList<Paragraph> &paragraphs)
{
    const QString kind = doc.frontMatter.value(QStringLiteral("kind")).toString().toLower();
    if (kind == QLatin1String("transcript") || kind == QLatin1String("conversation")
        || kind == QLatin1String("session"))
        return true;
    int turns = 0;
    int body = 0;
    for (const Paragraph &p : paragraphs) {
        if (p.headingLevel > 0) {
            const QString title = parseHeading(p.lines.front()).title;
            if (speakerHeadingPattern().match(title).hasMatch())
                ++turns;
            continue;
        }
        ++body;
        QString speaker;
        QString text;
        if (matchTurn(p, &speaker, &text))
            ++turns;
    }
    return turns >= 3 && turns * 2 >= body;
}

} // namespace

QString DocumentParser::withLineFeeds(const QString &text)
{
    if (!text.contains(QLatin1Char('\r')))
        return text;
    QString out = text;
    out.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
    out.replace(QLatin1Char('\r'), QLatin1Char('\n'));
    return out;
}

bool DocumentParser::looksBinary(const QByteArray &bytes)
{
    if (bytes.contains('\0'))
        return true; // anywhere: text with a NUL in it is not text any tool here can show
    const qsizetype n = qMin<qsizetype>(bytes.size(), 8192);
    int control = 0;
    for (qsizetype i = 0; i < n; ++i) {
        const auto c = static_cast<unsigned char>(bytes[i]);
        if (c < 32 && c != '\n' && c != '\r' && c != '\t' && c != '\f')
            ++control;
    }
    return n > 0 && control * 10 > n; // over 10% control characters
}

QStringList DocumentParser::supportedSuffixes()
{
    return {QStringLiteral("md"), QStringLiteral("markdown"), QStringLiteral("txt"), QStringLiteral("jsonl")};
}

Result<Document> DocumentParser::parse(const QString &relativePath, const QByteArray &bytes)
{
    Document doc;
    doc.path = relativePath;
    if (looksBinary(bytes))
        return Error{QStringLiteral("file holds binary data, not text; it is not indexed"), relativePath};

    QStringDecoder decoder(QStringDecoder::Utf8);
    QString text = decoder.decode(bytes);
    if (decoder.hasError()) {
        // Name the first line that is not valid UTF-8 so the person can find it.
        int line = 1;
        QStringDecoder probe(QStringDecoder::Utf8);
        qsizetype start = 0;
        for (qsizetype i = 0; i <= bytes.size(); ++i) {
            const bool lineEnd =
                i < bytes.size()
                && (bytes[i] == '\n' || (bytes[i] == '\r' && (i + 1 == bytes.size() || bytes[i + 1] != '\n')));
            if (i == bytes.size() || lineEnd) {
                const QString decoded = probe.decode(bytes.mid(start, i - start));
                Q_UNUSED(decoded);
                if (probe.hasError())
                    break;
                start = i + 1;
                ++line;
            }
        }
        return Error{QStringLiteral("file is not valid UTF-8; re-save it as UTF-8"), relativePath, line};
    }
    if (text.startsWith(QChar(0xFEFF)))
        text.remove(0, 1);
    text = withLineFeeds(text);
    WorkCount::add(text.size()); // decoded, line ends made '\n', split into lines

    const QString suffix = QFileInfo(relativePath).suffix().toLower();
    if (suffix == QLatin1String("jsonl")) {
        doc.kind = DocumentKind::AgentLog;
        doc.title = QFileInfo(relativePath).completeBaseName();
        AgentLogParser::parse(text, doc);
        return doc;
    }

    const QStringList lines = text.split(QLatin1Char('\n'));
    const bool markdown = suffix == QLatin1String("md") || suffix == QLatin1String("markdown");
    if (markdown) {
        auto fm = FrontMatter::parse(lines);
        if (!fm) {
            Error e = fm.error();
            e.path = relativePath;
            return e;
        }
        doc.frontMatter = fm->values;
        doc.bodyStartLine = fm->bodyStartLine;
    }
    doc.created = FrontMatter::date(
        doc.frontMatter.value(QStringLiteral("created"), doc.frontMatter.value(QStringLiteral("date"))));
    doc.title = doc.frontMatter.value(QStringLiteral("title")).toString();

    const QList<Paragraph> paragraphs = splitParagraphs(lines, doc.bodyStartLine, markdown);
    if (doc.title.isEmpty()) {
        for (const Paragraph &p : paragraphs) {
            if (p.headingLevel == 1) {
                doc.title = parseHeading(p.lines.front()).title;
                break;
            }
        }
    }
    if (doc.title.isEmpty())
        doc.title = QFileInfo(relativePath).completeBaseName();
    if (doc.title.size() > kMaxTitleChars) {
        // The title travels with every chunk of the file; a huge one would be copied into each.
        doc.warnings << ParseWarning{1, QStringLiteral("title is %1 characters long; only the first %2 are kept")
                                            .arg(doc.title.size())
                                            .arg(kMaxTitleChars)};
        doc.title = doc.title.left(kMaxTitleChars);
    }

    if (markdown && looksLikeTranscript(doc, paragraphs)) {
        doc.kind = DocumentKind::Transcript;
        buildTranscriptSections(doc, paragraphs);
    } else {
        doc.kind = markdown ? DocumentKind::Note : DocumentKind::PlainText;
        buildNoteSections(doc, paragraphs);
    }
    doc.wikiLinks = findWikiLinks(text);
    return doc;
}

} // namespace engram
