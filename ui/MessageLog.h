#pragma once

#include <QDateTime>
#include <QToolButton>

class QDialog;
class QListWidget;

namespace engram {

/// Messages of the session (a refused drop, a failed index, a finished consolidation) kept until read.
/// The status bar's text is replaced by the next progress line within a tenth of a second; this
/// button in the status bar opens the log of every message and counts, as new, only those that
/// matter: errors and warnings. A finished job is logged but does not ask to be read.
class MessageLog : public QToolButton {
    Q_OBJECT
public:
    enum class Severity { Info, Warning, Error };

    explicit MessageLog(QWidget *parent = nullptr);

    void add(const QString &text, Severity severity = Severity::Error);
    int unread() const { return m_unread; }
    QStringList messages() const;
    /// Shows the log (non-modal) and marks everything read.
    void showLog();

private:
    void updateButton();

    struct Entry {
        QDateTime time;
        QString text;
        Severity severity;
    };
    QList<Entry> m_entries;
    int m_unread = 0;
    QDialog *m_dialog = nullptr;
    QListWidget *m_list = nullptr;
};

} // namespace engram
