#pragma once

#include <QDateTime>
#include <QToolButton>

class QDialog;
class QListWidget;

namespace engram {

/// Messages that matter (a refused drop, a failed index, a finished consolidation) kept until read.
/// The status bar's text is replaced by the next progress line within a tenth of a second; this
/// button in the status bar counts what has not been read and opens the log of every message.
class MessageLog : public QToolButton {
    Q_OBJECT
public:
    explicit MessageLog(QWidget *parent = nullptr);

    void add(const QString &text);
    int unread() const { return m_unread; }
    QStringList messages() const;
    /// Shows the log (non-modal) and marks everything read.
    void showLog();

private:
    void updateButton();

    struct Entry {
        QDateTime time;
        QString text;
    };
    QList<Entry> m_entries;
    int m_unread = 0;
    QDialog *m_dialog = nullptr;
    QListWidget *m_list = nullptr;
};

} // namespace engram
