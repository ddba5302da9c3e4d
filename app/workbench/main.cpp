#include "MainWindow.h"
#include "Translations.h"
#include "core/VaultLayout.h"
#include "vault/Engine.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QSettings>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("engram"));
    QApplication::setOrganizationName(QStringLiteral("engram"));
    QApplication::setApplicationDisplayName(QStringLiteral("Engram"));
    QApplication::setApplicationVersion(QStringLiteral(ENGRAM_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("io.github.engram.Engram"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/engram.svg")));

    engram::Translations::install(); // the system locale's language

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "Engram — a memory workbench for AI agents"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption(
        {QStringLiteral("vault"), QApplication::translate("main", "Open this vault folder."), QStringLiteral("dir")});
    parser.process(app);

    // --vault DIR, else the last vault, else the default vault (which starts with its folders and a welcome note).
    QString vault = parser.value(QStringLiteral("vault"));
    if (vault.isEmpty())
        vault = QSettings().value(QStringLiteral("vaults/last")).toString();
    if (vault.isEmpty() || !QFileInfo(vault).isDir()) {
        vault = engram::defaultVaultPath();
        if (engram::Status s = engram::VaultLayout::initialize(vault); !s)
            qWarning("%s", qPrintable(s.error().toString())); // the window then says the vault cannot open
    }
    QDir().mkpath(vault);
    engram::MainWindow window;
    window.show();
    window.openVault(vault);
    return app.exec();
}
