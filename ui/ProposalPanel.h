#pragma once

#include "ViewData.h"

#include <QGroupBox>

class QLabel;
class QListWidget;
class QPushButton;

namespace engram {

/// Reflection proposals: each proposed learning with its rationale; accept
/// or reject one (the state editor applies it through engine/Reflection).
class ProposalPanel : public QGroupBox {
    Q_OBJECT
public:
    explicit ProposalPanel(QWidget *parent = nullptr);

    void setProposals(const QList<ReflectionProposal> &proposals);
    const QList<ReflectionProposal> &proposals() const { return m_proposals; }

Q_SIGNALS:
    void accepted(const engram::ReflectionProposal &proposal);
    void rejected(const engram::ReflectionProposal &proposal);

private:
    void resolve(bool accept);
    void refresh();

    QList<ReflectionProposal> m_proposals;
    QLabel *m_empty;
    QListWidget *m_list;
    QPushButton *m_accept;
    QPushButton *m_reject;
};

} // namespace engram
