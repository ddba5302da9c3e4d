// Drives the real main window by objectName: open a vault, search, edit and
// save a note, add a heuristic and undo, drop a file and see it indexed, copy
// a pack and read the clipboard, see a health check fail and fix it; the
// engine-fed views (strengths, association graph, tool statistics,
// consolidation timeline, reflection proposals) show the vault's real state.
#include "ChildByName.h"
#include "CognitiveStateDocument.h"
#include "GraphView.h"
#include "HealthDashboard.h"
#include "HealthModel.h"
#include "MainWindow.h"
#include "MemoryBrowser.h"
#include "MemoryFilterProxy.h"
#include "MemoryTableModel.h"
#include "ProposalPanel.h"
#include "RecallResultsModel.h"
#include "RegionMapView.h"
#include "Roles.h"
#include "StateEditor.h"
#include "StateListModel.h"
#include "TestVault.h"
#include "TimelineView.h"
#include "ToolStatsModel.h"
#include "ToolStatsView.h"
#include "VaultInsights.h"
#include "VaultSession.h"
#include "cognition/Reflection.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>

using namespace engram;
using test::child;

namespace {

const int kTimeout = test::kWaitMs;

void writeSampleVault(test::TestVault &vault)
{
    vault.write(QStringLiteral("notes/alpha.md"),
                QStringLiteral("---\ntitle: Alpha project\nregion: spatial\n---\n# Alpha\n\nThe alpha build uses "
                               "CMake and Ninja.\n"));
    vault.write(QStringLiteral("notes/beta.md"),
                QStringLiteral("# Beta\n\nBeta notes about the garden and tomatoes. See [[alpha]].\n"));
    vault.write(QStringLiteral("memories/semantic/gamma.md"),
                QStringLiteral("---\nstore: semantic\n---\n# Gamma\n\nGamma: the user prefers dark roast coffee.\n"));
}

bool tableHasPath(QAbstractItemView *table, const QString &path)
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
        m_table = child<QTreeView>(m_window.get(), "memoryTable");
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
        QVERIFY(m_window->insights()->scheduler()); // the nightly consolidation is armed while the vault is open
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
        QTRY_VERIFY(
            child<QPlainTextEdit>(m_window.get(), "recallSource")->toPlainText().contains(QLatin1String("dark roast")));
    }

    void editAndSave_writesTheNoteAndReindexesIt()
    {
        QTest::keyClicks(child<QLineEdit>(m_window.get(), "memorySearch"), QStringLiteral("beta"));
        QTRY_COMPARE(m_table->model()->rowCount(), 1);
        m_table->setCurrentIndex(m_table->model()->index(0, 0));
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
        // What changed on disk can be seen before choosing: the disk's line, and mine, each marked.
        auto *changes = child<QPushButton>(m_window.get(), "noteShowChangesButton");
        QVERIFY(changes->isVisible());
        QTest::mouseClick(changes, Qt::LeftButton);
        const QString shown = child<QPlainTextEdit>(m_window.get(), "noteDiskChanges")->toPlainText();
        QVERIFY2(shown.contains(QLatin1String("\n+ Changed elsewhere.")), qPrintable(shown));
        QVERIFY2(shown.contains(QLatin1String("\n- Zucchini grow fast.mine")), qPrintable(shown));
        QVERIFY2(!shown.contains(QLatin1String("- # Beta")), qPrintable(shown)); // a line both have is no change
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

    void proposal_acceptAddsToTheStateRejectDismissesTheReflection()
    {
        auto record = [](const QString &id, const QStringList &texts) {
            ReflectionRecord r;
            r.id = id;
            r.time = QDateTime::currentDateTimeUtc();
            r.model = QStringLiteral("test-model");
            for (const QString &text : texts)
                r.proposals << Learning{text, QStringLiteral("pattern"), QStringLiteral("seen twice"), r.time};
            return QJsonDocument(r.toJson()).toJson(QJsonDocument::Compact) + '\n';
        };
        m_vault->write(Reflection::relativePath(),
                       record(QStringLiteral("r1"), {QStringLiteral("Tests catch races"), QStringLiteral("Other idea")})
                           + record(QStringLiteral("r2"), {QStringLiteral("Sleeping in tests")}));
        m_window->tabs()->setCurrentWidget(m_window->stateEditor());
        auto *list = child<QListView>(m_window.get(), "learningList");
        QTRY_VERIFY(list->isVisible());
        QTest::mouseClick(child<QPushButton>(m_window.get(), "stateReloadButton"), Qt::LeftButton);
        ProposalPanel *panel = m_window->stateEditor()->proposals();
        QCOMPARE(panel->proposals().size(), 3);
        QCOMPARE(panel->proposals().first().text, QStringLiteral("Tests catch races"));
        QTest::mouseClick(child<QPushButton>(m_window.get(), "proposalAcceptButton"), Qt::LeftButton);
        QCOMPARE(list->model()->rowCount(), 1);
        QCOMPARE(list->model()->index(0, 0).data().toString(), QStringLiteral("Tests catch races"));
        QVERIFY(m_vault->read(QStringLiteral("state/cognitive.json")).contains("Tests catch races"));
        // The accepted reflection is applied as a whole; the other one is still proposed.
        QCOMPARE(panel->proposals().size(), 1);
        QTest::mouseClick(child<QPushButton>(m_window.get(), "proposalRejectButton"), Qt::LeftButton);
        QVERIFY(panel->proposals().isEmpty());
        QCOMPARE(list->model()->rowCount(), 1);
        const QByteArray records = m_vault->read(Reflection::relativePath());
        QVERIFY(records.contains("\"applied\""));
        QVERIFY(records.contains("\"dismissed\""));
    }

    void browser_showsStrengthFromTheDynamics()
    {
        auto *model = qobject_cast<MemoryTableModel *>(m_window->browser()->findChild<MemoryTableModel *>());
        QVERIFY(model);
        // The first insights may be of a catalog that did not hold every file yet (the index had
        // listed some of them); the run the full catalog asks for gives every row its strength.
        const auto everyRowHasAStrength = [model] {
            for (int r = 0; r < model->rowCount(); ++r)
                if (model->index(r, MemoryTableModel::StrengthColumn).data().toString().isEmpty())
                    return false;
            return model->rowCount() > 0;
        };
        QTRY_VERIFY_WITH_TIMEOUT(everyRowHasAStrength(), kTimeout);
        for (int r = 0; r < model->rowCount(); ++r)
            QCOMPARE(model->index(r, MemoryTableModel::StrengthColumn).data().toString(), QStringLiteral("1.00"));
    }

    void graph_showsTheWikiLinkAndExpandsThroughTheEngine()
    {
        GraphView *graph = m_window->graphView();
        QTRY_VERIFY_WITH_TIMEOUT(!graph->data().edges.isEmpty(), kTimeout);
        QHash<qint64, QString> pathOf;
        for (int r = 0; r < m_table->model()->rowCount(); ++r)
            pathOf.insert(m_table->model()->index(r, 0).data(ChunkIdRole).toLongLong(),
                          m_table->model()->index(r, 0).data(PathRole).toString());
        bool linked = false;
        for (const GraphEdge &e : graph->data().edges)
            linked = linked
                     || (e.type == QLatin1String("related") && pathOf.value(e.from) == QLatin1String("notes/beta.md")
                         && pathOf.value(e.to) == QLatin1String("notes/alpha.md"));
        QVERIFY(linked);
        QVERIFY(child<QLabel>(graph, "graphLegend")->text().contains(QLatin1String("spatial")));
        // The neighbourhood of alpha, asked of the engine, holds beta.
        QSignalSpy ready(m_window->insights(), &VaultInsights::neighbourhoodReady);
        m_window->insights()->requestNeighbourhood(pathOf.key(QStringLiteral("notes/alpha.md")), 1);
        QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, kTimeout);
        const GraphData around = ready.first().at(1).value<GraphData>();
        QVERIFY(std::any_of(around.nodes.cbegin(), around.nodes.cend(),
                            [&](const GraphNode &n) { return pathOf.value(n.id) == QLatin1String("notes/beta.md"); }));
    }

    void agentLog_showsToolStatsAndConsolidationFillsTheTimeline()
    {
        m_vault->write(
            QStringLiteral("sessions/2026-01-05/agent.jsonl"),
            QByteArray(
                R"({"type":"user","sessionId":"s1","timestamp":"2026-01-05T10:00:00Z","message":{"role":"user","content":"Please run the build and read the failing test."}}
{"type":"assistant","sessionId":"s1","timestamp":"2026-01-05T10:00:01Z","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"ninja"}}]}}
{"type":"user","sessionId":"s1","timestamp":"2026-01-05T10:00:04Z","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","is_error":true,"content":"one test failed"}]}}
{"type":"assistant","sessionId":"s1","timestamp":"2026-01-05T10:00:05Z","message":{"role":"assistant","content":[{"type":"tool_use","id":"t2","name":"Read","input":{"file_path":"tests/a.cpp"}}]}}
{"type":"user","sessionId":"s1","timestamp":"2026-01-05T10:00:06Z","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t2","content":"void test() {}"}]}}
{"type":"assistant","sessionId":"s1","timestamp":"2026-01-05T10:00:07Z","message":{"role":"assistant","content":"The failing test reads a file the build no longer copies; we decided to copy it in CMake."}}
)"));
        m_vault->write(
            QStringLiteral("sessions/2026-01-05/talk.md"),
            QStringLiteral("---\nkind: transcript\ndate: 2026-01-05T11:00:00\n---\n\n# Session\n\n"
                           "**Ada**: We decided to store the index in SQLite with FTS5.\n\n"
                           "**Bo**: The parser chokes on tabs in YAML front matter; lesson: report the line.\n\n"
                           "**Ada**: Rule: never write the vault without QSaveFile.\n\n"));
        m_window->session()->requestIndexAll();
        ToolStatsModel *tools = m_window->toolStatsView()->model();
        QTRY_VERIFY_WITH_TIMEOUT(tools->rowCount() == 2, kTimeout);
        QStringList names;
        for (int r = 0; r < tools->rowCount(); ++r)
            names << tools->index(r, ToolStatsModel::ToolColumn).data().toString();
        names.sort();
        QCOMPARE(names, (QStringList{QStringLiteral("Bash"), QStringLiteral("Read")}));

        auto *lineage = child<QTreeWidget>(m_window.get(), "timelineLineage");
        QCOMPARE(lineage->topLevelItemCount(), 0);
        m_window->tabs()->setCurrentWidget(m_window->timelineView());
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isBusy(), kTimeout);
        QTest::mouseClick(child<QPushButton>(m_window.get(), "consolidateNowButton"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(lineage->topLevelItemCount() > 0, kTimeout);
        QTreeWidgetItem *digest = nullptr;
        for (int i = 0; i < lineage->topLevelItemCount() && !digest; ++i)
            if (lineage->topLevelItem(i)->text(1) == QLatin1String("session"))
                digest = lineage->topLevelItem(i);
        QVERIFY(digest);
        QVERIFY(QFileInfo::exists(m_vault->path() + QLatin1Char('/') + digest->text(0)));
        // The digests are memories now: the browser lists them.
        QTRY_VERIFY_WITH_TIMEOUT(tableHasPath(m_table, digest->text(0)), kTimeout);
        // … and the graph links each digest to the lines it was derived from.
        auto derivedEdges = [this] {
            int n = 0;
            for (const GraphEdge &e : m_window->graphView()->data().edges)
                n += e.type == QLatin1String("derived_from") ? 1 : 0;
            return n;
        };
        QTRY_VERIFY_WITH_TIMEOUT(derivedEdges() > 0, kTimeout);
        lineage->setCurrentItem(digest);
        QTRY_VERIFY(digest->childCount() > 0);
        QVERIFY(digest->child(0)->text(0).startsWith(QLatin1String("sessions/2026-01-05/")));
    }

    void pack_fromTheQueryThreadCarriesTheCognitivePreamble()
    {
        m_vault->write(
            QStringLiteral("state/cognitive.json"),
            QByteArray(R"({"focus":{"current":"ship the workbench","priorities":[]},"avoidances":["force pushes"]})"));
        QSignalSpy packed(m_window->session(), &VaultSession::packReady);
        RecallQuery query;
        query.text = QStringLiteral("alpha build");
        query.reinforce = false;
        const int id = m_window->session()->requestPack(query, 2000);
        QTRY_COMPARE_WITH_TIMEOUT(packed.count(), 1, kTimeout);
        QCOMPARE(packed.first().at(0).toInt(), id);
        const QString markdown = packed.first().at(1).value<ContextPack>().markdown;
        QVERIFY2(markdown.contains(QLatin1String("<engram-state>")), qPrintable(markdown));
        QVERIFY(markdown.contains(QLatin1String("ship the workbench")));
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
        QVERIFY(
            child<QLabel>(m_window.get(), "packTokens")->text().contains(QRegularExpression(QStringLiteral("\\d+"))));
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
        QTRY_COMPARE_WITH_TIMEOUT(statusOf(QStringLiteral("Index matches files")), QStringLiteral("stale"), kTimeout);
        QPushButton *fix = nullptr;
        for (QPushButton *b : dashboard->findChildren<QPushButton *>(QStringLiteral("healthFixButton")))
            if (b->property("check").toString() == QLatin1String("index matches files"))
                fix = b;
        QVERIFY(fix);
        QCOMPARE(fix->property("fix").toInt(), int(HealthFix::Reindex));
        QCOMPARE(fix->text(), QStringLiteral("Re-index Now"));
        QTest::mouseClick(fix, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(statusOf(QStringLiteral("Index matches files")), QStringLiteral("ok"), kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(tableHasPath(m_table, QStringLiteral("notes/late.md")), kTimeout);
    }

    void health_fixButtonFollowsTheFixKindNotItsWords()
    {
        const auto check = [](HealthStatus status, HealthFix fix, const QString &text) {
            return HealthCheck{QStringLiteral("check"), status, QStringLiteral("why"), fix, text};
        };
        // The words of a fix used to pick the button ("rebuild" anywhere meant Rebuild); the kind does now.
        QCOMPARE(HealthDashboard::actionFor(
                     check(HealthStatus::Error, HealthFix::Manual, QStringLiteral("edit it, then engram-cli rebuild"))),
                 HealthFix::None);
        QCOMPARE(
            HealthDashboard::actionFor(check(HealthStatus::Error, HealthFix::Rebuild, QStringLiteral("start over"))),
            HealthFix::Rebuild);
        QCOMPARE(HealthDashboard::actionFor(check(HealthStatus::Missing, HealthFix::Reindex, {})), HealthFix::Reindex);
        QCOMPARE(HealthDashboard::actionFor(
                     check(HealthStatus::Ok, HealthFix::Rebuild, QStringLiteral("engram-cli rebuild"))),
                 HealthFix::None);
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
    QTreeView *m_table = nullptr;
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
