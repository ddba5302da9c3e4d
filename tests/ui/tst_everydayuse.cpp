// The workbench as a person uses it all day, driven by objectName: every Health fix is a button
// that does the thing (a stale session capture opens Connect Agent) in a row no taller than its
// content; a transcript open next to the memory table leaves the table's essential columns
// readable, and the splitter comes back as the person left it; only messages that matter count as
// new; the store names of the Health details are in the UI's language; the "nothing here" line sits
// centred in the table's empty area; the Recall tab puts the cursor in its question.
#include "Appearance.h"
#include "ChildByName.h"
#include "HealthDashboard.h"
#include "HealthModel.h"
#include "MainWindow.h"
#include "MemoryBrowser.h"
#include "MemoryTableModel.h"
#include "MessageLog.h"
#include "RecallPanel.h"
#include "RecallResultsModel.h"
#include "Roles.h"
#include "TestVault.h"
#include "TimelineView.h"
#include "Translations.h"
#include "VaultSession.h"

#include <QAction>
#include <QApplication>
#include <QChartView>
#include <QDialog>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTreeView>

using namespace engram;
using test::child;

namespace {

const int kTimeout = test::kWaitMs;
const QString kDemo =
    QStringLiteral("samples/claude-code/projects/-path-to-Demo/fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl");
const QString kDemoInVault =
    QStringLiteral("sessions/2025-09-03/claude-code-fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl");

using test::readShared;

QModelIndex rowOfPath(const QAbstractItemModel *model, const QString &path)
{
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->index(r, 0).data(PathRole).toString() == path)
            return model->index(r, 0);
    return {};
}

int rowOfCheck(const HealthModel *model, HealthCheckId id)
{
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->checks().at(r).id == id)
            return r;
    return -1;
}

} // namespace

class TestEverydayUse : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QApplication::setOrganizationName(QStringLiteral("engram-test"));
        QApplication::setApplicationName(QStringLiteral("tst_everydayuse"));
        QSettings().clear();
        Translations::install();
    }

    void init()
    {
        QSettings().clear();
        m_vault = std::make_unique<test::TestVault>();
        m_vault->write(QStringLiteral("notes/alpha.md"), QStringLiteral("# Alpha\n\nThe parser reads front matter.\n"));
        m_vault->write(QStringLiteral("memories/semantic/beta.md"),
                       QStringLiteral("# Beta\n\nRule: write the vault atomically.\n"));
    }

    void cleanup()
    {
        m_window.reset();
        m_vault.reset();
    }

    void health_staleCaptureOffersAButtonThatOpensConnectAgent()
    {
        staleTodaysSession();
        openWindow();
        showHealth();
        auto *table = child<QTableView>(m_window.get(), "healthTable");
        const int row = rowOfCheck(m_window->healthDashboard()->model(), HealthCheckId::TodaysSession);
        QVERIFY(row >= 0);
        QCOMPARE(m_window->healthDashboard()->model()->checks().at(row).status, HealthStatus::Stale);
        auto *button =
            qobject_cast<QPushButton *>(table->indexWidget(table->model()->index(row, HealthModel::FixColumn)));
        QVERIFY2(button, "the stale session capture has no fix button");
        QCOMPARE(button->property("fix").toInt(), int(HealthFix::ConnectAgent));
        QTest::mouseClick(button, Qt::LeftButton);
        QDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = m_window->findChild<QDialog *>(QStringLiteral("connectAgentDialog"))));
        QVERIFY(dialog->isVisible());
        // Enter applies what it shows; it never takes the hooks out.
        QVERIFY(child<QPushButton>(dialog, "connectApplyButton")->isDefault());
        QVERIFY(!child<QPushButton>(dialog, "connectRemoveButton")->isDefault());
        dialog->close();
    }

    void health_rowsAreTheirContentsHeight()
    {
        staleTodaysSession(); // its fix is the longest advice: six lines at the Fix column's width
        openWindow();
        showHealth();
        auto *table = child<QTableView>(m_window.get(), "healthTable");
        int buttons = 0;
        for (int row = 0; row < table->model()->rowCount(); ++row) {
            const int height = table->rowHeight(row);
            if (auto *button = table->indexWidget(table->model()->index(row, HealthModel::FixColumn))) {
                ++buttons;
                const int wanted = button->sizeHint().height();
                QVERIFY2(
                    height >= wanted && height <= wanted + 4,
                    qPrintable(QStringLiteral("row %1 is %2 px for a %3 px button").arg(row).arg(height).arg(wanted)));
            } else {
                QVERIFY2(height <= 3 * table->fontMetrics().lineSpacing() + 8,
                         qPrintable(QStringLiteral("row %1 is %2 px").arg(row).arg(height)));
            }
        }
        QVERIFY(buttons >= 2); // today's session and the cognitive state
    }

    void memories_transcriptLeavesTheEssentialColumnsReadable()
    {
        m_vault->write(kDemoInVault, readShared(kDemo));
        openWindow();
        auto *table = child<QTreeView>(m_window.get(), "memoryTable");
        QModelIndex session;
        QTRY_VERIFY_WITH_TIMEOUT((session = rowOfPath(table->model(), kDemoInVault)).isValid(), kTimeout);
        table->setCurrentIndex(session);
        QTRY_VERIFY(child<QWidget>(m_window.get(), "conversationView")->isVisible());
        QApplication::processEvents();
        auto *splitter = child<QSplitter>(m_window.get(), "memorySplitter");
        const QList<int> sizes = splitter->sizes();
        QVERIFY2(sizes.at(0) >= sizes.at(1) * 3 / 2,
                 qPrintable(QStringLiteral("table %1 px, transcript %2 px").arg(sizes.at(0)).arg(sizes.at(1))));
        QHeaderView *header = table->header();
        QVERIFY2(header->sectionSize(MemoryTableModel::TitleColumn) >= 180,
                 qPrintable(QString::number(header->sectionSize(MemoryTableModel::TitleColumn))));
        for (int c : {MemoryTableModel::StoreColumn, MemoryTableModel::RegionColumn, MemoryTableModel::LayerColumn,
                      MemoryTableModel::StrengthColumn}) {
            const int right = header->sectionViewportPosition(c) + header->sectionSize(c);
            QVERIFY2(
                !header->isSectionHidden(c) && right <= table->viewport()->width(),
                qPrintable(
                    QStringLiteral("column %1 ends at %2 of %3").arg(c).arg(right).arg(table->viewport()->width())));
        }

        // Dragged narrow, the table keeps the title and the essential columns on screen.
        splitter->setSizes({300, 2000});
        QApplication::processEvents();
        QVERIFY2(header->sectionSize(MemoryTableModel::TitleColumn) >= 180,
                 qPrintable(QString::number(header->sectionSize(MemoryTableModel::TitleColumn))));
        const int layerRight = header->sectionViewportPosition(MemoryTableModel::LayerColumn)
                               + header->sectionSize(MemoryTableModel::LayerColumn);
        QVERIFY2(layerRight <= table->viewport()->width(),
                 qPrintable(QStringLiteral("Layer ends at %1 of %2").arg(layerRight).arg(table->viewport()->width())));
    }

    void memories_splitterComesBackAsLeft()
    {
        openWindow();
        auto *splitter = child<QSplitter>(m_window.get(), "memorySplitter");
        const int total = splitter->sizes().at(0) + splitter->sizes().at(1);
        splitter->setSizes({total - 500, 500});
        const QList<int> left = splitter->sizes();
        m_window->close();
        m_window.reset();
        openWindow();
        splitter = child<QSplitter>(m_window.get(), "memorySplitter");
        QCOMPARE(splitter->sizes(), left);
    }

    void messages_onlyWhatMattersCountsAsNew()
    {
        openWindow();
        MessageLog *log = m_window->messageLog();
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isBusy(), kTimeout);
        child<QAction>(m_window.get(), "actionConsolidate")->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!log->messages().isEmpty(), kTimeout); // the run's summary, logged
        QVERIFY2(log->messages().constLast().startsWith(QLatin1String("Consolidation")),
                 qPrintable(log->messages().join(u'|')));
        QCOMPARE(log->unread(), 0);
        QVERIFY(!log->text().contains(QLatin1String("new")));
        QVERIFY(log->isEnabled()); // the log can still be read

        Q_EMIT m_window->session()->failed(QStringLiteral("notes/x.md:3: front matter is not valid YAML"));
        QCOMPARE(log->unread(), 1);
        QCOMPARE(log->text(), QStringLiteral("1 new message"));
    }

    void memories_nothingLineSitsCentredInTheEmptyTable()
    {
        openWindow();
        auto *table = child<QTreeView>(m_window.get(), "memoryTable");
        QTRY_VERIFY_WITH_TIMEOUT(table->model()->rowCount() >= 2, kTimeout);
        auto *note = child<QLabel>(m_window.get(), "memoryTableEmpty");
        QVERIFY(!note->isVisible());
        auto *search = child<QLineEdit>(m_window.get(), "memorySearch");
        search->setText(QStringLiteral("zzqqxx"));
        QTRY_COMPARE(table->model()->rowCount(), 0);
        QTRY_VERIFY(note->isVisible());
        QVERIFY2(note->text().contains(QLatin1String("zzqqxx")), qPrintable(note->text()));
        QVERIFY(table->isVisible()); // the header stays: the filters are still there to change
        // In the viewport (under the header, above the bottom), centred in it.
        QWidget *viewport = table->viewport();
        const QRect shown(note->mapTo(viewport, QPoint(0, 0)), note->size());
        QVERIFY2(viewport->rect().contains(shown), qPrintable(QStringLiteral("note at %1,%2 %3x%4 in a %5x%6 viewport")
                                                                  .arg(shown.x())
                                                                  .arg(shown.y())
                                                                  .arg(shown.width())
                                                                  .arg(shown.height())
                                                                  .arg(viewport->width())
                                                                  .arg(viewport->height())));
        QVERIFY(qAbs(shown.center().x() - viewport->rect().center().x()) <= 2);
        QVERIFY(qAbs(shown.center().y() - viewport->rect().center().y()) <= 2);
        search->clear();
        QTRY_VERIFY(table->model()->rowCount() >= 2);
        QTRY_VERIFY(!note->isVisible());
    }

    void recall_tabFocusesTheQuestion()
    {
        openWindow();
        QApplication::setActiveWindow(m_window.get());
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        auto *query = child<QLineEdit>(m_window.get(), "recallQuery");
        child<QLineEdit>(m_window.get(), "memorySearch")->setFocus();
        m_window->tabs()->setCurrentWidget(m_window->recallPanel());
        QTRY_VERIFY(query->hasFocus());

        m_window->tabs()->setCurrentWidget(m_window->browser());
        QTRY_VERIFY(!query->hasFocus());
        child<QTreeView>(m_window.get(), "memoryTable")->setFocus();
        QTest::keyClick(m_window.get(), Qt::Key_L, Qt::ControlModifier);
        QTRY_VERIFY(query->hasFocus());
        QCOMPARE(m_window->tabs()->currentWidget(), m_window->recallPanel());
    }

    void appearance_darkAndLightFromTheViewMenuRestyleEveryViewAndChart_andAreRemembered()
    {
        // A desktop without a dark theme had no way to a dark window.
        m_vault->write(kDemoInVault, readShared(kDemo));
        openWindow();
        auto *tools = child<QWidget>(m_window.get(), "toolStatsView");
        auto *toolTable = child<QAbstractItemView>(tools, "toolStatsTable");
        QTRY_VERIFY_WITH_TIMEOUT(toolTable->model() && toolTable->model()->rowCount() > 0, kTimeout);
        const QList<QChartView *> charts = tools->findChildren<QChartView *>();
        QVERIFY(charts.size() >= 2);
        const auto themeOfEvery = [&charts](QChart::ChartTheme theme) {
            QStringList other;
            for (QChartView *view : charts)
                if (view->chart()->theme() != theme)
                    other << view->objectName();
            return other;
        };

        child<QAction>(m_window.get(), "actionAppearanceDark")->trigger();
        QVERIFY(child<QAction>(m_window.get(), "actionAppearanceDark")->isChecked());
        QVERIFY(Appearance::isDark(QApplication::palette()));
        // The application's palette reaches each widget by a posted event.
        for (QWidget *view : {static_cast<QWidget *>(m_window.get()), static_cast<QWidget *>(m_window->browser()),
                              child<QWidget>(m_window.get(), "healthTable"), tools})
            QTRY_VERIFY2(Appearance::isDark(view->palette()), qPrintable(view->objectName()));
        QTRY_VERIFY2(themeOfEvery(QChart::ChartThemeDark).isEmpty(),
                     qPrintable(themeOfEvery(QChart::ChartThemeDark).join(u',')));
        QCOMPARE(QSettings().value(QStringLiteral("appearance/theme")).toString(), QStringLiteral("dark"));

        // The next start comes up dark before anything is chosen.
        m_window.reset();
        QApplication::setPalette(QApplication::style()->standardPalette());
        QVERIFY(!Appearance::isDark(QApplication::palette()));
        openWindow();
        QTRY_VERIFY(Appearance::isDark(m_window->palette()));
        QVERIFY(child<QAction>(m_window.get(), "actionAppearanceDark")->isChecked());

        child<QAction>(m_window.get(), "actionAppearanceLight")->trigger();
        QTRY_VERIFY(!Appearance::isDark(m_window->palette()));
        QCOMPARE(QSettings().value(QStringLiteral("appearance/theme")).toString(), QStringLiteral("light"));
        child<QAction>(m_window.get(), "actionAppearanceSystem")->trigger();
        QCOMPARE(QSettings().value(QStringLiteral("appearance/theme")).toString(), QStringLiteral("system"));
    }

    void consolidation_digestsWithoutALedgerAreNotNoConsolidationYet()
    {
        m_vault->write(QStringLiteral("consolidated/daily/2026-03-02.md"),
                       QStringLiteral("# Daily digest 2026-03-02\n\nWe set up the parser.\n"));
        openWindow();
        m_window->tabs()->setCurrentWidget(m_window->timelineView());
        auto *message = child<QLabel>(m_window->timelineView(), "emptyStateMessage");
        QTRY_VERIFY2_WITH_TIMEOUT(message->text().contains(QLatin1String("1 digest")), qPrintable(message->text()),
                                  kTimeout);
        QVERIFY2(!message->text().contains(QLatin1String("No consolidation yet")), qPrintable(message->text()));
        QVERIFY2(message->text().contains(QLatin1String("ledger")), qPrintable(message->text()));
    }

    void recall_namesASessionByItsTitle_andShowsConfiguredWeightsApartFromTheScaling()
    {
        // Source showed the session's file path; the score line weights scaled by relevance
        // ("× 0.22" on one row, "× 0.30" on another).
        m_vault->write(kDemoInVault, readShared(kDemo));
        openWindow();
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isBusy() && m_window->session()->stats().files == 3, kTimeout);
        m_window->tabs()->setCurrentWidget(m_window->recallPanel());
        auto *query = child<QLineEdit>(m_window.get(), "recallQuery");
        auto *results = child<QTableView>(m_window.get(), "recallResults");
        query->setText(QStringLiteral("create TODO app by Next.js"));
        QTest::keyClick(query, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(results->model()->rowCount() > 0, kTimeout);
        int turn = -1;
        for (int r = 0; r < results->model()->rowCount() && turn < 0; ++r)
            if (results->model()->index(r, 0).data(PathRole).toString() == kDemoInVault)
                turn = r;
        QVERIFY(turn >= 0);
        const QModelIndex source = results->model()->index(turn, RecallResultsModel::SourceColumn);
        QVERIFY2(source.data().toString().startsWith(QStringLiteral("create TODO app by Next.js — Demo, 2025-09-03:")),
                 qPrintable(source.data().toString()));
        QCOMPARE(source.data(Qt::ToolTipRole).toString(), kDemoInVault);

        // The fast mode's weights as configured (relevance 0.4, strength 0.3, recency 0.2, access 0.1),
        // and the factor this memory scales the priors by, said once.
        results->selectRow(turn);
        const QString header = child<QLabel>(m_window.get(), "recallSourceHeader")->text();
        for (const char *term : {"strength", "recency", "access"})
            QVERIFY2(QRegularExpression(
                         QStringLiteral("%1 [0-9.]+ × %2")
                             .arg(QLatin1String(term), QLatin1String(qstrcmp(term, "strength") == 0  ? "0\\.30"
                                                                     : qstrcmp(term, "recency") == 0 ? "0\\.20"
                                                                                                     : "0\\.10")))
                         .match(header)
                         .hasMatch(),
                     qPrintable(header));
        QVERIFY2(header.contains(QLatin1String("relevance ")) && header.contains(QStringLiteral(" × 0.40")),
                 qPrintable(header));
        QVERIFY2(header.contains(QStringLiteral("strength, recency, access weighed × ")), qPrintable(header));
    }

    // Last: it leaves the German translation installed.
    void german_healthNamesTheStoresInGerman()
    {
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        Translations::install();
        openWindow();
        showHealth();
        HealthModel *model = m_window->healthDashboard()->model();
        const int row = rowOfCheck(model, HealthCheckId::MemoryFolders);
        QVERIFY(row >= 0);
        const QString detail = model->index(row, HealthModel::ReasonColumn).data().toString();
        QVERIFY2(detail.contains(QLatin1String("semantisch (1)")), qPrintable(detail));
        QVERIFY2(!detail.contains(QLatin1String("semantic")), qPrintable(detail));
    }

private:
    /// Today's session folder holds a file last written 30 h ago (stale after 24 h).
    void staleTodaysSession()
    {
        const QString path =
            m_vault->write(QStringLiteral("sessions/%1/notes.md").arg(QDate::currentDate().toString(Qt::ISODate)),
                           QStringLiteral("# Session\n\nWe talked.\n"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.setFileTime(QDateTime::currentDateTime().addSecs(-30 * 3600), QFileDevice::FileModificationTime));
    }

    void openWindow()
    {
        m_window = std::make_unique<MainWindow>();
        m_window->resize(1200, 780);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        m_window->openVault(m_vault->path());
        QTRY_VERIFY_WITH_TIMEOUT(m_window->session()->isOpen(), kTimeout);
    }

    /// The Health tab with a fresh run of the checks.
    void showHealth()
    {
        m_window->tabs()->setCurrentWidget(m_window->healthDashboard());
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isBusy(), kTimeout);
        m_window->healthDashboard()->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(rowOfCheck(m_window->healthDashboard()->model(), HealthCheckId::MemoryFolders) >= 0,
                                 kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(!child<QLabel>(m_window.get(), "healthSummary")->text().endsWith(u'…'), kTimeout);
    }

    std::unique_ptr<test::TestVault> m_vault;
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(TestEverydayUse)
#include "tst_everydayuse.moc"
