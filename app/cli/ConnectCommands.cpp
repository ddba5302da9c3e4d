// engram-cli connect claude-code|codex: Engram's hooks and MCP server into the agent's own
// configuration files, merged into what is there (AgentConnection), shown as a diff.
#include "CliCommand.h"
#include "agent/AgentConnection.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonArray>
#include <QJsonObject>

namespace engram::cli {

namespace {

int runConnect(CliContext &cx)
{
    const QStringList positional = cx.parser.positionalArguments();
    AgentConnection::Options options;
    if (positional.size() != 1 || !AgentConnection::agentFromName(positional.constFirst(), &options.agent)) {
        cx.err << "engram-cli connect: say which agent: claude-code or codex (e.g. `engram-cli connect claude-code`)"
               << Qt::endl;
        return ExitUsage;
    }
    const QString scope = cx.parser.value(QStringLiteral("scope"));
    if (scope != QLatin1String("user") && scope != QLatin1String("project")) {
        cx.err << "engram-cli connect: --scope is user or project, not \"" << scope << "\"" << Qt::endl;
        return ExitUsage;
    }
    options.scope = scope == QLatin1String("project") ? AgentConnection::Scope::Project : AgentConnection::Scope::User;
    options.remove = cx.parser.isSet(QStringLiteral("remove"));
    options.vaultPath = QFileInfo(cx.vaultPath()).absoluteFilePath();
    options.program = QCoreApplication::applicationFilePath();
    options.projectDir = QDir::currentPath();
    if (!options.remove && !cx.parser.isSet(QStringLiteral("dry-run")) && !QFileInfo(options.vaultPath).isDir())
        return cx.fail(QStringLiteral("the vault %1 does not exist; create it with `engram-cli init --vault %1` first")
                           .arg(options.vaultPath));

    auto changes = AgentConnection::plan(options);
    if (!changes)
        return cx.fail(changes.error().toString());
    bool any = false;
    QJsonArray files;
    for (const ConfigFileChange &c : std::as_const(*changes)) {
        for (const QString &note : c.notes)
            cx.err << "engram-cli connect: note: " << note << Qt::endl;
        files.append(QJsonObject{{QStringLiteral("path"), c.path},
                                 {QStringLiteral("what"), c.what},
                                 {QStringLiteral("changed"), c.changes()},
                                 {QStringLiteral("notes"), QJsonArray::fromStringList(c.notes)}});
        if (!c.changes())
            continue;
        any = true;
        if (!cx.json())
            cx.out << AgentConnection::diff(c.path, c.before, c.after);
    }
    const QString agentName = positional.constFirst();
    if (!any) {
        cx.report(
            options.remove
                ? QStringLiteral("nothing of Engram's to remove from %1's configuration").arg(agentName)
                : QStringLiteral("%1 is already connected to %2; nothing changed").arg(agentName, options.vaultPath),
            QJsonObject{{QStringLiteral("changed"), false}, {QStringLiteral("files"), files}});
        return ExitOk;
    }
    if (cx.parser.isSet(QStringLiteral("dry-run"))) {
        cx.report(QStringLiteral("dry run: nothing written"), QJsonObject{{QStringLiteral("changed"), false},
                                                                          {QStringLiteral("dry_run"), true},
                                                                          {QStringLiteral("files"), files}});
        return ExitOk;
    }
    auto backups = AgentConnection::apply(*changes);
    if (!backups)
        return cx.fail(backups.error().toString());
    if (!cx.json())
        for (const QString &b : std::as_const(*backups))
            cx.out << "backup: " << b << Qt::endl;
    cx.report(
        options.remove
            ? QStringLiteral("removed Engram from %1's configuration").arg(agentName)
            : QStringLiteral("connected %1 to %2; restart the agent to load it").arg(agentName, options.vaultPath),
        QJsonObject{{QStringLiteral("changed"), true},
                    {QStringLiteral("files"), files},
                    {QStringLiteral("backups"), QJsonArray::fromStringList(*backups)}});
    return ExitOk;
}

const CommandRegistration connectCommand{CliCommand{
    QStringLiteral("connect"),
    QStringLiteral("Add Engram's hooks and MCP server to claude-code's or codex's configuration (--remove: take "
                   "them out)."),
    [](QCommandLineParser &p) {
        p.addPositionalArgument(QStringLiteral("agent"), QStringLiteral("claude-code or codex"));
        p.addOptions({{QStringLiteral("scope"),
                       QStringLiteral("user (default: ~/.claude, ~/.codex) or project (the current folder's "
                                      "unshared .claude/settings.local.json and its entry in ~/.claude.json, or "
                                      ".codex/config.toml)."),
                       QStringLiteral("scope"), QStringLiteral("user")},
                      {QStringLiteral("dry-run"), QStringLiteral("Show the change; write nothing.")},
                      {QStringLiteral("remove"), QStringLiteral("Take out exactly what connect added.")}});
    },
    runConnect}};

} // namespace

} // namespace engram::cli
