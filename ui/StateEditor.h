#pragma once

#include "CognitiveStateDocument.h"
#include "ViewData.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QListView;
class QPushButton;

namespace engram {

class CognitiveStateDocument;
class EmptyState;
class ProposalPanel;
class StateListModel;
class VaultSession;

/// Editors for the agent's cognitive state: focus and priorities, heuristics,
/// learnings, avoidances. Add, edit in place, reorder and delete, all undoable.
class StateEditor : public QWidget {
    Q_OBJECT
public:
    explicit StateEditor(VaultSession *session, QWidget *parent = nullptr);

    CognitiveStateDocument *document() const { return m_document; }
    QList<StateListModel *> models() const { return m_models; }
    bool save();
    /// Unsaved state edits before the vault changes or the window closes: saved, discarded, or
    /// (false) the person cancelled.
    bool maybeSave();
    /// Proposals of reflections (state/reflections.jsonl): accept applies one as a learning, reject dismisses its
    /// reflection.
    ProposalPanel *proposals() const { return m_proposals; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QWidget *makeListEditor(StateList list, const QString &name, const QString &title, const QString &placeholder);
    void load();
    void showStatus(const QString &text);
    void showConflict();
    void mergeWithDisk();
    void loadProposals();
    void resolveProposal(const ReflectionProposal &proposal, bool accept);

    VaultSession *m_session;
    CognitiveStateDocument *m_document;
    QList<StateListModel *> m_models;
    EmptyState *m_empty;
    ProposalPanel *m_proposals;
    QLineEdit *m_focus;
    QLabel *m_status;
    QPushButton *m_save;
    QWidget *m_conflict;
};

} // namespace engram
