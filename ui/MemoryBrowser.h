#pragma once

#include "CatalogDelta.h"
#include "Job.h"
#include "MemoryTableModel.h"
#include "ViewData.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QSplitter;
class QTreeView;
class QTimer;

namespace engram {

class EmptyViewNote;
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

    /// A note a sync left in conflict, and its last good version (this machine's, as committed
    /// before the merge).
    struct ConflictedNote {
        QString path;
        QByteArray lastGood;
    };
    /// Lists the notes in conflict above the memories (the index leaves them out until they are
    /// resolved); choosing one shows its last good version, read-only. None hides the list.
    void setConflicts(const QList<ConflictedNote> &notes);

    void setRegionFilter(const QString &region);
    /// Strength and last access per chunk id, from the dynamics layer.
    void setStrengths(const QHash<qint64, MemoryStrength> &strengths, const QSet<qint64> &moved,
                      const QHash<QString, MemoryTableModel::SessionStrength> &sessions);
    void focusSearch();
    /// Selects the memory with this chunk id (clearing filters that hide it, expanding its
    /// session); false if unknown. A memory far down a long list is selected a few turns later,
    /// once the rows up to it are fetched.
    bool showMemory(qint64 chunkId);
    MemoryFilterProxy *proxy() const { return m_proxy; }
    NoteEditor *editor() const { return m_editor; }
    /// Keeps the split between table and note as the person left it, for the next start.
    void saveSettings() const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

Q_SIGNALS:
    /// The memory shown beside the list changed (the association graph focuses on it).
    void memorySelected(qint64 chunkId);

private:
    void updateFilters();
    /// Hides the last access and source columns while the table is too narrow for them.
    void fitColumns();
    /// The sentence in the table's empty area: why there is no row (no vault, indexing, no match).
    void updateEmptyNote();
    void chooseCurrent();
    void showSelected();
    void updateCount();
    /// What the session said of its catalog, taken in order: a whole catalog (or its first files) is
    /// laid out on the thread pool (at a million rows the grouping takes seconds), a delta that came
    /// meanwhile waits its turn.
    struct CatalogStep {
        enum Kind { Reset, Extend, Delta } kind;
        QList<MemoryRow> rows;
        CatalogDelta delta;
    };
    void takeCatalog(CatalogStep step);
    void nextCatalogStep();
    void clearRows();
    /// While a filter or a sort is on, the rows not shown yet are fetched a page per turn of the
    /// event loop, so the filter sees every memory without holding the window.
    void fetchForFilter();
    /// A search, a tag filter or a sort is on: the proxy places each row fetched with some care.
    bool isFilteredOrSorted() const;
    /// Fetches the next `*slice` rows, and sizes the next slice (up to `most`) to take ~15 ms.
    void fetchSlice(int *slice, int most);
    /// showMemory's next step: a slice of rows fetched, or the memory selected once shown.
    void revealStep();
    void fillCombo(QComboBox *combo, const QHash<QString, qint64> &counts, const QString &anyText,
                   QString (*word)(const QString &));

    VaultSession *m_session;
    MemoryTableModel *m_model;
    MemoryFilterProxy *m_proxy;
    EmptyViewNote *m_nothing;
    QSplitter *m_splitter;
    QLineEdit *m_search;
    QComboBox *m_region;
    QComboBox *m_store;
    QComboBox *m_layer;
    QLabel *m_count;
    QTreeView *m_table;
    QListWidget *m_conflicts;
    QList<ConflictedNote> m_conflicted;
    NoteEditor *m_editor;
    QTimer *m_searchDelay;
    int m_essentialWidth = 0;  ///< the title at its minimum and the tag columns
    int m_lastAccessWidth = 0; ///< of the columns that give way when the table is narrow
    int m_sourceWidth = 0;
    bool m_opening = false;
    std::pair<int, int> m_indexed;  ///< files indexed of how many, while the index runs
    bool m_awaitingRows = false;    ///< an index of files ended; its catalog has not come yet
    bool m_returning = false;       ///< putting the selection back after a cancelled prompt
    QPersistentModelIndex m_chosen; ///< the row whose memory the editor was last given
    /// Its memory: a sort of a long list starts it from its first page again (a reset), and the
    /// row is found again by it.
    qint64 m_chosenChunk = 0;
    QList<CatalogStep> m_steps;
    bool m_layingOut = false;
    bool m_previewed = false; ///< the rows shown are the start of the catalog still being read
    LatestJob m_layout;
    QTimer *m_fetch;
    QTimer *m_reveal;
    qint64 m_revealing = 0;            ///< the memory showMemory fetches the rows up to
    bool m_revealKeepsFilters = false; ///< a memory the filters hide is not shown (they stay)
    int m_revealSlice = MemoryTableModel::kPage;
    int m_fetchSlice = 500; ///< rows fetchForFilter takes in one turn, adapted to take ~15 ms
};

} // namespace engram
