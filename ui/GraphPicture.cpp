#include "GraphPicture.h"

#include <QFontMetricsF>
#include <QHash>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <QTimer>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <optional>

namespace engram {

namespace {
constexpr double kLabelWidth = 190.0; // device pixels: about 28 characters, a title's useful part
constexpr int kMaxLabels = 400;       // placing more costs more than a frame and they would not fit anyway
// Edges weighed when a label chooses its side (a focused view, a community, the overview): up to
// 400 labels × 4 sides × this many clips, a few ms; above it, sides are chosen by free space alone.
constexpr int kWeighedEdges = 600;
constexpr double kCell = 64.0; // device pixels: the grid that finds the discs near a label
/// The part of `line` inside `rect` (Liang–Barsky); false when none is. A zoomed-in view would
/// otherwise stroke each line over its whole length far off screen: 302 wide antialiased lines
/// of the overview took 70 ms a frame at 6:1, 2 ms clipped.
bool clip(QLineF &line, const QRectF &rect)
{
    double t0 = 0.0;
    double t1 = 1.0;
    const double dx = line.dx();
    const double dy = line.dy();
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {line.x1() - rect.left(), rect.right() - line.x1(), line.y1() - rect.top(),
                         rect.bottom() - line.y1()};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0.0) {
            if (q[i] < 0.0)
                return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0.0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return false;
    }
    line = QLineF(line.x1() + t0 * dx, line.y1() + t0 * dy, line.x1() + t1 * dx, line.y1() + t1 * dy);
    return true;
}

} // namespace

GraphPicture::GraphPicture(QWidget *palette) : m_palette(palette)
{
    setFlag(ItemUsesExtendedStyleOption); // exposedRect: only what is on screen is drawn
}

void GraphPicture::setGraph(const QList<Node> &nodes, const QList<Edge> &edges)
{
    prepareGeometryChange();
    m_nodes = nodes;
    m_edges = edges;
    m_positions = QList<QPointF>(nodes.size());
    m_elided = QList<QString>(nodes.size());
    m_selected = -1;
    m_bounds = {};
    m_cacheValid = false;
}

void GraphPicture::setSelected(int index)
{
    m_selected = index;
    m_cacheValid = false;
    update();
}

void GraphPicture::positionsChanged()
{
    QRectF bounds;
    for (int i = 0; i < m_positions.size(); ++i) {
        const double r = m_nodes.at(i).radius;
        bounds |= QRectF(m_positions.at(i) - QPointF(r, r), QSizeF(2 * r, 2 * r));
    }
    // Labels are drawn at screen size beside a node: room for them at any zoom down to 1:4.
    bounds.adjust(-40, -40, kLabelWidth * 4, 40);
    if (bounds != m_bounds) {
        prepareGeometryChange();
        m_bounds = bounds;
    }
    m_cacheValid = false;
    update();
}

int GraphPicture::nodeAt(const QPointF &scenePos, double slack) const
{
    int best = -1;
    double bestDistance = 0.0;
    for (int i = 0; i < m_positions.size(); ++i) {
        const double d = std::hypot(m_positions.at(i).x() - scenePos.x(), m_positions.at(i).y() - scenePos.y());
        if (d <= m_nodes.at(i).radius + slack && (best < 0 || d < bestDistance)) {
            best = i;
            bestDistance = d;
        }
    }
    return best;
}

void GraphPicture::setMoving(bool moving)
{
    m_moving = moving;
    if (!moving)
        update(); // the sharp picture, now that the zoom or the pan has stopped
}

void GraphPicture::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    if (m_nodes.size() + m_edges.size() < kCachedAbove) {
        paintContent(painter, option->exposedRect, lod);
        return;
    }
    // Tens of thousands of lines take longer than a frame to raster (~150 ms at 20k memories on
    // the test machine). They are drawn once into an image of the viewport; while the view zooms
    // or pans that image is scaled and moved (a map's trick), and drawn again, sharp, once the
    // view has been still for a moment.
    const QTransform toDevice = painter->worldTransform();
    const QSize size(painter->device()->width(), painter->device()->height());
    const bool fresh = m_cacheValid && m_cache.size() == size && toDevice == m_cacheTransform;
    if (!fresh && !(m_moving && m_cacheValid)) {
        m_cache = QImage(size, QImage::Format_ARGB32_Premultiplied);
        m_cache.fill(Qt::transparent);
        QPainter image(&m_cache);
        image.setWorldTransform(toDevice);
        paintContent(&image, toDevice.inverted().mapRect(QRectF(QPointF(), QSizeF(size))), lod);
        image.end();
        m_cacheTransform = toDevice;
        m_cacheValid = true;
    }
    painter->save();
    painter->setRenderHint(QPainter::SmoothPixmapTransform, false);
    painter->setWorldTransform(m_cacheTransform.inverted() * toDevice);
    painter->drawImage(QPointF(), m_cache);
    painter->restore();
}

void GraphPicture::paintContent(QPainter *painter, const QRectF &exposed, double lod)
{
    painter->setRenderHint(QPainter::Antialiasing, m_edges.size() < 1500);
    const double slack = 8.0 / qMax(0.001, lod); // a wide line's cap just off screen still shows
    const QRectF margin = exposed.adjusted(-slack, -slack, slack, slack);
    // Edges of one colour and width in one call; opaque cosmetic lines take the rasteriser's
    // fast path (translucent or scaled wide ones cost ten times more per line). Widths are whole
    // pixels so that lines group: one pen per group, not per line (150 wide antialiased lines
    // with a pen each took 20–40 ms a frame).
    QHash<QPair<QRgb, int>, QList<QLineF>> groups;
    for (const Edge &e : std::as_const(m_edges)) {
        QLineF line(m_positions.at(e.from), m_positions.at(e.to));
        if (clip(line, margin))
            groups[{e.color.rgb(), qMax(0, int(std::lround(e.width)))}].append(line);
    }
    for (auto it = groups.cbegin(); it != groups.cend(); ++it) {
        QPen pen(QColor::fromRgb(it.key().first), it.key().second, Qt::SolidLine, Qt::FlatCap);
        pen.setCosmetic(true); // pixels on screen at any zoom
        painter->setPen(pen);
        painter->drawLines(it.value());
    }
    // Nodes: squares when a node is a few pixels (indistinguishable and cheap), discs otherwise.
    QHash<QRgb, QList<QRectF>> squares;
    painter->setPen(Qt::NoPen);
    const QColor outline = m_palette->palette().color(QPalette::Base);
    for (int i = 0; i < m_nodes.size(); ++i) {
        const double r = m_nodes.at(i).radius;
        const QRectF box(m_positions.at(i) - QPointF(r, r), QSizeF(2 * r, 2 * r));
        if (!exposed.intersects(box))
            continue;
        if (lod * r < 2.0) {
            squares[m_nodes.at(i).color.rgb()].append(box);
        } else {
            painter->setRenderHint(QPainter::Antialiasing, true);
            painter->setPen(QPen(outline, 0));
            painter->setBrush(m_nodes.at(i).color);
            painter->drawEllipse(box);
        }
    }
    painter->setPen(Qt::NoPen);
    for (auto it = squares.cbegin(); it != squares.cend(); ++it) {
        painter->setBrush(QColor::fromRgb(it.key()));
        painter->drawRects(it.value());
    }
    // The focused memory stands apart from its neighbours, not only by size: a ring in the
    // selection's colour around a ring of the text's (it was a larger dot of the same colour).
    for (int i = 0; i < m_nodes.size(); ++i) {
        if (!m_nodes.at(i).focus)
            continue;
        const double r = m_nodes.at(i).radius;
        painter->setRenderHint(QPainter::Antialiasing, true);
        painter->setBrush(Qt::NoBrush);
        painter->setPen(QPen(m_palette->palette().color(QPalette::Text), 1.5 / lod));
        painter->drawEllipse(m_positions.at(i), r + 1.5 / lod, r + 1.5 / lod);
        painter->setPen(QPen(m_palette->palette().color(QPalette::Highlight), 3.0 / lod));
        painter->drawEllipse(m_positions.at(i), r + 4.0 / lod, r + 4.0 / lod);
    }
    if (m_selected >= 0 && m_selected < m_nodes.size()) {
        const double r = m_nodes.at(m_selected).radius + 2.0 / lod;
        painter->setRenderHint(QPainter::Antialiasing, true);
        painter->setBrush(Qt::NoBrush);
        painter->setPen(QPen(m_palette->palette().color(QPalette::Highlight), 3.0 / lod));
        painter->drawEllipse(m_positions.at(m_selected), r, r);
    }
    if (m_alwaysLabelled || lod > 1.2)
        paintLabels(painter, exposed, lod);
}

void GraphPicture::paintLabels(QPainter *painter, const QRectF &exposed, double lod)
{
    // At screen size, whatever the zoom, on an opaque halo of the background (an edge passes under a
    // label, never through its words); in rank order. A label goes beside its node on the first side
    // (right, left, above, below) that covers neither another node nor a label already placed,
    // preferring the side fewest edges cross; one that fits nowhere is left out (its tooltip still
    // names it, and zooming in makes room). The focused or selected node's label is always placed.
    QList<int> order;
    for (int i = 0; i < m_nodes.size(); ++i)
        if (exposed.contains(m_positions.at(i)))
            order << i;
    std::stable_sort(order.begin(), order.end(),
                     [this](int a, int b) { return m_nodes.at(a).rank < m_nodes.at(b).rank; });
    if (m_selected >= 0 && order.removeOne(m_selected))
        order.prepend(m_selected);
    const QTransform toDevice = painter->worldTransform();
    painter->save();
    painter->resetTransform();
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->setRenderHint(QPainter::TextAntialiasing, true);
    const QFont font = m_palette->font();
    QFont bold = font;
    bold.setBold(true);
    painter->setFont(font);
    const QFontMetricsF metrics(font);
    const QColor halo = m_palette->palette().color(QPalette::Base);
    const QColor text = m_palette->palette().color(QPalette::Text);
    // The discs on screen, in a grid of kCell pixels: a side is checked against the discs near it.
    QList<QRectF> discs(m_nodes.size());
    QHash<quint64, QList<int>> grid;
    const auto cellsOf = [](const QRectF &box, auto &&visit) {
        for (auto x = qint32(std::floor(box.left() / kCell)); x <= qint32(std::floor(box.right() / kCell)); ++x)
            for (auto y = qint32(std::floor(box.top() / kCell)); y <= qint32(std::floor(box.bottom() / kCell)); ++y)
                visit((quint64(quint32(x)) << 32) | quint32(y));
    };
    for (int i : std::as_const(order)) {
        const double r = m_nodes.at(i).radius * lod;
        discs[i] = QRectF(toDevice.map(m_positions.at(i)) - QPointF(r, r), QSizeF(2 * r, 2 * r));
        cellsOf(discs.at(i), [&](quint64 cell) { grid[cell].append(i); });
    }
    // Edges are weighed only where there are few enough to weigh for every label and side.
    QList<QLineF> lines;
    if (m_edges.size() <= kWeighedEdges)
        for (const Edge &e : std::as_const(m_edges))
            lines << QLineF(toDevice.map(m_positions.at(e.from)), toDevice.map(m_positions.at(e.to)));
    const auto crossings = [&lines](const QRectF &box) {
        return std::count_if(lines.cbegin(), lines.cend(), [&box](QLineF line) { return clip(line, box); });
    };
    m_labelBoxes.clear();
    for (int n = 0; n < order.size() && m_labelBoxes.size() < kMaxLabels; ++n) {
        const int i = order.at(n);
        if (m_elided.at(i).isEmpty())
            m_elided[i] = metrics.elidedText(m_nodes.at(i).label, Qt::ElideRight, kLabelWidth);
        const QString &label = m_elided.at(i);
        const bool emphasised = m_nodes.at(i).focus || i == m_selected;
        // The focused memory's label is bold: measured bold, or its end is cut.
        const QSizeF size(
            (m_nodes.at(i).focus ? QFontMetricsF(bold).horizontalAdvance(label) : metrics.horizontalAdvance(label)) + 4,
            metrics.height());
        const QRectF disc = discs.at(i);
        const QRectF sides[] = {
            QRectF(QPointF(disc.right() + 3, disc.center().y() - size.height() / 2), size),
            QRectF(QPointF(disc.left() - 3 - size.width(), disc.center().y() - size.height() / 2), size),
            QRectF(QPointF(disc.center().x() - size.width() / 2, disc.top() - 2 - size.height()), size),
            QRectF(QPointF(disc.center().x() - size.width() / 2, disc.bottom() + 2), size),
        };
        const auto covers = [&](const QRectF &box) {
            bool covered = std::any_of(m_labelBoxes.cbegin(), m_labelBoxes.cend(),
                                       [&](const QPair<int, QRectF> &p) { return p.second.intersects(box); });
            cellsOf(box, [&](quint64 cell) {
                for (int other : grid.value(cell))
                    covered = covered || (other != i && discs.at(other).intersects(box));
            });
            return covered;
        };
        std::optional<QRectF> best;
        qsizetype bestCrossings = 0;
        for (const QRectF &box : sides) {
            if (covers(box))
                continue;
            const qsizetype crossed = crossings(box);
            if (!best || crossed < bestCrossings) {
                best = box;
                bestCrossings = crossed;
            }
        }
        if (!best && emphasised)
            best = sides[0];
        if (!best)
            continue;
        m_labelBoxes << qMakePair(i, *best);
        painter->fillRect(*best, halo);
        painter->setPen(text);
        painter->setFont(m_nodes.at(i).focus ? bold : font);
        painter->drawText(best->adjusted(2, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, label);
    }
    painter->restore();
}

GraphCanvas::GraphCanvas(QGraphicsScene *scene, QWidget *parent) : QGraphicsView(scene, parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setDragMode(ScrollHandDrag);
    setTransformationAnchor(AnchorUnderMouse);
    // One item covers the scene: any change repaints the viewport, so say so instead of
    // letting the view compute (and union) update regions.
    setViewportUpdateMode(FullViewportUpdate);
    setOptimizationFlags(DontSavePainterState | DontAdjustForAntialiasing);
    m_still = new QTimer(this);
    m_still->setSingleShot(true);
    m_still->setInterval(150);
    connect(m_still, &QTimer::timeout, this, [this] {
        if (m_picture)
            m_picture->setMoving(false);
    });
}

void GraphCanvas::wheelEvent(QWheelEvent *event)
{
    moving();
    const double factor = std::pow(1.0015, event->angleDelta().y());
    scale(factor, factor);
}

void GraphCanvas::scrollContentsBy(int dx, int dy)
{
    moving();
    QGraphicsView::scrollContentsBy(dx, dy);
}

void GraphCanvas::moving()
{
    if (m_picture)
        m_picture->setMoving(true);
    m_still->start();
}

int GraphCanvas::nodeAt(const QPoint &viewportPos) const
{
    if (!m_picture)
        return -1;
    const double slack = 4.0 / qMax(0.01, transform().m11()); // four pixels of grace at any zoom
    return m_picture->nodeAt(mapToScene(viewportPos), slack);
}

void GraphCanvas::mousePressEvent(QMouseEvent *event)
{
    const int index = nodeAt(event->position().toPoint());
    if (index >= 0 && m_picture) {
        m_picture->setSelected(index);
        Q_EMIT selected(index);
    }
    QGraphicsView::mousePressEvent(event);
}

void GraphCanvas::mouseDoubleClickEvent(QMouseEvent *event)
{
    const int index = nodeAt(event->position().toPoint());
    if (index >= 0)
        Q_EMIT activated(index);
    else
        QGraphicsView::mouseDoubleClickEvent(event);
}

void GraphCanvas::keyPressEvent(QKeyEvent *event)
{
    if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) && m_picture && m_picture->selected() >= 0) {
        Q_EMIT activated(m_picture->selected());
        return;
    }
    if (event->key() == Qt::Key_Backspace) {
        Q_EMIT backRequested();
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

bool GraphCanvas::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip && m_picture) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int index = nodeAt(help->pos());
        if (index >= 0)
            QToolTip::showText(help->globalPos(),
                               m_picture->nodes().at(index).tooltip.isEmpty() ? m_picture->nodes().at(index).label
                                                                              : m_picture->nodes().at(index).tooltip,
                               viewport());
        else
            QToolTip::hideText();
        return true;
    }
    return QGraphicsView::viewportEvent(event);
}

} // namespace engram
