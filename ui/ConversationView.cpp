#include "ConversationView.h"

#include <QEvent>
#include <QLocale>
#include <QScrollBar>

namespace engram {

namespace {

constexpr int kMaxPartChars = 4000; // a pasted log is not read here; the raw view has it whole

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

QString mix(const QColor &a, const QColor &b, double amountOfB)
{
    const auto channel = [&](int x, int y) { return int(x * (1.0 - amountOfB) + y * amountOfB); };
    return QColor(channel(a.red(), b.red()), channel(a.green(), b.green()), channel(a.blue(), b.blue())).name();
}

QString escaped(QString text)
{
    if (text.size() > kMaxPartChars)
        text = text.left(kMaxPartChars) + QStringLiteral(" …");
    return text.toHtmlEscaped();
}

QString durationText(qint64 ms)
{
    if (ms < 0)
        return {};
    if (ms < 1000)
        return ConversationView::tr("%1 ms").arg(ms);
    if (ms < 60'000)
        return ConversationView::tr("%1 s").arg(QLocale().toString(ms / 1000.0, 'f', 1));
    return ConversationView::tr("%1 min %2 s").arg(ms / 60'000).arg((ms % 60'000) / 1000);
}

} // namespace

ConversationView::ConversationView(QWidget *parent) : QTextBrowser(parent)
{
    setObjectName(QStringLiteral("conversationView"));
    setOpenLinks(false);
    setReadOnly(true);
}

void ConversationView::setConversation(const Conversation &conversation, const QString &title)
{
    m_conversation = conversation;
    m_title = title;
    m_highlighted.clear();
    render();
}

void ConversationView::clearConversation()
{
    setConversation({}, {});
}

void ConversationView::highlightLines(int startLine, int endLine)
{
    const QList<int> turns = m_conversation.turnsOverlapping(startLine, endLine);
    if (turns != m_highlighted) {
        m_highlighted = turns;
        render();
    }
    // The whole session (no lines) reads from its start; a turn is brought into view.
    if (startLine <= 0)
        verticalScrollBar()->setValue(0);
    else if (!m_highlighted.isEmpty())
        scrollToAnchor(QStringLiteral("turn-%1").arg(m_highlighted.first()));
}

void ConversationView::changeEvent(QEvent *event)
{
    QTextBrowser::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        render();
}

QString ConversationView::turnHtml(int index) const
{
    const ConversationTurn &turn = m_conversation.turns[index];
    const QPalette pal = palette();
    const bool dark = isDark(pal);
    const QColor base = pal.color(QPalette::Base);
    const QColor text = pal.color(QPalette::Text);
    const bool highlighted = m_highlighted.contains(index);
    const bool user = turn.speaker == QLatin1String("user");
    QString background = user ? mix(base, pal.color(QPalette::Highlight), dark ? 0.16 : 0.08) : base.name();
    if (highlighted)
        background =
            mix(base, QColor(dark ? QStringLiteral("#c9a227") : QStringLiteral("#f2c94c")), dark ? 0.35 : 0.45);
    const QString muted = mix(base, text, 0.6);
    const QString okColor = dark ? QStringLiteral("#6fcf97") : QStringLiteral("#1e7b3c");
    const QString errorColor = dark ? QStringLiteral("#ff8a80") : QStringLiteral("#b3261e");

    QString who = user ? tr("You") : tr("Assistant");
    if (turn.subagent)
        who = user ? tr("Task for a subagent") : tr("Subagent");
    QString header = QStringLiteral("<b>%1</b>").arg(who.toHtmlEscaped());
    if (turn.time.isValid())
        header += QStringLiteral(" <span style=\"color:%1\">%2</span>")
                      .arg(muted, QLocale().toString(turn.time.toLocalTime().time(), QLocale::ShortFormat));
    header += QStringLiteral(" <span style=\"color:%1\">%2</span>")
                  .arg(muted, turn.startLine == turn.endLine ? tr("line %1").arg(turn.startLine)
                                                             : tr("lines %1–%2").arg(turn.startLine).arg(turn.endLine));
    if (highlighted)
        header += QStringLiteral(" <span style=\"color:%1\">%2</span>").arg(muted, tr("· recalled"));

    QString body;
    for (const ConversationPart &part : turn.parts) {
        if (part.toolCall < 0) {
            body += QStringLiteral("<p style=\"white-space:pre-wrap; margin-top:4px\">%1</p>").arg(escaped(part.text));
            continue;
        }
        const ConversationToolCall &call = turn.toolCalls[part.toolCall];
        QString outcome;
        switch (call.outcome) {
        case ConversationToolCall::Outcome::Ok:
            outcome = QStringLiteral("<span style=\"color:%1\">✓ %2</span>").arg(okColor, tr("ok"));
            break;
        case ConversationToolCall::Outcome::Error:
            outcome = QStringLiteral("<span style=\"color:%1\">✗ %2</span>")
                          .arg(errorColor,
                               call.error.isEmpty() ? tr("error") : tr("error: %1").arg(escaped(call.error.left(90))));
            break;
        case ConversationToolCall::Outcome::NoResult:
            outcome = QStringLiteral("<span style=\"color:%1\">%2</span>").arg(muted, tr("no result"));
            break;
        }
        const QString duration = durationText(call.durationMs);
        body +=
            QStringLiteral("<div style=\"font-family:monospace; margin-left:12px\">▸ <b>%1</b> "
                           "<span style=\"color:%2\">%3</span> %4%5</div>")
                .arg(call.name.toHtmlEscaped(), muted, escaped(call.summary), outcome,
                     duration.isEmpty() ? QString()
                                        : QStringLiteral(" <span style=\"color:%1\">%2</span>").arg(muted, duration));
    }
    const QString border = highlighted ? QStringLiteral(" border=\"1\"") : QString();
    return QStringLiteral(
               "<a name=\"turn-%1\"></a><table width=\"100%\" cellpadding=\"6\" cellspacing=\"0\"%2 "
               "style=\"background-color:%3; margin-top:6px; margin-left:%4px\"><tr><td>%5%6</td></tr></table>")
        .arg(index)
        .arg(border, background)
        .arg(turn.subagent ? 24 : 0)
        .arg(header, body);
}

void ConversationView::render()
{
    const int scroll = verticalScrollBar()->value();
    if (m_conversation.turns.isEmpty()) {
        setHtml(m_title.isEmpty()
                    ? QString()
                    : QStringLiteral("<p>%1</p>").arg(tr("Nothing was said in %1.").arg(m_title.toHtmlEscaped())));
        return;
    }
    const QPalette pal = palette();
    const QString muted = mix(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.6);
    int calls = 0;
    int failed = 0;
    for (const ConversationTurn &turn : m_conversation.turns)
        for (const ConversationToolCall &call : turn.toolCalls) {
            ++calls;
            failed += call.outcome == ConversationToolCall::Outcome::Error ? 1 : 0;
        }
    const QString agent = m_conversation.agent == QLatin1String("codex") ? tr("Codex") : tr("Claude Code");
    QStringList facts{agent};
    if (m_conversation.started.isValid())
        facts << QLocale().toString(m_conversation.started.toLocalTime(), QLocale::ShortFormat);
    facts << tr("%n turn(s)", nullptr, int(m_conversation.turns.size()));
    facts << (failed > 0 ? tr("%n tool call(s), %1 failed", nullptr, calls).arg(failed)
                         : tr("%n tool call(s)", nullptr, calls));
    if (m_conversation.skippedLines > 0)
        facts << tr("%n line(s) not shown", nullptr, m_conversation.skippedLines);
    QString html = QStringLiteral("<h3>%1</h3><p style=\"color:%2\">%3</p>")
                       .arg(m_title.toHtmlEscaped(), muted, facts.join(QStringLiteral(" · ")).toHtmlEscaped());
    for (int i = 0; i < m_conversation.turns.size(); ++i)
        html += turnHtml(i);
    setHtml(html);
    verticalScrollBar()->setValue(scroll);
}

} // namespace engram
