// Drives the Review view of the real main window by objectName on a vault with one duplicate and one
// contradiction (as tst_memoryreview's): the findings listed newest first with the words that differ
// marked, the kind filter, merge, supersede and keep both with what each writes to the vault, the undo
// of each (and of several in a row), the edit button, and the Health view's count and way there.
#include "ChildByName.h"
#include "EngineFixtures.h"
#include "HealthDashboard.h"
#include "MainWindow.h"
#include "MessageLog.h"
#include "ReviewModel.h"
#include "ReviewView.h"
#include "Roles.h"
#include "TestVault.h"
#include "VaultSession.h"
#include "vault/Engine.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QFileInfo>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QTextEdit>
#include <QTreeView>

using namespace engram;
using test::child;

namespace {

const int kTimeout = test::kWaitMs;

const QString kCiCache = QStringLiteral("memories/semantic/ci-cache.md");
const QString kInfraCache = QStringLiteral("notes/infra/cache.md");
const QString kDeployDay = QStringLiteral("memories/semantic/deploy-day.md");
const QString kDeployDay2 = QStringLiteral("memories/semantic/deploy-day-2.md");

void memory(test::TestVault &vault, const QString &path, const QString &created, const QString &text)
{
    vault.write(path, QStringLiteral("---\ntitle: %1\nstore: semantic\ncreated: %2\n---\n%3\n")
                          .arg(QFileInfo(path).completeBaseName(), created, text));
}

/// Two facts that repeat each other, two that contradict, and two that merely share a subject.
void writeVault(test::TestVault &vault)
{
    memory(vault, kCiCache, QStringLiteral("2026-01-10"),
           QStringLiteral("The build cache for CI lives in the shared bucket named artifacts-eu."));
    memory(vault, kInfraCache, QStringLiteral("2026-03-02"),
           QStringLiteral("CI build cache lives in the shared bucket named artifacts-eu."));
    memory(vault, kDeployDay, QStringLiteral("2026-01-15"),
           QStringLiteral("We deploy the billing service to production on Fridays."));
    memory(vault, kDeployDay2, QStringLiteral("2026-04-20"),
           QStringLiteral("We moved billing service production deploys to Tuesdays."));
    memory(vault, QStringLiteral("memories/semantic/billing-owner.md"), QStringLiteral("2026-02-01"),
           QStringLiteral("The billing service is owned by the payments squad."));
    memory(vault, QStringLiteral("notes/coffee.md"), QStringLiteral("2026-02-03"),
           QStringLiteral("Coffee beans are ordered from the roaster in Leeds every month."));
}

/// The words marked in a side's text.
QStringList marked(QTextEdit *text)
{
    QStringList out;
    for (const QTextEdit::ExtraSelection &s : text->extraSelections())
        out << s.cursor.selectedText();
    return out;
}

} // namespace

class TestReviewView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QApplication::setOrganizationName(QStringLiteral("engram-test"));
        QApplication::setApplicationName(QStringLiteral("tst_reviewview"));
    }

    void init()
    {
        m_vault = std::make_unique<test::TestVault>();
        writeVault(*m_vault);
        (void)test::openIndexed(*m_vault); // indexed first, as a vault the workbench opens again
        m_window = std::make_unique<MainWindow>();
        m_window->show();
        m_window->openVault(m_vault->path());
        m_view = child<ReviewView>(m_window.get(), "reviewView");
        m_window->tabs()->setCurrentWidget(m_view);
        m_list = child<QTreeView>(m_window.get(), "reviewList");
        QTRY_COMPARE_WITH_TIMEOUT(m_list->model()->rowCount(), 2, kTimeout);
        QTRY_VERIFY(m_list->currentIndex().isValid());
    }

    void cleanup()
    {
        m_window.reset();
        m_vault.reset();
    }

    void list_newestFirst_bothSidesWithTheWordsThatDiffer()
    {
        QCOMPARE(m_list->model()->index(0, 0).data(FindingKindRole).toInt(), int(FindingKind::Contradiction));
        QCOMPARE(m_list->model()->index(1, 0).data(FindingKindRole).toInt(), int(FindingKind::Duplicate));
        QCOMPARE(m_list->currentIndex().row(), 0); // the first is shown at once
        auto *older = child<QTextEdit>(m_window.get(), "reviewOlderText");
        auto *newer = child<QTextEdit>(m_window.get(), "reviewNewerText");
        QVERIFY(older->isReadOnly() && newer->isReadOnly());
        QVERIFY(older->toPlainText().contains(QLatin1String("Fridays")));
        QVERIFY(newer->toPlainText().contains(QLatin1String("Tuesdays")));
        QCOMPARE(marked(older), QStringList({QStringLiteral("deploy"), QStringLiteral("the"), QStringLiteral("on"),
                                             QStringLiteral("Fridays")}));
        QCOMPARE(marked(newer),
                 QStringList({QStringLiteral("moved"), QStringLiteral("deploys"), QStringLiteral("Tuesdays")}));
        const QString olderInfo = child<QLabel>(m_window.get(), "reviewOlderInfo")->text();
        const QString newerInfo = child<QLabel>(m_window.get(), "reviewNewerInfo")->text();
        QVERIFY2(olderInfo.contains(kDeployDay + QLatin1Char(':')), qPrintable(olderInfo));
        QVERIFY2(olderInfo.contains(QLatin1String("2026")), qPrintable(olderInfo));
        QVERIFY2(olderInfo.contains(QLatin1String("recalled 0 time")),
                 qPrintable(olderInfo)); // the plural is the .qm's
        QVERIFY2(newerInfo.contains(kDeployDay2 + QLatin1Char(':')), qPrintable(newerInfo));
        const QString reason = child<QLabel>(m_window.get(), "reviewReason")->text();
        QVERIFY2(reason.contains(QStringLiteral("friday → tuesday")), qPrintable(reason));

        // The other finding, by the keyboard.
        m_list->setFocus();
        QTest::keyClick(m_list, Qt::Key_Down);
        QTRY_VERIFY(older->toPlainText().contains(QLatin1String("artifacts-eu")));
        QVERIFY(child<QLabel>(m_window.get(), "reviewOlderInfo")->text().contains(kCiCache));
    }

    void kindFilter_showsOneKind_andSaysWhenNoneIsOfIt()
    {
        auto *kind = child<QComboBox>(m_window.get(), "reviewKindFilter");
        QCOMPARE(kind->count(), 4);
        kind->setCurrentIndex(kind->findData(int(FindingKind::Duplicate)));
        QCOMPARE(m_list->model()->rowCount(), 1);
        QCOMPARE(m_list->model()->index(0, 0).data(FindingKindRole).toInt(), int(FindingKind::Duplicate));
        QVERIFY(
            child<QTextEdit>(m_window.get(), "reviewOlderText")->toPlainText().contains(QLatin1String("artifacts")));
        kind->setCurrentIndex(kind->findData(int(FindingKind::Stale)));
        QCOMPARE(m_list->model()->rowCount(), 0);
        QVERIFY(!m_list->isVisible()); // the empty state says why instead
        QVERIFY(child<QLabel>(m_view, "emptyStateMessage")->isVisible());
        kind->setCurrentIndex(0);
        QCOMPARE(m_list->model()->rowCount(), 2);
        QVERIFY(m_list->isVisible());
    }

    void merge_archivesTheOlder_andUndoBringsItBack()
    {
        const QByteArray keptBefore = m_vault->read(kInfraCache);
        selectKind(FindingKind::Duplicate);
        QTest::mouseClick(child<QAbstractButton>(m_window.get(), "reviewMergeButton"), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(m_list->model()->rowCount(), 1, kTimeout);
        QTRY_COMPARE_WITH_TIMEOUT(m_view->undoDepth(), 1, kTimeout);
        QVERIFY(!QFileInfo::exists(m_vault->filePath(kCiCache))); // archived: restorable, not in the vault
        QVERIFY(m_vault->read(kInfraCache).contains("supersedes:"));
        QVERIFY(m_vault->read(kInfraCache).contains(kCiCache.toUtf8()));
        QCOMPARE(m_list->model()->index(0, 0).data(FindingKindRole).toInt(), int(FindingKind::Contradiction));

        // Ctrl+Z in the view takes it back.
        m_list->setFocus();
        QTest::keyClick(m_list, Qt::Key_Z, Qt::ControlModifier);
        QTRY_COMPARE_WITH_TIMEOUT(m_list->model()->rowCount(), 2, kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(m_vault->filePath(kCiCache)), kTimeout);
        QCOMPARE(m_vault->read(kInfraCache), keptBefore);
        QCOMPARE(m_view->undoDepth(), 0);
        // The finding undone is the one shown again.
        QTRY_COMPARE(currentKind(), int(FindingKind::Duplicate));
    }

    void mergeKeepingTheOlder_archivesTheNewer()
    {
        selectKind(FindingKind::Duplicate);
        auto *merge = child<QAbstractButton>(m_window.get(), "reviewMergeButton");
        auto *keepOlder = merge->findChild<QAction *>(QStringLiteral("reviewMergeKeepOlderAction"));
        QVERIFY(keepOlder);
        keepOlder->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(m_list->model()->rowCount(), 1, kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(!QFileInfo::exists(m_vault->filePath(kInfraCache)), kTimeout);
        QVERIFY(m_vault->read(kCiCache).contains(kInfraCache.toUtf8()));
    }

    void supersede_writesTheFrontMatter_andUndoRestoresTheBytes()
    {
        const QByteArray before = m_vault->read(kDeployDay2);
        selectKind(FindingKind::Contradiction);
        QTest::mouseClick(child<QAbstractButton>(m_window.get(), "reviewSupersedeButton"), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(m_list->model()->rowCount(), 1, kTimeout);
        QTRY_COMPARE_WITH_TIMEOUT(m_view->undoDepth(), 1, kTimeout);
        const QByteArray after = m_vault->read(kDeployDay2);
        QVERIFY2(after.contains("supersedes:") && after.contains(kDeployDay.toUtf8()), after.constData());
        QVERIFY(after.contains("We moved billing service production deploys to Tuesdays."));
        QVERIFY(QFileInfo::exists(m_vault->filePath(kDeployDay))); // both stay
        QCOMPARE(m_list->model()->index(0, 0).data(FindingKindRole).toInt(), int(FindingKind::Duplicate));

        QTest::mouseClick(child<QAbstractButton>(m_window.get(), "reviewUndoButton"), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(m_list->model()->rowCount(), 2, kTimeout);
        QTRY_COMPARE_WITH_TIMEOUT(m_vault->read(kDeployDay2), before, kTimeout);
    }

    void keepBoth_staysResolvedAfterAReload_andUndoReopensIt()
    {
        const QByteArray fingerprint = m_vault->fingerprint();
        selectKind(FindingKind::Duplicate);
        QTest::mouseClick(child<QAbstractButton>(m_window.get(), "reviewKeepBothButton"), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(m_list->model()->rowCount(), 1, kTimeout);
        QTRY_COMPARE_WITH_TIMEOUT(m_view->undoDepth(), 1, kTimeout);
        QCOMPARE(m_vault->fingerprint(), fingerprint); // the memories are left as they are

        // Undo brings it back; kept both again, it stays resolved when the vault is opened again.
        QTest::mouseClick(child<QAbstractButton>(m_window.get(), "reviewUndoButton"), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(m_list->model()->rowCount(), 2, kTimeout);
        selectKind(FindingKind::Duplicate);
        QTest::mouseClick(child<QAbstractButton>(m_window.get(), "reviewKeepBothButton"), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(m_list->model()->rowCount(), 1, kTimeout);

        QSignalSpy findings(m_window->session(), &VaultSession::findingsReady);
        m_window->openVault(m_vault->path());
        QTRY_VERIFY_WITH_TIMEOUT(!findings.isEmpty(), kTimeout);
        QCOMPARE(m_list->model()->rowCount(), 1);
        QCOMPARE(m_list->model()->index(0, 0).data(FindingKindRole).toInt(), int(FindingKind::Contradiction));
        QCOMPARE(m_view->undoDepth(), 0); // another opening: nothing of before to undo
    }

    void undo_takesSeveralActionsBack_lastFirst()
    {
        const QByteArray infraBefore = m_vault->read(kInfraCache);
        const QByteArray deployBefore = m_vault->read(kDeployDay2);
        selectKind(FindingKind::Duplicate);
        QTest::mouseClick(child<QAbstractButton>(m_window.get(), "reviewMergeButton"), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(m_view->undoDepth(), 1, kTimeout);
        QTRY_COMPARE_WITH_TIMEOUT(m_list->model()->rowCount(), 1, kTimeout);
        selectKind(FindingKind::Contradiction);
        QTest::mouseClick(child<QAbstractButton>(m_window.get(), "reviewArchiveOlderButton"), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(m_view->undoDepth(), 2, kTimeout);
        QTRY_COMPARE_WITH_TIMEOUT(m_list->model()->rowCount(), 0, kTimeout);
        QVERIFY(!QFileInfo::exists(m_vault->filePath(kDeployDay)));
        QVERIFY(child<QLabel>(m_view, "emptyStateMessage")->isVisible());
        auto *undo = child<QAbstractButton>(m_window.get(), "reviewUndoButton");
        QVERIFY(undo->isVisible() && undo->isEnabled()); // the empty state leaves the way back

        QTest::mouseClick(undo, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(m_list->model()->rowCount(), 1, kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(m_vault->filePath(kDeployDay)), kTimeout);
        QVERIFY(!QFileInfo::exists(m_vault->filePath(kCiCache))); // the merge is still done
        QTRY_VERIFY_WITH_TIMEOUT(undo->isEnabled(), kTimeout);
        QTest::mouseClick(undo, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(m_list->model()->rowCount(), 2, kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(m_vault->filePath(kCiCache)), kTimeout);
        QCOMPARE(m_vault->read(kInfraCache), infraBefore);
        QCOMPARE(m_vault->read(kDeployDay2), deployBefore);
        QCOMPARE(m_view->undoDepth(), 0);
        QVERIFY(!undo->isEnabled());
    }

    void indexRun_followsAnEditedMemory_andARunThatChangedNothingAsksNothing()
    {
        // Nothing changed: the index run ends, and no findings are asked for. The worker answers in
        // order, so the health answer asked after the run comes after any findings the run caused.
        VaultSession *session = m_window->session();
        QSignalSpy indexed(session, &VaultSession::indexed);
        QSignalSpy findings(session, &VaultSession::findingsReady);
        QSignalSpy health(session, &VaultSession::healthReady);
        session->requestIndexAll();
        QTRY_VERIFY_WITH_TIMEOUT(!indexed.isEmpty(), kTimeout);
        session->requestHealth();
        QTRY_VERIFY_WITH_TIMEOUT(!health.isEmpty(), kTimeout);
        QCOMPARE(findings.size(), 0);

        // The newer deploy day edited into something else (outside the workbench): the watcher's run
        // brings the list up to date, the contradiction gone.
        memory(*m_vault, kDeployDay2, QStringLiteral("2026-04-20"),
               QStringLiteral("The office plants are watered on Mondays by the facilities team."));
        QTRY_COMPARE_WITH_TIMEOUT(m_list->model()->rowCount(), 1, kTimeout);
        QCOMPARE(m_list->model()->index(0, 0).data(FindingKindRole).toInt(), int(FindingKind::Duplicate));
    }

    void undo_thatCannotBeDone_saysWhyInTheViewAndTheLog()
    {
        selectKind(FindingKind::Duplicate);
        QTest::mouseClick(child<QAbstractButton>(m_window.get(), "reviewMergeButton"), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(m_view->undoDepth(), 1, kTimeout);
        // The archived file went meanwhile (another program, a sync): the undo cannot restore it.
        const QString archived = QStringLiteral("archive/") + kCiCache;
        QVERIFY(QFileInfo::exists(m_vault->filePath(archived)));
        QVERIFY(m_vault->remove(archived));
        QTest::mouseClick(child<QAbstractButton>(m_window.get(), "reviewUndoButton"), Qt::LeftButton);
        auto *status = child<QLabel>(m_view, "reviewStatus");
        QTRY_VERIFY_WITH_TIMEOUT(status->property("error").toBool(), kTimeout);
        QVERIFY2(status->toolTip().contains(archived), qPrintable(status->toolTip()));
        QVERIFY2(status->toolTip().startsWith(QLatin1String("Undo of merge")), qPrintable(status->toolTip()));
        const QStringList logged = m_window->messageLog()->messages();
        QVERIFY2(!logged.filter(QStringLiteral("Review: undo of merge")).isEmpty(),
                 qPrintable(logged.join(QLatin1Char('\n'))));
    }

    void stale_showsTheFact_andOffersOnlyWhatFitsIt()
    {
        // As tst_memoryreview's stale fact, dated from today (the workbench judges at the real clock):
        // a fact 270 days old, never recalled, and a session 70 days newer that talks about its subject.
        const QDate today = QDate::currentDate();
        const QString session = QStringLiteral("sessions/%1/standup.md").arg(today.addDays(-200).toString(Qt::ISODate));
        memory(*m_vault, QStringLiteral("memories/semantic/oncall-tool.md"), today.addDays(-270).toString(Qt::ISODate),
               QStringLiteral("The on-call rotation for the billing service is scheduled in the shared calendar."));
        m_vault->write(session, test::markdownTranscript(today.addDays(-200).toString(Qt::ISODate),
                                                         {QStringLiteral("For the billing service on-call rotation we "
                                                                         "schedule shifts in the incident tool."),
                                                          QStringLiteral("Good, the rotation reminders work there.")}));
        QTRY_COMPARE_WITH_TIMEOUT(m_list->model()->rowCount(), 3, kTimeout);
        selectKind(FindingKind::Stale);
        const QString reason = child<QLabel>(m_window.get(), "reviewReason")->text();
        QVERIFY2(reason.startsWith(QLatin1String("Stale fact: not confirmed since")), qPrintable(reason));
        QVERIFY2(reason.contains(session), qPrintable(reason));
        QVERIFY(child<QLabel>(m_window.get(), "reviewOlderInfo")->text().contains(QLatin1String("oncall-tool.md")));
        // A session replaces no fact, nor is it archived for one: the fact is kept, archived or edited.
        QVERIFY(!child<QAbstractButton>(m_window.get(), "reviewMergeButton")->isEnabled());
        QVERIFY(!child<QAbstractButton>(m_window.get(), "reviewSupersedeButton")->isEnabled());
        QVERIFY(!child<QAbstractButton>(m_window.get(), "reviewArchiveNewerButton")->isEnabled());
        QVERIFY(child<QAbstractButton>(m_window.get(), "reviewArchiveOlderButton")->isEnabled());
        QTest::mouseClick(child<QAbstractButton>(m_window.get(), "reviewKeepBothButton"), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(m_list->model()->rowCount(), 2, kTimeout);
        for (int row = 0; row < 2; ++row)
            QVERIFY(m_list->model()->index(row, 0).data(FindingKindRole).toInt() != int(FindingKind::Stale));
    }

    void edit_opensTheMemoryInTheMemoriesView()
    {
        selectKind(FindingKind::Contradiction);
        QTest::mouseClick(child<QAbstractButton>(m_window.get(), "reviewEditButton"), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(m_window->tabs()->currentWidget(), child<QWidget>(m_window.get(), "memoryBrowser"),
                                  kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(
            child<QPlainTextEdit>(m_window.get(), "noteText")->toPlainText().contains(QLatin1String("Tuesdays")),
            kTimeout);
    }

    void health_countsTheFindings_andItsButtonOpensTheReview()
    {
        auto *summary = child<QLabel>(m_window.get(), "healthReviewSummary");
        QTRY_VERIFY2_WITH_TIMEOUT(summary->text().startsWith(QLatin1String("2 ")), qPrintable(summary->text()),
                                  kTimeout);
        m_window->tabs()->setCurrentWidget(m_window->healthDashboard());
        QTest::mouseClick(child<QAbstractButton>(m_window.get(), "healthOpenReviewButton"), Qt::LeftButton);
        QCOMPARE(m_window->tabs()->currentWidget(), m_view);
    }

private:
    int currentKind() const { return m_list->currentIndex().data(FindingKindRole).toInt(); }

    /// Makes the finding of `kind` the current one (the list holds one of each).
    void selectKind(FindingKind kind)
    {
        QAbstractItemModel *model = m_list->model();
        for (int row = 0; row < model->rowCount(); ++row)
            if (model->index(row, 0).data(FindingKindRole).toInt() == int(kind)) {
                m_list->setCurrentIndex(model->index(row, 0));
                QVERIFY(child<QAbstractButton>(m_window.get(), "reviewKeepBothButton")->isEnabled());
                return;
            }
        QFAIL("no finding of that kind listed");
    }

    std::unique_ptr<test::TestVault> m_vault;
    std::unique_ptr<MainWindow> m_window;
    ReviewView *m_view = nullptr;
    QTreeView *m_list = nullptr;
};

QTEST_MAIN(TestReviewView)
#include "tst_reviewview.moc"
