#pragma once

#include <QSortFilterProxyModel>
#include <QStringList>

namespace engram {

/// Search-as-you-type and tag filters over the memory table. Every word of
/// the search must occur in the title, heading or path; region, store and
/// layer filters are exact (empty = any). A session whose turn matches stays
/// visible with that turn. Sorting uses SortRole; a session's turns keep the
/// order in which they were said unless sorted by strength or last access.
class MemoryFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit MemoryFilterProxy(QObject *parent = nullptr);

    void setSearchText(const QString &text);
    void setRegion(const QString &region);
    void setStore(const QString &store);
    void setLayer(const QString &layer);
    QString region() const { return m_region; }
    /// Sorts from the first page of a MemoryTableModel's rows (MemoryTableModel::showFirstPage): the
    /// rest is fetched and placed in the sort a slice at a time (MemoryBrowser).
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    /// A new filter or sort applies to the first page only (MemoryTableModel::showFirstPage).
    void startFromFirstPage();

    QStringList m_words;
    QString m_region;
    QString m_store;
    QString m_layer;
};

} // namespace engram
