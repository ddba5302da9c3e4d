#include "ProposalPanel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace engram {

ProposalPanel::ProposalPanel(QWidget *parent) : QGroupBox(tr("Reflection proposals"), parent)
{
    setObjectName(QStringLiteral("proposalPanel"));
    m_empty = new QLabel(tr("No reflection proposals yet. They appear here when a reflection runs over recent "
                            "interactions; accept or reject each one."),
                         this);
    m_empty->setWordWrap(true);
    m_empty->setEnabled(false);
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("proposalList"));
    m_list->setMaximumHeight(110);
    m_accept = new QPushButton(tr("Accept"), this);
    m_accept->setObjectName(QStringLiteral("proposalAcceptButton"));
    m_reject = new QPushButton(tr("Reject"), this);
    m_reject->setObjectName(QStringLiteral("proposalRejectButton"));
    auto *buttons = new QVBoxLayout;
    buttons->addWidget(m_accept);
    buttons->addWidget(m_reject);
    buttons->addStretch(1);
    auto *row = new QHBoxLayout;
    row->addWidget(m_list, 1);
    row->addLayout(buttons);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_empty);
    layout->addLayout(row);
    connect(m_accept, &QPushButton::clicked, this, [this] { resolve(true); });
    connect(m_reject, &QPushButton::clicked, this, [this] { resolve(false); });
    refresh();
}

void ProposalPanel::setProposals(const QList<ReflectionProposal> &proposals)
{
    m_proposals = proposals;
    refresh();
}

void ProposalPanel::resolve(bool accept)
{
    const int row = m_list->currentRow();
    if (row < 0 || row >= m_proposals.size())
        return;
    const ReflectionProposal proposal = m_proposals.takeAt(row);
    refresh();
    if (accept)
        Q_EMIT accepted(proposal);
    else
        Q_EMIT rejected(proposal);
}

void ProposalPanel::refresh()
{
    m_list->clear();
    for (const ReflectionProposal &p : std::as_const(m_proposals)) {
        auto *item = new QListWidgetItem(tr("%1: %2").arg(p.kind, p.text), m_list);
        item->setToolTip(p.rationale);
    }
    const bool any = !m_proposals.isEmpty();
    m_empty->setVisible(!any);
    m_list->setVisible(any);
    m_accept->setVisible(any);
    m_reject->setVisible(any);
    if (any)
        m_list->setCurrentRow(0);
}

} // namespace engram
