// The regression lab in the workbench, driven by objectName: mark a recall result as the right
// answer, see it pass in Tools › Expectations, and see in Settings — before saving — how many
// expectations other mode weights would pass or fail.
#include "ChildByName.h"
#include "EngineFixtures.h"
#include "ExpectationsModel.h"
#include "MainWindow.h"
#include "RecallResultsModel.h"
#include "SettingsDialog.h"
#include "TestVault.h"
#include "VaultSession.h"
#include "agent/Expectations.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QTableWidget>
#include <QTest>

using namespace engram;
using test::child;

namespace {

const int kTimeout = test::kWaitMs;
const QString kQuestion = QStringLiteral("how do we deploy the billing service");

template <typename T>
T *topLevel(const char *name)
{
    for (QWidget *w : QApplication::topLevelWidgets())
        if (w->objectName() == QLatin1String(name) && w->isVisible())
            if (auto *found = qobject_cast<T *>(w))
                return found;
    return nullptr;
}

QAction *action(QObject *window, const char *name)
{
    return child<QAction>(window, name);
}

} // namespace

class TestExpectationsGui : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QApplication::setOrganizationName(QStringLiteral("engram-test"));
        QApplication::setApplicationName(QStringLiteral("tst_expectationsgui"));
    }

    void init()
    {
        m_vault = std::make_unique<test::TestVault>();
        test::writeRecencyRivals(*m_vault);
        m_window = std::make_unique<MainWindow>();
        m_window->show();
        m_window->openVault(m_vault->path());
        QTRY_COMPARE_WITH_TIMEOUT(child<QAbstractItemView>(m_window.get(), "memoryTable")->model()->rowCount(), 29,
                                  kTimeout);
    }

    void cleanup()
    {
        for (QWidget *w : QApplication::topLevelWidgets())
            if (w != m_window.get() && w->isVisible())
                w->close();
        m_window.reset();
        m_vault.reset();
    }

    void model_passesTheModelTester()
    {
        ExpectationsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        ExpectationReport report;
        ExpectationResult gone;
        gone.expectation = *Expectation::fromTarget(kQuestion, QStringLiteral("notes/x.md:3-4"));
        gone.status = ExpectationStatus::Missing;
        gone.change = ExpectationChange::Broken;
        gone.previousRank = 2;
        report.results << gone;
        model.setReport(report);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0, ExpectationsModel::TargetColumn).data().toString(), QStringLiteral("notes/x.md:3-4"));
        QCOMPARE(model.index(0, ExpectationsModel::ChangeColumn).data().toString(), QStringLiteral("broken (was 2)"));
        model.setReport({});
        QCOMPARE(model.rowCount(), 0);
    }

    void model_showsUpAndDownOfTheEnginesOwnChecks()
    {
        // Rows the engine made: the year-old right answer ranks first by default and below the
        // twelve fresh rivals when recency alone counts (tst_expectations has the same vault).
        test::TestVault vault;
        test::writeRecencyRivals(vault);
        auto engine = test::openIndexed(vault);
        const Expectations expectations(vault.path());
        QVERIFY(*expectations.add(*Expectation::fromTarget(kQuestion, QStringLiteral("notes/deploy.md"))));
        const ExpectationCheckOptions options{50, true, false};
        QVERIFY(expectations.check(*engine, options).ok());
        auto worker = engine->openWorker(test::recencyOnly(engine->config()));
        QVERIFY(worker.ok());
        auto lower = expectations.check(**worker, options);
        QVERIFY(lower.ok());
        const int lowerRank = lower->results[0].rank;
        QVERIFY2(lowerRank > 12, qPrintable(QString::number(lowerRank)));
        auto back = expectations.check(*engine, options);
        QVERIFY(back.ok());

        ExpectationsModel model;
        model.setReport(*lower);
        QCOMPARE(model.index(0, ExpectationsModel::RankColumn).data().toString(), QString::number(lowerRank));
        QCOMPARE(model.index(0, ExpectationsModel::ChangeColumn).data().toString(), QStringLiteral("down (was 1)"));
        model.setReport(*back);
        QCOMPARE(model.index(0, ExpectationsModel::RankColumn).data().toString(), QStringLiteral("1"));
        QCOMPARE(model.index(0, ExpectationsModel::ChangeColumn).data().toString(),
                 QStringLiteral("up (was %1)").arg(lowerRank));
    }

    void markFromRecall_addsTheExpectationAndItPasses()
    {
        auto *query = child<QLineEdit>(m_window.get(), "recallQuery");
        auto *results = child<QTableView>(m_window.get(), "recallResults");
        auto *mark = child<QPushButton>(m_window.get(), "recallMarkExpected");
        QVERIFY(!mark->isEnabled());
        query->setText(kQuestion);
        QTest::keyClick(query, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(results->model()->rowCount() > 0, kTimeout);
        auto *model = qobject_cast<RecallResultsModel *>(results->model());
        QCOMPARE(model->results().front().chunk.path, QStringLiteral("notes/deploy.md"));
        results->selectRow(0);
        QVERIFY(mark->isEnabled());
        query->setText(QStringLiteral("something else")); // what counts is the question the results answer
        QTest::mouseClick(mark, Qt::LeftButton);
        const QString status = child<QLabel>(m_window.get(), "recallMarkStatus")->text();
        QVERIFY2(status.contains(QStringLiteral("→ notes/deploy.md:6")), qPrintable(status));

        auto expectations = Expectations(m_vault->path()).load();
        QVERIFY(expectations.ok());
        QCOMPARE(expectations->size(), 1);
        QCOMPARE(expectations->front().question, kQuestion);
        QCOMPARE(expectations->front().target(), QStringLiteral("notes/deploy.md:6"));
        QVERIFY2(expectations->front().mode.isEmpty(), "asked in the default mode: the default stays in charge");

        QTest::mouseClick(mark, Qt::LeftButton); // twice is once
        QCOMPARE(Expectations(m_vault->path()).load()->size(), 1);
        QVERIFY(child<QLabel>(m_window.get(), "recallMarkStatus")->text().startsWith(QLatin1String("Already")));

        action(m_window.get(), "actionExpectations")->trigger();
        auto *dialog = topLevel<QDialog>("expectationsDialog");
        QVERIFY(dialog);
        auto *summary = child<QLabel>(dialog, "expectationsSummary");
        QTRY_VERIFY_WITH_TIMEOUT(summary->text().startsWith(QLatin1String("1 of 1 pass")), kTimeout);
        auto *table = child<QTableView>(dialog, "expectationsTable");
        QCOMPARE(table->model()->index(0, ExpectationsModel::StatusColumn).data().toString(), QStringLiteral("pass"));
        QCOMPARE(table->model()->index(0, ExpectationsModel::RankColumn).data().toString(), QStringLiteral("1"));
        QCOMPARE(table->model()->index(0, ExpectationsModel::ChangeColumn).data().toString(), QStringLiteral("new"));
        // Checked again after the file is gone: missing, and broken since the last check.
        QVERIFY(m_vault->remove(QStringLiteral("notes/deploy.md")));
        QTest::mouseClick(child<QPushButton>(dialog, "expectationsCheck"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(summary->text().startsWith(QLatin1String("0 of 1 pass")), kTimeout);
        QCOMPARE(table->model()->index(0, ExpectationsModel::StatusColumn).data().toString(),
                 QStringLiteral("missing"));
        QVERIFY(table->model()
                    ->index(0, ExpectationsModel::ChangeColumn)
                    .data()
                    .toString()
                    .startsWith(QLatin1String("broken")));
    }

    void settings_previewCountsPassesAndFailsBeforeSaving()
    {
        const Expectations expectations(m_vault->path());
        QVERIFY(*expectations.add(*Expectation::fromTarget(kQuestion, QStringLiteral("notes/deploy.md:6"))));
        QVERIFY(*expectations.add(*Expectation::fromTarget(kQuestion, QStringLiteral("notes/rival-01.md"))));
        QVERIFY(*expectations.add(*Expectation::fromTarget(kQuestion, QStringLiteral("notes/garden-01.md"))));

        action(m_window.get(), "actionSettings")->trigger();
        auto *dialog = topLevel<SettingsDialog>("settingsDialog");
        QVERIFY(dialog);
        auto *preview = child<QLabel>(dialog, "settingsExpectationPreview");
        QTRY_VERIFY_WITH_TIMEOUT(preview->text().contains(QStringLiteral("2 of 3 pass, 1 fail")), kTimeout);

        // Recency alone in the default mode: the year-old right answer falls below twelve fresh rivals.
        auto *weights = child<QTableWidget>(dialog, "settingsModeWeights");
        int row = 0;
        while (weights->verticalHeaderItem(row)->text() != QLatin1String("fast"))
            ++row;
        const QStringList recencyOnly{QStringLiteral("0"), QStringLiteral("0"), QStringLiteral("1"),
                                      QStringLiteral("0"), QStringLiteral("0"), QStringLiteral("0")};
        for (int column = 0; column < recencyOnly.size(); ++column)
            weights->item(row, column)->setText(recencyOnly.at(column));
        QTRY_VERIFY_WITH_TIMEOUT(
            preview->text().contains(QStringLiteral("1 of 3 pass, 2 fail (saved settings: 2 pass)")), kTimeout);
        QVERIFY2(preview->text().contains(QStringLiteral("1 would break")), qPrintable(preview->text()));
        QVERIFY2(!QFile::exists(m_vault->filePath(QStringLiteral("engram.json"))), "nothing is saved by a preview");
        // Which one, not only how many: named in the preview, and listed behind its button.
        const QString broken = QStringLiteral("Would break: “%1” → notes/deploy.md:6").arg(kQuestion);
        QVERIFY2(preview->text().contains(broken), qPrintable(preview->text()));
        auto *which = child<QPushButton>(dialog, "settingsPreviewList");
        QVERIFY(which->isVisible());
        QTest::mouseClick(which, Qt::LeftButton);
        auto *list = child<QMessageBox>(dialog, "settingsPreviewListBox");
        QTRY_VERIFY(list->isVisible());
        QVERIFY2(list->detailedText().contains(QStringLiteral("“%1” → notes/deploy.md:6").arg(kQuestion)),
                 qPrintable(list->detailedText()));
        list->close();
        // The weights say their range, and one outside it is refused with a reason.
        QVERIFY(child<QLabel>(dialog, "settingsWeightsHint")->text().contains(QStringLiteral("from 0 to 1")));

        // Another embedder: judged by the keyword side, and the dialog says so.
        weights->item(row, 0)->setText(QStringLiteral("0.4"));
        weights->item(row, 1)->setText(QStringLiteral("0.3"));
        weights->item(row, 2)->setText(QStringLiteral("0.2"));
        weights->item(row, 3)->setText(QStringLiteral("0.1"));
        weights->item(row, 4)->setText(QStringLiteral("0.05"));
        auto *dimensions = child<QSpinBox>(dialog, "settingsDimensions");
        dimensions->setValue(256);
        QTRY_VERIFY_WITH_TIMEOUT(preview->text().contains(QStringLiteral("Keyword side only")), kTimeout);
        QVERIFY2(preview->text().contains(QStringLiteral("2 of 3 pass")), qPrintable(preview->text()));
        dialog->reject();
    }

private:
    std::unique_ptr<test::TestVault> m_vault;
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(TestExpectationsGui)
#include "tst_expectationsgui.moc"
