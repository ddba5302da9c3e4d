// engram-cli stats --tools: tool statistics from state/tool-usage.jsonl
#include "CliCommand.h"
#include "cognition/ToolUsage.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace engram::cli {

namespace {

QString duration(qint64 ms)
{
    if (ms < 0)
        return QStringLiteral("-");
    if (ms < 1000)
        return QStringLiteral("%1 ms").arg(ms);
    return QStringLiteral("%1 s").arg(double(ms) / 1000.0, 0, 'f', 1);
}

QJsonArray sequencesJson(const QList<ToolSequence> &sequences)
{
    QJsonArray out;
    for (const ToolSequence &s : sequences)
        out.append(QJsonObject{{QStringLiteral("tools"), QJsonArray::fromStringList(s.tools)},
                               {QStringLiteral("count"), s.count}});
    return out;
}

} // namespace

int runToolStats(CliContext &cx)
{
    const QString vault = cx.requireVault();
    if (vault.isEmpty())
        return ExitFailure;
    ToolUsage usage(vault);
    auto events = usage.load();
    if (!events)
        return cx.fail(events.error().toString());
    const ToolStatistics stats = ToolUsage::statistics(*events);
    if (cx.json()) {
        QJsonArray tools;
        for (const ToolStat &t : stats.tools)
            tools.append(QJsonObject{{QStringLiteral("tool"), t.name},
                                     {QStringLiteral("calls"), t.calls},
                                     {QStringLiteral("failures"), t.failures},
                                     {QStringLiteral("success_rate"), t.successRate},
                                     {QStringLiteral("timed_calls"), t.timedCalls},
                                     {QStringLiteral("p50_ms"), double(t.p50Ms)},
                                     {QStringLiteral("p90_ms"), double(t.p90Ms)},
                                     {QStringLiteral("max_ms"), double(t.maxMs)}});
        QJsonArray drops;
        for (const ToolRateDrop &d : stats.drops)
            drops.append(QJsonObject{{QStringLiteral("tool"), d.name},
                                     {QStringLiteral("earlier_rate"), d.earlierRate},
                                     {QStringLiteral("recent_rate"), d.recentRate},
                                     {QStringLiteral("recent_calls"), d.recentCalls},
                                     {QStringLiteral("earlier_calls"), d.earlierCalls}});
        cx.out << QJsonDocument(QJsonObject{{QStringLiteral("events"), stats.events},
                                            {QStringLiteral("sessions"), stats.sessions},
                                            {QStringLiteral("tools"), tools},
                                            {QStringLiteral("pairs"), sequencesJson(stats.pairs)},
                                            {QStringLiteral("triples"), sequencesJson(stats.triples)},
                                            {QStringLiteral("drops"), drops}})
                      .toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    if (stats.events == 0) {
        cx.out << "no tool events yet: index agent transcripts under sessions/, or run `engram-cli hook tool`"
               << Qt::endl;
        return ExitOk;
    }
    cx.out << QStringLiteral("%1 tool calls in %2 sessions (newest %3 kept)\n\n")
                  .arg(stats.events)
                  .arg(stats.sessions)
                  .arg(ToolUsage::kMaxEvents);
    cx.out << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                  .arg(QStringLiteral("tool").leftJustified(24), QStringLiteral("calls").rightJustified(6),
                       QStringLiteral("ok").rightJustified(6), QStringLiteral("p50").rightJustified(9),
                       QStringLiteral("p90").rightJustified(9), QStringLiteral("max").rightJustified(9));
    for (const ToolStat &t : stats.tools)
        cx.out << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                      .arg(t.name.left(24).leftJustified(24))
                      .arg(t.calls, 6)
                      .arg(QStringLiteral("%1%").arg(qRound(t.successRate * 100)).rightJustified(6),
                           duration(t.p50Ms).rightJustified(9), duration(t.p90Ms).rightJustified(9),
                           duration(t.maxMs).rightJustified(9));
    auto printSequences = [&](const char *title, const QList<ToolSequence> &sequences) {
        cx.out << "\n" << title << ":\n";
        for (const ToolSequence &s : sequences)
            cx.out << QStringLiteral("  %1× %2\n").arg(s.count, 4).arg(s.tools.join(QStringLiteral(" → ")));
    };
    printSequences("most common 2-step sequences", stats.pairs);
    printSequences("most common 3-step sequences", stats.triples);
    cx.out << "\nsuccess-rate drops (last " << ToolUsage::kRecentWindow << " calls vs earlier):";
    if (stats.drops.isEmpty())
        cx.out << " none";
    cx.out << "\n";
    for (const ToolRateDrop &d : stats.drops)
        cx.out << QStringLiteral("  %1: %2% recently, %3% before (%4 earlier calls)\n")
                      .arg(d.name)
                      .arg(qRound(d.recentRate * 100))
                      .arg(qRound(d.earlierRate * 100))
                      .arg(d.earlierCalls);
    cx.out.flush();
    return ExitOk;
}

} // namespace engram::cli
