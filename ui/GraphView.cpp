#include "GraphView.h"

#include "EmptyState.h"
#include "GraphPicture.h"
#include "Job.h"
#include "RegionMapView.h"
#include "Vocabulary.h"

#include <QCheckBox>
#include <QGraphicsScene>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <ctime>

namespace engram {

namespace {

/// An edge type's colour mixed with the background: strong enough to read on light and dark
/// palettes, quiet enough that labels stay in front.
QColor blend(const QColor &type, const QColor &base, double mix)
{
    return QColor::fromRgbF(float(type.redF() * mix + base.redF() * (1 - mix)),
                            float(type.greenF() * mix + base.greenF() * (1 - mix)),
                            float(type.blueF() * mix + base.blueF() * (1 - mix)));
}

/// The calling thread's CPU time in milliseconds: the work it has done, which a loaded machine's
/// preemption does not spend.
qint64 threadCpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return qint64(t.tv_sec) * 1000 + t.tv_nsec / 1000000;
}

} // namespace

GraphView::GraphView(QWidget *parent)
    : QWidget(parent), m_focus(std::make_shared<const GraphFocus>(m_data)), m_scene(new QGraphicsScene(this))
{
    setObjectName(QStringLiteral("graphView"));
    auto *content = new QWidget(this);
    auto *controls = new QHBoxLayout;
    m_back = new QPushButton(tr("← &Back"), content);
    m_back->setObjectName(QStringLiteral("graphBackButton"));
    m_back->setEnabled(false);
    controls->addWidget(m_back);
    auto *overview = new QPushButton(tr("&Overview"), content);
    overview->setObjectName(QStringLiteral("graphOverviewButton"));
    overview->setToolTip(tr("The vault's communities: memories more associated with each other than with the rest"));
    controls->addWidget(overview);
    auto *everything = new QPushButton(tr("All memories"), content);
    everything->setObjectName(QStringLiteral("graphEverythingButton"));
    controls->addWidget(everything);
    controls->addSpacing(12);
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
    m_hops->setRange(1, 3);
    m_hops->setValue(2);
    controls->addWidget(m_hops);
    auto *expand = new QPushButton(tr("E&xpand"), content);
    expand->setObjectName(QStringLiteral("graphExpandButton"));
    controls->addWidget(expand);

    m_scene->setItemIndexMethod(QGraphicsScene::NoIndex); // one item, moving while the layout runs
    m_view = new GraphCanvas(m_scene, content);
    m_view->setObjectName(QStringLiteral("graphCanvas"));
    m_picture = new GraphPicture(this);
    m_scene->addItem(m_picture);
    m_view->setPicture(m_picture);
    m_info = new QLabel(content);
    m_info->setObjectName(QStringLiteral("graphInfo"));
    m_info->setToolTip(tr("Scroll to zoom, drag to pan; double-click a memory to open it, a community to see its "
                          "members; Backspace goes back."));
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
    connect(m_hops, &QSpinBox::valueChanged, this, [this] {
        if (m_shown.mode == Mode::Neighbourhood)
            display(m_shown, false);
    });
    connect(expand, &QPushButton::clicked, this, [this] { m_hops->setValue(m_hops->value() + 1); });
    connect(m_back, &QPushButton::clicked, this, &GraphView::back);
    connect(overview, &QPushButton::clicked, this, &GraphView::showOverview);
    connect(everything, &QPushButton::clicked, this, &GraphView::showEverything);
    connect(m_view, &GraphCanvas::activated, this, &GraphView::activate);
    connect(m_view, &GraphCanvas::backRequested, this, &GraphView::back);
    setData({});
}

GraphView::~GraphView()
{
    // The scene (an earlier child) goes first and deletes the picture; as it goes it tells the canvas
    // its rectangle changed, and the canvas must not reach for the picture then (UBSan: a call on a
    // destroyed item).
    m_view->setPicture(nullptr);
    delete m_scene;
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

void GraphView::setData(const GraphData &data, std::shared_ptr<const GraphFocus> focus)
{
    // The graph shown until now, a node per memory, is freed on the thread pool.
    releaseOffThread(std::exchange(m_data, data));
    releaseOffThread(std::exchange(m_focus, focus ? std::move(focus) : std::make_shared<const GraphFocus>(data)));
    m_history.clear();
    m_back->setEnabled(false);
    if (data.isEmpty()) {
        m_timer->stop();
        m_keys.clear();
        m_picture->setGraph({}, {});
        m_empty->showMessage(tr("No associations yet.\nEdges appear once the dynamics layer links related memories "
                                "and records which ones are recalled together."));
        return;
    }
    m_empty->showContent();
    fillLegend();
    // A refresh (after indexing) keeps what is being looked at when it still exists.
    const bool seedsKnown = !m_shown.seeds.isEmpty()
                            && std::any_of(m_shown.seeds.cbegin(), m_shown.seeds.cend(),
                                           [this](qint64 id) { return m_focus->contains(id); });
    if (!m_pendingSeeds.isEmpty()) {
        Shown pending;
        pending.mode = Mode::Neighbourhood;
        pending.seeds = std::exchange(m_pendingSeeds, {});
        pending.about = labelOf(pending.seeds.first());
        display(pending, false);
    } else if (m_shown.mode == Mode::Neighbourhood && seedsKnown) {
        display(m_shown, false);
    } else if (m_shown.mode == Mode::Community && m_shown.community < m_data.communities.size()) {
        display(m_shown, false);
    } else {
        showDefault();
    }
}

void GraphView::showDefault()
{
    Shown shown;
    shown.mode =
        m_data.nodes.size() > kOverviewAbove && !m_data.communities.isEmpty() ? Mode::Overview : Mode::Everything;
    display(shown, false);
}

QString GraphView::labelOf(qint64 id) const
{
    const int i = m_focus->nodeIndex(id);
    return i < 0 ? QString() : m_data.nodes.at(i).label;
}

void GraphView::focusNode(qint64 id, int hops)
{
    if (m_data.isEmpty() || !m_focus->contains(id)) {
        m_pendingSeeds = {id}; // the graph arrives after the selection
        return;
    }
    Shown shown;
    shown.mode = Mode::Neighbourhood;
    shown.seeds = {id};
    shown.about = labelOf(id);
    if (hops > 0) {
        const QSignalBlocker quiet(m_hops);
        m_hops->setValue(hops);
    }
    display(shown, m_shown.mode != Mode::Neighbourhood || m_shown.seeds != shown.seeds);
}

void GraphView::focusQuestion(const QString &question, const QList<qint64> &ids)
{
    QList<qint64> known;
    for (qint64 id : ids)
        if (m_focus->contains(id))
            known << id;
    if (known.isEmpty())
        return;
    Shown shown;
    shown.mode = Mode::Neighbourhood;
    shown.seeds = known;
    shown.about = question;
    shown.question = true;
    display(shown, true);
}

void GraphView::showOverview()
{
    Shown shown;
    shown.mode = Mode::Overview;
    display(shown, m_shown.mode != Mode::Overview);
}

void GraphView::openCommunity(int index)
{
    if (index < 0 || index >= m_data.communities.size())
        return;
    Shown shown;
    shown.mode = Mode::Community;
    shown.community = index;
    shown.about = m_data.communities.at(index).name;
    display(shown, true);
}

void GraphView::showEverything()
{
    Shown shown;
    shown.mode = Mode::Everything;
    display(shown, m_shown.mode != Mode::Everything);
}

bool GraphView::back()
{
    if (m_history.isEmpty())
        return false;
    display(m_history.takeLast(), false);
    return true;
}

void GraphView::activate(int index)
{
    if (index < 0 || index >= m_keys.size())
        return;
    if (m_shown.mode == Mode::Overview)
        openCommunity(int(m_keys.at(index)));
    else
        Q_EMIT nodeActivated(m_keys.at(index));
}

int GraphView::visibleNodeCount() const
{
    return int(m_keys.size());
}

int GraphView::visibleEdgeCount() const
{
    return m_picture->edgeCount();
}

QList<qint64> GraphView::shownKeys() const
{
    return m_keys;
}

QPointF GraphView::scenePositionOf(qint64 key) const
{
    const int i = int(m_keys.indexOf(key));
    return i < 0 ? QPointF() : m_picture->positions().at(i);
}

QRectF GraphView::discOnScreen(qint64 key) const
{
    const int i = int(m_keys.indexOf(key));
    if (i < 0)
        return {};
    const double r = m_picture->nodes().at(i).radius;
    const QPointF centre = m_picture->positions().at(i);
    return m_view->mapFromScene(QRectF(centre - QPointF(r, r), QSizeF(2 * r, 2 * r))).boundingRect();
}

QHash<qint64, QRectF> GraphView::labelsOnScreen() const
{
    QHash<qint64, QRectF> labels;
    for (const auto &[index, box] : m_picture->labelBoxes())
        labels.insert(m_keys.at(index), box);
    return labels;
}

bool GraphView::edgeShown(const GraphEdge &edge) const
{
    const QCheckBox *box = m_typeBoxes.value(edge.type);
    return (!box || box->isChecked()) && edge.weight * 100.0 >= m_minWeight->value();
}

void GraphView::applyFilters()
{
    if (!m_data.isEmpty())
        display(m_shown, false);
}

void GraphView::display(const Shown &shown, bool remember)
{
    if (remember && !m_keys.isEmpty())
        m_history << m_shown;
    m_back->setEnabled(!m_history.isEmpty());
    // Where the nodes were, when the same view is shown again (a refresh, a filter): it stays put.
    QHash<qint64, QPointF> before;
    if (shown.mode == m_shown.mode && shown.seeds == m_shown.seeds && shown.community == m_shown.community)
        for (int i = 0; i < m_keys.size(); ++i)
            before.insert(m_keys.at(i), m_picture->positions().at(i));
    m_shown = shown;

    const QColor base = palette().color(QPalette::Base);
    const auto filter = [this](const GraphEdge &e) { return edgeShown(e); };
    QList<GraphPicture::Node> nodes;
    QList<GraphPicture::Edge> edges;
    m_keys.clear();
    auto addMemory = [&](qint64 id, int rank, double scale, bool focus = false) {
        const GraphNode &n = m_data.nodes.at(m_focus->nodeIndex(id));
        m_keys << id;
        nodes.append({id, n.label, n.tooltip, RegionMapView::colorFor(n.region),
                      scale * (3.0 + 5.0 * qBound(0.0, n.strength, 1.0)), rank, focus});
    };
    auto addEdges = [&](const QList<int> &edgeIndices, bool wide) {
        QHash<qint64, int> at;
        for (int i = 0; i < m_keys.size(); ++i)
            at.insert(m_keys.at(i), i);
        for (int e : edgeIndices) {
            const GraphEdge &edge = m_data.edges.at(e);
            edges.append({at.value(edge.from), at.value(edge.to), blend(colorFor(edge.type), base, wide ? 0.85 : 0.6),
                          wide ? 1.0 + 1.5 * edge.weight : 0.0, edge.weight});
        }
    };
    const QList<qint64> everyId = [&] {
        QList<qint64> ids;
        if (shown.mode == Mode::Everything)
            for (const GraphNode &n : std::as_const(m_data.nodes))
                ids << n.id;
        return ids;
    }();
    double spacing = 90.0;
    switch (shown.mode) {
    case Mode::Neighbourhood: {
        const QList<qint64> ids = m_focus->neighbourhood(shown.seeds, m_hops->value(), kMaxNeighbourhood, filter);
        for (int i = 0; i < ids.size(); ++i)
            addMemory(ids.at(i), i, shown.seeds.contains(ids.at(i)) ? 1.6 : 1.0, shown.seeds.contains(ids.at(i)));
        addEdges(m_focus->edgesAmong(ids, filter), true);
        break;
    }
    case Mode::Community: {
        const GraphCommunity &c = m_data.communities.at(shown.community);
        const QList<qint64> ids = c.members.mid(0, kMaxMembers);
        for (int i = 0; i < ids.size(); ++i)
            addMemory(ids.at(i), i, 1.0);
        addEdges(m_focus->edgesAmong(ids, filter), ids.size() < 120);
        spacing = ids.size() < 120 ? 90.0 : 60.0;
        break;
    }
    case Mode::Overview: {
        const int count = int(qMin<qsizetype>(kMaxCommunities, m_data.communities.size()));
        for (int c = 0; c < count; ++c) {
            const GraphCommunity &community = m_data.communities.at(c);
            m_keys << c;
            const auto size = community.members.size();
            nodes.append({c, QStringLiteral("%1 (%2)").arg(community.name, QLocale().toString(size)),
                          community.titles.join(QLatin1Char('\n')), RegionMapView::colorFor(community.region),
                          6.0 + std::sqrt(double(size)), c});
        }
        // Each community's three strongest links: at 20k memories every community touches most
        // others (2,400 links among 110), which drew a grey mesh at 48 ms a frame.
        QList<const GraphEdge *> links;
        for (const GraphEdge &link : std::as_const(m_data.communityLinks))
            if (link.from < count && link.to < count)
                links << &link;
        std::stable_sort(links.begin(), links.end(),
                         [](const GraphEdge *a, const GraphEdge *b) { return a->weight > b->weight; });
        QList<int> linked(count, 0);
        const double strongest = links.isEmpty() ? 1.0 : links.first()->weight;
        for (const GraphEdge *link : std::as_const(links)) {
            const int a = int(link->from);
            const int b = int(link->to);
            if (linked.at(a) >= 3 && linked.at(b) >= 3)
                continue;
            ++linked[a];
            ++linked[b];
            edges.append({a, b, blend(colorFor(link->type), base, 0.6), 1.0 + 4.0 * link->weight / strongest,
                          link->weight / strongest});
        }
        // Far enough apart that the largest discs and their labels do not cover each other.
        spacing = qMax(140.0, nodes.isEmpty() ? 0.0 : 3.0 * nodes.first().radius);
        break;
    }
    case Mode::Everything:
        for (int i = 0; i < everyId.size(); ++i)
            addMemory(everyId.at(i), i, 1.0);
        addEdges(
            [&] {
                QList<int> all;
                for (int e = 0; e < m_data.edges.size(); ++e)
                    if (edgeShown(m_data.edges.at(e)) && m_focus->contains(m_data.edges.at(e).from)
                        && m_focus->contains(m_data.edges.at(e).to))
                        all << e;
                return all;
            }(),
            false);
        spacing = 30.0;
        break;
    }
    m_picture->setGraph(nodes, edges);
    m_picture->setAlwaysLabelled(shown.mode != Mode::Everything);
    // A deterministic, overlap-free start: a golden-angle spiral, the first (the focus, the
    // largest community, the most connected member) in the middle.
    QList<QPointF> &pos = m_picture->positions();
    const double spread = spacing * 0.9 * std::sqrt(double(nodes.size()) + 1.0);
    int known = 0;
    for (int i = 0; i < nodes.size(); ++i) {
        if (const auto it = before.constFind(m_keys.at(i)); it != before.cend()) {
            pos[i] = it.value();
            ++known;
            continue;
        }
        const double angle = i * 2.39996;
        const double r = spread * std::sqrt((i + 0.5) / double(nodes.size()));
        pos[i] = QPointF(r * std::cos(angle), r * std::sin(angle));
    }
    m_picture->positionsChanged();
    updateInfo(shown.mode == Mode::Overview ? 0 : int(m_keys.size()));
    if (known == nodes.size() && known > 0) {
        m_timer->stop(); // the same nodes where they were: nothing to lay out
        return;
    }
    startLayout(spacing);
}

void GraphView::updateInfo(int shownMemories)
{
    const QLocale locale;
    const QString all = locale.toString(qMax<qint64>(m_data.memoriesInVault, m_data.nodes.size()));
    QString text;
    switch (m_shown.mode) {
    case Mode::Neighbourhood:
        text = m_shown.question ? tr("%1 of %2 memories shown (around the question “%3”)")
                                      .arg(locale.toString(shownMemories), all, m_shown.about)
                                : tr("%1 of %2 memories shown (neighbourhood of %3)")
                                      .arg(locale.toString(shownMemories), all, m_shown.about);
        break;
    case Mode::Community:
        text = tr("%1 of %2 memories shown (community “%3”, %4 members)")
                   .arg(locale.toString(shownMemories), all, m_shown.about,
                        locale.toString(m_data.communities.at(m_shown.community).members.size()));
        break;
    case Mode::Overview: {
        qint64 held = 0;
        for (const GraphCommunity &c : std::as_const(m_data.communities))
            held += c.members.size();
        text = tr("%1 of %2 communities shown, holding %3 of %4 memories")
                   .arg(locale.toString(m_keys.size()), locale.toString(m_data.communities.size()),
                        locale.toString(held), all);
        if (held < qMax<qint64>(m_data.memoriesInVault, m_data.nodes.size()))
            text += tr(" (the rest have no associations)");
        break;
    }
    case Mode::Everything: text = tr("%1 of %2 memories shown (all)").arg(locale.toString(shownMemories), all); break;
    }
    m_info->setText(text);
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

void GraphView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    fitToVisible();
}

void GraphView::fitToVisible()
{
    const QList<QPointF> &pos = m_picture->positions();
    if (pos.isEmpty())
        return;
    QRectF bounds;
    for (int i = 0; i < pos.size(); ++i) {
        const double r = m_picture->nodes().at(i).radius;
        bounds |= QRectF(pos.at(i) - QPointF(r, r), QSizeF(2 * r, 2 * r));
    }
    // Room for the labels to the right (they are drawn at screen size), then never larger than
    // 1.5:1, so a neighbourhood of three memories does not fill the screen with three discs.
    const bool labelled = m_shown.mode != Mode::Everything;
    bounds.adjust(-40, -40, labelled ? 160 : 40, 40);
    m_scene->setSceneRect(bounds.adjusted(-bounds.width(), -bounds.height(), bounds.width(), bounds.height()));
    m_view->fitInView(bounds, Qt::KeepAspectRatio);
    if (m_view->transform().m11() > 1.5)
        m_view->setTransform(QTransform::fromScale(1.5, 1.5));
    m_view->centerOn(bounds.center());
}

void GraphView::startLayout(double spacing)
{
    m_spacing = spacing;
    m_temperature = spacing;
    m_sinceRepaint.invalidate();
    // A focused view (a few dozen nodes) settles in a millisecond or two, the overview's discs in ~20:
    // at once, so it appears laid out, but never for more work than one turn of the event loop may do
    // (under a sanitizer the overview took 120 ms); the rest, and a large view from the start, in
    // slices of the event loop. The budget is the UI thread's CPU: counted on the wall clock, a
    // loaded machine that took the thread away for 30 ms left a focused view of a few dozen nodes
    // unsettled (a sanitizer run beside the plain suite).
    constexpr qint64 kSettleAtOnceMs = 30;
    if (m_picture->nodes().size() <= 400) {
        const qint64 start = threadCpuMs();
        while (m_temperature > 0.5 && threadCpuMs() - start < kSettleAtOnceMs)
            step();
    }
    if (m_temperature > 0.5)
        m_timer->start();
}

bool GraphView::isSettled() const
{
    return !m_timer->isActive();
}

void GraphView::step()
{
    // Fruchterman–Reingold in ≤ 8 ms slices; repulsion only between nodes in neighbouring grid
    // cells keeps a step close to linear in the node count.
    QElapsedTimer clock;
    clock.start();
    QList<QPointF> &pos = m_picture->positions();
    const QList<GraphPicture::Node> &nodes = m_picture->nodes();
    const int n = int(pos.size());
    const double k = m_spacing;
    QList<QPointF> force(n);
    QHash<quint64, QList<int>> grid;
    const QList<int> none;
    while (clock.elapsed() < 8 && m_temperature > 0.5) {
        grid.clear();
        auto cellOf = [k](const QPointF &p) {
            return qMakePair(qint32(std::floor(p.x() / (2 * k))), qint32(std::floor(p.y() / (2 * k))));
        };
        auto keyOf = [](qint32 x, qint32 y) { return (quint64(quint32(x)) << 32) | quint32(y); };
        for (int i = 0; i < n; ++i) {
            const auto c = cellOf(pos.at(i));
            grid[keyOf(c.first, c.second)].append(i);
        }
        force.fill(QPointF());
        for (int a = 0; a < n; ++a) {
            const auto c = cellOf(pos.at(a));
            for (int dx = -1; dx <= 1; ++dx)
                for (int dy = -1; dy <= 1; ++dy)
                    for (int b : grid.value(keyOf(c.first + dx, c.second + dy), none)) {
                        if (a == b)
                            continue;
                        const QPointF d = pos.at(a) - pos.at(b);
                        // Large discs (communities) keep their edges apart, not their centres.
                        const double gap = nodes.at(a).radius + nodes.at(b).radius;
                        const double dist = qMax(0.5, std::hypot(d.x(), d.y()) - gap * 0.5);
                        force[a] += d / qMax(0.5, std::hypot(d.x(), d.y())) * (k * k / dist);
                    }
        }
        for (int e = 0; e < m_picture->edgeCount(); ++e) {
            const GraphPicture::Edge &edge = m_picture->edge(e);
            const QPointF d = pos.at(edge.from) - pos.at(edge.to);
            const double dist = qMax(0.5, std::hypot(d.x(), d.y()));
            const QPointF pull = d / dist * (dist * dist / k) * qMax(0.2, edge.weight);
            force[edge.from] -= pull;
            force[edge.to] += pull;
        }
        for (int i = 0; i < n; ++i) {
            const QPointF f = force.at(i) - pos.at(i) * 0.01; // gentle gravity to the centre
            const double len = qMax(0.001, std::hypot(f.x(), f.y()));
            pos[i] += f / len * qMin(len, m_temperature);
        }
        m_temperature *= 0.95;
    }
    // Repaint about ten times a second while a large layout moves: a frame of thousands of
    // nodes costs more than a simulation slice.
    const bool done = m_temperature <= 0.5;
    if (done || !m_sinceRepaint.isValid() || m_sinceRepaint.elapsed() >= 100) {
        m_sinceRepaint.start();
        m_picture->positionsChanged();
    }
    if (done) {
        m_timer->stop();
        fitToVisible();
    }
}

} // namespace engram
