#pragma once

#include "agent/MemoryReview.h"

#include <QWidget>

class QAbstractButton;
class QComboBox;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTextEdit;
class QToolButton;
class QTreeView;

namespace engram {

class EmptyState;
class ReviewModel;
class VaultSession;

/// The Review view: the open findings of the hygiene detector (duplicates, contradictions, stale
/// facts), newest and most recalled first, and for the one selected both memories side by side with
/// the words that differ marked, why they were paired, and the actions that resolve it (merge,
/// supersede, keep both, archive either) with an undo stack. Everything runs on the session's
/// indexing thread (VaultSession::requestResolve …); the answers come back by signal.
class ReviewView : public QWidget {
    Q_OBJECT
public:
    explicit ReviewView(VaultSession *session, QWidget *parent = nullptr);

    ReviewModel *model() const { return m_model; }
    /// Actions that can still be undone, the last first.
    qsizetype undoDepth() const { return m_undo.size(); }
    /// Asks for the findings again (coalesced: one request in flight, one more after it at most).
    void refresh();

Q_SIGNALS:
    /// The person wants to edit this memory in the Memories view.
    void editRequested(qint64 chunkId);
    /// An action or a load failed: a message for the window's log.
    void failed(const QString &message);

private:
    enum class Side { Older, Newer };
    struct Done {
        ReviewUndo undo;
        QString what; ///< "Merge of a.md and b.md", for the undo button's tooltip
    };

    void takeFindings(const QList<ReviewFinding> &findings, const QString &error);
    void takeResolved(const QString &findingId, const ReviewUndo &undo, const QString &error);
    void takeUndone(const QString &findingId, const QString &error);
    void act(ReviewAction action, Side side);
    void undo();
    void edit(Side side);
    /// The finding of the current row, or null.
    const ReviewFinding *current() const;
    void showCurrent();
    void ensureCurrent();
    void updateEmptyState();
    void updateButtons();
    void setStatus(const QString &text, bool error = false);
    QString infoText(const ReviewSide &side) const;

    VaultSession *m_session;
    ReviewModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QComboBox *m_kind;
    QLabel *m_status;
    QPushButton *m_undoButton;
    EmptyState *m_empty;
    QTreeView *m_list;
    QLabel *m_reason;
    QLabel *m_olderTitle;
    QLabel *m_newerTitle;
    QLabel *m_olderInfo;
    QLabel *m_newerInfo;
    QTextEdit *m_olderText;
    QTextEdit *m_newerText;
    QToolButton *m_merge;
    QPushButton *m_supersede;
    QPushButton *m_keepBoth;
    QPushButton *m_archiveOlder;
    QPushButton *m_archiveNewer;
    QToolButton *m_edit;
    QList<Done> m_undo;
    QString m_pendingWhat;  ///< the action in flight, described
    QString m_reselect;     ///< a finding an undo brings back: selected when it is listed again
    bool m_busy = false;    ///< an action or an undo is in flight
    bool m_loading = false; ///< a request for the findings is in flight
    bool m_loadAgain = false;
    bool m_loaded = false; ///< findings arrived since the vault opened
};

} // namespace engram
