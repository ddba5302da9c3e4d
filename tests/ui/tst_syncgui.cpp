// Sync in the workbench, driven by objectName: Sync › Sync Now runs off the UI thread and reports in
// the message log; a conflict is resolved side by side in Sync › Resolve Conflicts…, which
// completes the merge and syncs it to the remote.
#include "ChildByName.h"
#include "GitSandbox.h"
#include "MainWindow.h"
#include "MessageLog.h"
#include "SyncRunner.h"
#include "VaultSession.h"
#include "sync/VaultSync.h"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace engram;
using test::child;
using test::GitSandbox;

namespace {

const int kTimeout = 30000;

using test::readFile;
using test::writeFile;

QString revision(const QString &repository, const QString &name)
{
    return QString::fromUtf8(GitSandbox::git(repository, {QStringLiteral("rev-parse"), name})).trimmed();
}

template <typename T>
T *topLevel(const char *name)
{
    for (QWidget *w : QApplication::topLevelWidgets())
        if (w->objectName() == QLatin1String(name) && w->isVisible())
            if (auto *found = qobject_cast<T *>(w))
                return found;
    return nullptr;
}

} // namespace

class TestSyncGui : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QApplication::setOrganizationName(QStringLiteral("engram-test"));
        QApplication::setApplicationName(QStringLiteral("tst_syncgui"));
    }

    void syncNow_commitsAndPushes_andSaysSoInTheMessageLog()
    {
        GitSandbox sandbox;
        const QString remote = sandbox.bareRemote();
        const QString vault = QDir(sandbox.root()).filePath(QStringLiteral("vault"));
        writeFile(vault, QStringLiteral("notes/a.md"), "# A\n\nalpha\n");
        QVERIFY(VaultSync(vault).init(remote));
        MainWindow window;
        window.show();
        window.openVault(vault);
        QTRY_VERIFY_WITH_TIMEOUT(window.session()->isOpen(), kTimeout);
        QSignalSpy done(window.syncRunner(), &SyncRunner::finished);
        child<QAction>(&window, "actionSyncNow")->trigger();
        QVERIFY(window.syncRunner()->isRunning()); // the window returned at once: the sync is a job
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, kTimeout);
        QVERIFY2(window.messageLog()->messages().join(u'\n').contains(QLatin1String("Synced with origin: ")),
                 qPrintable(window.messageLog()->messages().join(u'\n')));
        QCOMPARE(revision(remote, QStringLiteral("main")), revision(vault, QStringLiteral("HEAD")));
    }

    void conflictDialog_showsBothSides_takeTheirsCompletesTheMergeAndSyncs()
    {
        GitSandbox sandbox;
        const QString remote = sandbox.bareRemote();
        const QString a = QDir(sandbox.root()).filePath(QStringLiteral("a"));
        writeFile(a, QStringLiteral("notes/plan.md"), "# Plan\n\nMarch.\n");
        QVERIFY(VaultSync(a).init(remote));
        QVERIFY(VaultSync(a).sync().ok());
        const QString b = sandbox.clone(remote, QStringLiteral("b"));
        writeFile(a, QStringLiteral("notes/plan.md"), "# Plan\n\nApril.\n");
        writeFile(b, QStringLiteral("notes/plan.md"), "# Plan\n\nMay.\n");
        QVERIFY(VaultSync(a).sync().ok());

        MainWindow window;
        window.show();
        window.openVault(b);
        QTRY_VERIFY_WITH_TIMEOUT(window.session()->isOpen(), kTimeout);
        QSignalSpy done(window.syncRunner(), &SyncRunner::finished);
        child<QAction>(&window, "actionSyncNow")->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, kTimeout);
        QCOMPARE(done.at(0).at(0).value<SyncReport>().outcome, SyncReport::Outcome::Conflicts);
        QVERIFY2(window.messageLog()->messages().join(u'\n').contains(QLatin1String("Sync stopped: 1 file(s)")),
                 qPrintable(window.messageLog()->messages().join(u'\n')));

        child<QAction>(&window, "actionResolveConflicts")->trigger();
        QWidget *dialog = topLevel<QWidget>("conflictDialog");
        QVERIFY(dialog);
        auto *files = child<QListWidget>(dialog, "conflictList");
        QCOMPARE(files->count(), 1);
        QCOMPARE(files->item(0)->text(), QStringLiteral("notes/plan.md"));
        QCOMPARE(child<QPlainTextEdit>(dialog, "mineText")->toPlainText(), QStringLiteral("# Plan\n\nMay.\n"));
        QCOMPARE(child<QPlainTextEdit>(dialog, "theirsText")->toPlainText(), QStringLiteral("# Plan\n\nApril.\n"));
        // A merged text with the markers still in it is refused and nothing is written.
        child<QPlainTextEdit>(dialog, "mergedText")
            ->setPlainText(QStringLiteral("<<<<<<< HEAD\nMay.\n=======\nApril.\n>>>>>>> x\n"));
        child<QPushButton>(dialog, "useMergedButton")->click();
        QVERIFY(
            child<QLabel>(dialog, "conflictStatus")->text().contains(QLatin1String("still holds conflict markers")));
        QCOMPARE(files->count(), 1);

        child<QPushButton>(dialog, "takeTheirsButton")->click();
        QCOMPARE(readFile(b, QStringLiteral("notes/plan.md")), QByteArray("# Plan\n\nApril.\n"));
        QCOMPARE(files->count(), 0);
        QVERIFY(!QFileInfo::exists(QDir(b).filePath(QStringLiteral(".git/MERGE_HEAD"))));
        // The completed merge goes to the remote on its own.
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 2, kTimeout);
        QCOMPARE(revision(remote, QStringLiteral("main")), revision(b, QStringLiteral("HEAD")));
    }
};

QTEST_MAIN(TestSyncGui)
#include "tst_syncgui.moc"
