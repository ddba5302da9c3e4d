// engram-cli sync
#include "CliCommand.h"
#include "sync/VaultSync.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

namespace engram::cli {

namespace {

SyncSettings settingsFor(const Config &config)
{
    SyncSettings settings;
    settings.maxFileBytes = config.sync.maxFileBytes;
    settings.remote = config.sync.remote;
    const bool hasMergeState = std::any_of(commandRegistry().cbegin(), commandRegistry().cend(),
                                           [](const CliCommand &c) { return c.name == QLatin1String("merge-state"); });
    if (hasMergeState)
        settings.engramCli = QCoreApplication::applicationFilePath();
    return settings;
}

/// Re-indexes after files came from the remote or a conflict was resolved: a file with conflict
/// markers leaves the index, one resolved comes back. Adds the outcome to `steps`.
void reindex(CliContext &cx, QStringList &steps, QJsonObject &json)
{
    auto engine = Engine::open(cx.vaultPath());
    if (!engine) {
        steps << QStringLiteral("not re-indexed: %1").arg(engine.error().toString());
        return;
    }
    const IndexReport report = (*engine)->index();
    QStringList unindexed;
    for (const Problem &p : report.problems)
        if (p.severity == QLatin1String("error"))
            unindexed << (p.line > 0 ? QStringLiteral("%1:%2").arg(p.path).arg(p.line) : p.path);
    steps << QStringLiteral("re-indexed: %1 file(s) changed%2")
                 .arg(report.indexed + report.removed)
                 .arg(unindexed.isEmpty()
                          ? QString()
                          : QStringLiteral(", not indexed: %1").arg(unindexed.join(QStringLiteral(", "))));
    json.insert(QStringLiteral("indexed"), report.indexed + report.removed);
    json.insert(QStringLiteral("notIndexed"), QJsonArray::fromStringList(unindexed));
}

int finish(CliContext &cx, SyncReport &report, bool indexAfter)
{
    QJsonObject extra;
    if (indexAfter)
        reindex(cx, report.steps, extra);
    QJsonObject json = report.toJson();
    for (auto it = extra.constBegin(); it != extra.constEnd(); ++it)
        json.insert(it.key(), it.value());
    if (cx.json())
        cx.out << QJsonDocument(json).toJson(QJsonDocument::Compact) << Qt::endl;
    else if (report.outcome == SyncReport::Outcome::Failed)
        cx.err << "engram-cli sync: " << report.toText().mid(QStringLiteral("sync: ").size()) << Qt::endl;
    else
        cx.out << report.toText() << Qt::endl;
    return report.ok() ? ExitOk : ExitFailure;
}

/// PATH of --resolve as a vault-relative path (an absolute one, or one relative to the current folder, inside it).
QString relativeToVault(const QString &vault, const QString &path)
{
    if (!QDir::isAbsolutePath(path) && !QFile::exists(path))
        return QDir::cleanPath(path);
    const QString absolute = QFileInfo(path).absoluteFilePath();
    const QString root = QFileInfo(vault).canonicalFilePath();
    const QString real = QFileInfo(absolute).canonicalFilePath();
    if (!root.isEmpty() && !real.isEmpty() && real.startsWith(root + u'/'))
        return real.mid(root.size() + 1);
    return QDir::cleanPath(path);
}

int runResolve(CliContext &cx, VaultSync &sync, const QString &vault)
{
    const QString take = cx.parser.value(QStringLiteral("take"));
    if (take.isEmpty())
        return cx.fail(QStringLiteral("--resolve PATH needs --take mine, --take theirs or --take FILE (the merged "
                                      "text)")),
               ExitUsage;
    const QString path = relativeToVault(vault, cx.parser.value(QStringLiteral("resolve")));
    Result<QStringList> resolved = QStringList();
    if (take == QLatin1String("mine") || take == QLatin1String("theirs")) {
        resolved = sync.resolve(path, take == QLatin1String("mine") ? VaultSync::Side::Mine : VaultSync::Side::Theirs);
    } else {
        QFile merged(take);
        if (!merged.open(QIODevice::ReadOnly))
            return cx.fail(QStringLiteral("cannot read the merged text %1: %2").arg(take, merged.errorString()));
        resolved = sync.resolveWith(path, merged.readAll());
    }
    if (!resolved)
        return cx.fail(resolved.error().toString());
    auto left = sync.conflicts();
    if (!left)
        return cx.fail(left.error().toString());
    if (!left->isEmpty()) {
        SyncReport report;
        report.outcome = SyncReport::Outcome::Conflicts;
        report.conflicts = *left;
        report.steps = *resolved;
        return finish(cx, report, true);
    }
    // Nothing left: the merge is committed; carry it to the remote like any sync.
    SyncReport report = sync.sync();
    report.steps = *resolved + report.steps;
    return finish(cx, report, true);
}

int runSync(CliContext &cx)
{
    const QString vault = cx.requireVault();
    if (vault.isEmpty())
        return ExitFailure;
    auto config = Config::load(vault);
    if (!config)
        return cx.fail(config.error().toString());
    VaultSync sync(vault, settingsFor(*config));
    const bool init = cx.parser.isSet(QStringLiteral("init"));
    if (cx.parser.isSet(QStringLiteral("remote")) && !init)
        return cx.fail(QStringLiteral("--remote URL goes with --init; for a repository that exists, `git remote add "
                                      "origin URL` in the vault")),
               ExitUsage;
    QStringList initSteps;
    if (init) {
        auto made = sync.init(cx.parser.value(QStringLiteral("remote")));
        if (!made)
            return cx.fail(made.error().toString());
        initSteps = *made;
    }
    if (cx.parser.isSet(QStringLiteral("resolve")))
        return runResolve(cx, sync, vault);
    SyncReport report = sync.sync();
    report.steps = initSteps + report.steps;
    return finish(cx, report, !report.receivedPaths.isEmpty() || !report.conflicts.isEmpty());
}

const CommandRegistration syncCommand{CliCommand{
    QStringLiteral("sync"),
    QStringLiteral("Commit the vault's changes, merge the remote's and push (git); --resolve a conflict, --init a "
                   "repository."),
    [](QCommandLineParser &p) {
        p.addOption({QStringLiteral("init"), QStringLiteral("Make the vault a git repository first (branch main).")});
        p.addOption({QStringLiteral("remote"), QStringLiteral("With --init: the remote to sync with, as origin."),
                     QStringLiteral("URL")});
        p.addOption({QStringLiteral("resolve"), QStringLiteral("Resolve the conflicted file PATH (with --take)."),
                     QStringLiteral("PATH")});
        p.addOption({QStringLiteral("take"),
                     QStringLiteral("How to resolve: mine, theirs, or FILE holding the merged text."),
                     QStringLiteral("mine|theirs|FILE")});
    },
    runSync}};

} // namespace

} // namespace engram::cli
