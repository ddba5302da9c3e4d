// Drives the real main window by objectName: open a vault, search, edit and
// save a note, add a heuristic and undo, drop a file and see it indexed, copy
// a pack and read the clipboard, see a health check fail and fix it.
#include "CognitiveStateDocument.h"
#include "HealthModel.h"
#include "GraphView.h"
#include "MainWindow.h"
#include "MemoryBrowser.h"
#include "ProposalPanel.h"
#include "StateEditor.h"
#include "MemoryFilterProxy.h"
#include "RecallResultsModel.h"
#include "RegionMapView.h"
#include "Roles.h"
#include "StateListModel.h"
#include "TestVault.h"
#include "VaultSession.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace engram;

namespace {

const int kTimeout = 20000;

void writeSampleVault(test::TestVault &vault)
{
    vault.write(QStringLiteral("notes/alpha.md"),
                QStringLiteral("---\ntitle: Alpha project\nregion: spatial\n---\n# Alpha\n\nThe alpha build uses "
                               "CMake and Ninja.\n"));
    vault.write(QStringLiteral("notes/beta.md"), QStringLiteral("# Beta\n\nBeta notes about the garden and tomatoes.\n"));
    vault.write(QStringLiteral("memories/semantic/gamma.md"),
                QStringLiteral("---\nstore: semantic\n---\n# Gamma\n\nGamma: the user prefers dark roast coffee.\n"));
}

template <typename T>
T *child(QObject *parent, const char *name)
{
    T *found = parent->findChild<T *>(QLatin1String(name));
    if (!found)
        qFatal("no child named %s", name);
    return found;
}

bool tableHasPath(QTableView *table, const QString &path)
{
    for (int r = 0; r < table->model()->rowCount(); ++r)
        if (table->model()->index(r, 0).data(PathRole).toString() == path)
            return true;
    return false;
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QApplication::setOrganizationName(QStringLiteral("engram-test"));
        QApplication::setApplicationName(QStringLiteral("tst_mainwindow"));
    }

    void init()
    {
        m_vault = std::make_unique<test::TestVault>();
        writeSampleVault(*m_vault);
        m_window = std::make_unique<MainWindow>();
        m_window->show();
        m_window->openVault(m_vault->path());
        m_table = child<QTableView>(m_window.get(), "memoryTable");
        QTRY_COMPARE_WITH_TIMEOUT(m_table->model()->rowCount(), 3, kTimeout);
    }

    void cleanup()
    {
        m_window.reset();
        m_vault.reset();
    }

    void openVault_listsMemoriesAndRemembersTheVault()
    {
        QVERIFY(tableHasPath(m_table, QStringLiteral("notes/alpha.md")));
        QVERIFY(MainWindow::recentVaults().contains(m_vault->path()));
        QVERIFY(child<QLabel>(m_window.get(), "vaultSummary")->text().contains(QLatin1String("3")));
    }

    void search_filtersAsYouType()
    {
        QTest::keyClicks(child<QLineEdit>(m_window.get(), "memorySearch"), QStringLiteral("gamma"));
        QTRY_COMPARE(m_table->model()->rowCount(), 1);
        QCOMPARE(m_table->model()->index(0, 0).data(PathRole).toString(), QStringLiteral("memories/semantic/gamma.md"));

        auto *query = child<QLineEdit>(m_window.get(), "recallQuery");
        query->setText(QStringLiteral("coffee roast"));
        QTest::keyClick(query, Qt::Key_Return);
        auto *results = child<QTableView>(m_window.get(), "recallResults");
        QTRY_VERIFY(results->model()->rowCount() >= 1);
        QCOMPARE(results->model()->index(0, 0).data(PathRole).toString(), QStringLiteral("memories/semantic/gamma.md"));
        QVERIFY(!results->model()->index(0, 0).data(BreakdownRole).toList().isEmpty());
        QTRY_VERIFY(child<QPlainTextEdit>(m_window.get(), "recallSource")->toPlainText().contains(QLatin1String("dark roast")));
    }

    void editAndSave_writesTheNoteAndReindexesIt()
    {
        QTest::keyClicks(child<QLineEdit>(m_window.get(), "memorySearch"), QStringLiteral("beta"));
        QTRY_COMPARE(m_table->model()->rowCount(), 1);
        m_table->selectRow(0);
        auto *text = child<QPlainTextEdit>(m_window.get(), "noteText");
        QTRY_VERIFY(text->toPlainText().contains(QLatin1String("tomatoes")));
        text->moveCursor(QTextCursor::End);
        QTest::keyClick(text, Qt::Key_Return);
        QTest::keyClicks(text, QStringLiteral("Zucchini grow fast."));
        auto *save = child<QPushButton>(m_window.get(), "noteSaveButton");
        QVERIFY(save->isEnabled());
        QTest::mouseClick(save, Qt::LeftButton);
        QVERIFY(m_vault->read(QStringLiteral("notes/beta.md")).contains("Zucchini grow fast."));
        QVERIFY(!save->isEnabled());

        auto *query = child<QLineEdit>(m_window.get(), "recallQuery");
        query->setText(QStringLiteral("zucchini"));
        auto *results = child<QTableView>(m_window.get(), "recallResults");
        // Ask again until the re-index has landed (each answer arrives asynchronously).
        QElapsedTimer waited;
        waited.start();
        auto answered = [&] {
            return results->model()->rowCount() > 0
                && results->model()->index(0, 0).data(PathRole).toString() == QLatin1String("notes/beta.md");
        };
        while (!answered() && waited.elapsed() < kTimeout) {
            QTest::keyClick(query, Qt::Key_Return);
            QTest::qWait(100);
        }
        QVERIFY(answered());

        // A change on disk while we edit is noticed, never silently overwritten.
        QTest::keyClicks(text, QStringLiteral("mine"));
        m_vault->write(QStringLiteral("notes/beta.md"), QStringLiteral("# Beta\n\nChanged elsewhere.\n"));
        QTRY_VERIFY(child<QWidget>(m_window.get(), "noteConflictBanner")->isVisible());
        QTest::mouseClick(save, Qt::LeftButton);
        QVERIFY(m_vault->read(QStringLiteral("notes/beta.md")).contains("Changed elsewhere."));
    }

    void heuristic_addThenUndoThenSave()
    {
        m_window->tabs()->setCurrentWidget(child<QWidget>(m_window.get(), "stateEditor"));
        auto *list = child<QListView>(m_window.get(), "heuristicList");
        QTRY_VERIFY(list->isVisible());
        QTest::keyClicks(child<QLineEdit>(m_window.get(), "heuristicInput"), QStringLiteral("Prefer small commits"));
        QTest::mouseClick(child<QPushButton>(m_window.get(), "heuristicAddButton"), Qt::LeftButton);
        QCOMPARE(list->model()->rowCount(), 1);
        QCOMPARE(list->model()->index(0, 0).data().toString(), QStringLiteral("Prefer small commits"));
        QTest::mouseClick(child<QPushButton>(m_window.get(), "stateUndoButton"), Qt::LeftButton);
        QCOMPARE(list->model()->rowCount(), 0);
        QTest::mouseClick(child<QPushButton>(m_window.get(), "stateRedoButton"), Qt::LeftButton);
        QCOMPARE(list->model()->rowCount(), 1);
        QTest::mouseClick(child<QPushButton>(m_window.get(), "stateSaveButton"), Qt::LeftButton);
        QVERIFY(m_vault->read(QStringLiteral("state/cognitive.json")).contains("Prefer small commits"));
    }

    void proposal_acceptAddsToTheStateRejectDrops()
    {
        m_window->tabs()->setCurrentWidget(m_window->stateEditor());
        auto *list = child<QListView>(m_window.get(), "learningList");
        QTRY_VERIFY(list->isVisible());
        m_window->stateEditor()->proposals()->setProposals(
            {{QStringLiteral("learning"), QStringLiteral("Tests catch races"), QStringLiteral("seen twice")},
             {QStringLiteral("avoidance"), QStringLiteral("Sleeping in tests"), QStringLiteral("flaky")}});
        QTest::mouseClick(child<QPushButton>(m_window.get(), "proposalAcceptButton"), Qt::LeftButton);
        QCOMPARE(list->model()->rowCount(), 1);
        QCOMPARE(list->model()->index(0, 0).data().toString(), QStringLiteral("Tests catch races"));
        QTest::mouseClick(child<QPushButton>(m_window.get(), "proposalRejectButton"), Qt::LeftButton);
        QCOMPARE(child<QListView>(m_window.get(), "avoidanceList")->model()->rowCount(), 0);
        QVERIFY(m_window->stateEditor()->proposals()->proposals().isEmpty());
        QTest::mouseClick(child<QPushButton>(m_window.get(), "stateUndoButton"), Qt::LeftButton);
        QCOMPARE(list->model()->rowCount(), 0);
    }

    void drop_copiesTheFileIndexesItAndRefusesImages()
    {
        QTemporaryDir outside;
        QFile note(outside.filePath(QStringLiteral("quokka.md")));
        QVERIFY(note.open(QIODevice::WriteOnly));
        note.write("# Quokka\n\nQuokkas smile on Rottnest Island.\n");
        note.close();
        QFile image(outside.filePath(QStringLiteral("photo.png")));
        QVERIFY(image.open(QIODevice::WriteOnly));
        image.write("\x89PNG");
        image.close();

        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(note.fileName()), QUrl::fromLocalFile(image.fileName())});
        QDragEnterEvent enter(QPoint(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(m_window.get(), &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(m_window.get(), &drop);

        QVERIFY(QFile::exists(m_vault->filePath(QStringLiteral("notes/inbox/quokka.md"))));
        QVERIFY(QFile::exists(note.fileName()));
        QVERIFY(m_window->statusBar()->currentMessage().contains(QLatin1String("photo.png")));
        QTRY_VERIFY_WITH_TIMEOUT(tableHasPath(m_table, QStringLiteral("notes/inbox/quokka.md")), kTimeout);
    }

    void copyPack_putsTheExactPreviewOnTheClipboard()
    {
        QApplication::clipboard()->clear();
        child<QLineEdit>(m_window.get(), "packTask")->setText(QStringLiteral("what coffee does the user like"));
        child<QAction>(m_window.get(), "actionCopyPack")->trigger();
        QTRY_VERIFY(!QApplication::clipboard()->text().isEmpty());
        const QString preview = child<QPlainTextEdit>(m_window.get(), "packPreview")->toPlainText();
        QVERIFY(preview.contains(QLatin1String("memories/semantic/gamma.md")));
        QCOMPARE(QApplication::clipboard()->text(), preview);
        QVERIFY(child<QLabel>(m_window.get(), "packTokens")->text().contains(QRegularExpression(QStringLiteral("\\d+"))));
    }

    void health_staleIndexIsFixedWithOneClick()
    {
        child<QAction>(m_window.get(), "actionWatch")->setChecked(false);
        QTRY_VERIFY(!m_window->session()->isBusy());
        m_vault->write(QStringLiteral("notes/late.md"), QStringLiteral("# Late\n\nArrived while nobody watched.\n"));
        auto *dashboard = child<QWidget>(m_window.get(), "healthDashboard");
        m_window->tabs()->setCurrentWidget(dashboard);
        auto *table = child<QTableView>(m_window.get(), "healthTable");
        auto statusOf = [table](const QString &check) {
            for (int r = 0; r < table->model()->rowCount(); ++r)
                if (table->model()->index(r, HealthModel::CheckColumn).data().toString() == check)
                    return table->model()->index(r, 0).data(StatusRole).toString();
            return QString();
        };
        QTest::mouseClick(child<QPushButton>(m_window.get(), "healthRefreshButton"), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(statusOf(QStringLiteral("index matches files")), QStringLiteral("stale"), kTimeout);
        QPushButton *fix = nullptr;
        for (QPushButton *b : dashboard->findChildren<QPushButton *>(QStringLiteral("healthFixButton")))
            if (b->property("check").toString() == QLatin1String("index matches files"))
                fix = b;
        QVERIFY(fix);
        QTest::mouseClick(fix, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(statusOf(QStringLiteral("index matches files")), QStringLiteral("ok"), kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(tableHasPath(m_table, QStringLiteral("notes/late.md")), kTimeout);
    }

    void regionMap_clickFiltersTheBrowser()
    {
        auto *map = child<QWidget>(m_window.get(), "regionMap");
        m_window->tabs()->setCurrentWidget(map);
        QTRY_VERIFY(map->isVisible());
        const QRectF area = static_cast<RegionMapView *>(map)->areaOf(QStringLiteral("spatial"));
        QVERIFY(!area.isEmpty());
        QTest::mouseClick(map, Qt::LeftButton, Qt::NoModifier, area.center().toPoint());
        QCOMPARE(m_window->tabs()->currentWidget(), child<QWidget>(m_window.get(), "memoryBrowser"));
        QTRY_VERIFY(m_table->model()->rowCount() >= 1);
        for (int r = 0; r < m_table->model()->rowCount(); ++r)
            QCOMPARE(m_table->model()->index(r, 0).data(RegionRole).toString(), QStringLiteral("spatial"));
    }

    void graphNode_opensItsMemoryInTheBrowser()
    {
        const qint64 id = m_table->model()->index(2, 0).data(ChunkIdRole).toLongLong();
        const QString path = m_table->model()->index(2, 0).data(PathRole).toString();
        QTest::keyClicks(child<QLineEdit>(m_window.get(), "memorySearch"), QStringLiteral("no such memory"));
        QTRY_COMPARE(m_table->model()->rowCount(), 0);
        m_window->tabs()->setCurrentWidget(m_window->graphView());
        Q_EMIT m_window->graphView()->nodeActivated(id);
        QCOMPARE(m_window->tabs()->currentWidget(), static_cast<QWidget *>(m_window->browser()));
        QCOMPARE(m_table->currentIndex().data(ChunkIdRole).toLongLong(), id);
        QTRY_COMPARE(child<QLabel>(m_window.get(), "notePath")->text(), path);
    }

private:
    std::unique_ptr<test::TestVault> m_vault;
    std::unique_ptr<MainWindow> m_window;
    QTableView *m_table = nullptr;
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
