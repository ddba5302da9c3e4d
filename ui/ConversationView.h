#pragma once

#include "ingest/ConversationReader.h"

#include <QSet>
#include <QTextBrowser>

#include <utility>

namespace engram {

/// An agent session as a person reads it: who spoke, what was said, each tool call folded to
/// one line with its outcome and duration. The turns a recalled memory came from are
/// highlighted and scrolled into view. Read-only; rendered again when the palette changes, so
/// it reads in light and dark themes alike.
class ConversationView : public QTextBrowser {
    Q_OBJECT
public:
    explicit ConversationView(QWidget *parent = nullptr);

    void setConversation(const Conversation &conversation, const QString &title);
    /// Highlights the turns that share a line with start..end (1-based file lines); 0 clears.
    void highlightLines(int startLine, int endLine);
    void clearConversation();

    const Conversation &conversation() const { return m_conversation; }
    QList<int> highlightedTurns() const { return m_highlighted; }
    /// Unfolds (or folds) a tool call to its input and output, as a click on its ▸ does.
    void toggleCall(int turn, int call);

protected:
    void changeEvent(QEvent *event) override;

private:
    void render();
    QString turnHtml(int index) const;

    Conversation m_conversation;
    QString m_title;
    QList<int> m_highlighted;
    QSet<std::pair<int, int>> m_unfolded; ///< (turn, call) of the tool calls shown with their input and output
    int m_startLine = 0;                  ///< the highlighted memory's lines: its parts of a long turn are marked apart
    int m_endLine = 0;
};

} // namespace engram
