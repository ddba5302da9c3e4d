// The German translation is complete and is picked by the locale; English carries the plural
// forms. In the German window everything a person reads is German, Qt's own buttons included,
// while what goes to the engine (the default pack's query, a mode's name) stays the engine's.
#include "ChildByName.h"
#include "HealthModel.h"
#include "HealthText.h"
#include "MainWindow.h"
#include "TestVault.h"
#include "Translations.h"
#include "Vocabulary.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTreeView>

using namespace engram;
using test::child;

namespace {

const int kTimeout = 20000;

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
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
