#include "RegionMapView.h"

#include "VaultSession.h"
#include "Vocabulary.h"

#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

namespace engram {

QColor RegionMapView::colorFor(const QString &region)
{
    static const QHash<QString, QColor> colors{{QStringLiteral("identity"), QColor(0x8b, 0x5c, 0xf6)},
                                               {QStringLiteral("language-comprehension"), QColor(0x3b, 0x82, 0xf6)},
                                               {QStringLiteral("language-production"), QColor(0x06, 0xb6, 0xd4)},
                                               {QStringLiteral("vision"), QColor(0xf5, 0x9e, 0x0b)},
                                               {QStringLiteral("episodic"), QColor(0xef, 0x44, 0x44)},
                                               {QStringLiteral("spatial"), QColor(0x10, 0xb9, 0x81)}};
    return colors.value(region, QColor(0x94, 0xa3, 0xb8));
}

RegionMapView::RegionMapView(VaultSession *session, QWidget *parent) : QWidget(parent), m_session(session)
{
    setObjectName(QStringLiteral("regionMap"));
    setMouseTracking(true);
    setMinimumSize(360, 240);
    auto refresh = [this] {
        QList<RegionStat> stats;
        for (const QString &region : regionNames())
            stats << RegionStat{region, m_session->stats().byRegion.value(region), -1.0};
        setStats(stats);
    };
    connect(m_session, &VaultSession::catalogReady, this, refresh);
    connect(m_session, &VaultSession::closed, this, refresh);
    refresh();
}

QStringList RegionMapView::regionNames()
{
    return {QStringLiteral("identity"),
            QStringLiteral("language-comprehension"),
            QStringLiteral("language-production"),
            QStringLiteral("vision"),
            QStringLiteral("episodic"),
            QStringLiteral("spatial")};
}

void RegionMapView::setStats(const QList<RegionStat> &stats)
{
    m_stats = stats;
    layoutAreas();
    update();
}

RegionStat RegionMapView::statOf(const QString &region) const
{
    for (const RegionStat &s : m_stats)
        if (s.region == region)
            return s;
    return RegionStat{region, 0, -1.0};
}

QRectF RegionMapView::areaOf(const QString &region) const
{
    return m_areas.value(region);
}

void RegionMapView::layoutAreas()
{
    // Two bands of three, like lobes: band height and area width follow the
    // counts, with a floor so an empty region stays visible and clickable.
    m_areas.clear();
    const QStringList names = regionNames();
    const QRectF canvas = QRectF(rect()).adjusted(12, 12, -12, -36);
    double bandTotal[2] = {0, 0};
    for (int i = 0; i < names.size(); ++i)
        bandTotal[i / 3] += double(statOf(names.at(i)).count);
    const double all = bandTotal[0] + bandTotal[1];
    const double topShare = all > 0 ? qBound(0.3, bandTotal[0] / all, 0.7) : 0.5;
    double y = canvas.top();
    for (int band = 0; band < 2; ++band) {
        const double height = canvas.height() * (band == 0 ? topShare : 1.0 - topShare);
        double x = canvas.left();
        for (int j = 0; j < 3; ++j) {
            const QString &name = names.at(band * 3 + j);
            const double share = bandTotal[band] > 0 ? double(statOf(name).count) / bandTotal[band] : 1.0 / 3;
            const double width = canvas.width() * (0.12 + 0.64 * share); // 3×0.12 + 0.64 = 1
            m_areas.insert(name, QRectF(x, y, width, height).adjusted(3, 3, -3, -3));
            x += width;
        }
        y += height;
    }
}

void RegionMapView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    qint64 maxCount = 1;
    bool haveStrength = false;
    for (const RegionStat &s : m_stats) {
        maxCount = qMax(maxCount, s.count);
        haveStrength = haveStrength || s.meanStrength >= 0;
    }
    const QLocale locale;
    for (auto it = m_areas.cbegin(); it != m_areas.cend(); ++it) {
        const RegionStat stat = statOf(it.key());
        const double intensity = haveStrength ? qMax(0.0, stat.meanStrength) : double(stat.count) / maxCount;
        QColor fill = colorFor(it.key());
        fill.setAlphaF(float(0.15 + 0.75 * intensity));
        QPainterPath path;
        path.addRoundedRect(it.value(), 14, 14);
        painter.fillPath(path, fill);
        painter.setPen(QPen(it.key() == m_hovered ? palette().color(QPalette::Highlight) : colorFor(it.key()),
                            it.key() == m_hovered ? 3 : 1.5));
        painter.drawPath(path);
        painter.setPen(palette().color(QPalette::WindowText));
        QFont font = painter.font();
        font.setBold(true);
        painter.setFont(font);
        const QString name = Vocabulary::region(it.key());
        const QString caption =
            stat.count > 0 ? tr("%1\n%Ln memories", nullptr, int(stat.count)).arg(name) : tr("%1\nempty").arg(name);
        painter.drawText(it.value().adjusted(6, 6, -6, -6), Qt::AlignCenter | Qt::TextWordWrap,
                         stat.meanStrength >= 0
                             ? caption + tr("\nstrength %1").arg(locale.toString(stat.meanStrength, 'f', 2))
                             : caption);
    }
    painter.setFont(font());
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.drawText(QRectF(12, height() - 30, width() - 24, 24), Qt::AlignLeft | Qt::AlignVCenter,
                     haveStrength ? tr("Area: number of memories · shade: mean strength · click to browse")
                                  : tr("Area and shade: number of memories (no strength data yet) · click to browse"));
}

QString RegionMapView::regionAt(const QPointF &point) const
{
    for (auto it = m_areas.cbegin(); it != m_areas.cend(); ++it)
        if (it.value().contains(point))
            return it.key();
    return {};
}

void RegionMapView::mouseMoveEvent(QMouseEvent *event)
{
    const QString region = regionAt(event->position());
    if (region != m_hovered) {
        m_hovered = region;
        setCursor(region.isEmpty() ? Qt::ArrowCursor : Qt::PointingHandCursor);
        update();
    }
}

void RegionMapView::mouseReleaseEvent(QMouseEvent *event)
{
    const QString region = regionAt(event->position());
    if (event->button() == Qt::LeftButton && !region.isEmpty())
        Q_EMIT regionClicked(region);
}

void RegionMapView::leaveEvent(QEvent *)
{
    m_hovered.clear();
    update();
}

void RegionMapView::resizeEvent(QResizeEvent *)
{
    layoutAreas();
}

} // namespace engram
