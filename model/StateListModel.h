#pragma once

#include "CognitiveStateDocument.h"

#include <QAbstractListModel>

namespace engram {

class CognitiveStateDocument;

/// One list of the cognitive state (priorities, heuristics, learnings or
/// avoidances) as editable rows; edits go through the document's undo stack.
class StateListModel : public QAbstractListModel {
    Q_OBJECT
public:
    StateListModel(CognitiveStateDocument *document, StateList list, QObject *parent = nullptr);

    StateList list() const { return m_list; }

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

private:
    QString details(int row) const;

    CognitiveStateDocument *m_document;
    StateList m_list;
};

} // namespace engram
