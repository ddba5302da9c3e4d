#include "MemoryFilterProxy.h"

#include "MemoryTableModel.h"
#include "Roles.h"

namespace engram {

MemoryFilterProxy::MemoryFilterProxy(QObject *parent) : QSortFilterProxyModel(parent)
{
    setSortRole(SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
    setRecursiveFilteringEnabled(true);
}

void MemoryFilterProxy::setSearchText(const QString &text)
{
    const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words == m_words)
        return;
    m_words = words;
    startFromFirstPage();
    invalidateFilter();
}

void MemoryFilterProxy::setRegion(const QString &region)
{
    if (region == m_region)
        return;
    m_region = region;
    startFromFirstPage();
    invalidateFilter();
}

void MemoryFilterProxy::setStore(const QString &store)
{
    if (store == m_store)
        return;
    m_store = store;
    startFromFirstPage();
    invalidateFilter();
}

void MemoryFilterProxy::setLayer(const QString &layer)
{
    if (layer == m_layer)
        return;
    m_layer = layer;
    startFromFirstPage();
    invalidateFilter();
}

void MemoryFilterProxy::sort(int column, Qt::SortOrder order)
{
    if (column != sortColumn() || order != sortOrder())
        startFromFirstPage();
    QSortFilterProxyModel::sort(column, order);
}

void MemoryFilterProxy::startFromFirstPage()
{
    if (auto *memories = qobject_cast<MemoryTableModel *>(sourceModel()))
        memories->showFirstPage();
}

bool MemoryFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (!m_region.isEmpty() && index.data(RegionRole).toString() != m_region)
        return false;
    if (!m_store.isEmpty() && index.data(StoreRole).toString() != m_store)
        return false;
    if (!m_layer.isEmpty() && index.data(LayerRole).toString() != m_layer)
        return false;
    if (m_words.isEmpty())
        return true;
    const QString haystack = index.data(SearchTextRole).toString();
    for (const QString &word : m_words)
        if (!haystack.contains(word, Qt::CaseInsensitive))
            return false;
    return true;
}

bool MemoryFilterProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const int column = left.column();
    if (left.parent().isValid() && column != MemoryTableModel::StrengthColumn
        && column != MemoryTableModel::LastAccessColumn) {
        // Turns sorted by title would read as a shuffled conversation: they keep its order, in
        // either direction of the sort (the view reverses a descending sort, so this undoes it).
        const int a = left.data(StartLineRole).toInt();
        const int b = right.data(StartLineRole).toInt();
        return sortOrder() == Qt::AscendingOrder ? a < b : a > b;
    }
    return QSortFilterProxyModel::lessThan(left, right);
}

} // namespace engram
