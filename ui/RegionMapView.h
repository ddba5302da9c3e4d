#pragma once

#include "ViewData.h"

#include <QWidget>

namespace engram {

class VaultSession;

/// The six regions drawn as a map: each area sized by how many memories live
/// there and shaded by how strong they are (by count until strength data
/// exists). Clicking an area asks the browser to show that region.
class RegionMapView : public QWidget {
    Q_OBJECT
public:
    explicit RegionMapView(VaultSession *session, QWidget *parent = nullptr);

    void setStats(const QList<RegionStat> &stats);
    /// The area of `region` in widget coordinates (empty if unknown).
    QRectF areaOf(const QString &region) const;
    static QStringList regionNames();
    /// The fixed colour of a region (also the node colour of the association graph).
    static QColor colorFor(const QString &region);

Q_SIGNALS:
    void regionClicked(const QString &region);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void layoutAreas();
    QString regionAt(const QPointF &point) const;
    RegionStat statOf(const QString &region) const;

    VaultSession *m_session;
    QList<RegionStat> m_stats;
    QHash<QString, QRectF> m_areas;
    QString m_hovered;
};

} // namespace engram
