#include "CliCommand.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

namespace engram::cli {

QList<CliCommand> &commandRegistry()
{
    static QList<CliCommand> registry;
    return registry;
}

QString CliContext::vaultPath() const
{
    if (parser.isSet(QStringLiteral("vault")))
        return parser.value(QStringLiteral("vault"));
    return defaultVaultPath();
}

std::unique_ptr<Engine> CliContext::openEngine(bool create)
{
    const QString path = vaultPath();
    if (create && !QDir(path).exists())
        QDir().mkpath(path);
    auto engine = Engine::open(path);
    if (!engine) {
        fail(engine.error().toString());
        return nullptr;
    }
    for (const QString &note : (*engine)->openNotes())
        err << "engram-cli: note: " << note << Qt::endl;
    return std::move(*engine);
}

QString CliContext::requireVault()
{
    const QString path = vaultPath();
    if (Status folder = Engine::checkVaultFolder(path); !folder) {
        fail(folder.error().toString());
        return {};
    }
    return path;
}

void CliContext::noteIfIndexEmpty(Engine &engine)
{
    if (engine.isIndexEmpty())
        err << "engram-cli " << commandName << ": note: the index is empty; run `engram-cli index --vault "
            << engine.vaultPath() << "` to build it from the vault's files" << Qt::endl;
}

void CliContext::report(const QString &text, const QJsonObject &object)
{
    if (json())
        out << QJsonDocument(object).toJson(QJsonDocument::Compact) << Qt::endl;
    else
        out << text << Qt::endl;
}

int CliContext::fail(const QString &message)
{
    err << "engram-cli " << commandName << ": " << message << Qt::endl;
    return ExitFailure;
}

int CliContext::intOption(const QString &name, int fallback, bool *ok)
{
    if (!parser.isSet(name))
        return fallback;
    bool parsed = false;
    const int value = parser.value(name).toInt(&parsed);
    if (!parsed || value < 1) {
        err << "engram-cli " << commandName << ": " << (name.size() == 1 ? "-" : "--") << name
            << " takes a whole number of at least 1, not \"" << parser.value(name) << "\"" << Qt::endl;
        *ok = false;
    }
    return parsed ? value : fallback;
}

QDateTime CliContext::nowOption(bool *ok)
{
    if (!parser.isSet(QStringLiteral("now")))
        return QDateTime::currentDateTime();
    const QDateTime now = QDateTime::fromString(parser.value(QStringLiteral("now")), Qt::ISODateWithMs);
    if (!now.isValid()) {
        err << "engram-cli " << commandName << ": --now takes an ISO 8601 date and time such as "
            << "2026-01-01T00:00:00Z, not \"" << parser.value(QStringLiteral("now")) << "\"" << Qt::endl;
        *ok = false;
    }
    return now;
}

void addNowOption(QCommandLineParser &parser, const QString &whatFollowsTheClock)
{
    parser.addOption({QStringLiteral("now"),
                      QStringLiteral("%1 as of this moment (ISO 8601, e.g. 2026-01-01T00:00:00Z) for "
                                     "reproducible output; default: the current time.")
                          .arg(whatFollowsTheClock),
                      QStringLiteral("datetime")});
}

void addFilterOptions(QCommandLineParser &parser)
{
    parser.addOptions({
        {QStringLiteral("store"), QStringLiteral("Only this store (repeatable)."), QStringLiteral("store")},
        {QStringLiteral("region"), QStringLiteral("Only this region (repeatable)."), QStringLiteral("region")},
        {QStringLiteral("layer"), QStringLiteral("Only this layer (repeatable)."), QStringLiteral("layer")},
        {QStringLiteral("category"), QStringLiteral("Only this category (repeatable)."), QStringLiteral("category")},
        {QStringLiteral("tag"), QStringLiteral("Only memories with this front matter tag (repeatable)."),
         QStringLiteral("tag")},
        {QStringLiteral("path"), QStringLiteral("Only files under this vault-relative prefix."),
         QStringLiteral("prefix")},
        {QStringLiteral("archived"), QStringLiteral("Include archived (weak) memories.")},
    });
}

RecallFilter filterFromOptions(const QCommandLineParser &parser)
{
    RecallFilter f;
    f.stores = parser.values(QStringLiteral("store"));
    f.regions = parser.values(QStringLiteral("region"));
    f.layers = parser.values(QStringLiteral("layer"));
    f.categories = parser.values(QStringLiteral("category"));
    f.tags = parser.values(QStringLiteral("tag"));
    f.pathPrefix = parser.value(QStringLiteral("path"));
    f.includeArchived = parser.isSet(QStringLiteral("archived"));
    return f;
}

namespace {

void printUsage(QTextStream &out)
{
    out << "Usage: engram-cli COMMAND [--vault DIR] [options]\n\n"
        << "Engram's memory engine from a shell. Without --vault the default vault is used\n"
        << "($ENGRAM_VAULT, else " << defaultVaultPath() << ").\n\nCommands:\n";
    QList<CliCommand> sorted = commandRegistry();
    std::sort(sorted.begin(), sorted.end(), [](const CliCommand &a, const CliCommand &b) { return a.name < b.name; });
    for (const CliCommand &c : sorted)
        out << "  " << c.name.leftJustified(20) << c.summary << "\n";
    out << "\nwake, why, know and checkpoint give the answers of the MCP tools wake, why_did_we, what_do_i_know\n"
        << "and checkpoint; with --json they print the tool's structured result.\n"
        << "\nRun `engram-cli COMMAND --help` for a command's options." << Qt::endl;
}

} // namespace

} // namespace engram::cli

int main(int argc, char *argv[])
{
    using namespace engram::cli;
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("engram"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ENGRAM_VERSION));
    QTextStream out(stdout);
    QTextStream err(stderr);

    QStringList args = QCoreApplication::arguments();
    if (args.size() < 2 || args[1] == QLatin1String("--help") || args[1] == QLatin1String("-h")
        || args[1] == QLatin1String("help")) {
        printUsage(out);
        return args.size() < 2 ? ExitUsage : ExitOk;
    }
    if (args[1] == QLatin1String("--version")) {
        out << "engram-cli " << ENGRAM_VERSION << Qt::endl;
        return ExitOk;
    }
    // "hook session-start" and friends: two-word commands.
    QString name = args[1];
    int consumed = 2;
    if (args.size() > 2 && !args[2].startsWith(QLatin1Char('-'))) {
        const QString twoWords = args[1] + QLatin1Char(' ') + args[2];
        for (const CliCommand &c : commandRegistry())
            if (c.name == twoWords) {
                name = twoWords;
                consumed = 3;
            }
    }
    const CliCommand *command = nullptr;
    for (const CliCommand &c : commandRegistry())
        if (c.name == name)
            command = &c;
    if (!command) {
        // "hook" alone, or "hook frobnicate": name the sub-commands it has.
        QStringList subcommands;
        for (const CliCommand &c : commandRegistry())
            if (c.name.startsWith(args[1] + QLatin1Char(' ')))
                subcommands << c.name.mid(args[1].size() + 1);
        std::sort(subcommands.begin(), subcommands.end());
        if (!subcommands.isEmpty())
            err << "engram-cli " << args[1] << ": say which one: " << subcommands.join(QStringLiteral(", "))
                << " (e.g. `engram-cli " << args[1] << " " << subcommands.constFirst() << " --help`)" << Qt::endl;
        else
            err << "engram-cli: unknown command \"" << name << "\"; run `engram-cli --help` for the list" << Qt::endl;
        return ExitUsage;
    }

    QCommandLineParser parser;
    parser.setApplicationDescription(command->summary);
    parser.addHelpOption();
    parser.addOptions({
        {QStringLiteral("vault"),
         QStringLiteral("The vault folder (default: $ENGRAM_VAULT or the workbench's default)."),
         QStringLiteral("dir")},
        {QStringLiteral("json"), QStringLiteral("Print JSON instead of text.")},
    });
    if (command->addOptions)
        command->addOptions(parser);
    QStringList commandArgs{QStringLiteral("engram-cli ") + name};
    commandArgs += args.mid(consumed);
    if (!parser.parse(commandArgs)) {
        err << "engram-cli " << name << ": " << parser.errorText() << Qt::endl;
        return ExitUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        // Qt names the program by its path; a person types `engram-cli COMMAND`.
        QString help = parser.helpText();
        const QString usage = QStringLiteral("Usage: ") + args.constFirst();
        if (help.startsWith(usage))
            help.replace(0, usage.size(), QStringLiteral("Usage: engram-cli ") + name);
        out << help;
        return ExitOk;
    }
    CliContext context(parser, out, err);
    context.commandName = name;
    return command->run(context);
}
