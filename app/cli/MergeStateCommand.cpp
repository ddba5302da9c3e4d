// engram-cli merge-state BASE MINE THEIRS [--path P]: git's merge driver for Engram's state files
#include "CliCommand.h"
#include "cognition/StateFileMerge.h"

#include <QJsonObject>

namespace engram::cli {

namespace {

int runMergeState(CliContext &cx)
{
    const QStringList args = cx.parser.positionalArguments();
    if (args.size() != 3) {
        cx.err << "merge-state: give BASE MINE THEIRS (git's %O %A %B)" << Qt::endl;
        return ExitUsage;
    }
    const QString path = cx.parser.value(QStringLiteral("path"));
    if (!StateFileMerge::handles(path))
        return cx.fail(QStringLiteral("--path %1: Engram merges state/cognitive.json, state/tool-usage.jsonl and "
                                      "state/reflections.jsonl")
                           .arg(path));
    // Exit 0 with the merge in MINE, so git records no conflict; a file that cannot be read is a
    // failure, and git then leaves its own conflict for the person (nothing is lost either way).
    auto outcome = StateFileMerge::merge(path, args[0], args[1], args[2]);
    if (!outcome)
        return cx.fail(outcome.error().toString());
    cx.report(outcome->conflicts == 0 ? QStringLiteral("%1 merged").arg(path)
                                      : QStringLiteral("%1 merged; %2 items edited on both sides kept as proposals")
                                            .arg(path)
                                            .arg(outcome->conflicts),
              QJsonObject{{QStringLiteral("path"), path}, {QStringLiteral("conflicts"), outcome->conflicts}});
    return ExitOk;
}

} // namespace

const CommandRegistration mergeStateCommand{CliCommand{
    QStringLiteral("merge-state"),
    QStringLiteral("Merge a state file changed on two machines (git merge driver: merge-state %O %A %B --path %P)."),
    [](QCommandLineParser &p) {
        p.addPositionalArgument(QStringLiteral("base"), QStringLiteral("The common ancestor (git's %O)."));
        p.addPositionalArgument(QStringLiteral("mine"), QStringLiteral("This side (git's %A); receives the merge."));
        p.addPositionalArgument(QStringLiteral("theirs"), QStringLiteral("The other side (git's %B)."));
        p.addOption({QStringLiteral("path"), QStringLiteral("The file's path in the vault (git's %P)."),
                     QStringLiteral("path"), QStringLiteral("state/cognitive.json")});
    },
    runMergeState}};

} // namespace engram::cli
