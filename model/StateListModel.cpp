#include "StateListModel.h"

#include "CognitiveStateDocument.h"

#include <QLocale>

namespace engram {

StateListModel::StateListModel(CognitiveStateDocument *document, StateList list, QObject *parent)
    : QAbstractListModel(parent), m_document(document), m_list(list)
{
    // The document replaces its state wholesale (load, undo, redo): reset.
    connect(document, &CognitiveStateDocument::stateReset, this, [this] {
        beginResetModel();
        endResetModel();
    });
}

int StateListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : CognitiveStateDocument::count(m_document->state(), m_list);
}

QVariant StateListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole: return CognitiveStateDocument::text(m_document->state(), m_list, index.row());
    case Qt::ToolTipRole: return details(index.row());
    }
    return {};
}

bool StateListModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return false;
    const QString text = value.toString().trimmed();
    if (text.isEmpty())
        return false;
    m_document->editItem(m_list, index.row(), text);
    return true;
}

Qt::ItemFlags StateListModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable;
}

QString StateListModel::details(int row) const
{
    const CognitiveState &s = m_document->state();
    const QLocale locale;
    if (m_list == StateList::Heuristics && row < s.heuristics.size()) {
        const auto &h = s.heuristics.at(row);
        return tr("Source: %1\nUsed %Ln time(s)", nullptr, h.useCount).arg(h.source)
               + (h.lastUsed.isValid() ? tr("\nLast used %1").arg(locale.toString(h.lastUsed, QLocale::ShortFormat))
                                       : QString());
    }
    if (m_list == StateList::Learnings && row < s.learnings.size()) {
        const auto &l = s.learnings.at(row);
        return tr("Category: %1\nContext: %2\n%3")
            .arg(l.category, l.context, locale.toString(l.timestamp, QLocale::ShortFormat));
    }
    return CognitiveStateDocument::text(s, m_list, row);
}

} // namespace engram
