#pragma once

#include "CatalogDelta.h"
#include "ViewData.h"
#include "index/MemoryCatalog.h"

#include <QAbstractTableModel>

namespace engram {

/// Every memory (chunk) of the vault as a row: title, store, region, layer,
/// strength, last access, source. Strength and last access come from the
/// dynamics layer; until it supplies them the cells stay empty.
class MemoryTableModel : public QAbstractTableModel {
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

    /// Replaces every row (a reset: views lose selection and scroll). For opening a vault.
    void setRows(const QList<MemoryRow> &rows);
    /// Follows one index run: dataChanged, beginRemoveRows and beginInsertRows for the rows of
    /// the files in `delta` only, so a proxy keeps its sort and a view its selection and scroll.
    void applyDelta(const CatalogDelta &delta);
    void setStrengths(const QHash<qint64, MemoryStrength> &strengths);
    const MemoryRow &row(int index) const { return m_rows.at(index); }
    bool hasStrengths() const { return !m_strengths.isEmpty(); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant display(const MemoryRow &row, int column) const;
    QVariant sortValue(const MemoryRow &row, int column) const;

    QList<MemoryRow> m_rows;
    QHash<qint64, MemoryStrength> m_strengths;
};

} // namespace engram
