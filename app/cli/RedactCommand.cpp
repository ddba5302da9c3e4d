// engram-cli redact: secrets already in a vault, listed (--scan) or rewritten (--apply).

#include "CliCommand.h"
#include "vault/SecretScan.h"

#include <QJsonDocument>

namespace engram::cli {

namespace {

int runRedact(CliContext &cx)
{
    const bool apply = cx.parser.isSet(QStringLiteral("apply"));
    if (apply && cx.parser.isSet(QStringLiteral("scan"))) {
        cx.err << "engram-cli redact: say --scan (list) or --apply (rewrite), not both" << Qt::endl;
        return ExitUsage;
    }
    auto engine = cx.openEngine();
    if (!engine)
        return ExitFailure;
    const QString vault = engine->vaultPath();
    const RedactionGate &gate = engine->redactionGate();
    const qint64 limit = engine->config().maxFileBytes;
    auto report = apply ? SecretScan::apply(vault, gate, limit) : SecretScan::scan(vault, gate, limit);
    if (!report)
        return cx.fail(report.error().toString());
    // The rewritten files are indexed again now, so recall and health agree with them at once.
    for (const QString &path : std::as_const(report->rewritten))
        (void)engine->indexPath(path);
    if (!report->rewritten.isEmpty())
        (void)engine->saveVectors();
    if (cx.json())
        cx.out << QJsonDocument(report->toJson()).toJson(QJsonDocument::Compact) << Qt::endl;
    else
        cx.out << report->toText() << Qt::flush;
    // Like `expect check`: a scan that finds something fails, so it can stand in a hook or CI.
    return !apply && !report->findings.isEmpty() ? ExitFailure : ExitOk;
}

const CommandRegistration redactCommand{CliCommand{
    QStringLiteral("redact"),
    QStringLiteral("List the secrets already in the vault's files (--scan, exit 1 when there are any) or rewrite "
                   "the files without them (--apply)."),
    [](QCommandLineParser &p) {
        p.addOption({QStringLiteral("scan"), QStringLiteral("List each secret as path:line: kind (the default).")});
        p.addOption({QStringLiteral("apply"),
                     QStringLiteral("Rewrite every file that holds one, atomically, with [REDACTED:kind] in its "
                                    "place; then re-index them.")});
    },
    runRedact}};

} // namespace

} // namespace engram::cli
