// The settings dialog writes engram.json through Config::save and refuses
// a mode weight that is not a number.
#include "SettingsDialog.h"
#include "TestVault.h"
#include "core/Config.h"

#include <QApplication>
#include <QLabel>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>

using namespace engram;

class TestSettingsDialog : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void accept_savesBudgetsAndWeights()
    {
        test::TestVault vault;
        SettingsDialog dialog(vault.path());
        dialog.findChild<QSpinBox *>(QStringLiteral("settingsPackBudget"))->setValue(1234);
        auto *weights = dialog.findChild<QTableWidget *>(QStringLiteral("settingsModeWeights"));
        QCOMPARE(weights->rowCount(), 3); // the three ranking modes: fast, deep, creative
        weights->item(0, 0)->setText(QStringLiteral("0.55"));
        const QString mode = weights->verticalHeaderItem(0)->text();
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        auto config = Config::load(vault.path());
        QVERIFY(config.ok());
        QCOMPARE(config->packBudget, 1234);
        QCOMPARE(config->mode(mode).relevance, 0.55);
    }

    void accept_refusesAWeightThatIsNotANumber()
    {
        test::TestVault vault;
        SettingsDialog dialog(vault.path());
        dialog.findChild<QTableWidget *>(QStringLiteral("settingsModeWeights"))
            ->item(0, 1)
            ->setText(QStringLiteral("lots"));
        dialog.accept();
        QVERIFY(dialog.result() != int(QDialog::Accepted));
        QVERIFY(!dialog.findChild<QLabel *>(QStringLiteral("settingsError"))->text().isEmpty());
        QVERIFY(!QFile::exists(vault.filePath(QStringLiteral("engram.json"))));
    }

    void accept_refusesAWeightOutsideItsRange()
    {
        test::TestVault vault;
        SettingsDialog dialog(vault.path());
        dialog.findChild<QTableWidget *>(QStringLiteral("settingsModeWeights"))
            ->item(0, 1)
            ->setText(QStringLiteral("3"));
        dialog.accept();
        QVERIFY(dialog.result() != int(QDialog::Accepted));
        QVERIFY2(
            dialog.findChild<QLabel *>(QStringLiteral("settingsError"))->text().contains(QLatin1String("from 0 to 1")),
            qPrintable(dialog.findChild<QLabel *>(QStringLiteral("settingsError"))->text()));
        QVERIFY(!QFile::exists(vault.filePath(QStringLiteral("engram.json"))));
    }
};

QTEST_MAIN(TestSettingsDialog)
#include "tst_settingsdialog.moc"
