// engram-cli index, rebuild, stats, health
#include "CliCommand.h"
#include "agent/VaultSet.h"
#include "core/VaultLock.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace engram::cli {

namespace {

QJsonObject reportJson(const IndexReport &r)
{
    QJsonArray problems;
    for (const Problem &p : r.problems)
        problems.append(QJsonObject{{QStringLiteral("path"), p.path},
                                    {QStringLiteral("line"), p.line},
                                    {QStringLiteral("severity"), p.severity},
                                    {QStringLiteral("message"), p.message}});
    return QJsonObject{{QStringLiteral("scanned"), r.scanned},
                       {QStringLiteral("indexed"), r.indexed},
                       {QStringLiteral("unchanged"), r.unchanged},
                       {QStringLiteral("removed"), r.removed},
                       {QStringLiteral("failed"), r.failed},
                       {QStringLiteral("chunks"), double(r.chunks)},
                       {QStringLiteral("elapsed_ms"), double(r.elapsedMs)},
                       {QStringLiteral("problems"), problems}};
}

int printReport(CliContext &cx, const IndexReport &r)
{
    if (r.error)
        return cx.fail(r.error->toString());
    if (cx.json()) {
        cx.out << QJsonDocument(reportJson(r)).toJson(QJsonDocument::Indented);
    } else {
        cx.out << QStringLiteral(
                      "%1 files scanned: %2 indexed (%3 chunks), %4 unchanged, %5 removed, %6 failed in %7 ms")
                      .arg(r.scanned)
                      .arg(r.indexed)
                      .arg(r.chunks)
                      .arg(r.unchanged)
                      .arg(r.removed)
                      .arg(r.failed)
                      .arg(r.elapsedMs)
               << Qt::endl;
        for (const Problem &p : r.problems)
            cx.out << "  " << p.severity << ": " << p.path
                   << (p.line > 0 ? QStringLiteral(":%1").arg(p.line) : QString()) << ": " << p.message << Qt::endl;
    }
    return ExitOk;
}

/// An index run or rebuild waits for another writer's run (VaultLock::kRunWaitMs), and says so
/// when it has to, so a person does not take the wait for a hang.
void waitForOtherWriters(CliContext &cx, Engine &engine)
{
    engine.setLockTimeout(VaultLock::kRunWaitMs);
    if (!VaultLock::acquire(engine.vaultPath(), VaultLock::Kind::Index, 0))
        cx.err << "engram-cli " << cx.commandName << ": another process is writing this vault's index; waiting "
               << "for it (at most " << VaultLock::kRunWaitMs / 60000 << " min)" << Qt::endl;
}

int runIndex(CliContext &cx)
{
    auto engine = cx.openEngine(cx.parser.isSet(QStringLiteral("create")));
    if (!engine)
        return ExitFailure;
    waitForOtherWriters(cx, *engine);
    const QStringList paths = cx.parser.positionalArguments();
    if (!paths.isEmpty()) {
        IndexReport total;
        const QDir vault(engine->vaultPath());
        for (const QString &p : paths) {
            // A path into the vault may be given whole (tab completion gives that); one outside is refused.
            const QString relative = QDir::isAbsolutePath(p) ? vault.relativeFilePath(p) : QDir::cleanPath(p);
            if (QDir::isAbsolutePath(relative) || relative == QLatin1String("..")
                || relative.startsWith(QLatin1String("../")))
                return cx.fail(QStringLiteral("%1 is outside the vault %2; give a path inside it (vault-relative)")
                                   .arg(p, engine->vaultPath()));
            total += engine->indexPath(relative);
        }
        // The vector file is a cache: when it cannot be saved the index is still whole, so it is a warning.
        if (Status s = engine->saveVectors(); !s)
            total.problems << Problem{s.error().path, s.error().line, QStringLiteral("warning"), s.error().message};
        return printReport(cx, total);
    }
    const int exit = printReport(cx, engine->index());
    // The vaults it links are recalled from their own indexes: bring those up to date too (on stderr, so
    // the report above keeps its shape). A linked vault that cannot be used is a warning, not a failure.
    VaultSet set(*engine);
    for (const QString &warning : set.openWarnings())
        cx.err << "engram-cli index: warning: " << warning << Qt::endl;
    for (const QString &name : set.linkedNames()) {
        const IndexReport linked = set.linked(name)->index();
        if (linked.error)
            cx.err << "engram-cli index: warning: linked vault \"" << name
                   << "\" not indexed: " << linked.error->toString() << Qt::endl;
        else
            cx.err << QStringLiteral("engram-cli index: linked vault \"%1\": %2 indexed, %3 unchanged, %4 removed")
                          .arg(name)
                          .arg(linked.indexed)
                          .arg(linked.unchanged)
                          .arg(linked.removed)
                   << Qt::endl;
    }
    return exit;
}

int runRebuild(CliContext &cx)
{
    auto engine = cx.openEngine();
    if (!engine)
        return ExitFailure;
    waitForOtherWriters(cx, *engine);
    auto report = engine->rebuild();
    if (!report)
        return cx.fail(report.error().toString());
    return printReport(cx, *report);
}

void printCounts(QTextStream &out, const char *title, const QHash<QString, qint64> &counts)
{
    QStringList keys = counts.keys();
    keys.sort();
    out << title << ":";
    for (const QString &k : keys)
        out << " " << k << "=" << counts.value(k);
    out << Qt::endl;
}

int runStats(CliContext &cx)
{
    if (cx.parser.isSet(QStringLiteral("tools")))
        return runToolStats(cx);
    auto engine = cx.openEngine();
    if (!engine)
        return ExitFailure;
    const VaultStats s = engine->stats();
    if (cx.json()) {
        cx.out << QJsonDocument(s.toJson(engine->vaultPath())).toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    cx.out << "vault:     " << engine->vaultPath() << "\n"
           << "files:     " << s.files << "\n"
           << "chunks:    " << s.chunks << "\n"
           << "vectors:   " << s.vectors << "\n"
           << "problems:  " << s.problems << "\n"
           << "embedder:  " << s.embedder << "\n"
           << "indexed:   " << (s.lastIndex.isEmpty() ? QStringLiteral("never") : s.lastIndex) << Qt::endl;
    printCounts(cx.out, "regions", s.byRegion);
    printCounts(cx.out, "stores", s.byStore);
    printCounts(cx.out, "layers", s.byLayer);
    printCounts(cx.out, "categories", s.byCategory);
    return ExitOk;
}

/// The exit code of `health`: 0 ok (or not yet started), 1 stale, 2 missing, 3 error.
int severity(HealthStatus status)
{
    switch (status) {
    case HealthStatus::Ok:
    case HealthStatus::NotYet: return 0;
    case HealthStatus::Stale: return 1;
    case HealthStatus::Missing: return 2;
    case HealthStatus::Error: return 3;
    }
    return 3;
}

int runHealth(CliContext &cx)
{
    auto engine = cx.openEngine();
    if (!engine)
        return severity(HealthStatus::Error); // not ExitFailure: 1 means "stale" here
    const QList<HealthCheck> checks = engine->health();
    int worst = 0;
    QJsonArray array;
    for (const HealthCheck &c : checks) {
        worst = qMax(worst, severity(c.status));
        array.append(QJsonObject{{QStringLiteral("check"), c.name},
                                 {QStringLiteral("status"), healthStatusName(c.status)},
                                 {QStringLiteral("reason"), c.reason},
                                 {QStringLiteral("fix"), c.fixText}});
    }
    if (cx.json()) {
        cx.out << QJsonDocument(array).toJson(QJsonDocument::Indented);
    } else {
        for (const HealthCheck &c : checks) {
            cx.out << QStringLiteral("[%1] %2: %3").arg(healthStatusName(c.status).leftJustified(7), c.name, c.reason)
                   << Qt::endl;
            if (c.status != HealthStatus::Ok && !c.fixText.isEmpty())
                cx.out << "          fix: " << c.fixText << Qt::endl;
        }
    }
    return worst; // 0 ok or not yet, 1 stale, 2 missing, 3 error
}

const CommandRegistration indexCommand{CliCommand{
    QStringLiteral("index"), QStringLiteral("Index new and changed files of the vault (or only the paths given)."),
    [](QCommandLineParser &p) {
        p.addOption({QStringLiteral("create"), QStringLiteral("Create the vault folder if it does not exist.")});
        p.addPositionalArgument(QStringLiteral("paths"), QStringLiteral("Vault-relative paths to re-index."),
                                QStringLiteral("[paths...]"));
    },
    runIndex}};

const CommandRegistration rebuildCommand{CliCommand{
    QStringLiteral("rebuild"), QStringLiteral("Delete the derived index and index every file again."), {}, runRebuild}};

const CommandRegistration statsCommand{CliCommand{
    QStringLiteral("stats"), QStringLiteral("Counts of files, chunks, vectors and tags (--tools: tool statistics)."),
    [](QCommandLineParser &p) {
        p.addOption({QStringLiteral("tools"), QStringLiteral("Tool statistics: calls, success rates, "
                                                             "durations, sequences, rate drops.")});
    },
    runStats}};

const CommandRegistration healthCommand{
    CliCommand{QStringLiteral("health"),
               QStringLiteral("Run the health checks; the exit code is the worst status (0 ok … 3 error)."),
               {},
               runHealth}};

} // namespace

} // namespace engram::cli
