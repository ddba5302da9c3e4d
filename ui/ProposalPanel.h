#pragma once

#include "ViewData.h"

#include <QGroupBox>

class QLabel;
class QListWidget;
class QPushButton;

namespace engram {

/// Reflection proposals: each suggested heuristic, learning, avoidance or
/// priority with its rationale; accept adds it to the state (undoably),
/// reject drops it. The reflection layer supplies them with setProposals().
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
