// The German translation is complete and is picked by the locale; English
// carries the plural forms.
#include "Translations.h"

#include <QApplication>
#include <QFile>
#include <QLocale>
#include <QTest>

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
        engram::Translations::install();
        QCOMPARE(QCoreApplication::translate("engram::MainWindow", "&File"), QStringLiteral("&Datei"));
        QCOMPARE(QCoreApplication::translate("engram::RegionMapView", "%1\n%n memories", nullptr, 2)
                     .arg(QStringLiteral("x")),
                 QStringLiteral("x\n2 Erinnerungen"));
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
