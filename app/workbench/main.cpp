#include "Engine.h"
#include "MainWindow.h"
#include "VaultLayout.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("engram"));
    QApplication::setOrganizationName(QStringLiteral("engram"));
    QApplication::setApplicationVersion(QStringLiteral(ENGRAM_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "Engram — a memory workbench for AI agents"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption({QStringLiteral("vault"), QApplication::translate("main", "Open this vault folder."),
                      QStringLiteral("dir")});
    parser.process(app);

    const QString vault = parser.isSet(QStringLiteral("vault")) ? parser.value(QStringLiteral("vault"))
                                                                : engram::defaultVaultPath();
    if (!parser.isSet(QStringLiteral("vault")))
        (void)engram::VaultLayout::initialize(vault);  // the default vault starts with its folders and a welcome note
    engram::MainWindow window;
    window.openVault(vault);
    window.show();
    return app.exec();
}
