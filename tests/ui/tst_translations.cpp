// The German translation is complete and is picked by the locale; English carries the plural
// forms. In the German window everything a person reads is German, Qt's own buttons included,
// while what goes to the engine (the default pack's query, a mode's name) stays the engine's.
#include "ChildByName.h"
#include "ExpectationsModel.h"
#include "HealthModel.h"
#include "HealthText.h"
#include "MainWindow.h"
#include "ReviewModel.h"
#include "SettingsDialog.h"
#include "TestVault.h"
#include "TimelineView.h"
#include "Translations.h"
#include "VaultSession.h"
#include "ViewData.h"
#include "Vocabulary.h"
#include "core/Config.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QBarCategoryAxis>
#include <QChartView>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QHeaderView>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>
#include <QValueAxis>

#include <cmath>

using namespace engram;
using test::child;

namespace {

const int kTimeout = test::kWaitMs;

} // namespace

class TestTranslations : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void germanTs_hasNoUnfinishedMessage()
    {
        QFile ts(QStringLiteral(ENGRAM_SOURCE_DIR "/translations/engram_de.ts"));
        QVERIFY(ts.open(QIODevice::ReadOnly));
        const QByteArray text = ts.readAll();
        QVERIFY(text.count("<message") > 150);
        QCOMPARE(text.count("type=\"unfinished\""), 0);
        QCOMPARE(text.count("<translation></translation>"), 0);
    }

    void germanLocale_translatesTheMenus()
    {
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        Translations::install();
        QCOMPARE(QCoreApplication::translate("engram::MainWindow", "&File"), QStringLiteral("&Datei"));
        QCOMPARE(QCoreApplication::translate("engram::RegionMapView", "%1\n%Ln memories", nullptr, 2)
                     .arg(QStringLiteral("x")),
                 QStringLiteral("x\n2 Erinnerungen"));
        // Counts are grouped the German way (%Ln), not printed bare ("20112 Abschnitte").
        QCOMPARE(QCoreApplication::translate("engram::RegionMapView", "%1\n%Ln memories", nullptr, 20112)
                     .arg(QStringLiteral("x")),
                 QStringLiteral("x\n20.112 Erinnerungen"));
    }

    void german_qtsOwnButtonsAreGerman()
    {
        QDialogButtonBox buttons(QDialogButtonBox::Save | QDialogButtonBox::Discard | QDialogButtonBox::Cancel);
        QCOMPARE(buttons.button(QDialogButtonBox::Save)->text(), QStringLiteral("Speichern"));
        QCOMPARE(buttons.button(QDialogButtonBox::Cancel)->text(), QStringLiteral("Abbrechen"));
    }

    void german_engineWordsAreTranslatedAtTheUi()
    {
        QCOMPARE(Vocabulary::region(QStringLiteral("language-comprehension")), QStringLiteral("Sprachverständnis"));
        QCOMPARE(Vocabulary::store(QStringLiteral("semantic")), QStringLiteral("semantisch"));
        QCOMPARE(Vocabulary::layer(QStringLiteral("weekly")), QStringLiteral("wöchentlich"));
        QCOMPARE(Vocabulary::signal(QStringLiteral("recency")), QStringLiteral("Aktualität"));
        QCOMPARE(Vocabulary::mode(QStringLiteral("deep")), QStringLiteral("gründlich"));
        QCOMPARE(Vocabulary::edgeType(QStringLiteral("co_activated")), QStringLiteral("gemeinsam aktiviert"));
        QCOMPARE(Vocabulary::store(QStringLiteral("my-own-store")), QStringLiteral("my-own-store"));
        HealthCheck stale(QStringLiteral("tool usage"), HealthStatus::Stale, QStringLiteral("12 of at most 5000"),
                          HealthFix::Manual, QStringLiteral("index recent transcripts"));
        stale.id = HealthCheckId::ToolUsage;
        stale.found(HealthDetail::ToolEventsNewest,
                    {QStringLiteral("12"), QStringLiteral("5000"), QString::number(3 * 86400)});
        stale.staleAfterHours = 48;
        stale.advice = HealthAdvice::IndexRecentTranscripts;
        QCOMPARE(HealthText::title(stale), QStringLiteral("Werkzeugnutzung"));
        QCOMPARE(HealthText::detail(stale),
                 QStringLiteral("12 von höchstens 5.000 Ereignissen, neuestes vor 3 Tagen (veraltet nach 2 Tagen)"));
        QCOMPARE(HealthText::advice(stale),
                 QStringLiteral("Neuere Transkripte indizieren oder den Werkzeug-Hook prüfen"));
        // A finding's reason: the engine's slot word is translated, the values it names are not.
        ReviewFinding moved;
        moved.reason = QStringLiteral("home: barcelona → hamburg");
        QCOMPARE(ReviewModel::reasonText(moved), QStringLiteral("Wohnort: barcelona → hamburg"));
        moved.reason = QStringLiteral("work: ferncliff pharma →"); // a job left, none named
        QCOMPARE(ReviewModel::reasonText(moved), QStringLiteral("Arbeit: ferncliff pharma →"));
        moved.reason = QStringLiteral("knex: adopted → dropped"); // a decision reversed
        QCOMPARE(ReviewModel::reasonText(moved), QStringLiteral("knex: übernommen → aufgegeben"));
        moved.reason = QStringLiteral("knex: dropped → adopted again");
        QCOMPARE(ReviewModel::reasonText(moved), QStringLiteral("knex: aufgegeben → wieder übernommen"));
    }

    void germanWindow_healthIsGermanAndThePackQueryIsNot()
    {
        QApplication::setOrganizationName(QStringLiteral("engram-test"));
        QApplication::setApplicationName(QStringLiteral("tst_translations"));
        test::TestVault vault;
        vault.write(QStringLiteral("notes/alpha.md"), QStringLiteral("# Alpha\n\nThe alpha build uses CMake.\n"));
        MainWindow window;
        window.show();
        window.openVault(vault.path());
        auto *table = child<QTreeView>(&window, "memoryTable");
        QTRY_COMPARE_WITH_TIMEOUT(table->model()->rowCount(), 1, kTimeout);

        window.tabs()->setCurrentWidget(child<QWidget>(&window, "healthDashboard"));
        QTest::mouseClick(child<QPushButton>(&window, "healthRefreshButton"), Qt::LeftButton);
        auto *health = child<QTableView>(&window, "healthTable");
        QTRY_VERIFY_WITH_TIMEOUT(health->model()->rowCount() >= 10, kTimeout);
        QStringList names;
        for (int r = 0; r < health->model()->rowCount(); ++r)
            names << health->model()->index(r, HealthModel::CheckColumn).data().toString();
        QVERIFY2(names.contains(QStringLiteral("Integrität des Index")), qPrintable(names.join(u'|')));
        QVERIFY2(names.contains(QStringLiteral("Heutige Sitzung")), qPrintable(names.join(u'|')));
        for (const QString &english :
             {QStringLiteral("index integrity"), QStringLiteral("today's session"), QStringLiteral("tool usage")})
            QVERIFY2(!names.contains(english, Qt::CaseInsensitive), qPrintable(english));
        for (int r = 0; r < health->model()->rowCount(); ++r) {
            const QString detail = health->model()->index(r, HealthModel::ReasonColumn).data().toString();
            QVERIFY2(!detail.contains(QLatin1String(" ago")) && !detail.contains(QLatin1String("does not exist")),
                     qPrintable(detail));
        }

        auto *pack = child<QWidget>(&window, "packPanel");
        window.tabs()->setCurrentWidget(pack);
        QCOMPARE(child<QComboBox>(&window, "packMode")->currentText(), QStringLiteral("schnell"));
        auto *preview = child<QPlainTextEdit>(&window, "packPreview");
        QTRY_VERIFY_WITH_TIMEOUT(preview->toPlainText().contains(QLatin1String("Recalled for:")), kTimeout);
        QVERIFY2(preview->toPlainText().contains(QLatin1String("Recalled for: current focus and recent work")),
                 qPrintable(preview->toPlainText().left(300)));
    }

    void germanWindow_numbersDatesSignalsAndModesAreGerman()
    {
        // Settings showed signals and modes in English and "0.4"; charts wrote "Mar 2"; the
        // Expectations header "Seit der letzten Prüfung" was cut.
        QApplication::setOrganizationName(QStringLiteral("engram-test"));
        QApplication::setApplicationName(QStringLiteral("tst_translations"));
        test::TestVault vault;
        vault.write(QStringLiteral("notes/alpha.md"), QStringLiteral("# Alpha\n\nThe alpha build uses CMake.\n"));
        MainWindow window;
        window.show();
        window.openVault(vault.path());
        QTRY_VERIFY_WITH_TIMEOUT(window.session()->isOpen(), kTimeout);

        SettingsDialog settings(vault.path());
        auto *weights = child<QTableWidget>(&settings, "settingsModeWeights");
        QCOMPARE(weights->horizontalHeaderItem(0)->text(), QStringLiteral("Relevanz"));
        QCOMPARE(weights->horizontalHeaderItem(2)->text(), QStringLiteral("Aktualität"));
        int fast = -1;
        for (int row = 0; row < weights->rowCount(); ++row)
            if (weights->verticalHeaderItem(row)->text() == QLatin1String("schnell"))
                fast = row;
        QVERIFY(fast >= 0);
        QCOMPARE(weights->item(fast, 0)->text(), QStringLiteral("0,4")); // the fast mode's relevance, 0.4
        QCOMPARE(child<QComboBox>(&settings, "settingsDefaultMode")->currentText(), QStringLiteral("schnell"));
        // A weight typed the German way is read the German way.
        weights->item(fast, 0)->setText(QStringLiteral("0,55"));
        settings.accept();
        QCOMPARE(settings.result(), int(QDialog::Accepted));
        auto saved = Config::load(vault.path());
        QVERIFY(saved.ok());
        QCOMPARE(saved->mode(QStringLiteral("fast")).relevance, 0.55);

        TimelineData timeline;
        timeline.tokens << LayerTokens{QDate(2026, 3, 2), QStringLiteral("daily"), 1568};
        timeline.lineage << Lineage{
            QStringLiteral("consolidated/daily/2026-03-02.md"), QStringLiteral("daily"), {}, 2.5, QDate(2026, 3, 2)};
        window.timelineView()->setData(timeline);
        auto *tokens = child<QChartView>(&window, "timelineTokensChart");
        QStringList days;
        for (QAbstractAxis *axis : tokens->chart()->axes(Qt::Horizontal))
            if (auto *categories = qobject_cast<QBarCategoryAxis *>(axis))
                days << categories->categories();
        QCOMPARE(days, QStringList{QStringLiteral("2. März")});
        // The tokens axis ticks at round numbers (it ticked at 522, 1045, 1568): a step of 1, 2, 2.5 or 5 × 10^n.
        QValueAxis *tokenAxis = nullptr;
        for (QAbstractAxis *axis : tokens->chart()->axes(Qt::Vertical))
            tokenAxis = tokenAxis ? tokenAxis : qobject_cast<QValueAxis *>(axis);
        QVERIFY(tokenAxis);
        QVERIFY(tokenAxis->max() >= 1568 && tokenAxis->tickCount() >= 2);
        const double step = (tokenAxis->max() - tokenAxis->min()) / (tokenAxis->tickCount() - 1);
        const double scale = std::pow(10.0, std::floor(std::log10(step)));
        const double mantissa = step / scale;
        QVERIFY2(qFuzzyCompare(mantissa, 1.0) || qFuzzyCompare(mantissa, 2.0) || qFuzzyCompare(mantissa, 2.5)
                     || qFuzzyCompare(mantissa, 5.0),
                 qPrintable(QStringLiteral("%1 to %2 in %3 ticks")
                                .arg(tokenAxis->min())
                                .arg(tokenAxis->max())
                                .arg(tokenAxis->tickCount())));
        QCOMPARE(tokenAxis->min(), 0.0);
        auto *lineage = child<QTreeWidget>(&window, "timelineLineage");
        QCOMPARE(lineage->topLevelItem(0)->text(2), QStringLiteral("2,5×"));

        child<QAction>(&window, "actionExpectations")->trigger();
        QWidget *expectations = nullptr;
        for (QWidget *w : QApplication::topLevelWidgets())
            if (w->objectName() == QLatin1String("expectationsDialog") && w->isVisible())
                expectations = w;
        QVERIFY(expectations);
        auto *table = child<QTableView>(expectations, "expectationsTable");
        QHeaderView *header = table->horizontalHeader();
        QCOMPARE(table->model()->headerData(ExpectationsModel::ChangeColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Seit der letzten Prüfung"));
        QVERIFY2(header->sectionSize(ExpectationsModel::ChangeColumn)
                     >= header->fontMetrics().horizontalAdvance(QStringLiteral("Seit der letzten Prüfung")),
                 qPrintable(QString::number(header->sectionSize(ExpectationsModel::ChangeColumn))));
        expectations->close();
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
