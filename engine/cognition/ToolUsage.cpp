#include "cognition/ToolUsage.h"

#include "core/JsonLinesFile.h"
#include "core/JsonNumber.h"
#include "redaction/RedactionGate.h"

#include <QDir>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace engram {

namespace {

QString dedupeKey(const ToolEvent &e)
{
    return e.sessionId + QLatin1Char('\x1f') + e.callId;
}

qint64 percentile(QList<qint64> sorted, double p)
{
    if (sorted.isEmpty())
        return -1;
    // Nearest rank: the smallest value with at least p of the values at or below it.
    const qsizetype rank = qsizetype(std::ceil(p * double(sorted.size())));
    return sorted.at(qBound<qsizetype>(0, rank - 1, sorted.size() - 1));
}

QList<ToolSequence> topSequences(const QHash<QString, int> &counts, int top)
{
    QList<ToolSequence> out;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        out << ToolSequence{it.key().split(QLatin1Char('\x1f')), it.value()};
    std::sort(out.begin(), out.end(), [](const ToolSequence &a, const ToolSequence &b) {
        return a.count != b.count ? a.count > b.count : a.tools < b.tools;
    });
    return out.mid(0, top);
}

} // namespace

ToolUsage::ToolUsage(const QString &vaultPath) : m_vaultPath(vaultPath) { }

QString ToolUsage::filePath() const
{
    return QDir(m_vaultPath).filePath(relativePath());
}

QJsonObject ToolUsage::eventJson(const ToolEvent &e)
{
    QJsonObject o{{QStringLiteral("tool"), e.name},
                  {QStringLiteral("ok"), e.ok},
                  {QStringLiteral("sequence"), e.sequence},
                  {QStringLiteral("session"), e.sessionId},
                  {QStringLiteral("time"), e.time.isValid() ? e.time.toUTC().toString(Qt::ISODateWithMs) : QString()}};
    if (e.durationMs >= 0)
        o.insert(QStringLiteral("ms"), double(e.durationMs));
    if (!e.callId.isEmpty())
        o.insert(QStringLiteral("callId"), e.callId);
    if (!e.error.isEmpty())
        o.insert(QStringLiteral("error"), e.error);
    return o;
}

ToolEvent ToolUsage::eventFromJson(const QJsonObject &o)
{
    ToolEvent e;
    e.name = o.value(QStringLiteral("tool")).toString();
    e.ok = o.value(QStringLiteral("ok")).toBool(true);
    e.sequence = o.value(QStringLiteral("sequence")).toInt();
    e.sessionId = o.value(QStringLiteral("session")).toString();
    e.time = QDateTime::fromString(o.value(QStringLiteral("time")).toString(), Qt::ISODateWithMs);
    e.durationMs =
        o.contains(QStringLiteral("ms")) ? JsonNumber::toInteger(o.value(QStringLiteral("ms")).toDouble(), -1) : -1;
    e.callId = o.value(QStringLiteral("callId")).toString();
    e.error = o.value(QStringLiteral("error")).toString();
    return e;
}

Result<QList<ToolEvent>> ToolUsage::load() const
{
    auto objects =
        JsonLinesFile(m_vaultPath, relativePath(), QStringLiteral("tool"))
            .read(QStringLiteral("not a tool event (%1); fix or delete the line, Engram will not rewrite the "
                                 "file until then"),
                  QStringLiteral("needs a \"tool\" name"));
    if (!objects)
        return objects.error();
    QList<ToolEvent> events;
    for (const QJsonObject &o : std::as_const(*objects))
        events << eventFromJson(o);
    return events;
}

Result<int> ToolUsage::record(const QList<ToolEvent> &incoming) const
{
    if (incoming.isEmpty())
        return 0;
    auto loaded = load();
    if (!loaded)
        return loaded.error();
    QList<ToolEvent> events = *loaded;
    QSet<QString> seen;
    for (const ToolEvent &e : std::as_const(events))
        if (!e.callId.isEmpty())
            seen.insert(dedupeKey(e));
    int added = 0;
    for (const ToolEvent &e : incoming) {
        if (e.name.isEmpty())
            continue;
        if (!e.callId.isEmpty()) {
            const QString key = dedupeKey(e);
            if (seen.contains(key))
                continue;
            seen.insert(key);
        }
        events << e;
        ++added;
    }
    if (added == 0)
        return 0;
    // Newest by time; events without a time keep their place at the old end.
    std::stable_sort(events.begin(), events.end(), [](const ToolEvent &a, const ToolEvent &b) {
        const qint64 ta = a.time.isValid() ? a.time.toMSecsSinceEpoch() : 0;
        const qint64 tb = b.time.isValid() ? b.time.toMSecsSinceEpoch() : 0;
        return ta < tb;
    });
    if (events.size() > kMaxEvents)
        events = events.mid(events.size() - kMaxEvents);

    // A failed call's first error line can quote what the tool was given.
    auto gate = RedactionGate::forVault(m_vaultPath);
    if (!gate)
        return gate.error();
    QList<QJsonObject> objects;
    for (const ToolEvent &e : std::as_const(events))
        objects << gate->clean(eventJson(e));
    if (Status s = JsonLinesFile(m_vaultPath, relativePath(), QStringLiteral("tool")).write(objects); !s)
        return s.error();
    return added;
}

Result<int> ToolUsage::recordCall(const QString &name, bool ok, qint64 durationMs, const QString &sessionId,
                                  const QString &callId, const QDateTime &time) const
{
    if (name.trimmed().isEmpty())
        return Error{QStringLiteral("a tool event needs the tool's name (--name)")};
    auto loaded = load();
    if (!loaded)
        return loaded.error();
    int sequence = 0;
    for (const ToolEvent &e : std::as_const(*loaded))
        if (e.sessionId == sessionId)
            sequence = qMax(sequence, e.sequence + 1);
    ToolEvent e;
    e.name = name.trimmed();
    e.ok = ok;
    e.durationMs = durationMs;
    e.sessionId = sessionId;
    e.callId = callId;
    e.time = time.isValid() ? time : QDateTime::currentDateTimeUtc();
    e.sequence = sequence;
    return record({e});
}

ToolStatistics ToolUsage::statistics(const QList<ToolEvent> &events, int top)
{
    ToolStatistics stats;
    stats.events = int(events.size());

    // Per tool, in time order (the file is kept sorted by time).
    QMap<QString, QList<const ToolEvent *>> byTool;
    QMap<QString, QList<const ToolEvent *>> bySession;
    for (const ToolEvent &e : events) {
        byTool[e.name] << &e;
        bySession[e.sessionId] << &e;
    }
    stats.sessions = int(bySession.size());

    for (auto it = byTool.cbegin(); it != byTool.cend(); ++it) {
        ToolStat s;
        s.name = it.key();
        QList<qint64> durations;
        for (const ToolEvent *e : it.value()) {
            ++s.calls;
            if (!e->ok)
                ++s.failures;
            if (e->durationMs >= 0)
                durations << e->durationMs;
        }
        s.successRate = s.calls ? double(s.calls - s.failures) / s.calls : 1.0;
        std::sort(durations.begin(), durations.end());
        s.timedCalls = int(durations.size());
        s.p50Ms = percentile(durations, 0.5);
        s.p90Ms = percentile(durations, 0.9);
        s.maxMs = durations.isEmpty() ? -1 : durations.last();
        stats.tools << s;

        // Recent vs long-run: needs enough history on both sides to mean something.
        const QList<const ToolEvent *> &calls = it.value();
        if (calls.size() >= 2 * kRecentWindow) {
            int recentOk = 0;
            int earlierOk = 0;
            const qsizetype split = calls.size() - kRecentWindow;
            for (qsizetype i = 0; i < calls.size(); ++i)
                (i < split ? earlierOk : recentOk) += calls[i]->ok ? 1 : 0;
            ToolRateDrop drop{s.name, double(earlierOk) / double(split), double(recentOk) / kRecentWindow,
                              kRecentWindow, int(split)};
            if (drop.earlierRate - drop.recentRate >= kDropThreshold)
                stats.drops << drop;
        }
    }
    std::sort(stats.tools.begin(), stats.tools.end(), [](const ToolStat &a, const ToolStat &b) {
        return a.calls != b.calls ? a.calls > b.calls : a.name < b.name;
    });

    QHash<QString, int> pairs;
    QHash<QString, int> triples;
    for (auto it = bySession.begin(); it != bySession.end(); ++it) {
        QList<const ToolEvent *> calls = it.value();
        std::stable_sort(calls.begin(), calls.end(),
                         [](const ToolEvent *a, const ToolEvent *b) { return a->sequence < b->sequence; });
        const QChar sep(0x1f);
        for (qsizetype i = 0; i + 1 < calls.size(); ++i) {
            ++pairs[calls[i]->name + sep + calls[i + 1]->name];
            if (i + 2 < calls.size())
                ++triples[calls[i]->name + sep + calls[i + 1]->name + sep + calls[i + 2]->name];
        }
    }
    stats.pairs = topSequences(pairs, top);
    stats.triples = topSequences(triples, top);
    return stats;
}

} // namespace engram
