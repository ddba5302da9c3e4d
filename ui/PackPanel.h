#pragma once

#include "recall/ContextPack.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTimer;

namespace engram {

class VaultSession;

/// The context pack for an agent: choose the task, mode and token budget,
/// preview the exact Markdown and its token count, copy it to the clipboard.
class PackPanel : public QWidget {
    Q_OBJECT
public:
    explicit PackPanel(VaultSession *session, QWidget *parent = nullptr);

    /// Builds the pack (if the inputs changed) and puts it on the clipboard.
    void copyToClipboard();
    /// Puts the pack for `task` on the clipboard (the task field shows it); an empty task is the
    /// default pack of focus and recent work.
    void copyFor(const QString &task);
    /// What the pack is made for: the task, or the default query when there is none.
    QString madeFor() const;
    QString previewText() const;
    /// What a pack is for when no task is typed; a query for the engine, so never translated.
    static QString defaultTask() { return QStringLiteral("current focus and recent work"); }

Q_SIGNALS:
    /// The pack is on the clipboard; `madeFor` is the query it was built for.
    void copied(const QString &madeFor);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void rebuild();
    void showPack(int id, const engram::ContextPack &pack, const QString &error);
    void refreshModes();

    VaultSession *m_session;
    QLineEdit *m_task;
    QComboBox *m_mode;
    QSpinBox *m_budget;
    QPushButton *m_copy;
    QLabel *m_tokens;
    QPlainTextEdit *m_preview;
    QTimer *m_delay;
    bool m_stale = true;
    bool m_copyWhenReady = false;
    int m_pending = 0;
};

} // namespace engram
