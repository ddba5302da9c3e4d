#pragma once

#include <QColor>
#include <QStyledItemDelegate>

namespace engram {

/// Draws a result's score breakdown (BreakdownRole) as one small bar per
/// signal: length = value × weight, colour = the signal.
class ScoreBarDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    static QColor colorFor(const QString &signal);
};

} // namespace engram
