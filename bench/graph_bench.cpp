// Association graph at scale: time to the first settled layout and the time to draw one frame
// while zooming in, for N memories with ~2 associations each (labels, regions, edge types).
//   graph_bench [N…]   (default 4000 20000: what a 20k vault draws today, and all of it)
// Offscreen by default (QT_QPA_PLATFORM=offscreen); under Xvfb with xcb for a real X server.
#include "GraphView.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QGraphicsView>
#include <QRandomGenerator>
#include <QTest>

#include <algorithm>

using namespace engram;

namespace {

GraphData graphOf(int n)
{
    GraphData data;
    const QStringList regions{QStringLiteral("episodic"), QStringLiteral("spatial"), QStringLiteral("identity")};
    const QStringList types = GraphView::edgeTypes();
    QRandomGenerator random(42);
    for (int i = 0; i < n; ++i)
        data.nodes << GraphNode{i + 1, QStringLiteral("Memory %1 about something").arg(i + 1), regions.at(i % 3), 0.8};
    for (int i = 0; i < n; ++i) {
        data.edges << GraphEdge{i + 1, (i + 1) % n + 1, types.at(i % types.size()), 0.5};
        data.edges << GraphEdge{i + 1, qint64(random.bounded(n)) + 1, types.at((i / 7) % types.size()), 0.3};
    }
    data.memoriesInVault = n;
    return data;
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
        sizes = {4000, 20000};
    for (int n : std::as_const(sizes)) {
        GraphView view;
        view.resize(1180, 680);
        view.show();
        QElapsedTimer clock;
        clock.start();
        view.setData(graphOf(n));
        const qint64 built = clock.elapsed();
        while (!view.isSettled() && clock.elapsed() < 120000)
            QTest::qWait(20);
        const qint64 settled = clock.elapsed();
        auto *graphics = view.findChild<QGraphicsView *>();
        QList<qint64> frames;
        for (int zoom = 0; zoom < 16; ++zoom) {
            graphics->scale(zoom < 8 ? 1.25 : 0.8, zoom < 8 ? 1.25 : 0.8);
            QElapsedTimer frame;
            frame.start();
            graphics->viewport()->grab(); // one full repaint of what is on screen
            frames << frame.elapsed();
        }
        std::sort(frames.begin(), frames.end());
        qInfo("%6d memories: scene built in %lld ms, layout settled after %lld ms; zoom frame median %lld ms, "
              "worst %lld ms",
              n, built, settled, frames.at(frames.size() / 2), frames.last());
    }
    return 0;
}
