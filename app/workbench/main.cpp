#include "Engine.h"
#include "MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("engram"));
    QApplication::setOrganizationName(QStringLiteral("engram"));
    QApplication::setApplicationDisplayName(QStringLiteral("Engram"));
    QApplication::setApplicationVersion(QStringLiteral(ENGRAM_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("io.github.engram.Engram"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/engram.svg")));

    // Translations follow the system locale: Qt's own strings, then Engram's.
    QTranslator qtTranslator;
    if (qtTranslator.load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                          QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(&qtTranslator);
    QTranslator translator;
    if (translator.load(QLocale(), QStringLiteral("engram"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(&translator);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "Engram — a memory workbench for AI agents"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption({QStringLiteral("vault"), QApplication::translate("main", "Open this vault folder."),
                      QStringLiteral("dir")});
    parser.process(app);

    QString vault = parser.value(QStringLiteral("vault"));
    if (vault.isEmpty())
        vault = QSettings().value(QStringLiteral("vaults/last")).toString();
    if (vault.isEmpty() || !QFileInfo(vault).isDir())
        vault = engram::defaultVaultPath();
    QDir().mkpath(vault);
    engram::MainWindow window;
    window.show();
    window.openVault(vault);
    return app.exec();
}
