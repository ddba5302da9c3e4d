// The association graph: a neighbourhood that follows the type filters, counts that say what is
// shown of what exists, an overview of communities that opens into members, and a layout that
// keeps the UI thread responsive with thousands of nodes.
#include "ChildByName.h"
#include "GraphCommunities.h"
#include "GraphView.h"
#include "TestVault.h"
#include "TurnProbe.h"

#include <QApplication>
#include <QCheckBox>
#include <QGraphicsView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTest>

using namespace engram;
using test::child;

namespace {

/// A ring of `n` memories, each also linked to the one 7 ahead (co_activated).
GraphData ring(int n)
{
    GraphData g;
    for (int i = 0; i < n; ++i)
        g.nodes << GraphNode{i + 1, QStringLiteral("memory %1").arg(i), QStringLiteral("episodic"), 0.5};
    for (int i = 0; i < n; ++i) {
        g.edges << GraphEdge{i + 1, (i + 1) % n + 1, QStringLiteral("related"), 0.8};
        g.edges << GraphEdge{i + 1, (i + 7) % n + 1, QStringLiteral("co_activated"), 0.3};
    }
    return g;
}

/// `groups` cliques of `size` memories, titled by topic, each joined to the next by one weak link.
GraphData topics(int groups, int size)
{
    GraphData g;
    for (int c = 0; c < groups; ++c)
        for (int i = 0; i < size; ++i)
            g.nodes << GraphNode{c * 1000 + i + 1, QStringLiteral("topic%1 note %2").arg(c).arg(i), {}, 1.0};
    for (int c = 0; c < groups; ++c) {
        for (int i = 0; i < size; ++i)
            for (int j = i + 1; j < size; ++j)
                g.edges << GraphEdge{c * 1000 + i + 1, c * 1000 + j + 1, QStringLiteral("related"), 0.8};
        g.edges << GraphEdge{c * 1000 + 1, (c + 1) % groups * 1000 + 2, QStringLiteral("related"), 0.1};
    }
    g.memoriesInVault = g.nodes.size() + 40; // some memories are in no edge at all
    GraphCommunities::annotate(g);
    return g;
}

} // namespace

class TestGraphView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void emptyData_saysSoInsteadOfDrawing()
    {
        GraphView view;
        view.setData({});
        QCOMPARE(view.visibleNodeCount(), 0);
    }

    void count_saysWhatIsShownOfWhatExists()
    {
        GraphView view;
        GraphData data = ring(120);
        data.memoriesInVault = 20000;
        view.setData(data);
        auto *info = child<QLabel>(&view, "graphInfo");
        QCOMPARE(info->text(), QStringLiteral("120 of %1 memories shown (all)").arg(QLocale().toString(20000)));
        view.focusNode(50, 1);
        QCOMPARE(info->text(),
                 QStringLiteral("5 of %1 memories shown (neighbourhood of memory 49)").arg(QLocale().toString(20000)));
    }

    void neighbourhood_expandsHopByHopAndFollowsTypeFilters()
    {
        GraphView view;
        view.setData(ring(100));
        QCOMPARE(view.visibleNodeCount(), 100);
        view.focusNode(50, 1);
        QCOMPARE(view.mode(), GraphView::Mode::Neighbourhood);
        QCOMPARE(view.visibleNodeCount(), 5); // itself, ±1 related, ±7 co_activated
        child<QPushButton>(&view, "graphExpandButton")->click();
        QCOMPARE(view.visibleNodeCount(), 13);
        child<QCheckBox>(&view, "graphEdge_co_activated")->setChecked(false);
        view.focusNode(50, 1);
        QCOMPARE(view.visibleNodeCount(), 3);
        child<QPushButton>(&view, "graphEverythingButton")->click();
        QCOMPARE(view.visibleNodeCount(), 100);
    }

    void neighbourhood_ofAHub_isCappedToTheStrongest()
    {
        GraphData g;
        g.nodes << GraphNode{1, QStringLiteral("hub"), {}, 1.0};
        for (int i = 2; i <= 500; ++i) {
            g.nodes << GraphNode{i, QStringLiteral("leaf %1").arg(i), {}, 1.0};
            g.edges << GraphEdge{1, i, QStringLiteral("related"), i / 1000.0};
        }
        GraphView view;
        view.setData(g);
        view.focusNode(1, 2);
        QCOMPARE(view.visibleNodeCount(), GraphView::kMaxNeighbourhood);
        QCOMPARE(view.shownKeys().at(1), 500); // the strongest association first
        QVERIFY(child<QLabel>(&view, "graphInfo")->text().startsWith(QStringLiteral("40 of 500 memories shown")));
    }

    void largeVault_opensOnItsCommunities_whichOpenAndGoBack()
    {
        GraphView view;
        view.resize(1000, 700);
        view.show();
        view.setData(topics(12, 15)); // 180 memories in edges: more than a view of labels holds
        QCOMPARE(view.mode(), GraphView::Mode::Overview);
        QCOMPARE(view.visibleNodeCount(), 12);
        QCOMPARE(
            child<QLabel>(&view, "graphInfo")->text(),
            QStringLiteral("12 of 12 communities shown, holding 180 of 220 memories (the rest have no associations)"));
        for (const GraphCommunity &c : view.data().communities)
            QVERIFY2(c.name.startsWith(QLatin1String("topic")), qPrintable(c.name));

        auto *canvas = child<QGraphicsView>(&view, "graphCanvas");
        QTest::mouseDClick(canvas->viewport(), Qt::LeftButton, {}, canvas->mapFromScene(view.scenePositionOf(3)));
        QCOMPARE(view.mode(), GraphView::Mode::Community);
        QCOMPARE(view.visibleNodeCount(), 15);
        const QList<qint64> members = view.data().communities.at(3).members;
        QCOMPARE(QSet<qint64>(members.cbegin(), members.cend()), [&] {
            const QList<qint64> keys = view.shownKeys();
            return QSet<qint64>(keys.cbegin(), keys.cend());
        }());
        QTest::keyClick(canvas, Qt::Key_Backspace);
        QCOMPARE(view.mode(), GraphView::Mode::Overview);
        QVERIFY(!child<QPushButton>(&view, "graphBackButton")->isEnabled());
    }

    void focusedView_settlesAtOnceAndDrawsEveryLabel()
    {
        GraphView view;
        view.resize(1000, 700);
        view.show();
        view.setData(ring(3000));
        view.focusNode(10, 2);
        QVERIFY(view.isSettled()); // laid out before it is shown: no animation of a few dozen nodes
        auto *canvas = child<QGraphicsView>(&view, "graphCanvas");
        const QImage frame = canvas->viewport()->grab().toImage();
        // Each memory's label is written beside it in the palette's text colour, at the default zoom.
        const QColor text = view.palette().color(QPalette::Text);
        const auto inkAt = [&](int x, int y) {
            const QColor c = frame.pixelColor(x, y);
            return std::abs(c.red() - text.red()) + std::abs(c.green() - text.green())
                       + std::abs(c.blue() - text.blue())
                   < 120;
        };
        const QHash<qint64, QRectF> labels = view.labelsOnScreen();
        for (qint64 key : view.shownKeys()) {
            QVERIFY2(labels.contains(key), qPrintable(QStringLiteral("memory %1 has no label").arg(key)));
            const QRectF label = labels.value(key);
            const QRectF disc = view.discOnScreen(key);
            // Beside its own disc: touching the disc grown by a few pixels.
            QVERIFY2(label.intersects(disc.adjusted(-6, -6, 6, 6)),
                     qPrintable(QStringLiteral("memory %1: its label is not beside it").arg(key)));
            int ink = 0;
            for (int y = int(label.top()); y < int(label.bottom()); ++y)
                for (int x = int(label.left()); x < int(label.right()); ++x)
                    ink += frame.rect().contains(x, y) && inkAt(x, y) ? 1 : 0;
            QVERIFY2(ink >= 15, qPrintable(QStringLiteral("memory %1: %2 pixels of text").arg(key).arg(ink)));
        }
    }

    void labels_coverNoDiscNorEachOther_andNoEdgeRunsThroughTheirWords_data()
    {
        QTest::addColumn<int>("view");
        QTest::newRow("a neighbourhood") << 0;
        QTest::newRow("the communities") << 1;
        QTest::newRow("one community") << 2;
    }

    void labels_coverNoDiscNorEachOther_andNoEdgeRunsThroughTheirWords()
    {
        QFETCH(int, view);
        GraphView graph;
        graph.resize(1000, 700);
        graph.show();
        auto *canvas = child<QGraphicsView>(&graph, "graphCanvas");
        if (view == 0) {
            graph.setData(ring(3000));
            graph.focusNode(10, 3);
        } else {
            graph.setData(topics(12, 15));
            QCOMPARE(graph.mode(), GraphView::Mode::Overview);
            if (view == 2)
                QTest::mouseDClick(canvas->viewport(), Qt::LeftButton, {},
                                   canvas->mapFromScene(graph.scenePositionOf(3)));
        }
        QTRY_VERIFY_WITH_TIMEOUT(graph.isSettled(), 10000);
        const QImage frame = canvas->viewport()->grab().toImage();
        const QHash<qint64, QRectF> labels = graph.labelsOnScreen();
        const QList<qint64> keys = graph.shownKeys();
        QVERIFY2(labels.size() * 2 >= keys.size(),
                 qPrintable(QStringLiteral("%1 of %2").arg(labels.size()).arg(keys.size())));
        for (auto it = labels.cbegin(); it != labels.cend(); ++it) {
            for (qint64 other : keys)
                if (other != it.key())
                    QVERIFY2(!it.value().intersects(graph.discOnScreen(other)),
                             qPrintable(QStringLiteral("the label of %1 covers %2").arg(it.key()).arg(other)));
            for (auto jt = labels.cbegin(); jt != labels.cend(); ++jt)
                if (jt.key() != it.key())
                    QVERIFY2(!it.value().intersects(jt.value()),
                             qPrintable(QStringLiteral("the labels of %1 and %2 overlap").arg(it.key()).arg(jt.key())));
            // Inside a label only its halo and its words: greys between the base and the text colour.
            // An edge (slate, pink) or a disc (a region's colour) showing through has a hue.
            const QRect inside = it.value().toAlignedRect().adjusted(1, 1, -1, -1) & frame.rect();
            for (int y = inside.top(); y <= inside.bottom(); ++y)
                for (int x = inside.left(); x <= inside.right(); ++x) {
                    const QColor c = frame.pixelColor(x, y);
                    const int hue = std::max({c.red(), c.green(), c.blue()}) - std::min({c.red(), c.green(), c.blue()});
                    QVERIFY2(hue <= 6, qPrintable(QStringLiteral("the label of %1 shows colour %2 at %3,%4")
                                                      .arg(it.key())
                                                      .arg(c.name())
                                                      .arg(x)
                                                      .arg(y)));
                }
        }
    }

    void layout_ofThreeThousandNodes_neverStallsTheEventLoop()
    {
        GraphView view;
        view.resize(1000, 700);
        view.show();
        view.setData(ring(3000));
        view.showEverything();
        // The UI thread's own CPU time per turn of its event loop: a loaded machine that keeps the
        // thread waiting does not count (a wall-clock gap between timer ticks did).
        test::TurnProbe probe;
        QTest::qWait(3000);
        const qint64 worst = probe.take();
        qInfo("longest turn of the UI thread during layout: %lld ms of CPU", worst);
        // One frame of 3000 nodes and 6000 edges; it fails the per-item, antialiased drawing (~900 ms).
        if (worst >= 250 * test::kSanitizerSlowdown)
            qWarning().noquote() << probe.stacksOfLongest();
        QVERIFY2(worst < 250 * test::kSanitizerSlowdown, qPrintable(QStringLiteral("stall of %1 ms").arg(worst)));
    }
};

QTEST_MAIN(TestGraphView)
#include "tst_graphview.moc"
