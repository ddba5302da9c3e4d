// Association graph at scale: for N memories, the time to compute the communities (off the UI
// thread in the workbench), to show each view for the first time (until its layout settles),
// and to draw one frame while zooming and while panning, beside a floor: the same number of
// bare rectangles and lines painted into an image of the viewport's size.
//   graph_bench [N…]   (default 20000 100000)
// The graph is synthetic, shaped like a vault's: memories in topics of 5–400 (Zipf-like sizes),
// titled with their topic's words, each linked to about two of its topic (related, 0.3–0.9),
// one link in ten to another topic, and the chunks of a file (1–8) joined by part_of.
// Offscreen by default (QT_QPA_PLATFORM=offscreen); under Xvfb with xcb for a real X server.
#include "GraphCommunities.h"
#include "GraphView.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QGraphicsView>
#include <QImage>
#include <QPainter>
#include <QRandomGenerator>
#include <QScrollBar>
#include <QTest>
#include <QWheelEvent>

#include <algorithm>

using namespace engram;

namespace {

GraphData graphOf(int n)
{
    GraphData data;
    const QStringList regions{QStringLiteral("episodic"), QStringLiteral("semantic"), QStringLiteral("procedural")};
    const QStringList common{QStringLiteral("notes"), QStringLiteral("meeting"), QStringLiteral("review"),
                             QStringLiteral("plan"), QStringLiteral("session")};
    QRandomGenerator random(42);
    QList<int> topicOf;
    QList<QList<int>> members;
    while (topicOf.size() < n) {
        const int size = qMin(n - int(topicOf.size()), 5 + int(400.0 / (1 + members.size() % 60)));
        members.append(QList<int>());
        for (int i = 0; i < size; ++i) {
            members.last() << int(topicOf.size());
            topicOf << int(members.size()) - 1;
        }
    }
    for (int i = 0; i < n; ++i) {
        const int t = topicOf.at(i);
        data.nodes << GraphNode{i + 1,
                                QStringLiteral("%1 %2 %3 %4")
                                    .arg(QStringLiteral("topic%1").arg(t), QStringLiteral("word%1").arg(t * 7 % 991),
                                         common.at(random.bounded(int(common.size()))))
                                    .arg(i),
                                regions.at(t % 3), 0.3 + 0.7 * random.generateDouble()};
    }
    const QStringList types = GraphView::edgeTypes();
    for (int i = 0; i < n; ++i) {
        const QList<int> &topic = members.at(topicOf.at(i));
        for (int k = 0; k < 2; ++k) {
            const int other = random.bounded(10) == 0 ? random.bounded(n) : topic.at(random.bounded(int(topic.size())));
            if (other != i)
                data.edges << GraphEdge{i + 1, other + 1, types.at(random.bounded(4)),
                                        0.3 + 0.6 * random.generateDouble()};
        }
    }
    for (int i = 0; i < n;) { // files of 1–8 chunks
        const int chunks = 1 + random.bounded(8);
        for (int c = 1; c < chunks && i + c < n; ++c)
            data.edges << GraphEdge{i + 1, i + c + 1, QStringLiteral("part_of"), 0.5};
        i += chunks;
    }
    data.memoriesInVault = n;
    return data;
}

struct Frames {
    qint64 median = 0;
    qint64 worst = 0;
    qint64 still = 0; ///< the sharp redraw once the view stops moving
};

/// 16 steps of zooming (wheel events, in then out) or panning (the scroll bar), one full
/// repaint of what is on screen timed after each.
Frames timeFrames(QGraphicsView *graphics, bool zoom)
{
    QList<qint64> frames;
    QWidget *viewport = graphics->viewport();
    const QPointF centre(viewport->width() / 2.0, viewport->height() / 2.0);
    for (int i = 0; i < 16; ++i) {
        if (zoom) {
            QWheelEvent wheel(centre, viewport->mapToGlobal(centre), {}, QPoint(0, i < 8 ? 150 : -150), Qt::NoButton,
                              Qt::NoModifier, Qt::NoScrollPhase, false);
            QApplication::sendEvent(viewport, &wheel);
        } else {
            QScrollBar *bar = graphics->horizontalScrollBar();
            bar->setValue(bar->value() + (i < 8 ? 40 : -40));
        }
        QElapsedTimer frame;
        frame.start();
        viewport->grab();
        frames << frame.nsecsElapsed() / 1000;
    }
    std::sort(frames.begin(), frames.end());
    QTest::qWait(200); // still: a large picture is drawn again, sharp; a new zoom times that drawing
    graphics->scale(1.001, 1.001);
    QElapsedTimer frame;
    frame.start();
    viewport->grab();
    return {frames.at(frames.size() / 2), frames.last(), frame.nsecsElapsed() / 1000};
}

/// The floor: `nodes` bare 4×4 rectangles and `edges` one-pixel lines (up to 30 pixels long) into a
/// viewport-sized image, with QPainter and nothing else.
qint64 floorOf(int nodes, int edges, QSize size)
{
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    QRandomGenerator random(1);
    QList<QRectF> rects;
    QList<QLineF> lines;
    for (int i = 0; i < nodes; ++i)
        rects << QRectF(random.bounded(size.width()), random.bounded(size.height()), 4, 4);
    // Lines as long as the graph's (a few node spacings on screen), not across the whole image.
    for (int i = 0; i < edges && nodes > 0; ++i) {
        const QPointF from = rects.at(i % nodes).center();
        lines << QLineF(from, from + QPointF(random.bounded(60) - 30, random.bounded(60) - 30));
    }
    QList<qint64> times;
    for (int round = 0; round < 5; ++round) {
        QElapsedTimer clock;
        clock.start();
        image.fill(Qt::white);
        QPainter painter(&image);
        painter.setPen(QPen(Qt::gray, 0));
        painter.drawLines(lines);
        painter.setPen(Qt::NoPen);
        painter.setBrush(Qt::red);
        painter.drawRects(rects);
        painter.end();
        times << clock.nsecsElapsed() / 1000;
    }
    std::sort(times.begin(), times.end());
    return times.at(2);
}

void report(const char *view, GraphView &graph, qint64 firstMs)
{
    const qint64 edges = graph.visibleEdgeCount();
    auto *graphics = graph.findChild<QGraphicsView *>(QStringLiteral("graphCanvas"));
    const Frames zoom = timeFrames(graphics, true);
    const Frames pan = timeFrames(graphics, false);
    const qint64 floor = floorOf(graph.visibleNodeCount(), int(edges), graphics->viewport()->size());
    qInfo("  %-13s %6d nodes %6lld edges: shown in %6lld ms; zoom frame %6.1f ms (worst %6.1f), pan %6.1f ms "
          "(worst %6.1f), still %6.1f ms; floor %6.1f ms",
          view, graph.visibleNodeCount(), edges, firstMs, zoom.median / 1000.0, zoom.worst / 1000.0,
          pan.median / 1000.0, pan.worst / 1000.0, qMax(zoom.still, pan.still) / 1000.0, floor / 1000.0);
}

qint64 waitSettled(GraphView &view, QElapsedTimer &clock, qint64 limitMs)
{
    while (!view.isSettled() && clock.elapsed() < limitMs)
        QTest::qWait(20);
    return clock.elapsed();
}

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QList<int> sizes;
    for (int i = 1; i < argc; ++i)
        sizes << QString::fromLocal8Bit(argv[i]).toInt();
    if (sizes.isEmpty())
        sizes = {20000, 100000};
    for (int n : std::as_const(sizes)) {
        GraphData data = graphOf(n);
        QElapsedTimer clock;
        clock.start();
        GraphCommunities::annotate(data);
        qInfo("%d memories, %lld edges: %lld communities of 2+ in %lld ms (off the UI thread)", n,
              qint64(data.edges.size()), qint64(data.communities.size()), clock.elapsed());

        GraphView view;
        view.resize(1180, 680);
        view.show();
        QTest::qWait(50);
        clock.restart();
        view.setData(data); // a vault this large opens on its communities
        const qint64 overviewMs = waitSettled(view, clock, 120000);
        report("overview", view, overviewMs);

        clock.restart();
        view.focusNode(data.nodes.at(n / 2).id, 2);
        const qint64 focusMs = waitSettled(view, clock, 120000);
        report("neighbourhood", view, focusMs);

        clock.restart();
        view.openCommunity(0);
        const qint64 communityMs = waitSettled(view, clock, 120000);
        report("community", view, communityMs);

        clock.restart();
        view.showEverything();
        const qint64 everythingMs = waitSettled(view, clock, n > 50000 ? 30000 : 120000);
        report(view.isSettled() ? "everything" : "everything*", view, everythingMs);
    }
    return 0;
}
