#pragma once

#include "CatalogDelta.h"
#include "ViewData.h"
#include "index/MemoryCatalog.h"

#include <QAbstractItemModel>
#include <QSet>

#include <memory>
#include <unordered_map>

namespace engram {

/// Every memory (chunk) of the vault: title, store, region, layer, strength, last access,
/// source. A note's chunks are top-level rows; an agent session (an agent-log transcript) is
/// one top-level row (its title, turn count, strongest strength, last access) whose children
/// are its turns (its chunks), in the order they were said. Strength and last access come from
/// the dynamics layer; until it supplies them the cells stay empty.
class MemoryTableModel : public QAbstractItemModel {
    Q_OBJECT
    struct Session;

public:
    /// The rows as the model holds them (sessions grouped, their turns in order), laid out from a
    /// catalog on any thread by layOut and taken in at once by setLayout or appendLayout. At a
    /// million memories the grouping takes seconds: it stays off the UI thread.
    struct Layout {
        QList<MemoryRow> top;
        std::unordered_map<QString, std::unique_ptr<Session>> sessions;
        qint64 memoryCount = 0;
        QHash<qint64, MemoryStrength> strengths; ///< what sessions' strengths were taken from
        Layout();
        ~Layout();
        Layout(Layout &&) noexcept;
        Layout &operator=(Layout &&) noexcept;
    };

    enum Column {
        TitleColumn,
        StoreColumn,
        RegionColumn,
        LayerColumn,
        StrengthColumn,
        LastAccessColumn,
        SourceColumn,
        ColumnCount
    };

    explicit MemoryTableModel(QObject *parent = nullptr);
    ~MemoryTableModel() override;

    /// Replaces every row (a reset: views lose selection and scroll). For opening a vault.
    void setRows(const QList<MemoryRow> &rows);
    /// Any thread: `rows` laid out as the model holds them, sessions' strengths from `strengths`.
    static std::shared_ptr<Layout> layOut(const QList<MemoryRow> &rows, const QHash<qint64, MemoryStrength> &strengths);
    /// setRows with the rows laid out already: a reset that costs the UI thread a swap (the rows it
    /// held are freed on the thread pool).
    void setLayout(const std::shared_ptr<Layout> &layout);
    /// setLayout for a layout that starts with the rows held now, in the same order (the whole
    /// catalog after its first files): views keep their rows, selection and scroll, and can fetch
    /// the rest. Any other layout resets.
    void extendLayout(const std::shared_ptr<Layout> &layout);
    const QHash<qint64, MemoryStrength> &strengths() const { return m_strengths; }
    /// Follows one index run: dataChanged, beginRemoveRows and beginInsertRows for the rows of
    /// the files in `delta` only, so a proxy keeps its sort and a view its selection and scroll.
    /// A changed session updates its own row and its turns in place.
    void applyDelta(const CatalogDelta &delta);
    void setStrengths(const QHash<qint64, MemoryStrength> &strengths);
    /// Any thread: the chunk ids whose strength (to two decimals), last access or archived state
    /// differs between `before` and `after`, or that only one of them holds.
    static QSet<qint64> movedStrengths(const QHash<qint64, MemoryStrength> &before,
                                       const QHash<qint64, MemoryStrength> &after);
    /// setStrengths when the caller knows which memories' shown strength or last access moved
    /// (`moved`, by chunk id, computed off the UI thread): a few moved are found by one pass over
    /// the rows, many are announced by one dataChanged per column range.
    void setStrengths(const QHash<qint64, MemoryStrength> &strengths, const QSet<qint64> &moved);
    /// The top-level row `index`: a note's chunk, or a session's summary row.
    const MemoryRow &row(int index) const { return m_top.at(index); }
    /// Where the memory with this chunk id is (a top-level row or a session's turn); invalid if unknown
    /// or not shown yet (revealChunk).
    QModelIndex indexOfChunk(qint64 chunkId) const;
    bool hasStrengths() const { return !m_strengths.isEmpty(); }
    /// Chunks held, sessions' turns included.
    qint64 memoryCount() const { return m_memoryCount; }
    /// Top-level rows held, shown to views or not yet.
    int topRowCount() const { return int(m_top.size()); }
    /// Where the memory with this chunk id is, fetching the rows up to it first when it is not shown yet.
    QModelIndex revealChunk(qint64 chunkId);

    /// Top-level rows shown to views at first, and added by each fetchMore. A view lays out every
    /// row it is given (QSortFilterProxyModel maps it, QTreeView lays it out: ~0.5 µs each on the
    /// UI thread), so a million at once held the window for seconds; a page is ~10 ms.
    static constexpr int kPage = 20000;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    /// A session's turns and what its own row shows of them.
    struct Session {
        QList<MemoryRow> turns;
        int row = 0;            ///< its top-level row
        double strength = -1.0; ///< the strongest turn's; -1 while no turn has one
        QDateTime lastAccess;   ///< the latest of its turns'
    };

    Session *sessionAt(int topRow) const;
    Session *sessionOf(const QModelIndex &index) const;
    const MemoryRow &rowOf(const QModelIndex &index) const;
    void applyTopDelta(const CatalogDelta &delta);
    void updateTurns(Session &session, const QList<MemoryRow> &turns);
    void numberSessions();
    bool aggregate(Session &session) const { return aggregate(session, m_strengths); }
    static bool aggregate(Session &session, const QHash<qint64, MemoryStrength> &strengths);
    QVariant display(const MemoryRow &row, int column, const Session *session, bool turn) const;
    QVariant sortValue(const MemoryRow &row, int column, const Session *session, bool turn) const;

    QList<MemoryRow> m_top; ///< notes' chunks and one summary row per session
    std::unordered_map<QString, std::unique_ptr<Session>> m_sessions;
    QHash<qint64, MemoryStrength> m_strengths;
    qint64 m_memoryCount = 0;
    int m_shown = 0; ///< m_top's first rows that views see (rowCount at the top level)
};

} // namespace engram
