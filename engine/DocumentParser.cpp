#include "DocumentParser.h"

#include "FrontMatter.h"

#include <QFileInfo>
#include <QRegularExpression>
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

const QRegularExpression &headingPattern()
{
    static const QRegularExpression re(QStringLiteral(R"(^(#{1,6})\s+(.*?)\s*#*\s*$)"));
    return re;
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
        const int lineNumber = i + 1;
        const QString trimmed = line.trimmed();
        if (markdown && (trimmed.startsWith(QLatin1String("```")) || trimmed.startsWith(QLatin1String("~~~")))) {
            if (!inFence)
                flush();
            inFence = !inFence;
        }
        if (!inFence && markdown) {
            const auto heading = headingPattern().match(line);
            if (heading.hasMatch()) {
                flush();
                const int level = int(heading.captured(1).size());
                while (headingPath.size() >= level)
                    headingPath.removeLast();
                while (headingPath.size() < level - 1)
                    headingPath << QString();
                headingPath << heading.captured(2);
                Paragraph h;
                h.startLine = h.endLine = lineNumber;
                h.lines << line;
                h.headingLevel = level;
                QStringList nonEmpty;
                for (const QString &part : std::as_const(headingPath))
                    if (!part.isEmpty())
                        nonEmpty << part;
                h.heading = nonEmpty.join(QStringLiteral(" > "));
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
            current.heading = nonEmpty.join(QStringLiteral(" > "));
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

QString stripMarkdownForIndex(const QString &text)
{
    // Keep the words; drop link targets and emphasis markers that only add noise.
    static const QRegularExpression link(QStringLiteral(R"(\[([^\]]*)\]\([^)]*\))"));
    QString out = text;
    out.replace(link, QStringLiteral("\\1"));
    return out;
}

QDateTime parseDate(const QVariant &value)
{
    if (!value.isValid())
        return {};
    const QString text = value.toString().trimmed();
    QDateTime dt = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!dt.isValid())
        dt = QDateTime::fromString(text, Qt::ISODate);
    if (!dt.isValid()) {
        const QDate d = QDate::fromString(text.left(10), Qt::ISODate);
        if (d.isValid())
            dt = QDateTime(d, QTime(0, 0));
    }
    // A date without a zone ("2023-05-08", "2023-05-08 13:56") is a calendar time, the same
    // wherever the vault is opened: it is kept as UTC, so it reads back as the same date in any
    // time zone (and comparing UTC times never consults the system's zone rules).
    if (dt.isValid() && dt.timeSpec() == Qt::LocalTime)
        dt.setTimeSpec(Qt::UTC);
    return dt;
}

QStringList findWikiLinks(const QString &text)
{
    static const QRegularExpression wiki(QStringLiteral(R"(\[\[([^\]|#\n]{1,200})(?:[#|][^\]\n]*)?\]\])"));
    QStringList out;
    auto it = wiki.globalMatch(text);
    while (it.hasNext()) {
        const QString target = it.next().captured(1).trimmed();
        if (!target.isEmpty() && !out.contains(target))
            out << target;
    }
    return out;
}

void buildTranscriptSections(Document &doc, const QList<Paragraph> &paragraphs)
{
    QString speakerFromHeading;
    for (const Paragraph &p : paragraphs) {
        if (p.headingLevel > 0) {
            const QString title = headingPattern().match(p.lines.front()).captured(2);
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
            const QString title = headingPattern().match(p.lines.front()).captured(2);
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

bool DocumentParser::looksBinary(const QByteArray &bytes)
{
    const qsizetype n = qMin<qsizetype>(bytes.size(), 8192);
    int control = 0;
    for (qsizetype i = 0; i < n; ++i) {
        const auto c = static_cast<unsigned char>(bytes[i]);
        if (c == 0)
            return true;
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
            if (i == bytes.size() || bytes[i] == '\n') {
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
    text.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));

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
    doc.created =
        parseDate(doc.frontMatter.value(QStringLiteral("created"), doc.frontMatter.value(QStringLiteral("date"))));
    doc.title = doc.frontMatter.value(QStringLiteral("title")).toString();

    const QList<Paragraph> paragraphs = splitParagraphs(lines, doc.bodyStartLine, markdown);
    if (doc.title.isEmpty()) {
        for (const Paragraph &p : paragraphs) {
            if (p.headingLevel == 1) {
                doc.title = headingPattern().match(p.lines.front()).captured(2);
                break;
            }
        }
    }
    if (doc.title.isEmpty())
        doc.title = QFileInfo(relativePath).completeBaseName();

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
