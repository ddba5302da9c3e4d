#include "InjectedContextPanel.h"

#include <QFontDatabase>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPlainTextEdit>
#include <QVBoxLayout>

namespace engram {

InjectedContextPanel::InjectedContextPanel(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("injectedContextPanel"));
    m_heading = new QLabel(tr("What the agent was shown"), this);
    m_heading->setObjectName(QStringLiteral("injectedContextHeading"));
    m_heading->setToolTip(tr("What Engram put in front of the agent's model in this session, as the transcript "
                             "records it: the pack at the session's start and each result of an Engram tool"));
    QFont bold = m_heading->font();
    bold.setBold(true);
    m_heading->setFont(bold);
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("injectedContextList"));
    m_text = new QPlainTextEdit(this);
    m_text->setObjectName(QStringLiteral("injectedContextText"));
    m_text->setReadOnly(true);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_heading);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_text, 3);
    connect(m_list, &QListWidget::currentRowChanged, this, &InjectedContextPanel::showContext);
    clear();
}

void InjectedContextPanel::setTranscript(const QString &transcript)
{
    m_contexts = InjectedContextReader::read(transcript);
    m_list->clear();
    m_text->clear();
    const QLocale locale;
    for (const InjectedContext &context : std::as_const(m_contexts)) {
        const QString characters = locale.toString(context.text.size());
        QString label;
        if (context.kind == InjectedContext::Kind::SessionStartPack)
            label = tr("Session start pack — %1 characters").arg(characters);
        else if (context.failed)
            label = tr("%1 %2 — failed").arg(context.tool, context.arguments);
        else
            label = tr("%1 %2 — %3 characters").arg(context.tool, context.arguments, characters);
        auto *item = new QListWidgetItem(label, m_list);
        item->setToolTip(tr("Line %1 of the transcript").arg(context.line));
    }
    setVisible(!m_contexts.isEmpty());
    if (!m_contexts.isEmpty())
        m_list->setCurrentRow(0);
}

void InjectedContextPanel::clear()
{
    m_contexts.clear();
    m_list->clear();
    m_text->clear();
    hide();
}

void InjectedContextPanel::showContext(int row)
{
    m_text->setPlainText(row >= 0 && row < m_contexts.size() ? m_contexts.at(row).text : QString());
}

} // namespace engram
