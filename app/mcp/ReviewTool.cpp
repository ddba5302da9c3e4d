// The MCP `review` tool: the open findings of the hygiene review, and resolving one with the person.
#include "McpTools.h"
#include "ToolSchema.h"
#include "agent/MemoryReview.h"

#include <QJsonArray>

namespace engram::mcp {

using namespace schema;

namespace {

/// A side of a finding as an agent reads it: where it is, what it says, when.
QJsonObject leanSide(const ReviewSide &side)
{
    return QJsonObject{{QStringLiteral("source"), side.source()},
                       {QStringLiteral("text"), side.text.simplified()},
                       {QStringLiteral("date"), side.date.date().toString(Qt::ISODate)}};
}

QJsonObject side()
{
    return object({{QStringLiteral("source"), type("string")},
                   {QStringLiteral("text"), type("string")},
                   {QStringLiteral("date"), type("string")}},
                  {QStringLiteral("source"), QStringLiteral("text")});
}

ToolResult resolveFinding(McpTools &tools, MemoryReview &review, const QJsonObject &args)
{
    const QString id = args.value(QStringLiteral("resolve")).toString();
    auto finding = review.finding(id, tools.now());
    if (!finding)
        return ToolResult::failure(finding.error().toString());
    ReviewAction action = ReviewAction::KeepBoth;
    if (!reviewActionFromName(args.value(QStringLiteral("action")).toString(), &action))
        return ToolResult::failure(QStringLiteral("say how to resolve it: action is merge, supersede, keep-both or "
                                                  "archive (ask the person which memory is right first)"));
    const QString take = args.value(QStringLiteral("take")).toString();
    const QString path = take == QLatin1String("older")   ? finding->older.chunk.path
                         : take == QLatin1String("newer") ? finding->newer.chunk.path
                                                          : take;
    auto undo = review.resolve(id, action, path);
    if (!undo)
        return ToolResult::failure(undo.error().toString());
    QJsonArray archived;
    for (const auto &[original, archive] : undo->archived)
        archived.append(archive);
    return ToolResult{QStringLiteral("Resolved %1: %2%3.")
                          .arg(id, reviewActionName(action),
                               action == ReviewAction::KeepBoth ? QString() : QStringLiteral(" (%1)").arg(path)),
                      QJsonObject{{QStringLiteral("resolved"), id},
                                  {QStringLiteral("action"), reviewActionName(action)},
                                  {QStringLiteral("archived"), archived}}};
}

} // namespace

Tool reviewTool()
{
    ToolDefinition d;
    d.name = QStringLiteral("review");
    d.title = QStringLiteral("Review memory");
    d.description = QStringLiteral(
        "Memories that repeat each other, contradict each other, or are old facts newer sessions talk about "
        "differently. List them (optionally one kind); resolve one only with the person's answer: merge, supersede "
        "(take: the one that holds now), keep-both, or archive (take: the one to archive).");
    d.inputSchema =
        input({{QStringLiteral("kind"),
                oneOf({QStringLiteral("duplicate"), QStringLiteral("contradiction"), QStringLiteral("stale")},
                      QStringLiteral("Only findings of this kind."))},
               {QStringLiteral("resolve"), str(QStringLiteral("The id of a finding to resolve."))},
               {QStringLiteral("action"), oneOf({QStringLiteral("merge"), QStringLiteral("supersede"),
                                                 QStringLiteral("keep-both"), QStringLiteral("archive")},
                                                QStringLiteral("How to resolve it."))},
               {QStringLiteral("take"), str(QStringLiteral("newer, older, or a path: the memory that stays (merge, "
                                                           "supersede) or goes (archive)."))}});
    d.outputSchema = object(
        {{QStringLiteral("findings"), arrayOfItems(object({{QStringLiteral("id"), type("string")},
                                                           {QStringLiteral("kind"), type("string")},
                                                           {QStringLiteral("reason"), type("string")},
                                                           {QStringLiteral("older"), side()},
                                                           {QStringLiteral("newer"), side()}},
                                                          {QStringLiteral("id"), QStringLiteral("kind")}))},
         {QStringLiteral("resolved"), type("string")},
         {QStringLiteral("action"), type("string")},
         {QStringLiteral("archived"), stringList(QStringLiteral("Archive paths of the memories it archived."))}});
    d.readOnly = false;
    d.idempotent = false;
    return {
        d, [](McpTools &tools, const QJsonObject &args) {
            MemoryReview review(tools.engine());
            if (auto scan = tools.engine().updateFindings(); !scan)
                return ToolResult::failure(
                    QStringLiteral("the review could not catch up with the index: %1").arg(scan.error().toString()));
            if (args.contains(QStringLiteral("resolve")))
                return resolveFinding(tools, review, args);
            std::optional<FindingKind> kind;
            if (FindingKind k; findingKindFromName(args.value(QStringLiteral("kind")).toString(), &k))
                kind = k;
            auto findings = review.findings(kind, tools.now());
            if (!findings)
                return ToolResult::failure(findings.error().toString());
            QJsonArray items;
            QStringList lines;
            for (const ReviewFinding &f : *findings) {
                items.append(QJsonObject{{QStringLiteral("id"), f.id},
                                         {QStringLiteral("kind"), findingKindName(f.kind)},
                                         {QStringLiteral("reason"), f.reason},
                                         {QStringLiteral("older"), leanSide(f.older)},
                                         {QStringLiteral("newer"), leanSide(f.newer)}});
                lines << QStringLiteral("%1 %2 (%3): %4 vs %5")
                             .arg(f.id, findingKindName(f.kind), f.reason, f.older.source(), f.newer.source());
            }
            const QString text =
                lines.isEmpty()
                    ? QStringLiteral("No open findings.")
                    : QStringLiteral("%1 open finding(s):\n%2").arg(lines.size()).arg(lines.join(QLatin1Char('\n')));
            return ToolResult{text, QJsonObject{{QStringLiteral("findings"), items}}};
        }};
}

} // namespace engram::mcp
