#pragma once

#include "CatalogDelta.h"
#include "ViewData.h"
#include "index/MemoryCatalog.h"

#include <QAbstractItemModel>

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
public:
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
    /// Follows one index run: dataChanged, beginRemoveRows and beginInsertRows for the rows of
    /// the files in `delta` only, so a proxy keeps its sort and a view its selection and scroll.
    /// A changed session updates its own row and its turns in place.
    void applyDelta(const CatalogDelta &delta);
    void setStrengths(const QHash<qint64, MemoryStrength> &strengths);
    /// The top-level row `index`: a note's chunk, or a session's summary row.
    const MemoryRow &row(int index) const { return m_top.at(index); }
    /// Where the memory with this chunk id is (a top-level row or a session's turn); invalid if unknown.
    QModelIndex indexOfChunk(qint64 chunkId) const;
    bool hasStrengths() const { return !m_strengths.isEmpty(); }
    /// Chunks held, sessions' turns included.
    qint64 memoryCount() const { return m_memoryCount; }

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
    bool aggregate(Session &session) const;
    QVariant display(const MemoryRow &row, int column, const Session *session, bool turn) const;
    QVariant sortValue(const MemoryRow &row, int column, const Session *session, bool turn) const;

    QList<MemoryRow> m_top; ///< notes' chunks and one summary row per session
    std::unordered_map<QString, std::unique_ptr<Session>> m_sessions;
    QHash<qint64, MemoryStrength> m_strengths;
    qint64 m_memoryCount = 0;
};

} // namespace engram
