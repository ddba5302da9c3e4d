// engram-cli review: duplicates, contradictions and stale facts, listed and resolved
#include "CliCommand.h"
#include "agent/MemoryReview.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace engram::cli {

namespace {

/// The first line of a memory's text, shortened for a terminal.
QString excerpt(const QString &text)
{
    QString line = text.simplified();
    return line.size() > 160 ? line.left(157) + QStringLiteral("…") : line;
}

QString sideLine(const QString &label, const ReviewSide &side)
{
    return QStringLiteral("   %1 %2 (%3, recalled %4×)\n      %5")
        .arg(label, side.source(), side.date.date().toString(Qt::ISODate))
        .arg(side.recalls)
        .arg(excerpt(side.text));
}

/// What a finding's kind is resolved by when the person names no action.
ReviewAction defaultAction(FindingKind kind)
{
    switch (kind) {
    case FindingKind::Duplicate: return ReviewAction::Merge;
    case FindingKind::Contradiction: return ReviewAction::Supersede;
    case FindingKind::Stale: return ReviewAction::Archive;
    }
    return ReviewAction::KeepBoth;
}

int runResolve(CliContext &cx, Engine &engine, MemoryReview &review)
{
    const QString id = cx.parser.value(QStringLiteral("resolve"));
    bool ok = true;
    const QDateTime now = cx.nowOption(&ok);
    if (!ok)
        return ExitUsage;
    auto finding = review.finding(id, now);
    if (!finding)
        return cx.fail(finding.error().toString());
    const QString take = cx.parser.value(QStringLiteral("take"));
    ReviewAction action = defaultAction(finding->kind);
    if (cx.parser.isSet(QStringLiteral("action"))
        && !reviewActionFromName(cx.parser.value(QStringLiteral("action")), &action)) {
        cx.err << "--action is one of merge, supersede, keep-both, archive" << Qt::endl;
        return ExitUsage;
    }
    if (take == QLatin1String("both"))
        action = ReviewAction::KeepBoth;
    QString path = take;
    if (take.isEmpty() || take == QLatin1String("newer"))
        path = finding->kind == FindingKind::Stale && action == ReviewAction::Archive ? finding->older.chunk.path
                                                                                      : finding->newer.chunk.path;
    else if (take == QLatin1String("older"))
        path = finding->older.chunk.path;
    auto undo = review.resolve(id, action, action == ReviewAction::KeepBoth ? QString() : path);
    if (!undo)
        return cx.fail(undo.error().toString());
    (void)engine.saveVectors();
    QJsonArray archived;
    for (const auto &[original, archive] : undo->archived)
        archived.append(QJsonObject{{QStringLiteral("path"), original}, {QStringLiteral("archive"), archive}});
    QString text = action == ReviewAction::KeepBoth
                       ? QStringLiteral("kept both %1 and %2; this pair is not asked again")
                             .arg(finding->older.chunk.path, finding->newer.chunk.path)
                       : QStringLiteral("%1: %2").arg(reviewActionName(action), path);
    for (const auto &[original, archive] : undo->archived)
        text += QStringLiteral("\narchived %1 as %2 (engram-cli restore %2 brings it back)").arg(original, archive);
    cx.report(text, QJsonObject{{QStringLiteral("resolved"), id},
                                {QStringLiteral("action"), reviewActionName(action)},
                                {QStringLiteral("take"), action == ReviewAction::KeepBoth ? QString() : path},
                                {QStringLiteral("archived"), archived}});
    return ExitOk;
}

int runReview(CliContext &cx)
{
    std::optional<FindingKind> kind;
    if (cx.parser.isSet(QStringLiteral("kind"))) {
        FindingKind k;
        if (!findingKindFromName(cx.parser.value(QStringLiteral("kind")), &k)) {
            cx.err << "--kind is one of duplicate, contradiction, stale" << Qt::endl;
            return ExitUsage;
        }
        kind = k;
    }
    bool ok = true;
    const QDateTime now = cx.nowOption(&ok);
    if (!ok)
        return ExitUsage;
    auto engine = cx.openEngine();
    if (!engine)
        return ExitFailure;
    // What was indexed since the last update is compared first; when another process holds the index,
    // the findings stored so far are listed and stderr says so.
    const Engine::Judging judging =
        cx.parser.isSet(QStringLiteral("judge")) ? Engine::Judging::Full : Engine::Judging::None;
    if (auto scan = engine->updateFindings(nullptr, judging); !scan)
        cx.err << "review: listing the findings found so far; " << scan.error().toString() << Qt::endl;
    else if (!scan->judgeError.isEmpty())
        cx.err << "review: " << scan->judgeError << Qt::endl;
    MemoryReview review(*engine);
    if (cx.parser.isSet(QStringLiteral("resolve")))
        return runResolve(cx, *engine, review);

    auto findings = review.findings(kind, now);
    if (!findings)
        return cx.fail(findings.error().toString());
    if (cx.json()) {
        QJsonArray items;
        for (const ReviewFinding &f : *findings)
            items.append(f.toJson());
        cx.out << QJsonDocument(QJsonObject{{QStringLiteral("findings"), items}}).toJson(QJsonDocument::Compact)
               << Qt::endl;
    } else if (findings->isEmpty()) {
        cx.out << "no open findings: no duplicates, contradictions or stale facts" << Qt::endl;
    } else {
        for (const ReviewFinding &f : *findings) {
            cx.out << f.id << "  " << findingKindName(f.kind) << ": " << f.reason << '\n'
                   << sideLine(f.kind == FindingKind::Stale ? QStringLiteral("fact ") : QStringLiteral("older"),
                               f.older)
                   << '\n'
                   << sideLine(f.kind == FindingKind::Stale ? QStringLiteral("since") : QStringLiteral("newer"),
                               f.newer)
                   << '\n';
        }
        cx.out << findings->size() << " open finding(s); resolve one with engram-cli review --resolve ID "
               << "[--take newer|older|both|PATH] [--action merge|supersede|keep-both|archive]" << Qt::endl;
    }
    if (findings->isEmpty())
        cx.noteIfIndexEmpty(*engine);
    return findings->isEmpty() ? ExitOk : ExitFailure;
}

} // namespace

const CommandRegistration reviewCommand{CliCommand{
    QStringLiteral("review"),
    QStringLiteral("Duplicates, contradictions and stale facts, newest first; exit 1 while open findings remain."),
    [](QCommandLineParser &p) {
        p.addOption({QStringLiteral("kind"), QStringLiteral("Only duplicate, contradiction or stale."),
                     QStringLiteral("kind")});
        p.addOption({QStringLiteral("resolve"), QStringLiteral("Resolve the finding ID (see --take, --action)."),
                     QStringLiteral("id")});
        p.addOption({QStringLiteral("take"),
                     QStringLiteral("The memory the action keeps (merge, supersede) or archives (archive): newer "
                                    "(default; for a stale fact, the fact), older, both (keep both), or its path."),
                     QStringLiteral("which")});
        p.addOption({QStringLiteral("action"),
                     QStringLiteral("merge (default for a duplicate), supersede (contradiction), keep-both, archive "
                                    "(stale)."),
                     QStringLiteral("action")});
        p.addOption({QStringLiteral("judge"),
                     QStringLiteral("First ask the llm endpoint of engram.json about up to review.judgePerUpdate "
                                    "pairs no model has judged yet (a second or more each with a local model).")});
        addNowOption(p, QStringLiteral("Judge stale facts"));
    },
    runReview}};

} // namespace engram::cli
