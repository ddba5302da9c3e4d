#include "GraphView.h"

#include "EmptyState.h"
#include "RegionMapView.h"
#include "Vocabulary.h"

#include <QCheckBox>
#include <QElapsedTimer>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QStyleOptionGraphicsItem>
#include <QTimer>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <QtMath>

#include <algorithm>

namespace engram {

/// One memory: a dot sized by strength; its label only when zoomed in.
class GraphNodeItem : public QGraphicsItem {
public:
    GraphNodeItem(const GraphNode &node, GraphView *view) : m_node(node), m_view(view)
    {
        setFlag(ItemIsSelectable);
        setToolTip(node.label);
        setZValue(1);
    }
    QRectF boundingRect() const override { return {-radius() - 1, -radius() - 1, 2 * radius() + 2, 2 * radius() + 2}; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) override
    {
        const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
        const QColor fill = color();
        if (lod * radius() < 2.0 && !isSelected()) { // a few pixels: a plain square is indistinguishable and cheap
            painter->fillRect(QRectF(-radius(), -radius(), 2 * radius(), 2 * radius()), fill);
            return;
        }
        painter->setPen(isSelected() ? QPen(m_view->palette().color(QPalette::Highlight), 2) : Qt::NoPen);
        painter->setBrush(fill);
        painter->drawEllipse(QPointF(), radius(), radius());
        if (lod > 1.2 || isSelected()) {
            painter->setPen(m_view->palette().color(QPalette::WindowText));
            painter->setFont(QFont(painter->font().family(), 6));
            painter->drawText(QPointF(radius() + 2, 3), m_node.label.left(40));
        }
    }
    double radius() const { return 3.0 + 5.0 * qBound(0.0, m_node.strength, 1.0); }
    QColor color() const { return RegionMapView::colorFor(m_node.region); }
    qint64 id() const { return m_node.id; }

protected:
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent *) override { Q_EMIT m_view->nodeActivated(m_node.id); }

private:
    GraphNode m_node;
    GraphView *m_view;
};

/// Every visible edge in one item, drawn in one call per edge type; while the
/// layout moves, the nodes too (thousands of items cost more than one paint loop).
class GraphEdgesItem : public QGraphicsItem {
public:
    explicit GraphEdgesItem(GraphView *view) : m_view(view) { }
    QRectF boundingRect() const override { return scene() ? scene()->sceneRect() : QRectF(); }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) override
    {
        const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
        painter->setRenderHint(QPainter::Antialiasing, m_lines.size() < 1500);
        QHash<QString, QList<QLineF>> byType;
        for (const auto &line : m_lines)
            byType[line.type].append(QLineF(line.from->pos(), line.to->pos()));
        for (auto it = byType.cbegin(); it != byType.cend(); ++it) {
            // Opaque one-pixel cosmetic lines take the rasteriser's fast path;
            // translucent or scaled wide ones cost ten times more per line.
            const QColor base = m_view->palette().color(QPalette::Base);
            const QColor type = GraphView::colorFor(it.key());
            const double mix = lod < 0.5 ? 0.5 : 0.8;
            const QColor c = QColor::fromRgbF(float(type.redF() * mix + base.redF() * (1 - mix)),
                                              float(type.greenF() * mix + base.greenF() * (1 - mix)),
                                              float(type.blueF() * mix + base.blueF() * (1 - mix)));
            QPen pen(c, 0);
            painter->setPen(pen);
            painter->drawLines(it.value());
        }
        if (!m_drawNodes)
            return;
        QHash<QRgb, QList<QRectF>> byColor;
        for (const GraphNodeItem *node : std::as_const(m_nodes))
            byColor[node->color().rgb()].append(QRectF(node->pos().x() - 4, node->pos().y() - 4, 8, 8));
        painter->setPen(Qt::NoPen);
        for (auto it = byColor.cbegin(); it != byColor.cend(); ++it) {
            painter->setBrush(QColor::fromRgb(it.key()));
            painter->drawRects(it.value());
        }
    }
    struct Line {
        GraphNodeItem *from;
        GraphNodeItem *to;
        QString type;
        double weight;
    };
    QList<Line> m_lines;
    QList<GraphNodeItem *> m_nodes; ///< the visible ones, drawn here while the layout runs
    bool m_drawNodes = false;

private:
    GraphView *m_view;
};

namespace {

class ZoomingView : public QGraphicsView {
public:
    using QGraphicsView::QGraphicsView;

protected:
    void wheelEvent(QWheelEvent *event) override
    {
        const double factor = std::pow(1.0015, event->angleDelta().y());
        scale(factor, factor);
    }
};

} // namespace

GraphView::GraphView(QWidget *parent) : QWidget(parent), m_scene(new QGraphicsScene(this))
{
    setObjectName(QStringLiteral("graphView"));
    auto *content = new QWidget(this);
    auto *controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Edges:"), content));
    for (const QString &type : edgeTypes()) {
        auto *box = new QCheckBox(Vocabulary::edgeType(type), content);
        box->setChecked(true);
        QPalette p = box->palette();
        p.setColor(QPalette::WindowText, colorFor(type));
        box->setPalette(p);
        box->setObjectName(QStringLiteral("graphEdge_") + type);
        connect(box, &QCheckBox::toggled, this, &GraphView::applyFilters);
        m_typeBoxes.insert(type, box);
        controls->addWidget(box);
    }
    controls->addStretch(1);
    controls->addWidget(new QLabel(tr("Min weight:"), content));
    m_minWeight = new QSlider(Qt::Horizontal, content);
    m_minWeight->setObjectName(QStringLiteral("graphMinWeight"));
    m_minWeight->setRange(0, 100);
    m_minWeight->setMaximumWidth(120);
    controls->addWidget(m_minWeight);
    controls->addWidget(new QLabel(tr("Hops:"), content));
    m_hops = new QSpinBox(content);
    m_hops->setObjectName(QStringLiteral("graphHops"));
    m_hops->setRange(0, 6);
    m_hops->setSpecialValueText(tr("all"));
    controls->addWidget(m_hops);
    auto *expand = new QPushButton(tr("E&xpand"), content);
    expand->setObjectName(QStringLiteral("graphExpandButton"));
    controls->addWidget(expand);

    m_scene->setItemIndexMethod(QGraphicsScene::NoIndex); // every node moves while the layout runs
    m_view = new ZoomingView(m_scene, content);
    m_view->setOptimizationFlags(QGraphicsView::DontSavePainterState | QGraphicsView::DontAdjustForAntialiasing);
    m_view->setObjectName(QStringLiteral("graphCanvas"));
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setDragMode(QGraphicsView::ScrollHandDrag);
    m_view->setViewportUpdateMode(QGraphicsView::BoundingRectViewportUpdate);
    m_info = new QLabel(content);
    m_info->setObjectName(QStringLiteral("graphInfo"));
    m_legend = new QLabel(content);
    m_legend->setObjectName(QStringLiteral("graphLegend"));
    m_legend->setTextFormat(Qt::RichText);
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(controls);
    layout->addWidget(m_view, 1);
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_info, 1);
    bottom->addWidget(m_legend);
    layout->addLayout(bottom);
    m_empty = new EmptyState(content, this);
    (new QVBoxLayout(this))->addWidget(m_empty);

    m_timer = new QTimer(this);
    m_timer->setInterval(16);
    connect(m_timer, &QTimer::timeout, this, &GraphView::step);
    connect(m_minWeight, &QSlider::valueChanged, this, &GraphView::applyFilters);
    connect(m_hops, &QSpinBox::valueChanged, this, [this](int hops) {
        focusNode(m_focus, hops);
        if (hops > 0 && m_nodes.contains(m_focus))
            Q_EMIT neighbourhoodRequested(m_focus, hops);
    });
    connect(expand, &QPushButton::clicked, this, [this] { m_hops->setValue(m_hops->value() + 1); });
    connect(m_scene, &QGraphicsScene::selectionChanged, this, [this] {
        const auto selected = m_scene->selectedItems();
        if (!selected.isEmpty()) {
            m_focus = static_cast<GraphNodeItem *>(selected.first())->id();
            if (m_hops->value() > 0) {
                focusNode(m_focus, m_hops->value());
                Q_EMIT neighbourhoodRequested(m_focus, m_hops->value());
            }
        }
    });
    setData({});
}

QStringList GraphView::edgeTypes()
{
    return {QStringLiteral("related"), QStringLiteral("co_activated"), QStringLiteral("derived_from"),
            QStringLiteral("caused"),  QStringLiteral("contradicts"),  QStringLiteral("supersedes"),
            QStringLiteral("part_of")};
}

QColor GraphView::colorFor(const QString &edgeType)
{
    static const QHash<QString, QColor> colors{{QStringLiteral("related"), QColor(0x64, 0x74, 0x8b)},
                                               {QStringLiteral("co_activated"), QColor(0xec, 0x48, 0x99)},
                                               {QStringLiteral("derived_from"), QColor(0x3b, 0x82, 0xf6)},
                                               {QStringLiteral("caused"), QColor(0xf5, 0x9e, 0x0b)},
                                               {QStringLiteral("contradicts"), QColor(0xef, 0x44, 0x44)},
                                               {QStringLiteral("supersedes"), QColor(0x8b, 0x5c, 0xf6)},
                                               {QStringLiteral("part_of"), QColor(0x10, 0xb9, 0x81)}};
    return colors.value(edgeType, Qt::gray);
}

void GraphView::setData(const GraphData &data)
{
    m_data = data;
    if (data.isEmpty()) {
        m_timer->stop();
        m_scene->clear();
        m_nodes.clear();
        m_edgesItem = nullptr;
        m_empty->showMessage(tr("No associations yet.\nEdges appear once the dynamics layer links related memories "
                                "and records which ones are recalled together."));
        return;
    }
    m_empty->showContent();
    if (!m_nodes.isEmpty() && m_focus != 0) {
        // A refresh keeps the neighbourhood being looked at when it still exists.
        const bool keep =
            std::any_of(data.nodes.cbegin(), data.nodes.cend(), [this](const GraphNode &n) { return n.id == m_focus; });
        if (!keep)
            m_focus = 0;
    } else {
        m_focus = 0;
    }
    rebuildScene();
}

void GraphView::mergeData(const GraphData &data)
{
    QSet<qint64> known;
    for (const GraphNode &n : std::as_const(m_data.nodes))
        known.insert(n.id);
    QSet<QString> edges;
    auto keyOf = [](const GraphEdge &e) {
        return QStringLiteral("%1>%2>%3").arg(qMin(e.from, e.to)).arg(qMax(e.from, e.to)).arg(e.type);
    };
    for (const GraphEdge &e : std::as_const(m_data.edges))
        edges.insert(keyOf(e));
    bool changed = false;
    for (const GraphNode &n : data.nodes)
        if (!known.contains(n.id)) {
            m_data.nodes << n;
            changed = true;
        }
    for (const GraphEdge &e : data.edges)
        if (!edges.contains(keyOf(e))) {
            m_data.edges << e;
            changed = true;
        }
    if (!changed)
        return;
    if (m_nodes.isEmpty()) {
        setData(m_data);
        return;
    }
    // New nodes start beside the node they hang from, so the layout stays put.
    const int first = int(m_nodes.size());
    for (int i = first; i < m_data.nodes.size(); ++i) {
        auto *item = new GraphNodeItem(m_data.nodes.at(i), this);
        const QPointF centre = m_nodes.contains(m_focus) ? m_nodes.value(m_focus)->pos() : QPointF();
        const double angle = i * 2.39996;
        item->setPos(centre + QPointF(30 * std::cos(angle), 30 * std::sin(angle)));
        m_scene->addItem(item);
        m_nodes.insert(m_data.nodes.at(i).id, item);
    }
    fillLegend();
    applyFilters();
}

void GraphView::fillLegend()
{
    QStringList regions;
    for (const GraphNode &n : std::as_const(m_data.nodes))
        if (!regions.contains(n.region))
            regions << n.region;
    std::sort(regions.begin(), regions.end());
    QStringList parts;
    for (const QString &region : std::as_const(regions))
        parts << QStringLiteral("<span style=\"color:%1\">&#9632;</span>&nbsp;%2")
                     .arg(RegionMapView::colorFor(region).name(),
                          region.isEmpty() ? tr("no region") : Vocabulary::region(region).toHtmlEscaped());
    m_legend->setText(tr("Nodes by region: %1").arg(parts.join(QStringLiteral(" &nbsp; "))));
}

void GraphView::rebuildScene()
{
    m_scene->clear();
    m_nodes.clear();
    const double spread = 40.0 * std::sqrt(double(m_data.nodes.size()) + 1.0);
    for (int i = 0; i < m_data.nodes.size(); ++i) {
        auto *item = new GraphNodeItem(m_data.nodes.at(i), this);
        // A golden-angle spiral: a deterministic, overlap-free start.
        const double angle = i * 2.39996;
        const double r = spread * std::sqrt((i + 0.5) / double(m_data.nodes.size()));
        item->setPos(r * std::cos(angle), r * std::sin(angle));
        m_scene->addItem(item);
        m_nodes.insert(m_data.nodes.at(i).id, item);
    }
    m_edgesItem = new GraphEdgesItem(this);
    m_scene->addItem(m_edgesItem);
    m_scene->setSceneRect(-spread * 1.5, -spread * 1.5, spread * 3, spread * 3);
    fillLegend();
    applyFilters();
}

void GraphView::fitToVisible()
{
    QRectF bounds;
    for (qint64 id : std::as_const(m_visible))
        bounds |= m_nodes.value(id)->sceneBoundingRect();
    if (!bounds.isEmpty())
        m_view->fitInView(bounds.adjusted(-40, -40, 40, 40), Qt::KeepAspectRatio);
}

void GraphView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    fitToVisible();
}

bool GraphView::edgeShown(const GraphEdge &edge) const
{
    const QCheckBox *box = m_typeBoxes.value(edge.type);
    return (!box || box->isChecked()) && edge.weight * 100.0 >= m_minWeight->value();
}

void GraphView::focusNode(qint64 id, int hops)
{
    m_focus = id;
    if (m_hops->value() != hops) {
        m_hops->setValue(hops); // re-enters through valueChanged
        return;
    }
    applyFilters();
}

void GraphView::applyFilters()
{
    if (!m_edgesItem)
        return;
    m_visible.clear();
    const int hops = m_hops->value();
    if (hops == 0 || !m_nodes.contains(m_focus)) {
        for (auto it = m_nodes.cbegin(); it != m_nodes.cend(); ++it)
            m_visible.insert(it.key());
    } else {
        QSet<qint64> frontier{m_focus};
        m_visible = frontier;
        for (int h = 0; h < hops; ++h) {
            QSet<qint64> next;
            for (const GraphEdge &e : m_data.edges) {
                if (!edgeShown(e))
                    continue;
                if (frontier.contains(e.from) && !m_visible.contains(e.to))
                    next.insert(e.to);
                if (frontier.contains(e.to) && !m_visible.contains(e.from))
                    next.insert(e.from);
            }
            m_visible.unite(next);
            frontier = next;
        }
    }
    m_edgesItem->m_lines.clear();
    for (const GraphEdge &e : m_data.edges)
        if (edgeShown(e) && m_visible.contains(e.from) && m_visible.contains(e.to))
            m_edgesItem->m_lines.append({m_nodes.value(e.from), m_nodes.value(e.to), e.type, e.weight});
    m_edgesItem->m_nodes.clear();
    for (auto it = m_nodes.cbegin(); it != m_nodes.cend(); ++it) {
        it.value()->setVisible(false); // shown again, as items, once the layout settles
        if (m_visible.contains(it.key()))
            m_edgesItem->m_nodes << it.value();
    }
    m_edgesItem->m_drawNodes = true;
    // Of what exists, not of what was loaded: "4000 of 4000" hid a vault of 20,000.
    const QLocale locale;
    const qint64 all = qMax<qint64>(m_data.memoriesInVault, m_nodes.size());
    m_info->setText(tr("Showing %1 of %2 memories · %3 edges · scroll to zoom, double-click a memory to open it")
                        .arg(locale.toString(m_visible.size()), locale.toString(all),
                             locale.toString(m_edgesItem->m_lines.size())));
    m_temperature = 30.0;
    m_timer->start();
    m_scene->update();
}

bool GraphView::isSettled() const
{
    return !m_timer->isActive();
}

void GraphView::step()
{
    // Fruchterman–Reingold in ≤ 8 ms slices; repulsion only between nodes in
    // neighbouring grid cells keeps a step close to linear in the node count.
    QElapsedTimer clock;
    clock.start();
    const double k = 30.0;
    while (clock.elapsed() < 8 && m_temperature > 0.5) {
        QHash<QPair<int, int>, QList<GraphNodeItem *>> grid;
        for (qint64 id : std::as_const(m_visible)) {
            GraphNodeItem *n = m_nodes.value(id);
            grid[{int(std::floor(n->x() / (2 * k))), int(std::floor(n->y() / (2 * k)))}].append(n);
        }
        QHash<GraphNodeItem *, QPointF> force;
        for (auto cell = grid.cbegin(); cell != grid.cend(); ++cell)
            for (int dx = -1; dx <= 1; ++dx)
                for (int dy = -1; dy <= 1; ++dy)
                    for (GraphNodeItem *a : cell.value())
                        for (GraphNodeItem *b : grid.value({cell.key().first + dx, cell.key().second + dy})) {
                            if (a == b)
                                continue;
                            QPointF d = a->pos() - b->pos();
                            const double dist = qMax(0.5, std::hypot(d.x(), d.y()));
                            force[a] += d / dist * (k * k / dist);
                        }
        for (const auto &line : std::as_const(m_edgesItem->m_lines)) {
            const QPointF d = line.from->pos() - line.to->pos();
            const double dist = qMax(0.5, std::hypot(d.x(), d.y()));
            const QPointF pull = d / dist * (dist * dist / k) * qMax(0.2, line.weight);
            force[line.from] -= pull;
            force[line.to] += pull;
        }
        for (auto it = force.cbegin(); it != force.cend(); ++it) {
            const QPointF f = it.value() - it.key()->pos() * 0.01; // gentle gravity to the centre
            const double len = qMax(0.001, std::hypot(f.x(), f.y()));
            it.key()->setPos(it.key()->pos() + f / len * qMin(len, m_temperature));
        }
        m_temperature *= 0.95;
    }
    // Repaint about ten times a second while the layout moves: a frame of a
    // few thousand nodes costs more than a simulation slice.
    if (!m_sinceRepaint.isValid() || m_sinceRepaint.elapsed() >= 100 || m_temperature <= 0.5) {
        m_sinceRepaint.start();
        m_scene->update();
    }
    if (m_temperature <= 0.5) {
        m_timer->stop();
        m_edgesItem->m_drawNodes = false;
        for (GraphNodeItem *node : std::as_const(m_edgesItem->m_nodes))
            node->setVisible(true);
        fitToVisible();
    }
}

} // namespace engram
