#include "GraphPicture.h"

#include <QFontMetricsF>
#include <QHash>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace engram {

namespace {
constexpr double kLabelWidth = 190.0; // device pixels: about 28 characters, a title's useful part
constexpr int kMaxLabels = 400;       // placing more costs more than a frame and they would not fit anyway
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
}

void GraphPicture::setSelected(int index)
{
    m_selected = index;
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

void GraphPicture::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const QRectF exposed = option->exposedRect;
    painter->setRenderHint(QPainter::Antialiasing, m_edges.size() < 1500);
    // Edges of one colour in one call; opaque cosmetic lines take the rasteriser's fast path
    // (translucent or scaled wide ones cost ten times more per line).
    QHash<QRgb, QList<QLineF>> thin;
    for (const Edge &e : std::as_const(m_edges)) {
        const QLineF line(m_positions.at(e.from), m_positions.at(e.to));
        if (!exposed.intersects(QRectF(line.p1(), line.p2()).normalized().adjusted(-1, -1, 1, 1)))
            continue;
        if (e.width > 0.0) {
            painter->setPen(QPen(e.color, e.width, Qt::SolidLine, Qt::RoundCap));
            painter->drawLine(line);
        } else {
            thin[e.color.rgb()].append(line);
        }
    }
    for (auto it = thin.cbegin(); it != thin.cend(); ++it) {
        painter->setPen(QPen(QColor::fromRgb(it.key()), 0));
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
    // At screen size, whatever the zoom, on a halo of the background; in rank order, and a
    // label that would overlap one already placed is left out (its tooltip still names it).
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
    painter->setFont(font);
    const QFontMetricsF metrics(font);
    QColor halo = m_palette->palette().color(QPalette::Base);
    halo.setAlpha(215);
    const QColor text = m_palette->palette().color(QPalette::Text);
    QList<QRectF> placed;
    QList<QRectF> nodesOnScreen;
    for (int i : std::as_const(order)) {
        const double r = m_nodes.at(i).radius * lod;
        nodesOnScreen << QRectF(toDevice.map(m_positions.at(i)) - QPointF(r, r), QSizeF(2 * r, 2 * r));
    }
    for (int n = 0; n < order.size() && placed.size() < kMaxLabels; ++n) {
        const int i = order.at(n);
        if (m_elided.at(i).isEmpty())
            m_elided[i] = metrics.elidedText(m_nodes.at(i).label, Qt::ElideRight, kLabelWidth);
        const QString &label = m_elided.at(i);
        const QPointF centre = toDevice.map(m_positions.at(i));
        const double r = m_nodes.at(i).radius * lod;
        const QRectF box(centre.x() + r + 3, centre.y() - metrics.height() / 2, metrics.horizontalAdvance(label) + 4,
                         metrics.height());
        const bool overlaps =
            std::any_of(placed.cbegin(), placed.cend(), [&](const QRectF &p) { return p.intersects(box); });
        if (overlaps)
            continue;
        placed << box;
        painter->fillRect(box, halo);
        painter->setPen(text);
        painter->drawText(box.adjusted(2, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, label);
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
}

void GraphCanvas::wheelEvent(QWheelEvent *event)
{
    const double factor = std::pow(1.0015, event->angleDelta().y());
    scale(factor, factor);
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
