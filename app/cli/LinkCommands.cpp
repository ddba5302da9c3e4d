// engram-cli link add|list|remove
#include "CliCommand.h"
#include "agent/VaultSet.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace engram::cli {

namespace {

int listLinks(CliContext &cx, const QString &vaultPath)
{
    auto config = Config::load(vaultPath);
    if (!config)
        return cx.fail(config.error().toString());
    QJsonArray array;
    for (const LinkedVault &link : std::as_const(config->linkedVaults)) {
        auto folder = VaultSet::checkLink(vaultPath, link);
        const QString problem = folder ? QString() : folder.error().message;
        array.append(QJsonObject{{QStringLiteral("name"), link.name},
                                 {QStringLiteral("path"), link.path},
                                 {QStringLiteral("folder"), link.resolvedPath(vaultPath)},
                                 {QStringLiteral("ok"), problem.isEmpty()},
                                 {QStringLiteral("problem"), problem}});
        if (!cx.json())
            cx.out << link.name << "  " << link.resolvedPath(vaultPath)
                   << (problem.isEmpty() ? QString() : QStringLiteral("  (unusable: %1)").arg(problem)) << Qt::endl;
    }
    if (cx.json())
        cx.out << QJsonDocument(QJsonObject{{QStringLiteral("linked_vaults"), array}}).toJson(QJsonDocument::Compact)
               << Qt::endl;
    else if (array.isEmpty())
        cx.out << "no linked vaults; add one with engram-cli link add team /path/to/team-vault" << Qt::endl;
    return ExitOk;
}

int runLink(CliContext &cx)
{
    const QString vaultPath = cx.requireVault();
    if (vaultPath.isEmpty())
        return ExitFailure;
    const QStringList args = cx.parser.positionalArguments();
    const QString action = args.value(0);
    if (action == QLatin1String("list") && args.size() == 1)
        return listLinks(cx, vaultPath);
    if (action == QLatin1String("add") && args.size() == 3) {
        // A relative PATH on a command line means from here, as for every shell tool; engram.json keeps it
        // relative to the vault, so a vault and a team clone side by side link the same on every machine.
        QString path = args.at(2);
        if (QDir::isRelativePath(path))
            path = QDir(vaultPath).relativeFilePath(QFileInfo(path).absoluteFilePath());
        const LinkedVault link{args.at(1), path};
        if (Status s = VaultSet::addLink(vaultPath, link); !s)
            return cx.fail(s.error().toString());
        cx.report(QStringLiteral("linked %1: %2").arg(link.name, link.resolvedPath(vaultPath)),
                  QJsonObject{{QStringLiteral("linked"), link.name}, {QStringLiteral("path"), link.path}});
        return ExitOk;
    }
    if (action == QLatin1String("remove") && args.size() == 2) {
        if (Status s = VaultSet::removeLink(vaultPath, args.at(1)); !s)
            return cx.fail(s.error().toString());
        cx.report(QStringLiteral("unlinked %1 (its files are untouched)").arg(args.at(1)),
                  QJsonObject{{QStringLiteral("unlinked"), args.at(1)}});
        return ExitOk;
    }
    cx.err << "usage: engram-cli link add NAME PATH | link list | link remove NAME" << Qt::endl;
    return ExitUsage;
}

const CommandRegistration linkCommand{CliCommand{
    QStringLiteral("link"),
    QStringLiteral("Vaults recalled beside this one (a team's): link add NAME PATH, link list, link remove NAME."),
    [](QCommandLineParser &p) {
        p.addPositionalArgument(QStringLiteral("action"), QStringLiteral("add, list or remove."));
        p.addPositionalArgument(QStringLiteral("name"), QStringLiteral("The linked vault's name (add, remove)."));
        p.addPositionalArgument(QStringLiteral("path"),
                                QStringLiteral("Its folder (add); kept in engram.json relative to this vault."));
    },
    runLink}};

} // namespace

} // namespace engram::cli
