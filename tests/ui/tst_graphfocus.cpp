// The association graph in the real main window: it follows what the person looks at (the
// memory selected, the question asked), says what it shows of what exists, and the overview's
// communities open into their members and back.
#include "ChildByName.h"
#include "GraphView.h"
#include "MainWindow.h"
#include "MemoryBrowser.h"
#include "Roles.h"
#include "TestVault.h"
#include "VaultInsights.h"

#include <QApplication>
#include <QGraphicsView>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSet>
#include <QTabWidget>
#include <QTest>
#include <QTreeView>

#include <algorithm>

using namespace engram;
using test::child;

namespace {

const int kTimeout = test::kWaitMs;

/// Two topics of six notes, each note linking the next two of its topic, and one note alone.
void writeTopics(test::TestVault &vault)
{
    for (int i = 1; i <= 6; ++i) {
        const int next = i % 6 + 1;
        const int after = next % 6 + 1;
        vault.write(QStringLiteral("notes/ops/deploy-%1.md").arg(i),
                    QStringLiteral("---\ntitle: Deploy rollback step %1\n---\n# Deploy rollback step %1\n\nThe canary "
                                   "deploy and its rollback, part %1. See [[deploy-%2]] and [[deploy-%3]].\n")
                        .arg(i)
                        .arg(next)
                        .arg(after));
        vault.write(QStringLiteral("notes/home/garden-%1.md").arg(i),
                    QStringLiteral("---\ntitle: Garden tomato bed %1\n---\n# Garden tomato bed %1\n\nCompost and "
                                   "tomato seedlings, bed %1. See [[garden-%2]] and [[garden-%3]].\n")
                        .arg(i)
                        .arg(next)
                        .arg(after));
    }
    vault.write(QStringLiteral("memories/semantic/coffee.md"),
                QStringLiteral("# Coffee\n\nThe user prefers dark roast coffee.\n"));
}

} // namespace

class TestGraphFocus : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QApplication::setOrganizationName(QStringLiteral("engram-test"));
        QApplication::setApplicationName(QStringLiteral("tst_graphfocus"));
    }

    void init()
    {
        m_vault = std::make_unique<test::TestVault>();
        writeTopics(*m_vault);
        m_window = std::make_unique<MainWindow>();
        m_window->resize(1200, 780);
        m_window->show();
        m_window->openVault(m_vault->path());
        m_table = child<QTreeView>(m_window.get(), "memoryTable");
        QTRY_COMPARE_WITH_TIMEOUT(m_table->model()->rowCount(), 13, kTimeout);
        m_graph = m_window->graphView();
        // The communities come from the engine's edges, computed off the UI thread after indexing.
        QTRY_VERIFY_WITH_TIMEOUT(m_graph->data().communities.size() == 2 && !m_window->insights()->isPending(),
                                 kTimeout);
        for (int r = 0; r < m_table->model()->rowCount(); ++r) {
            const QModelIndex index = m_table->model()->index(r, 0);
            m_idOf.insert(index.data(PathRole).toString(), index.data(ChunkIdRole).toLongLong());
        }
    }

    void cleanup()
    {
        m_window.reset();
        m_vault.reset();
        m_idOf.clear();
    }

    void selectingAMemory_focusesTheGraphOnItsNeighbourhood()
    {
        selectRow(QStringLiteral("notes/ops/deploy-3.md"));
        QCOMPARE(m_graph->mode(), GraphView::Mode::Neighbourhood);
        const QList<qint64> shown = m_graph->shownKeys();
        QCOMPARE(shown.first(), id("ops/deploy-3"));
        for (int i : {1, 2, 4, 5}) // two hops along its links, both ways
            QVERIFY2(shown.contains(id(QStringLiteral("ops/deploy-%1").arg(i))), qPrintable(QString::number(i)));
        for (int i = 1; i <= 6; ++i)
            QVERIFY(!shown.contains(id(QStringLiteral("home/garden-%1").arg(i))));
        QCOMPARE(child<QLabel>(m_window.get(), "graphInfo")->text(),
                 QStringLiteral("%1 of 13 memories shown (neighbourhood of Deploy rollback step 3)").arg(shown.size()));

        // Another memory: the graph follows.
        selectRow(QStringLiteral("notes/home/garden-6.md"));
        QCOMPARE(m_graph->shownKeys().first(), id("home/garden-6"));
        QVERIFY(child<QLabel>(m_window.get(), "graphInfo")
                    ->text()
                    .endsWith(QLatin1String("(neighbourhood of Garden tomato bed 6)")));
    }

    void focusedMemory_isRingedInTheSelectionColour()
    {
        // It was only a larger dot of its region's colour among its neighbours.
        m_window->tabs()->setCurrentWidget(m_graph);
        selectRow(QStringLiteral("notes/ops/deploy-3.md"));
        QCOMPARE(m_graph->shownKeys().first(), id("ops/deploy-3"));
        QTRY_VERIFY_WITH_TIMEOUT(m_graph->isSettled(), kTimeout);
        auto *canvas = child<QGraphicsView>(m_window.get(), "graphCanvas");
        const QColor ring = canvas->palette().color(QPalette::Highlight);
        const auto ringed = [&](qint64 key) {
            const QImage image = canvas->viewport()->grab().toImage();
            const QPoint centre = pointOf(canvas, key);
            const int reach = 24;
            for (int y = centre.y() - reach; y <= centre.y() + reach; ++y)
                for (int x = centre.x() - reach; x <= centre.x() + reach; ++x)
                    if (image.rect().contains(x, y)) {
                        const QColor c = image.pixelColor(x, y);
                        if (qAbs(c.red() - ring.red()) + qAbs(c.green() - ring.green()) + qAbs(c.blue() - ring.blue())
                            < 30)
                            return true;
                    }
            return false;
        };
        QVERIFY(ringed(id("ops/deploy-3")));
        // A neighbour far enough from it is not ringed.
        const QPoint focus = pointOf(canvas, id("ops/deploy-3"));
        for (qint64 key : m_graph->shownKeys().mid(1))
            if ((pointOf(canvas, key) - focus).manhattanLength() > 120)
                QVERIFY2(!ringed(key), qPrintable(QString::number(key)));
    }

    void sessionTurns_areToldApartByTheirOwnWords()
    {
        // Every turn of a session was labelled with the session's title ("Can you add the first two i…").
        m_vault->write(QStringLiteral("sessions/2025-09-03/talk.md"),
                       QStringLiteral("---\ntype: transcript\n---\n\n**user:** How do we roll back a deploy?\n\n"
                                      "**assistant:** Run the rollback step three of the deploy notes.\n\n"
                                      "**user:** And the garden tomato bed?\n\n"
                                      "**assistant:** Water the tomato bed every morning.\n"));
        QTRY_VERIFY_WITH_TIMEOUT(
            !m_window->insights()->isPending()
                && std::any_of(m_graph->data().nodes.cbegin(), m_graph->data().nodes.cend(),
                               [](const GraphNode &n) { return n.label.contains(QLatin1String("roll back")); }),
            kTimeout);
        QStringList turnLabels;
        for (const GraphNode &n : m_graph->data().nodes)
            if (!n.tooltip.isEmpty())
                turnLabels << n.label;
        QVERIFY2(turnLabels.size() >= 2, qPrintable(turnLabels.join(u'|')));
        QCOMPARE(QSet<QString>(turnLabels.cbegin(), turnLabels.cend()).size(), turnLabels.size());
    }

    void overview_showsCommunitiesThatOpenIntoTheirMembers()
    {
        m_window->tabs()->setCurrentWidget(m_graph);
        child<QPushButton>(m_window.get(), "graphOverviewButton")->click();
        QCOMPARE(m_graph->mode(), GraphView::Mode::Overview);
        QCOMPARE(m_graph->visibleNodeCount(), 2);
        auto *info = child<QLabel>(m_window.get(), "graphInfo");
        QVERIFY2(info->text().startsWith(QLatin1String("2 of 2 communities shown, holding 12 of 13 memories")),
                 qPrintable(info->text()));
        const int deploy = m_graph->data().communities.at(0).members.contains(id("ops/deploy-1")) ? 0 : 1;
        QVERIFY2(m_graph->data().communities.at(deploy).name.contains(QLatin1String("deploy")),
                 qPrintable(m_graph->data().communities.at(deploy).name));
        QVERIFY(m_graph->data().communities.at(1 - deploy).name.contains(QLatin1String("garden")));

        // Double-click opens a community into its members.
        auto *canvas = child<QGraphicsView>(m_window.get(), "graphCanvas");
        QTest::mouseDClick(canvas->viewport(), Qt::LeftButton, {}, pointOf(canvas, deploy));
        QCOMPARE(m_graph->mode(), GraphView::Mode::Community);
        QCOMPARE(shownSet(), ids(QStringLiteral("ops/deploy")));
        QVERIFY2(info->text().startsWith(QStringLiteral("6 of 13 memories shown (community “%1”, 6 members)")
                                             .arg(m_graph->data().communities.at(deploy).name)),
                 qPrintable(info->text()));

        // Back to the overview; Enter opens the selected one.
        auto *back = child<QPushButton>(m_window.get(), "graphBackButton");
        QVERIFY(back->isEnabled());
        back->click();
        QCOMPARE(m_graph->mode(), GraphView::Mode::Overview);
        QTest::mouseClick(canvas->viewport(), Qt::LeftButton, {}, pointOf(canvas, 1 - deploy));
        QTest::keyClick(canvas, Qt::Key_Return);
        QCOMPARE(m_graph->mode(), GraphView::Mode::Community);
        QCOMPARE(shownSet(), ids(QStringLiteral("home/garden")));

        // A member opens in the memory browser, and the graph then shows its neighbourhood.
        QTest::mouseDClick(canvas->viewport(), Qt::LeftButton, {}, pointOf(canvas, id("home/garden-2")));
        QCOMPARE(m_window->tabs()->currentWidget(), m_window->browser());
        QCOMPARE(m_table->currentIndex().data(PathRole).toString(), QStringLiteral("notes/home/garden-2.md"));
        QCOMPARE(m_graph->mode(), GraphView::Mode::Neighbourhood);
        QCOMPARE(m_graph->shownKeys().first(), id("home/garden-2"));
    }

    void recallQuestion_focusesTheGraphOnItsResults()
    {
        m_window->tabs()->setCurrentWidget(m_window->findChild<QWidget *>(QStringLiteral("recallPanel")));
        auto *query = child<QLineEdit>(m_window.get(), "recallQuery");
        query->setText(QStringLiteral("tomato seedlings compost"));
        child<QPushButton>(m_window.get(), "recallButton")->click();
        auto *info = child<QLabel>(m_window.get(), "graphInfo");
        QTRY_VERIFY2_WITH_TIMEOUT(
            info->text().endsWith(QStringLiteral("(around the question “tomato seedlings compost”)")),
            qPrintable(info->text()), kTimeout);
        QCOMPARE(m_graph->mode(), GraphView::Mode::Neighbourhood);
        const QList<qint64> shown = m_graph->shownKeys();
        const QSet<qint64> garden = ids(QStringLiteral("home/garden"));
        QVERIFY(!shown.isEmpty());
        for (qint64 key : shown)
            QVERIFY(garden.contains(key));
    }

private:
    qint64 id(const QString &note) const { return m_idOf.value(QStringLiteral("notes/%1.md").arg(note), -1); }
    qint64 id(const char *note) const { return id(QString::fromLatin1(note)); }
    QSet<qint64> ids(const QString &prefix) const
    {
        QSet<qint64> out;
        for (int i = 1; i <= 6; ++i)
            out.insert(id(QStringLiteral("%1-%2").arg(prefix).arg(i)));
        return out;
    }
    QSet<qint64> shownSet() const
    {
        const QList<qint64> keys = m_graph->shownKeys();
        return QSet<qint64>(keys.cbegin(), keys.cend());
    }
    void selectRow(const QString &path)
    {
        for (int r = 0; r < m_table->model()->rowCount(); ++r)
            if (m_table->model()->index(r, 0).data(PathRole).toString() == path) {
                m_table->setCurrentIndex(m_table->model()->index(r, 0));
                return;
            }
        QFAIL(qPrintable(QStringLiteral("no row for %1").arg(path)));
    }
    QPoint pointOf(QGraphicsView *canvas, qint64 key) const
    {
        return canvas->mapFromScene(m_graph->scenePositionOf(key));
    }

    std::unique_ptr<test::TestVault> m_vault;
    std::unique_ptr<MainWindow> m_window;
    QTreeView *m_table = nullptr;
    GraphView *m_graph = nullptr;
    QHash<QString, qint64> m_idOf;
};

QTEST_MAIN(TestGraphFocus)
#include "tst_graphfocus.moc"
