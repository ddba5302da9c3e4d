#pragma once

#include "ingest/InjectedContextReader.h"

#include <QWidget>

class QLabel;
class QListWidget;
class QPlainTextEdit;

namespace engram {

/// Beside an agent session's turns: what Engram put in front of the agent's model in that
/// session — the SessionStart pack and each Engram tool result — read from the transcript itself
/// (InjectedContextReader), listed in the order the session received them, the selected one's
/// text in full as the model was given it. Hidden for a session Engram gave nothing.
class InjectedContextPanel : public QWidget {
    Q_OBJECT
public:
    explicit InjectedContextPanel(QWidget *parent = nullptr);

    /// Reads `transcript` (JSONL) and lists what Engram gave the session; shows the panel when
    /// there is something, hides it otherwise.
    void setTranscript(const QString &transcript);
    void clear();

    const QList<InjectedContext> &contexts() const { return m_contexts; }

private:
    void showContext(int row);

    QList<InjectedContext> m_contexts;
    QLabel *m_heading;
    QListWidget *m_list;
    QPlainTextEdit *m_text;
};

} // namespace engram
