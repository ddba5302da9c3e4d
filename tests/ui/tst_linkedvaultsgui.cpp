// The workbench over a vault that links a team vault: the recall panel names the vault of each
// result, and the settings list the linked vaults and add and remove them.
#include "ChildByName.h"
#include "MainWindow.h"
#include "RecallResultsModel.h"
#include "Roles.h"
#include "SettingsDialog.h"
#include "TestVault.h"
#include "agent/VaultSet.h"
#include "core/Config.h"
#include "vault/Engine.h"

#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableView>
#include <QTest>

using namespace engram;
using test::child;

namespace {

const int kTimeout = test::kWaitMs;

/// The row of the recall results whose vault is `vault` ("" for the open vault), or -1.
int rowOfVault(QAbstractItemModel *model, const QString &vault)
{
    for (int row = 0; row < model->rowCount(); ++row)
        if (model->index(row, 0).data(VaultRole).toString() == vault)
            return row;
    return -1;
}

} // namespace

class TestLinkedVaultsGui : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QApplication::setOrganizationName(QStringLiteral("engram-test"));
        QApplication::setApplicationName(QStringLiteral("tst_linkedvaultsgui"));
    }

    void recall_showsTheVaultOfEachResult()
    {
        test::TestVault team;
        team.write(QStringLiteral("notes/database.md"),
                   QByteArray("# Database\n\nThe team database runs on PostgreSQL for replication.\n"));
        (void)test::openIndexed(team);
        test::TestVault personal;
        personal.write(QStringLiteral("notes/database.md"),
                       QByteArray("# Database\n\nWe picked SQLite for the notebook database because it embeds.\n"));
        QVERIFY(VaultSet::addLink(personal.path(), {QStringLiteral("team"), team.path()}));

        MainWindow window;
        window.show();
        window.openVault(personal.path());
        auto *query = child<QLineEdit>(&window, "recallQuery");
        auto *results = child<QTableView>(&window, "recallResults");
        // The first index run of the open vault may still be going: ask until both vaults answer.
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                query->setText(QStringLiteral("database"));
                QTest::keyClick(query, Qt::Key_Return);
                QTest::qWait(200);
                return rowOfVault(results->model(), QString()) >= 0
                       && rowOfVault(results->model(), QStringLiteral("team")) >= 0;
            }(),
            kTimeout);
        QAbstractItemModel *model = results->model();
        const int teamRow = rowOfVault(model, QStringLiteral("team"));
        const int ownRow = rowOfVault(model, QString());
        QCOMPARE(model->index(teamRow, RecallResultsModel::SourceColumn).data().toString(),
                 QStringLiteral("[team] notes/database.md:3-3"));
        QCOMPARE(model->index(ownRow, RecallResultsModel::SourceColumn).data().toString(),
                 QStringLiteral("notes/database.md:3-3"));

        results->selectRow(teamRow);
        QTRY_VERIFY(
            child<QPlainTextEdit>(&window, "recallSource")->toPlainText().contains(QLatin1String("PostgreSQL")));
        QVERIFY(
            child<QLabel>(&window, "recallSourceHeader")->text().contains(QLatin1String("[team] notes/database.md")));
        QVERIFY(!child<QPushButton>(&window, "recallMarkExpected")->isEnabled());
        results->selectRow(ownRow);
        QTRY_VERIFY(child<QPlainTextEdit>(&window, "recallSource")->toPlainText().contains(QLatin1String("SQLite")));
        QVERIFY(child<QPushButton>(&window, "recallMarkExpected")->isEnabled());
    }

    void settings_listLinkedVaults_addAndRemove()
    {
        test::TestVault team;
        team.write(QStringLiteral("engram.json"), QByteArray("{}\n"));
        test::TestVault ops;
        ops.write(QStringLiteral("engram.json"), QByteArray("{}\n"));
        test::TestVault plain;
        test::TestVault personal;
        QVERIFY(VaultSet::addLink(personal.path(), {QStringLiteral("team"), team.path()}));

        SettingsDialog dialog(personal.path());
        auto *list = child<QListWidget>(&dialog, "settingsLinkedVaults");
        QCOMPARE(list->count(), 1);
        QVERIFY(list->item(0)->text().startsWith(QStringLiteral("team — ")));

        auto *name = child<QLineEdit>(&dialog, "settingsLinkName");
        auto *path = child<QLineEdit>(&dialog, "settingsLinkPath");
        auto *status = child<QLabel>(&dialog, "settingsLinkStatus");
        name->setText(QStringLiteral("plain"));
        path->setText(plain.path());
        QTest::mouseClick(child<QPushButton>(&dialog, "settingsLinkAdd"), Qt::LeftButton);
        QCOMPARE(list->count(), 1);
        QVERIFY2(status->text().contains(QLatin1String("is not a vault")), qPrintable(status->text()));

        name->setText(QStringLiteral("ops"));
        path->setText(ops.path());
        QTest::mouseClick(child<QPushButton>(&dialog, "settingsLinkAdd"), Qt::LeftButton);
        QCOMPARE(list->count(), 2);

        list->setCurrentRow(0);
        QTest::mouseClick(child<QPushButton>(&dialog, "settingsLinkRemove"), Qt::LeftButton);
        QCOMPARE(list->count(), 1);
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(dialog.needsReopen()); // the query worker opens the linked vaults anew
        auto config = Config::load(personal.path());
        QVERIFY(config.ok());
        QCOMPARE(config->linkedVaults.size(), 1);
        QCOMPARE(config->linkedVaults.first().name, QStringLiteral("ops"));
    }
};

QTEST_MAIN(TestLinkedVaultsGui)
#include "tst_linkedvaultsgui.moc"
