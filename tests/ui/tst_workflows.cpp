// Losing work and doing the wrong thing quietly, driven through the real main window by objectName:
// unsaved edits ask before they are left, a State conflict offers keep / take / merge, Ctrl+Z after
// Enter undoes the item, the copied pack is for the question on screen, a vault is never made or
// opened behind the person's back, health is fresh after the first index and says "not yet" for what
// has not started, and a refused drop's reason stays in the message log until read.
#include "ChildByName.h"
#include "CognitiveStateDocument.h"
#include "HealthModel.h"
#include "MainWindow.h"
#include "MessageLog.h"
#include "RecallPanel.h"
#include "RecallResultsModel.h"
#include "Roles.h"
#include "StateEditor.h"
#include "TestVault.h"
#include "VaultSession.h"
#include "cognition/CognitiveState.h"
#include "core/VaultLayout.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QListWidget>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeView>

#include <functional>
#include <memory>

using namespace engram;
using test::child;

namespace {

const int kTimeout = test::kWaitMs;

int rowOf(QAbstractItemView *table, const QString &path)
{
    for (int r = 0; r < table->model()->rowCount(); ++r)
        if (table->model()->index(r, 0).data(PathRole).toString() == path)
            return r;
    return -1;
}

/// Calls `act` with the next message box named `name` once it is on screen (for a box whose
/// text or default the test reads before answering it).
void onMessageBox(const char *name, std::function<void(QMessageBox *)> act)
{
    auto *poll = new QTimer;
    poll->setInterval(20);
    const QString wanted = QLatin1String(name);
    QObject::connect(poll, &QTimer::timeout, poll, [poll, wanted, act = std::move(act)] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box || box->objectName() != wanted)
            return;
        poll->deleteLater();
        act(box);
    });
    QTimer::singleShot(10000, poll, &QObject::deleteLater); // never shown: the test fails on what act records
    poll->start();
}

/// Answers the next message box named `name` with `button` as soon as it is on screen; `seen`
/// says whether it came.
std::shared_ptr<bool> answer(const char *name, QMessageBox::StandardButton button)
{
    auto seen = std::make_shared<bool>(false);
    onMessageBox(name, [seen, button](QMessageBox *box) {
        *seen = true;
        box->button(button)->click();
    });
    return seen;
}

QString healthStatusOf(QTableView *table, const QString &check)
{
    for (int r = 0; r < table->model()->rowCount(); ++r)
        // The view shows a check's name as a person reads it ("Last re-index"): matched without case.
        if (table->model()->index(r, HealthModel::CheckColumn).data().toString().compare(check, Qt::CaseInsensitive)
            == 0)
            return table->model()->index(r, 0).data(StatusRole).toString();
    return {};
}

} // namespace

class TestWorkflows : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QApplication::setOrganizationName(QStringLiteral("engram-test"));
        QApplication::setApplicationName(QStringLiteral("tst_workflows"));
    }

    void init()
    {
        m_vault = std::make_unique<test::TestVault>();
        m_vault->write(QStringLiteral("notes/alpha.md"), QStringLiteral("# Alpha\n\nThe alpha build uses CMake.\n"));
        m_vault->write(QStringLiteral("notes/beta.md"), QStringLiteral("# Beta\n\nBeta notes about tomatoes.\n"));
        m_vault->write(QStringLiteral("memories/semantic/gamma.md"),
                       QStringLiteral("# Gamma\n\nThe user prefers dark roast coffee.\n"));
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

    void unsavedNote_asksBeforeAnotherMemoryAndCancelStays()
    {
        m_table->setCurrentIndex(m_table->model()->index(rowOf(m_table, QStringLiteral("notes/beta.md")), 0));
        auto *text = child<QPlainTextEdit>(m_window.get(), "noteText");
        QTRY_VERIFY(text->toPlainText().contains(QLatin1String("tomatoes")));
        text->moveCursor(QTextCursor::End);
        QTest::keyClicks(text, QStringLiteral("Unsaved line."));

        auto cancelled = answer("unsavedNotePrompt", QMessageBox::Cancel);
        m_table->setCurrentIndex(m_table->model()->index(rowOf(m_table, QStringLiteral("notes/alpha.md")), 0));
        QVERIFY(*cancelled);
        QCOMPARE(m_table->currentIndex().data(PathRole).toString(), QStringLiteral("notes/beta.md"));
        QVERIFY(text->toPlainText().contains(QLatin1String("Unsaved line.")));
        QVERIFY(text->document()->isModified());

        auto saved = answer("unsavedNotePrompt", QMessageBox::Save);
        m_table->setCurrentIndex(m_table->model()->index(rowOf(m_table, QStringLiteral("notes/alpha.md")), 0));
        QVERIFY(*saved);
        QVERIFY(m_vault->read(QStringLiteral("notes/beta.md")).contains("Unsaved line."));
        QTRY_VERIFY(text->toPlainText().contains(QLatin1String("alpha build")));
    }

    void unsavedNote_asksOnQuitAndOnAnotherVault()
    {
        m_table->setCurrentIndex(m_table->model()->index(rowOf(m_table, QStringLiteral("notes/beta.md")), 0));
        auto *text = child<QPlainTextEdit>(m_window.get(), "noteText");
        QTRY_VERIFY(text->toPlainText().contains(QLatin1String("tomatoes")));
        QTest::keyClicks(text, QStringLiteral("Edit "));

        auto quitCancelled = answer("unsavedNotePrompt", QMessageBox::Cancel);
        m_window->close();
        QVERIFY(*quitCancelled);
        QVERIFY(m_window->isVisible());
        QCOMPARE(m_window->session()->vaultPath(), m_vault->path());

        test::TestVault other;
        other.write(QStringLiteral("engram.json"), QByteArray("{}"));
        auto vaultCancelled = answer("unsavedNotePrompt", QMessageBox::Cancel);
        QVERIFY(!m_window->openVaultAsking(other.path()));
        QVERIFY(*vaultCancelled);
        QCOMPARE(m_window->session()->vaultPath(), m_vault->path());

        QVERIFY(text->document()->isModified());
        // Qt lets a window close only once the boxes that blocked it have been hidden by the event loop.
        QTest::qWait(50);
        auto discarded = answer("unsavedNotePrompt", QMessageBox::Discard);
        QVERIFY(m_window->close());
        QVERIFY(*discarded);
        QVERIFY(!m_window->isVisible());
        QVERIFY(!m_vault->read(QStringLiteral("notes/beta.md")).contains("Edit "));
    }

    void unsavedNote_isMarkedAndTheQuitQuestionSpeaksOfQuitting()
    {
        m_table->setCurrentIndex(m_table->model()->index(rowOf(m_table, QStringLiteral("notes/beta.md")), 0));
        auto *text = child<QPlainTextEdit>(m_window.get(), "noteText");
        auto *path = child<QLabel>(m_window.get(), "notePath");
        QTRY_VERIFY(text->toPlainText().contains(QLatin1String("tomatoes")));
        QCOMPARE(path->text(), QStringLiteral("notes/beta.md"));
        QVERIFY(!m_window->isWindowModified());
        text->moveCursor(QTextCursor::End);
        QTest::keyClicks(text, QStringLiteral("More."));
        QCOMPARE(path->text(), QStringLiteral("notes/beta.md *"));
        QVERIFY(m_window->isWindowModified());
        QVERIFY(m_window->windowTitle().contains(QLatin1String("[*]")));

        // The quit question says what the person is doing.
        auto informative = std::make_shared<QString>();
        onMessageBox("unsavedNotePrompt", [informative](QMessageBox *box) {
            *informative = box->informativeText();
            box->button(QMessageBox::Cancel)->click();
        });
        QVERIFY(!m_window->close());
        QVERIFY2(informative->contains(QLatin1String("quitting")), qPrintable(*informative));

        child<QPushButton>(m_window.get(), "noteSaveButton")->click();
        QCOMPARE(path->text(), QStringLiteral("notes/beta.md"));
        QVERIFY(!m_window->isWindowModified());
    }

    void openVault_asksBeforeMakingAFolderAVaultAndNamesAMissingOne()
    {
        QTemporaryDir plain;
        auto declined = answer("makeVaultPrompt", QMessageBox::Cancel);
        QVERIFY(!m_window->openVaultAsking(plain.path()));
        QVERIFY(*declined);
        QCOMPARE(m_window->session()->vaultPath(), m_vault->path());
        QVERIFY(!QFileInfo::exists(QDir(plain.path()).filePath(QStringLiteral("notes"))));

        const QString missing = plain.path() + QStringLiteral("/typo");
        auto told = answer("vaultMissingMessage", QMessageBox::Ok);
        QVERIFY(!m_window->openVaultAsking(missing));
        QVERIFY(*told);
        QVERIFY(!QFileInfo::exists(missing));

        auto agreed = answer("makeVaultPrompt", QMessageBox::Yes);
        QVERIFY(m_window->openVaultAsking(plain.path()));
        QVERIFY(*agreed);
        QTRY_COMPARE_WITH_TIMEOUT(m_window->session()->vaultPath(), plain.path(), kTimeout);
    }

    void openVault_enterOnTheMakeVaultQuestionAgrees()
    {
        // Under the GTK platform theme the question defaulted to Cancel: Enter declined.
        QTemporaryDir plain;
        auto defaultIsYes = std::make_shared<bool>(false);
        onMessageBox("makeVaultPrompt", [defaultIsYes](QMessageBox *box) {
            *defaultIsYes = box->defaultButton() == box->button(QMessageBox::Yes);
            QTest::keyClick(box, Qt::Key_Return);
        });
        QVERIFY(m_window->openVaultAsking(plain.path()));
        QVERIFY(*defaultIsYes);
        QTRY_COMPARE_WITH_TIMEOUT(m_window->session()->vaultPath(), plain.path(), kTimeout);
    }

    void commandLine_missingVaultIsAnErrorAndHelpNeedsNoDisplay()
    {
        QTemporaryDir home;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.insert(QStringLiteral("HOME"), home.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.path());
        env.insert(QStringLiteral("XDG_DATA_HOME"), home.path() + QStringLiteral("/data"));
        env.remove(QStringLiteral("ENGRAM_VAULT"));
        auto run = [&env](const QStringList &arguments, QString *out, QString *err) {
            QProcess process;
            process.setProcessEnvironment(env);
            process.start(QStringLiteral(ENGRAM_WORKBENCH), arguments);
            if (!process.waitForFinished(20000))
                return -1;
            *out = QString::fromUtf8(process.readAllStandardOutput());
            *err = QString::fromUtf8(process.readAllStandardError());
            return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
        };
        QString out;
        QString err;
        QCOMPARE(run({QStringLiteral("--help")}, &out, &err), 0);
        QVERIFY2(out.contains(QLatin1String("--vault")), qPrintable(out + err));
        QCOMPARE(run({QStringLiteral("--version")}, &out, &err), 0);
        QVERIFY2(out.contains(QLatin1String(ENGRAM_VERSION)), qPrintable(out + err));
        const QString typo = home.path() + QStringLiteral("/a/typo");
        QCOMPARE(run({QStringLiteral("--vault"), typo}, &out, &err), 2);
        QVERIFY2(err.contains(typo), qPrintable(err));
        QVERIFY(!QFileInfo::exists(typo));
        QVERIFY(!QFileInfo::exists(home.path() + QStringLiteral("/data/engram/vault"))); // no default vault instead
    }

    void commandLine_qtsOwnOptionsReachQApplication()
    {
        // "-style Fusion" once read as the unknown options s, t, y, l, e: the workbench exited.
        QTemporaryDir home;
        QTemporaryDir vault;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        env.insert(QStringLiteral("HOME"), home.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.path());
        env.insert(QStringLiteral("XDG_DATA_HOME"), home.path() + QStringLiteral("/data"));
        env.remove(QStringLiteral("ENGRAM_VAULT"));
        QProcess version;
        version.setProcessEnvironment(env);
        version.start(QStringLiteral(ENGRAM_WORKBENCH),
                      {QStringLiteral("-style=Fusion"), QStringLiteral("-reverse"), QStringLiteral("--version")});
        QVERIFY(version.waitForFinished(20000));
        QCOMPARE(version.exitCode(), 0);
        QVERIFY2(version.readAllStandardOutput().contains(ENGRAM_VERSION), version.readAllStandardError().constData());

        QVERIFY(VaultLayout::initialize(vault.path()));
        QVERIFY(QDir(vault.path()).mkpath(QStringLiteral(".engram"))); // a vault already: no question asked
        QProcess workbench;
        workbench.setProcessEnvironment(env);
        workbench.start(QStringLiteral(ENGRAM_WORKBENCH),
                        {QStringLiteral("-platform"), QStringLiteral("offscreen"), QStringLiteral("-style"),
                         QStringLiteral("Fusion"), QStringLiteral("-reverse"), QStringLiteral("-stylesheet"),
                         QStringLiteral("missing.qss"), QStringLiteral("--vault"), vault.path()});
        QVERIFY(workbench.waitForStarted(20000));
        // The window opened the vault named: it says so in its settings, as any start does.
        const QString settings = home.path() + QStringLiteral("/engram/engram.conf");
        QTRY_VERIFY2_WITH_TIMEOUT(QFileInfo::exists(settings) || workbench.state() == QProcess::NotRunning,
                                  "neither a window nor an exit", kTimeout);
        QVERIFY2(workbench.state() == QProcess::Running, workbench.readAllStandardError().constData());
        workbench.kill();
        workbench.waitForFinished(20000);
    }

    void stateUndo_afterEnterUndoesTheItemNotTheBox()
    {
        m_window->tabs()->setCurrentWidget(m_window->stateEditor());
        auto *input = child<QLineEdit>(m_window.get(), "priorityInput");
        auto *list = child<QListView>(m_window.get(), "priorityList");
        QTRY_VERIFY(input->isVisible());
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        input->setFocus();
        QTest::keyClicks(input, QStringLiteral("Ship the workbench"));
        QTest::keyClick(input, Qt::Key_Return);
        QCOMPARE(list->model()->rowCount(), 1);
        QVERIFY(input->hasFocus());
        QTest::keyClick(input, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(list->model()->rowCount(), 0);
        QVERIFY(input->text().isEmpty());
        // Text typed since is the box's own to undo first.
        QTest::keyClicks(input, QStringLiteral("draft"));
        QTest::keyClick(input, Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(input->text().isEmpty() || input->text() != QLatin1String("draft"));
        QCOMPARE(list->model()->rowCount(), 0);
    }

    void stateConflict_offersKeepTakeAndMergeItemByItem()
    {
        m_window->tabs()->setCurrentWidget(m_window->stateEditor());
        CognitiveStore outside(m_vault->path());
        QVERIFY(outside.addAvoidance(QStringLiteral("force pushes")));
        auto *save = child<QPushButton>(m_window.get(), "stateSaveButton");
        auto *avoidances = child<QListView>(m_window.get(), "avoidanceList");
        QTest::mouseClick(child<QPushButton>(m_window.get(), "stateReloadButton"), Qt::LeftButton);
        QCOMPARE(avoidances->model()->rowCount(), 1);

        auto *input = child<QLineEdit>(m_window.get(), "avoidanceInput");
        input->setText(QStringLiteral("mine: long meetings"));
        QTest::keyClick(input, Qt::Key_Return);
        CognitiveStore agent(m_vault->path());
        QVERIFY(agent.addAvoidance(QStringLiteral("theirs: flaky tests")));
        auto *banner = child<QWidget>(m_window.get(), "stateConflictBanner");
        QTRY_VERIFY_WITH_TIMEOUT(banner->isVisible(), kTimeout);

        // Save is not a dead end: it points at the choice.
        QTest::mouseClick(save, Qt::LeftButton);
        QVERIFY(banner->isVisible());
        QTest::mouseClick(child<QPushButton>(m_window.get(), "stateMergeButton"), Qt::LeftButton);
        QVERIFY(!banner->isVisible());
        QCOMPARE(avoidances->model()->rowCount(), 3);
        QTest::mouseClick(save, Qt::LeftButton);
        auto onDisk = CognitiveStore(m_vault->path()).load();
        QVERIFY(onDisk);
        QCOMPARE(onDisk->avoidances, (QStringList{QStringLiteral("force pushes"), QStringLiteral("theirs: flaky tests"),
                                                  QStringLiteral("mine: long meetings")}));

        // Keep mine writes over theirs; take theirs drops mine.
        input->setText(QStringLiteral("mine again"));
        QTest::keyClick(input, Qt::Key_Return);
        QVERIFY(CognitiveStore(m_vault->path()).removeAvoidance(0));
        QTRY_VERIFY_WITH_TIMEOUT(banner->isVisible(), kTimeout);
        QTest::mouseClick(child<QPushButton>(m_window.get(), "stateKeepMineButton"), Qt::LeftButton);
        QCOMPARE(CognitiveStore(m_vault->path()).load()->avoidances.size(), 4);

        input->setText(QStringLiteral("dropped"));
        QTest::keyClick(input, Qt::Key_Return);
        QVERIFY(CognitiveStore(m_vault->path()).addAvoidance(QStringLiteral("theirs wins")));
        QTRY_VERIFY_WITH_TIMEOUT(banner->isVisible(), kTimeout);
        QTest::mouseClick(child<QPushButton>(m_window.get(), "stateTakeTheirsButton"), Qt::LeftButton);
        QCOMPARE(avoidances->model()->rowCount(), 5);
        QVERIFY(!m_window->stateEditor()->document()->isModified());
    }

    void merge_keepsAdditionsDropsDeletionsAndBothEdits()
    {
        CognitiveState base;
        base.avoidances = {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
        CognitiveState mine = base;
        mine.avoidances = {QStringLiteral("a"), QStringLiteral("b mine"), QStringLiteral("c"), QStringLiteral("d")};
        CognitiveState theirs = base;
        theirs.avoidances = {QStringLiteral("b theirs"), QStringLiteral("c"), QStringLiteral("e")};
        CognitiveStateDocument::MergeReport report;
        const CognitiveState merged = CognitiveStateDocument::merge(base, mine, theirs, &report);
        QCOMPARE(merged.avoidances, (QStringList{QStringLiteral("b theirs"), QStringLiteral("c"), QStringLiteral("e"),
                                                 QStringLiteral("b mine"), QStringLiteral("d")}));
        QCOMPARE(report.fromDisk, 2);
        QCOMPARE(report.kept, 2);
    }

    void recall_saysPlainlyWhenMemoryHoldsNothing()
    {
        m_window->tabs()->setCurrentWidget(m_window->recallPanel());
        auto *query = child<QLineEdit>(m_window.get(), "recallQuery");
        auto *table = child<QTableView>(m_window.get(), "recallResults");
        // The table's own message, laid over its empty rows (not a line under an empty table).
        auto *nothing = child<QLabel>(m_window.get(), "recallNothing");
        QCOMPARE(nothing->parentWidget(), table->viewport());
        query->setText(QStringLiteral("zorblaxian quuxification"));
        QTest::keyClick(query, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(nothing->isVisible(), kTimeout);
        QCOMPARE(nothing->text(), QStringLiteral("Nothing in memory about “zorblaxian quuxification”."));
        QCOMPARE(nothing->geometry(), table->viewport()->rect());
        QCOMPARE(table->model()->rowCount(), 0);
        // An everyday question the vault never discussed, though it shares an everyday word with it.
        query->setText(QStringLiteral("What time zone is Tokyo in?"));
        QTest::keyClick(query, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(nothing->text(),
                                  QStringLiteral("Nothing in memory about “What time zone is Tokyo in?”."), kTimeout);
        QVERIFY(nothing->isVisible());
        // A question memory does hold still answers, and the message goes.
        query->setText(QStringLiteral("what coffee does the user like"));
        QTest::keyClick(query, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(table->model()->rowCount() > 0, kTimeout);
        QVERIFY(!nothing->isVisible());
    }

    void recall_saysWhichResultsAreOfTheTimeTheQuestionNames()
    {
        m_vault->write(QStringLiteral("notes/roast.md"),
                       QStringLiteral("---\ncreated: 2023-08-13\n---\n\n# Roast\n\nWe tried a light roast "
                                      "coffee; the user still prefers the dark one.\n"));
        QTRY_COMPARE_WITH_TIMEOUT(m_table->model()->rowCount(), 4, kTimeout);
        m_window->tabs()->setCurrentWidget(m_window->recallPanel());
        auto *query = child<QLineEdit>(m_window.get(), "recallQuery");
        auto *results = child<QTableView>(m_window.get(), "recallResults");
        auto *header = child<QLabel>(m_window.get(), "recallSourceHeader");
        query->setText(QStringLiteral("which roast coffee did the user like in August 2023"));
        QTest::keyClick(query, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(results->model()->rowCount() >= 2, kTimeout);
        // The header says which result is of August 2023 (the `when` figure, in words) and which is not.
        QCOMPARE(results->model()->index(0, RecallResultsModel::SourceColumn).data(PathRole).toString(),
                 QStringLiteral("notes/roast.md"));
        results->selectRow(0);
        QTRY_VERIFY_WITH_TIMEOUT(header->text().contains(QLatin1String("of the time the question names")), kTimeout);
        QVERIFY2(!header->text().contains(QLatin1String("not of the time")), qPrintable(header->text()));
        QVERIFY2(!header->text().contains(QLatin1String("when")), qPrintable(header->text()));
        results->selectRow(1);
        QTRY_VERIFY_WITH_TIMEOUT(header->text().contains(QLatin1String("not of the time the question names")),
                                 kTimeout);
    }

    /// A result that holds the person the question names but nothing of what it asks is shown, not silenced,
    /// and says it is partial: in its row and in the score line.
    void recall_flagsAPartialResultInItsRowAndScoreLine()
    {
        m_vault->write(QStringLiteral("notes/tea.md"),
                       QStringLiteral("# Tea\n\nEvery morning Jon drinks green tea.\n"));
        QTRY_COMPARE_WITH_TIMEOUT(m_table->model()->rowCount(), 4, kTimeout);
        m_window->tabs()->setCurrentWidget(m_window->recallPanel());
        auto *query = child<QLineEdit>(m_window.get(), "recallQuery");
        auto *results = child<QTableView>(m_window.get(), "recallResults");
        auto *header = child<QLabel>(m_window.get(), "recallSourceHeader");
        query->setText(QStringLiteral("When did Jon open the studio?"));
        QTest::keyClick(query, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(results->model()->rowCount(), 1, kTimeout);
        QVERIFY(!child<QLabel>(m_window.get(), "recallNothing")->isVisible());
        const QModelIndex text = results->model()->index(0, RecallResultsModel::TextColumn);
        QCOMPARE(text.data(PathRole).toString(), QStringLiteral("notes/tea.md"));
        QCOMPARE(text.data().toString(), QStringLiteral("(partial) Every morning Jon drinks green tea."));
        results->selectRow(0);
        QTRY_VERIFY_WITH_TIMEOUT(
            header->text().contains(QLatin1String("partial: the question's specific words are not in it")), kTimeout);
        // An answer is no partial one.
        query->setText(QStringLiteral("what coffee does the user like"));
        QTest::keyClick(query, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(
            results->model()->index(0, RecallResultsModel::SourceColumn).data(PathRole).toString(),
            QStringLiteral("memories/semantic/gamma.md"), kTimeout);
        QVERIFY(!results->model()->index(0, RecallResultsModel::TextColumn).data().toString().startsWith(u'('));
    }

    void copyPack_isForTheQuestionOnScreen()
    {
        QApplication::clipboard()->clear();
        m_window->tabs()->setCurrentWidget(m_window->recallPanel());
        auto *query = child<QLineEdit>(m_window.get(), "recallQuery");
        query->setText(QStringLiteral("what coffee does the user like"));
        QTest::keyClick(query, Qt::Key_Return);
        child<QAction>(m_window.get(), "actionCopyPack")->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!QApplication::clipboard()->text().isEmpty(), kTimeout);
        QCOMPARE(child<QLineEdit>(m_window.get(), "packTask")->text(),
                 QStringLiteral("what coffee does the user like"));
        QVERIFY(QApplication::clipboard()->text().contains(QLatin1String("memories/semantic/gamma.md")));
        QVERIFY2(m_window->statusBar()->currentMessage().contains(QLatin1String("what coffee does the user like")),
                 qPrintable(m_window->statusBar()->currentMessage()));
    }

    void health_isFreshAfterTheFirstIndexAndSaysNotYet()
    {
        auto *table = child<QTableView>(m_window.get(), "healthTable");
        // No Check Again: the first report already follows the first index.
        QTRY_COMPARE_WITH_TIMEOUT(healthStatusOf(table, QStringLiteral("last re-index")), QStringLiteral("ok"),
                                  kTimeout);
        QCOMPARE(healthStatusOf(table, QStringLiteral("vectors = chunks")), QStringLiteral("ok"));
        QCOMPARE(healthStatusOf(table, QStringLiteral("tool usage")), QStringLiteral("not-yet"));
        QCOMPARE(healthStatusOf(table, QStringLiteral("today's session")), QStringLiteral("not-yet"));
        const QString summary = child<QLabel>(m_window.get(), "healthSummary")->text();
        QVERIFY2(!summary.contains(QLatin1String("Needs attention")), qPrintable(summary));

        // The fixes of what has not started are buttons that do it.
        QStringList fixes;
        for (QPushButton *button : table->findChildren<QPushButton *>(QStringLiteral("healthFixButton")))
            fixes << button->text();
        QVERIFY2(fixes.contains(QStringLiteral("Connect Agent…")), qPrintable(fixes.join(u'|')));
    }

    void health_aQuietDayIsNotAFault()
    {
        // The agent worked on an earlier day, not today: the check says "missing", the headline
        // stays healthy (it once read "Needs attention: Missing" in orange).
        m_vault->write(QStringLiteral("sessions/2025-01-02/earlier.md"),
                       QStringLiteral("# Earlier\n\nA session on an earlier day.\n"));
        auto *table = child<QTableView>(m_window.get(), "healthTable");
        m_window->session()->requestIndexAll();
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isBusy() && m_window->session()->stats().files == 4, kTimeout);
        child<QPushButton>(m_window.get(), "healthRefreshButton")->click();
        // The rows and the headline of one finished check. The report the window asked for after its first
        // index can come after the second index and before the click: its rows already read so while the
        // click's own check still says "Checking…" (a loaded sanitizer run read that headline).
        auto *headline = child<QLabel>(m_window.get(), "healthSummary");
        QTRY_VERIFY_WITH_TIMEOUT(healthStatusOf(table, QStringLiteral("today's session")) == QLatin1String("missing")
                                     && healthStatusOf(table, QStringLiteral("index matches files"))
                                            == QLatin1String("ok")
                                     && headline->text() != QStringLiteral("Checking…"),
                                 kTimeout);
        const QString summary = headline->text();
        QStringList rows;
        for (int r = 0; r < table->model()->rowCount(); ++r)
            rows << table->model()->index(r, HealthModel::CheckColumn).data().toString() + QLatin1Char('=')
                        + table->model()->index(r, HealthModel::StatusColumn).data(StatusRole).toString();
        QVERIFY2(summary.startsWith(u'✔'), qPrintable(summary + QLatin1Char(' ') + rows.join(u',')));
        QVERIFY2(!summary.contains(QLatin1String("Needs attention")), qPrintable(summary));

        // What needs a person still turns the headline: a note two versions of which met.
        m_vault->write(QStringLiteral("notes/broken.md"),
                       QByteArray("# Broken\n\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> origin/main\n"));
        m_window->session()->requestIndexAll();
        child<QPushButton>(m_window.get(), "healthRefreshButton")->click();
        QTRY_VERIFY_WITH_TIMEOUT(
            child<QLabel>(m_window.get(), "healthSummary")->text().startsWith(QLatin1String("Needs attention")),
            kTimeout);
    }

    void refusedDrop_staysInTheMessageLogUntilRead()
    {
        QTemporaryDir outside;
        QFile image(outside.filePath(QStringLiteral("photo.png")));
        QVERIFY(image.open(QIODevice::WriteOnly));
        image.write("\x89PNG");
        image.close();
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(image.fileName())});
        QDragEnterEvent enter(QPoint(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(m_window.get(), &enter);
        QDropEvent drop(QPointF(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(m_window.get(), &drop);
        m_window->statusBar()->showMessage(QStringLiteral("Indexing 1/1: something else")); // what overwrote it

        auto *messages = child<MessageLog>(m_window.get(), "messagesButton");
        QCOMPARE(messages->unread(), 1);
        QVERIFY2(messages->text().contains(QLatin1String("1")), qPrintable(messages->text()));
        QTest::mouseClick(messages, Qt::LeftButton);
        auto *list = child<QListWidget>(m_window.get(), "messageList");
        QVERIFY(list->isVisible());
        QVERIFY(list->item(0)->text().contains(QLatin1String("photo.png")));
        QCOMPARE(messages->unread(), 0);
    }

private:
    std::unique_ptr<test::TestVault> m_vault;
    std::unique_ptr<MainWindow> m_window;
    QTreeView *m_table = nullptr;
};

QTEST_MAIN(TestWorkflows)
#include "tst_workflows.moc"
