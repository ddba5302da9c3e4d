#include "NoteHighlighter.h"

#include <QFileInfo>
#include <QGuiApplication>
#include <QPalette>

namespace engram {

namespace {

QTextCharFormat makeFormat(const QColor &color, bool bold = false, bool italic = false)
{
    QTextCharFormat f;
    if (color.isValid())
        f.setForeground(color);
    if (bold)
        f.setFontWeight(QFont::Bold);
    f.setFontItalic(italic);
    return f;
}

bool isDark()
{
    return QGuiApplication::palette().color(QPalette::Base).lightness() < 128;
}

} // namespace

NoteHighlighter::NoteHighlighter(QTextDocument *document) : QSyntaxHighlighter(document)
{
    buildFormats();
}

NoteHighlighter::Syntax NoteHighlighter::syntaxForFile(const QString &fileName)
{
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    if (suffix == QLatin1String("json") || suffix == QLatin1String("jsonl"))
        return Syntax::Json;
    if (suffix == QLatin1String("md") || suffix == QLatin1String("markdown"))
        return Syntax::Markdown;
    return Syntax::Plain;
}

void NoteHighlighter::setSyntax(Syntax syntax)
{
    if (syntax == m_syntax)
        return;
    m_syntax = syntax;
    rehighlight();
}

void NoteHighlighter::buildFormats()
{
    // Two colour sets, picked by the palette, so the text reads in light and dark themes.
    const bool dark = isDark();
    const QColor key = dark ? QColor(0x7f, 0xb4, 0xff) : QColor(0x1a, 0x4f, 0xa0);
    const QColor string = dark ? QColor(0x9c, 0xd6, 0x8b) : QColor(0x2b, 0x7a, 0x2b);
    const QColor number = dark ? QColor(0xf0, 0xb0, 0x6a) : QColor(0xa8, 0x50, 0x00);
    const QColor muted = dark ? QColor(0x9a, 0x9a, 0x9a) : QColor(0x70, 0x70, 0x70);
    const QColor accent = dark ? QColor(0xd7, 0x9c, 0xf0) : QColor(0x80, 0x30, 0xa0);

    m_heading = makeFormat(key, true);
    m_code = makeFormat(number);
    m_code.setFontFamilies({QStringLiteral("monospace")});
    m_fence = makeFormat(muted);

    auto rule = [](const char *pattern, const QTextCharFormat &f, int group = 0) {
        return Rule{QRegularExpression(QString::fromLatin1(pattern)), f, group};
    };
    m_markdown = {rule(R"(\*\*[^*]+\*\*)", makeFormat(QColor(), true)),
                  rule(R"((?<![*\w])\*[^*\s][^*]*\*(?!\*))", makeFormat(QColor(), false, true)),
                  rule(R"(`[^`]+`)", m_code),
                  rule(R"(\[\[[^\]]+\]\])", makeFormat(accent)),
                  rule(R"(\[[^\]]+\]\([^)]+\))", makeFormat(accent)),
                  rule(R"(^\s*([-*+]|\d+\.)\s)", makeFormat(key, true)),
                  rule(R"(^>.*$)", makeFormat(muted, false, true))};
    m_yaml = {rule(R"(^\s*-?\s*([A-Za-z_][\w-]*)\s*:)", makeFormat(key, true), 1),
              rule(R"(:\s*(\"[^\"]*\"|'[^']*'))", makeFormat(string), 1),
              rule(R"(:\s*(-?\d+(\.\d+)?|true|false|null)\s*$)", makeFormat(number), 1),
              rule(R"(#.*$)", makeFormat(muted, false, true))};
    m_json = {rule(R"(\"(?:[^\"\\]|\\.)*\")", makeFormat(string)),
              rule(R"((\"(?:[^\"\\]|\\.)*\")\s*:)", makeFormat(key, true), 1),
              rule(R"(\b(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null)\b)", makeFormat(number)),
              rule(R"([{}\[\]])", makeFormat(muted, true))};
}

void NoteHighlighter::applyRules(const QString &text, const QList<Rule> &rules)
{
    for (const Rule &r : rules) {
        auto it = r.pattern.globalMatch(text);
        while (it.hasNext()) {
            const auto match = it.next();
            setFormat(int(match.capturedStart(r.group)), int(match.capturedLength(r.group)), r.format);
        }
    }
}

void NoteHighlighter::highlightBlock(const QString &text)
{
    setCurrentBlockState(Body);
    if (m_syntax == Syntax::Plain)
        return;
    if (m_syntax == Syntax::Json) {
        applyRules(text, m_json);
        return;
    }
    const int previous = previousBlockState();
    const bool firstBlock = currentBlock().blockNumber() == 0;
    const bool fenceLine = text.trimmed() == QLatin1String("---");
    if (firstBlock && fenceLine) { // front matter opens on line 1 only
        setFormat(0, int(text.size()), m_fence);
        setCurrentBlockState(FrontMatter);
        return;
    }
    if (previous == FrontMatter) {
        if (fenceLine) {
            setFormat(0, int(text.size()), m_fence);
            return;
        }
        applyRules(text, m_yaml);
        setCurrentBlockState(FrontMatter);
        return;
    }
    const bool codeFence = text.trimmed().startsWith(QLatin1String("```"));
    if (previous == CodeFence) {
        setFormat(0, int(text.size()), m_code);
        setCurrentBlockState(codeFence ? Body : CodeFence);
        return;
    }
    if (codeFence) {
        setFormat(0, int(text.size()), m_code);
        setCurrentBlockState(CodeFence);
        return;
    }
    if (text.startsWith(QLatin1Char('#'))) {
        setFormat(0, int(text.size()), m_heading);
        return;
    }
    applyRules(text, m_markdown);
}

} // namespace engram
