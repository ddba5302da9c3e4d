// engram-cli init
#include "CliCommand.h"
#include "VaultLayout.h"

namespace engram::cli {

namespace {

int runInit(CliContext &cx)
{
    const QString path = cx.vaultPath();
    if (Status s = VaultLayout::initialize(path); !s)
        return cx.fail(s.error().toString());
    auto engine = cx.openEngine();
    if (!engine)
        return ExitFailure;
    const IndexReport report = engine->index();
    cx.out << "vault ready: " << engine->vaultPath() << " (" << report.scanned << " files indexed)" << Qt::endl;
    return ExitOk;
}

const CommandRegistration initCommand{CliCommand{
    QStringLiteral("init"), QStringLiteral("Create a vault's folders (and a welcome note in an empty one), then index it."),
    {}, runInit}};

} // namespace

} // namespace engram::cli
