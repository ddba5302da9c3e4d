#pragma once

#include "ViewData.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QTreeView;
class QTimer;

namespace engram {

class EmptyState;
class MemoryFilterProxy;
class MemoryTableModel;
class NoteEditor;
class VaultSession;

/// The memory browser: every memory of the vault in a virtualized list with
/// search-as-you-type, tag filters and sorting, and the source of the
/// selected one in an editor beside it. An agent session is one row that
/// expands into its turns; selecting it shows the conversation, selecting a
/// turn shows the conversation at that turn.
class MemoryBrowser : public QWidget {
    Q_OBJECT
public:
    explicit MemoryBrowser(VaultSession *session, QWidget *parent = nullptr);

    void setRegionFilter(const QString &region);
    /// Strength and last access per chunk id, from the dynamics layer.
    void setStrengths(const QHash<qint64, MemoryStrength> &strengths);
    void focusSearch();
    /// Selects the memory with this chunk id (clearing filters that hide it, expanding its
    /// session); false if unknown.
    bool showMemory(qint64 chunkId);
    MemoryFilterProxy *proxy() const { return m_proxy; }
    NoteEditor *editor() const { return m_editor; }

Q_SIGNALS:
    /// The memory shown beside the list changed (the association graph focuses on it).
    void memorySelected(qint64 chunkId);

private:
    void updateFilters();
    void showSelected();
    void updateCount();
    void fillCombo(QComboBox *combo, const QHash<QString, qint64> &counts, const QString &anyText,
                   QString (*word)(const QString &));

    VaultSession *m_session;
    MemoryTableModel *m_model;
    MemoryFilterProxy *m_proxy;
    EmptyState *m_empty;
    QLineEdit *m_search;
    QComboBox *m_region;
    QComboBox *m_store;
    QComboBox *m_layer;
    QLabel *m_count;
    QTreeView *m_table;
    NoteEditor *m_editor;
    QTimer *m_searchDelay;
    bool m_returning = false; ///< putting the selection back after a cancelled prompt
};

} // namespace engram
