// engram-cli consolidate, lineage
#include "CliCommand.h"
#include "consolidation/Consolidator.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace engram::cli {

namespace {

bool dateOption(CliContext &cx, const QString &name, QDate &out)
{
    if (!cx.parser.isSet(name))
        return true;
    out = QDate::fromString(cx.parser.value(name), Qt::ISODate);
    if (!out.isValid()) {
        cx.err << QStringLiteral("engram-cli %1: --%2 wants a date like 2026-01-31, not \"%3\"")
                      .arg(cx.commandName, name, cx.parser.value(name))
               << Qt::endl;
        return false;
    }
    return true;
}

int runConsolidate(CliContext &cx)
{
    ConsolidationOptions options;
    options.dryRun = cx.parser.isSet(QStringLiteral("dry-run"));
    if (!dateOption(cx, QStringLiteral("since"), options.since)
        || !dateOption(cx, QStringLiteral("until"), options.until))
        return ExitUsage;
    if (options.since.isValid() && options.until.isValid() && options.since > options.until) {
        cx.fail(QStringLiteral("--since %1 is after --until %2; nothing lies between them")
                    .arg(options.since.toString(Qt::ISODate), options.until.toString(Qt::ISODate)));
        return ExitUsage;
    }
    auto engine = cx.openEngine();
    if (!engine)
        return ExitFailure;
    Consolidator consolidator(*engine);
    auto report = consolidator.run(options);
    if (!report)
        return cx.fail(report.error().toString());
    if (cx.json()) {
        QJsonArray digests;
        for (const DigestAction &d : report->digests)
            digests.append(QJsonObject{{QStringLiteral("path"), d.path},
                                       {QStringLiteral("layer"), d.layer},
                                       {QStringLiteral("period"), d.period},
                                       {QStringLiteral("method"), d.method},
                                       {QStringLiteral("fallback_reason"), d.fallbackReason},
                                       {QStringLiteral("tokens_in"), d.tokensIn},
                                       {QStringLiteral("tokens_out"), d.tokensOut},
                                       {QStringLiteral("sources"), d.sources},
                                       {QStringLiteral("elapsed_ms"), double(d.elapsedMs)},
                                       {QStringLiteral("new"), d.isNew}});
        QJsonArray memories;
        for (const MemoryAction &m : report->memories)
            memories.append(QJsonObject{{QStringLiteral("kind"), m.kind},
                                        {QStringLiteral("path"), m.path},
                                        {QStringLiteral("detail"), m.detail}});
        cx.out << QJsonDocument(QJsonObject{{QStringLiteral("dry_run"), report->dryRun},
                                            {QStringLiteral("digests"), digests},
                                            {QStringLiteral("memories"), memories},
                                            {QStringLiteral("unchanged"), report->unchanged},
                                            {QStringLiteral("elapsed_ms"), double(report->elapsedMs)}})
                      .toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    const QString verb = report->dryRun ? QStringLiteral("would write") : QStringLiteral("wrote");
    for (const DigestAction &d : report->digests) {
        cx.out << QStringLiteral("%1 %2 (%3, %4 → %5 tokens, %6 sources, %7)")
                      .arg(verb, d.path, d.layer)
                      .arg(d.tokensIn)
                      .arg(d.tokensOut)
                      .arg(d.sources)
                      .arg(d.method)
               << Qt::endl;
        if (!d.fallbackReason.isEmpty())
            cx.out << "    fell back: " << d.fallbackReason << Qt::endl;
    }
    for (const MemoryAction &m : report->memories)
        cx.out << QStringLiteral("%1 %2: %3 %4").arg(verb, m.kind, m.path, m.detail) << Qt::endl;
    cx.out << QStringLiteral("%1 digest(s) %2, %3 unchanged, %4 memory change(s) in %5 ms")
                  .arg(report->digests.size())
                  .arg(report->dryRun ? QStringLiteral("to write") : QStringLiteral("written"))
                  .arg(report->unchanged)
                  .arg(report->memories.size())
                  .arg(report->elapsedMs)
           << Qt::endl;
    return ExitOk;
}

QJsonObject nodeJson(const LineageNode &node)
{
    QJsonArray children;
    for (const LineageNode &child : node.children)
        children.append(nodeJson(child));
    return QJsonObject{{QStringLiteral("source"), node.range.toString()},
                       {QStringLiteral("layer"), node.layer},
                       {QStringLiteral("exists"), node.exists},
                       {QStringLiteral("derived_from"), children}};
}

void printNode(CliContext &cx, const LineageNode &node, int depth)
{
    cx.out << QString(depth * 2, QLatin1Char(' ')) << node.range.toString() << "  [" << node.layer << "]"
           << (node.exists ? QString() : QStringLiteral("  (missing!)")) << Qt::endl;
    for (const LineageNode &child : node.children)
        printNode(cx, child, depth + 1);
}

int runLineage(CliContext &cx)
{
    const QStringList args = cx.parser.positionalArguments();
    if (args.size() != 1)
        return cx.fail(
            QStringLiteral("name one digest or fact: engram-cli lineage consolidated/fact/2026-W01.md[:12-14]"));
    auto engine = cx.openEngine();
    if (!engine)
        return ExitFailure;
    QString path = args.first();
    int start = 0;
    int end = 0;
    if (auto range = SourceRange::parse(path)) {
        path = range->path;
        start = range->startLine;
        end = range->endLine;
    }
    auto root = Consolidator(*engine).lineage(path, start, end);
    if (!root)
        return cx.fail(root.error().toString());
    const QList<LineageNode> raw = Consolidator::leaves(*root);
    const auto gone = std::count_if(raw.cbegin(), raw.cend(), [](const LineageNode &leaf) { return !leaf.exists; });
    auto verdict = [&]() {
        if (gone == 0)
            return int(ExitOk);
        return cx.fail(
            QStringLiteral("%1 of %2 source range(s) are gone (the lines changed or the file was deleted since "
                           "the digest was written); `engram-cli consolidate` writes it again from what is there")
                .arg(gone)
                .arg(raw.size()));
    };
    if (cx.json()) {
        QJsonArray leaves;
        for (const LineageNode &leaf : raw)
            leaves.append(QJsonObject{{QStringLiteral("source"), leaf.range.toString()},
                                      {QStringLiteral("exists"), leaf.exists}});
        cx.out << QJsonDocument(QJsonObject{{QStringLiteral("tree"), nodeJson(*root)}, {QStringLiteral("raw"), leaves}})
                      .toJson(QJsonDocument::Indented);
        return verdict();
    }
    printNode(cx, *root, 0);
    cx.out << QStringLiteral("%1 raw source range(s)").arg(raw.size()) << Qt::endl;
    return verdict();
}

const CommandRegistration consolidateCommand{CliCommand{
    QStringLiteral("consolidate"),
    QStringLiteral(
        "Sleep: digest raw sessions into session, daily, weekly and fact layers; cluster and promote memories."),
    [](QCommandLineParser &p) {
        p.addOption({QStringLiteral("since"), QStringLiteral("Only periods from this date (YYYY-MM-DD)."),
                     QStringLiteral("date")});
        p.addOption({QStringLiteral("until"), QStringLiteral("Only periods up to this date (YYYY-MM-DD)."),
                     QStringLiteral("date")});
        p.addOption({QStringLiteral("dry-run"), QStringLiteral("Show what would be written; change nothing.")});
    },
    runConsolidate}};

const CommandRegistration lineageCommand{CliCommand{
    QStringLiteral("lineage"), QStringLiteral("Follow a digest or fact (optionally PATH:START-END) down to raw lines."),
    [](QCommandLineParser &p) {
        p.addPositionalArgument(QStringLiteral("path"),
                                QStringLiteral("A vault-relative digest path, optionally :START-END."),
                                QStringLiteral("PATH"));
    },
    runLineage}};

} // namespace

} // namespace engram::cli
