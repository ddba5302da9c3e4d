#include "ScoreBarDelegate.h"

#include "Roles.h"

#include <QApplication>
#include <QPainter>

namespace engram {

namespace {

/// The terms of a result's score: one bar each. Informative signals (the match, the query's time)
/// add nothing to the score, so they get no bar.
QVariantList scoreTerms(const QModelIndex &index)
{
    QVariantList terms = index.data(BreakdownRole).toList();
    terms.removeIf([](const QVariant &s) { return s.toMap().value(QStringLiteral("informative")).toBool(); });
    return terms;
}

} // namespace

QColor ScoreBarDelegate::colorFor(const QString &signal)
{
    static const QHash<QString, QColor> colors{{QStringLiteral("relevance"), QColor(0x3b, 0x82, 0xf6)},
                                               {QStringLiteral("strength"), QColor(0x10, 0xb9, 0x81)},
                                               {QStringLiteral("recency"), QColor(0xf5, 0x9e, 0x0b)},
                                               {QStringLiteral("access"), QColor(0x8b, 0x5c, 0xf6)},
                                               {QStringLiteral("coactivation"), QColor(0xec, 0x48, 0x99)},
                                               {QStringLiteral("graph"), QColor(0x64, 0x74, 0x8b)}};
    return colors.value(signal, QColor(0x94, 0xa3, 0xb8));
}

void ScoreBarDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear();
    QApplication::style()->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);
    const QVariantList breakdown = scoreTerms(index);
    if (breakdown.isEmpty())
        return;
    const QRect area = option.rect.adjusted(4, 3, -4, -3);
    const int rows = int(breakdown.size());
    const double rowHeight = double(area.height()) / rows;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, false);
    for (int i = 0; i < rows; ++i) {
        const QVariantMap s = breakdown.at(i).toMap();
        const double contribution =
            s.value(QStringLiteral("value")).toDouble() * s.value(QStringLiteral("weight")).toDouble();
        // The largest weight any default mode gives one signal is about 0.5; scale so it fills the cell.
        const int width = int(qBound(0.0, contribution / 0.5, 1.0) * area.width());
        const QRectF bar(area.left(), area.top() + i * rowHeight, qMax(1, width), qMax(1.0, rowHeight - 1));
        painter->fillRect(bar, colorFor(s.value(QStringLiteral("name")).toString()));
    }
    painter->restore();
}

QSize ScoreBarDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const int rows = int(scoreTerms(index).size());
    return QSize(120, qMax(option.fontMetrics.height() + 6, rows * 4 + 6));
}

} // namespace engram
