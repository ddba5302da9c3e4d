#include "MessageLog.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QListWidget>
#include <QLocale>
#include <QVBoxLayout>

namespace engram {

namespace {
const int kMaxEntries = 500; // a long day of drops and index runs; older ones go first
}

MessageLog::MessageLog(QWidget *parent) : QToolButton(parent)
{
    setObjectName(QStringLiteral("messagesButton"));
    setAutoRaise(true);
    setToolTip(tr("Messages of this session: refused drops, errors, finished jobs"));
    connect(this, &QToolButton::clicked, this, &MessageLog::showLog);
    updateButton();
}

void MessageLog::add(const QString &text, Severity severity)
{
    if (text.isEmpty())
        return;
    m_entries.append({QDateTime::currentDateTime(), text, severity});
    if (m_entries.size() > kMaxEntries)
        m_entries.removeFirst();
    if (m_dialog && m_dialog->isVisible())
        m_list->addItem(QStringLiteral("%1  %2").arg(QLocale().toString(m_entries.last().time.time()), text));
    else if (severity != Severity::Info)
        ++m_unread;
    updateButton();
}

QStringList MessageLog::messages() const
{
    QStringList texts;
    for (const Entry &e : m_entries)
        texts << e.text;
    return texts;
}

void MessageLog::showLog()
{
    if (!m_dialog) {
        m_dialog = new QDialog(window());
        m_dialog->setObjectName(QStringLiteral("messageLogDialog"));
        m_dialog->setWindowTitle(tr("Messages"));
        m_list = new QListWidget(m_dialog);
        m_list->setObjectName(QStringLiteral("messageList"));
        m_list->setWordWrap(true);
        auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, m_dialog);
        connect(buttons, &QDialogButtonBox::rejected, m_dialog, &QDialog::hide);
        auto *layout = new QVBoxLayout(m_dialog);
        layout->addWidget(m_list, 1);
        layout->addWidget(buttons);
        m_dialog->resize(560, 320);
    }
    m_list->clear();
    for (const Entry &e : std::as_const(m_entries))
        m_list->addItem(QStringLiteral("%1  %2").arg(QLocale().toString(e.time.time()), e.text));
    m_list->scrollToBottom();
    m_unread = 0;
    updateButton();
    m_dialog->show();
    m_dialog->raise();
}

void MessageLog::updateButton()
{
    setText(m_unread > 0 ? tr("%Ln new message(s)", nullptr, m_unread) : tr("Messages"));
    QFont f = font();
    f.setBold(m_unread > 0);
    setFont(f);
    setEnabled(!m_entries.isEmpty());
}

} // namespace engram
