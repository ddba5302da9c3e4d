// engram-cli init
#include "CliCommand.h"
#include "core/VaultLayout.h"

#include <QJsonObject>

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
    cx.report(QStringLiteral("vault ready: %1 (%2 files indexed)").arg(engine->vaultPath()).arg(report.scanned),
              QJsonObject{{QStringLiteral("vault"), engine->vaultPath()}, {QStringLiteral("files"), report.scanned}});
    return ExitOk;
}

const CommandRegistration initCommand{
    CliCommand{QStringLiteral("init"),
               QStringLiteral("Create a vault's folders (and a welcome note in an empty one), then index it."),
               {},
               runInit}};

} // namespace

} // namespace engram::cli
