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
        FileRowIndex files;                 ///< where each file's rows are in `top`
        QHash<qint64, QString> pathOfChunk; ///< every memory's file, sessions' turns included
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
    /// What a session's own row shows of its turns: the strongest turn's strength (-1 while none has
    /// one) and the latest access.
    struct SessionStrength {
        double strength = -1.0;
        QDateTime lastAccess;
    };
    /// Any thread: every session's SessionStrength by path, from the catalog `rows` and `strengths`.
    /// At a million memories (65,000 sessions) the pass over every turn takes ~300 ms.
    static QHash<QString, SessionStrength> sessionStrengths(const QList<MemoryRow> &rows,
                                                            const QHash<qint64, MemoryStrength> &strengths);
    /// Any thread: the sessions of `after` whose strength (to two decimals) or last access differs
    /// from `before`, or that `before` does not hold; and, of the catalog `rows`, every session with
    /// a turn in `movedTurns` (a session indexed again has new turn ids and, until these arrive, a
    /// row without strength, though its aggregate may equal the one before).
    static QHash<QString, SessionStrength> movedSessions(const QHash<QString, SessionStrength> &before,
                                                         const QHash<QString, SessionStrength> &after,
                                                         const QList<MemoryRow> &rows = {},
                                                         const QSet<qint64> &movedTurns = {});
    /// setStrengths when the caller knows which memories' shown strength or last access moved
    /// (`moved`, by chunk id, computed off the UI thread): a few moved are found by one pass over
    /// the rows, many are announced by one dataChanged per column range. Sessions' own rows are
    /// aggregated here from their turns.
    void setStrengths(const QHash<qint64, MemoryStrength> &strengths, const QSet<qint64> &moved);
    /// The same with the sessions whose own row moved aggregated off the UI thread too
    /// (`sessions`: movedSessions of two sessionStrengths); every other session's row stays as it is.
    void setStrengths(const QHash<qint64, MemoryStrength> &strengths, const QSet<qint64> &moved,
                      const QHash<QString, SessionStrength> &sessions);
    /// The top-level row `index`: a note's chunk, or a session's summary row.
    const MemoryRow &row(int index) const { return m_top.at(index); }
    /// Where the memory with this chunk id is (a top-level row or a session's turn); invalid if unknown
    /// or not shown yet (fetchRows up to topRowOfChunk first).
    QModelIndex indexOfChunk(qint64 chunkId) const;
    /// The top-level row of the memory with this chunk id (its session's row for a turn), shown to views
    /// or not yet; -1 if unknown. Found by its file, not by a look at every row and every session's turn.
    int topRowOfChunk(qint64 chunkId) const;
    bool hasStrengths() const { return !m_strengths.isEmpty(); }
    /// Chunks held, sessions' turns included.
    qint64 memoryCount() const { return m_memoryCount; }
    /// Top-level rows held, shown to views or not yet.
    int topRowCount() const { return int(m_top.size()); }

    /// Top-level rows shown to views at first. A view lays out every row it is given
    /// (QSortFilterProxyModel maps it, QTreeView lays it out: ~0.5 µs each on the UI thread), so a
    /// million at once held the window for seconds; and a sort by a column sorts the rows shown in
    /// one turn, and a search filters them (with every turn of a session that does not match): at a
    /// million memories 20,000 rows took 200 ms to sort, 5,000 took 50-60 ms to search, 2,000 ~20 ms.
    static constexpr int kPage = 2000;
    /// Top-level rows each fetchMore adds. QTreeView fetches more not only when scrolled to the end
    /// but whenever it lays itself out again (after a sort, a removal, a header change): a page each
    /// time grew the list by 20,000 rows a relayout, each placed in the proxy's sort on the UI thread
    /// (670 ms at a million memories). A person scrolling to the end gets the next 2,000.
    static constexpr int kFetch = 2000;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;
    /// fetchMore for up to `rows` top-level rows: a sorted or filtered proxy maps and places each
    /// row it is given, so a caller that fetches every row does it in slices it can time.
    void fetchRows(int rows);
    /// Shows views the first page of rows again (a reset) when they hold more: a proxy sorts again
    /// or filters again every row it holds in one turn (a million memories sorted by strength:
    /// 1.2 s), so a new sort or search starts from a page and fetches the rest in slices.
    void showFirstPage();

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    /// Notes' rows and turns never have children: QTreeView, laying out each row it holds after rows
    /// are added, then asks no more (a million rows: ~60 ms a layout).
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    /// A session's turns and what its own row shows of them.
    struct Session {
        QList<MemoryRow> turns;
        int row = 0;            ///< its top-level row
        double strength = -1.0; ///< the strongest turn's; -1 while no turn has one
        QDateTime lastAccess;   ///< the latest of its turns'
        /// An index of one of its turns was handed out (a view expanded it, a proxy filtered it):
        /// only then can a view or proxy hold its turns, and only then are their changes announced.
        /// At a million memories a dataChanged for the turns of each of 65,000 sessions took
        /// QTreeView seconds (each a linear search of its rows shown for a turn it never showed).
        mutable bool seen = false;
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

    QList<MemoryRow> m_top;               ///< notes' chunks and one summary row per session
    FileRowIndex m_files;                 ///< where each file's rows are in m_top
    QHash<qint64, QString> m_pathOfChunk; ///< every memory's file (44 MB at a million)
    std::unordered_map<QString, std::unique_ptr<Session>> m_sessions;
    QHash<qint64, MemoryStrength> m_strengths;
    qint64 m_memoryCount = 0;
    int m_shown = 0; ///< m_top's first rows that views see (rowCount at the top level)
    /// m_top's rows' sessions (null for notes' rows), made again after any change of rows
    /// (empty until then). Sorting calls data() twice per comparison, and a session's row found
    /// by hashing its path was a fifth of a sort's time.
    mutable QList<Session *> m_topSessions;
};

} // namespace engram
