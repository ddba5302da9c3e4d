#include "MainWindow.h"
#include "Translations.h"
#include "core/VaultLayout.h"
#include "vault/Engine.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QSettings>

#include <cstdio>
#include <optional>

namespace {

void describe(QCoreApplication &app)
{
    app.setApplicationName(QStringLiteral("engram"));
    app.setOrganizationName(QStringLiteral("engram"));
    app.setApplicationVersion(QStringLiteral(ENGRAM_VERSION));
}

/// The options QGuiApplication and QApplication take for themselves (Qt's documentation of both
/// classes and of the xcb platform): those of the first list take a value ("-style Fusion" or
/// "-style=Fusion"), those of the second do not. QApplication, made after this first reading,
/// consumes them.
const char *const kQtValueOptions[] = {"platform",
                                       "platformpluginpath",
                                       "platformtheme",
                                       "plugin",
                                       "qmljsdebugger",
                                       "qwindowgeometry",
                                       "qwindowicon",
                                       "qwindowtitle",
                                       "session",
                                       "style",
                                       "stylesheet",
                                       "display",
                                       "geometry",
                                       "title",
                                       "name",
                                       "icon",
                                       "visual",
                                       "ncols",
                                       "im",
                                       "dialogs",
                                       "fontengine",
                                       "darkmode"};
const char *const kQtFlagOptions[] = {"reverse", "widgetcount", "nograb", "dograb", "sync", "cmap", "testability"};

/// The command line, read before any window exists: --help and --version print and exit without
/// a display, and a --vault that does not exist is an error naming it (exit code 2). Qt's own
/// options are known here, unlisted, so that "-style Fusion" reaches QApplication as in every Qt
/// program instead of being read as the unknown options s, t, y, l, e.
/// Returns the exit code when the program should stop, else nothing; `vault` is the folder named.
std::optional<int> readCommandLine(int argc, char *argv[], QString &vault)
{
    QCoreApplication app(argc, argv);
    describe(app);
    engram::Translations::install(); // the system locale's language
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate("main", "Engram — a memory workbench for AI agents"));
    // Qt's options are single-dash words: read "-style" as one option, as QApplication does.
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addHelpOption();
    parser.addVersionOption();
    for (const char *name : kQtValueOptions) {
        QCommandLineOption qtOption(QString::fromLatin1(name), QString(), QStringLiteral("value"));
        qtOption.setFlags(QCommandLineOption::HiddenFromHelp);
        parser.addOption(qtOption);
    }
    for (const char *name : kQtFlagOptions) {
        QCommandLineOption qtOption(QString::fromLatin1(name));
        qtOption.setFlags(QCommandLineOption::HiddenFromHelp);
        parser.addOption(qtOption);
    }
    parser.addOption({QStringLiteral("vault"), QCoreApplication::translate("main", "Open this vault folder."),
                      QStringLiteral("dir")});
    parser.process(app); // --help, --version and unknown options print and exit here
    vault = parser.value(QStringLiteral("vault"));
    if (!vault.isEmpty() && !QFileInfo(vault).isDir()) {
        const QString message = QFileInfo::exists(vault)
                                    ? QCoreApplication::translate("main", "engram: %1 is not a folder")
                                    : QCoreApplication::translate("main", "engram: %1 does not exist");
        std::fprintf(stderr, "%s\n", qPrintable(message.arg(QDir(vault).absolutePath())));
        return 2;
    }
    return std::nullopt;
}

} // namespace

int main(int argc, char *argv[])
{
    QString named;
    if (auto exit = readCommandLine(argc, argv, named))
        return *exit;

    QApplication app(argc, argv);
    describe(app);
    QApplication::setApplicationDisplayName(QStringLiteral("Engram"));
    QApplication::setDesktopFileName(QStringLiteral("io.github.engram.Engram"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/engram.svg")));
    engram::Translations::install();

    engram::MainWindow window;
    window.show();
    if (!named.isEmpty()) {
        // A folder that is not a vault yet is made one only when the person agrees.
        window.openVaultAsking(named);
        return app.exec();
    }
    // The last vault, else the default vault (which starts with its folders and a welcome note).
    QString vault = QSettings().value(QStringLiteral("vaults/last")).toString();
    if (vault.isEmpty() || !QFileInfo(vault).isDir()) {
        vault = engram::defaultVaultPath();
        if (engram::Status s = engram::VaultLayout::initialize(vault); !s)
            qWarning("%s", qPrintable(s.error().toString())); // the window then says the vault cannot open
    }
    window.openVault(vault);
    return app.exec();
}
