#include "ConversationView.h"

#include <QEvent>
#include <QLocale>
#include <QScrollBar>
#include <QUrl>

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

QString durationText(qint64 ms, bool codex)
{
    // Codex gives a call's duration to the tenth of a second: its 0.0 says only "under 0.05 s"
    // (37 of the sample session's 45 figures), which "0 ms" misstated.
    if (ms < 0 || (codex && ms == 0))
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
    // A tool call's ▸ is a link "call:<turn>:<call>" that unfolds it.
    connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        if (url.scheme() != QLatin1String("call"))
            return;
        const QStringList at = url.path().split(QLatin1Char(':'));
        if (at.size() == 2)
            toggleCall(at.at(0).toInt(), at.at(1).toInt());
    });
}

void ConversationView::toggleCall(int turn, int call)
{
    if (turn < 0 || turn >= m_conversation.turns.size() || call < 0
        || call >= m_conversation.turns[turn].toolCalls.size())
        return;
    const std::pair<int, int> key{turn, call};
    if (!m_unfolded.remove(key))
        m_unfolded.insert(key);
    render();
}

void ConversationView::setConversation(const Conversation &conversation, const QString &title)
{
    m_conversation = conversation;
    m_title = title;
    m_highlighted.clear();
    m_unfolded.clear();
    m_startLine = m_endLine = 0;
    render();
}

void ConversationView::clearConversation()
{
    setConversation({}, {});
}

void ConversationView::highlightLines(int startLine, int endLine)
{
    const QList<int> turns = m_conversation.turnsOverlapping(startLine, endLine);
    if (turns != m_highlighted || startLine != m_startLine || endLine != m_endLine) {
        m_highlighted = turns;
        m_startLine = startLine;
        m_endLine = endLine;
        render();
    }
    // The whole session (no lines) reads from its start; a memory is brought into view at its
    // own part: an agent's turn that runs for a hundred lines would otherwise show its start.
    if (startLine <= 0) {
        verticalScrollBar()->setValue(0);
    } else if (!m_highlighted.isEmpty()) {
        const int turn = m_highlighted.first();
        const QList<ConversationPart> &parts = m_conversation.turns[turn].parts;
        int part = 0;
        while (part + 1 < parts.size() && parts[part + 1].line > 0 && parts[part + 1].line <= startLine)
            ++part;
        scrollToAnchor(part == 0 ? QStringLiteral("turn-%1").arg(turn)
                                 : QStringLiteral("part-%1-%2").arg(turn).arg(part));
    }
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
    // The memory selected (by a click in Memories, a node of the graph, a recall): not always a recall.
    if (highlighted)
        header += QStringLiteral(" <span style=\"color:%1\">%2</span>").arg(muted, tr("· this memory"));

    // The memory's own parts of a long turn stand out from the rest of the turn.
    const QString ownColor =
        mix(base, QColor(dark ? QStringLiteral("#c9a227") : QStringLiteral("#f2c94c")), dark ? 0.6 : 0.8);
    const int lastOwnLine = qMax(m_startLine, m_endLine);
    QString body;
    for (int p = 0; p < turn.parts.size(); ++p) {
        const ConversationPart &part = turn.parts[p];
        const int nextLine = p + 1 < turn.parts.size() ? turn.parts[p + 1].line : turn.endLine + 1;
        const bool own = highlighted && turn.parts.size() > 1 && m_startLine > 0 && part.line > 0
                         && part.line <= lastOwnLine && nextLine > m_startLine;
        body += QStringLiteral("<a name=\"part-%1-%2\"></a>").arg(index).arg(p);
        if (part.toolCall < 0) {
            body +=
                QStringLiteral("<p style=\"white-space:pre-wrap; margin-top:4px%2\">%1</p>")
                    .arg(escaped(part.text), own ? QStringLiteral("; background-color:%1").arg(ownColor) : QString());
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
        const QString duration = durationText(call.durationMs, m_conversation.agent == QLatin1String("codex"));
        const bool unfolded = m_unfolded.contains({index, part.toolCall});
        body +=
            QStringLiteral("<div style=\"font-family:monospace; margin-left:12px%6\"><a href=\"call:%7:%8\" "
                           "style=\"text-decoration:none\">%9</a> <b>%1</b> "
                           "<span style=\"color:%2\">%3</span> %4%5</div>")
                .arg(call.name.toHtmlEscaped(), muted, escaped(call.summary), outcome,
                     duration.isEmpty() ? QString()
                                        : QStringLiteral(" <span style=\"color:%1\">%2</span>").arg(muted, duration),
                     own ? QStringLiteral("; background-color:%1").arg(ownColor) : QString(), QString::number(index),
                     QString::number(part.toolCall), unfolded ? QStringLiteral("▾") : QStringLiteral("▸"));
        if (unfolded) {
            const auto block = [&muted](const QString &label, const QString &content) {
                return QStringLiteral("<p style=\"color:%1; margin-left:28px; margin-bottom:0\">%2</p>"
                                      "<pre style=\"margin-left:28px; margin-top:2px; white-space:pre-wrap\">%3</pre>")
                    .arg(muted, label.toHtmlEscaped(), escaped(content));
            };
            body += block(tr("Input"), call.input.isEmpty() ? tr("(none)") : call.input);
            body += block(tr("Output"), call.output.isEmpty() ? tr("(none)") : call.output);
        }
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
    facts << tr("%Ln turn(s)", nullptr, int(m_conversation.turns.size()));
    facts << (failed > 0 ? tr("%Ln tool call(s), %1 failed", nullptr, calls).arg(failed)
                         : tr("%Ln tool call(s)", nullptr, calls));
    if (m_conversation.skippedLines > 0)
        facts << tr("%Ln line(s) not shown", nullptr, m_conversation.skippedLines);
    QString html = QStringLiteral("<h3>%1</h3><p style=\"color:%2\">%3</p>")
                       .arg(m_title.toHtmlEscaped(), muted, facts.join(QStringLiteral(" · ")).toHtmlEscaped());
    for (int i = 0; i < m_conversation.turns.size(); ++i)
        html += turnHtml(i);
    setHtml(html);
    verticalScrollBar()->setValue(scroll);
}

} // namespace engram
