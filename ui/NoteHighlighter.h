#pragma once

#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace engram {

/// The built-in highlighter: Markdown with YAML front matter, and JSON / JSONL.
/// Used when KSyntaxHighlighting for Qt 6 is not available at build time.
class NoteHighlighter : public QSyntaxHighlighter {
    Q_OBJECT
public:
    enum class Syntax { Markdown, Json, Plain };

    explicit NoteHighlighter(QTextDocument *document);

    void setSyntax(Syntax syntax);
    static Syntax syntaxForFile(const QString &fileName);

protected:
    void highlightBlock(const QString &text) override;

private:
    enum BlockState { Body = 0, FrontMatter = 1, CodeFence = 2 };
    struct Rule {
        QRegularExpression pattern;
        QTextCharFormat format;
        int group = 0;
    };
    void applyRules(const QString &text, const QList<Rule> &rules);
    void buildFormats();

    Syntax m_syntax = Syntax::Markdown;
    QList<Rule> m_markdown;
    QList<Rule> m_yaml;
    QList<Rule> m_json;
    QTextCharFormat m_heading;
    QTextCharFormat m_code;
    QTextCharFormat m_fence;
};

} // namespace engram
