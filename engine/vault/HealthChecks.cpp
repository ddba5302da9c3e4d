#include "vault/HealthChecks.h"

#include "cognition/CognitiveState.h"
#include "cognition/Reflection.h"
#include "cognition/ToolUsage.h"
#include "core/HttpClient.h"
#include "ingest/SessionCapture.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QStorageInfo>

namespace engram {

namespace {

/// A check's fix: the text says what to do at a command line; `advice` names it for the workbench's
/// words in any language; `action` is what the workbench's button does (Manual: nothing it can do
/// for the person).
void fixBy(HealthCheck &check, QString what, HealthAdvice advice, HealthFix action = HealthFix::Manual)
{
    check.fix = action;
    check.fixText = std::move(what);
    check.advice = advice;
}

HealthCheck named(HealthCheckId id, const QString &name)
{
    HealthCheck c;
    c.name = name;
    c.id = id;
    return c;
}

QString number(qint64 n)
{
    return QString::number(n);
}

bool hasAnySession(const QString &vaultPath)
{
    QDirIterator it(QDir(vaultPath).filePath(QStringLiteral("sessions")), QDir::Files, QDirIterator::Subdirectories);
    return it.hasNext();
}

QString age(qint64 seconds)
{
    if (seconds < 3600)
        return QStringLiteral("%1 min ago").arg(qMax<qint64>(0, seconds / 60));
    if (seconds < 2 * 86400)
        return QStringLiteral("%1 h ago").arg(seconds / 3600);
    return QStringLiteral("%1 days ago").arg(seconds / 86400);
}

} // namespace

QList<HealthCheck> HealthChecks::run(const QString &vaultPath, const Config &config, const QDateTime &now)
{
    QList<HealthCheck> checks{
        cognitiveState(vaultPath, config.health, now), memoryFolders(vaultPath),
        todaysSession(vaultPath, config.health, now),  toolUsage(vaultPath, config.health, now),
        reflections(vaultPath, config, now),           endpoint(QStringLiteral("llm endpoint"), config.llmEndpoint)};
    if (config.embedderKind != QLatin1String("hash"))
        checks << endpoint(QStringLiteral("embedding endpoint"), config.embeddingEndpoint);
    if (const auto note = wordFrequency(WordFrequency::english(), WordFrequency::defaultPath()))
        checks << *note;
    return checks;
}

std::optional<HealthCheck> HealthChecks::wordFrequency(const WordFrequency &list, const QString &path)
{
    if (list.available())
        return std::nullopt;
    HealthCheck c = named(HealthCheckId::Other, QStringLiteral("word frequency list"));
    c.status = HealthStatus::Missing;
    c.reason = QStringLiteral("no English word-frequency list at %1: recall tells a question's specific words "
                              "from its everyday ones by the vault alone, and answers more questions the vault "
                              "never discussed; the review finds only exact copies")
                   .arg(QDir::toNativeSeparators(path));
    fixBy(c, QStringLiteral("bash scripts/install-word-frequency.sh (or set ENGRAM_WORD_FREQUENCY to the file)"),
          HealthAdvice::None);
    return c;
}

HealthCheck HealthChecks::cognitiveState(const QString &vaultPath, const HealthThresholds &limits, const QDateTime &now)
{
    HealthCheck c = named(HealthCheckId::CognitiveState, QStringLiteral("cognitive state"));
    CognitiveStore store(vaultPath);
    if (!store.exists()) {
        c.status = HealthStatus::NotYet;
        c.reason = QStringLiteral("no cognitive state yet (state/cognitive.json), so packs carry no focus, "
                                  "heuristics or learnings");
        c.found(HealthDetail::StateMissing);
        fixBy(c, QStringLiteral("engram-cli state focus \"what you are working on\""), HealthAdvice::SetFocus,
              HealthFix::EditState);
        return c;
    }
    auto state = store.load();
    if (!state) {
        c.status = HealthStatus::Error;
        c.reason = state.error().toString();
        fixBy(c, QStringLiteral("fix the file by hand; Engram will not overwrite it"), HealthAdvice::FixStateByHand);
        return c;
    }
    const qint64 seconds = QFileInfo(store.filePath()).lastModified().secsTo(now);
    c.reason = QStringLiteral("%1 heuristics, %2 learnings, %3 avoidances; changed %4")
                   .arg(state->heuristics.size())
                   .arg(state->learnings.size())
                   .arg(state->avoidances.size())
                   .arg(age(seconds));
    c.found(state->focus.current.isEmpty() ? HealthDetail::StateSummaryNoFocus : HealthDetail::StateSummary,
            {number(state->heuristics.size()), number(state->learnings.size()), number(state->avoidances.size()),
             number(seconds)});
    if (state->focus.current.isEmpty())
        c.reason += QStringLiteral("; no focus set");
    if (seconds > qint64(limits.stateStaleDays) * 86400) {
        c.status = HealthStatus::Stale;
        c.reason += QStringLiteral(" (stale after %1 days)").arg(limits.stateStaleDays);
        c.staleAfterHours = limits.stateStaleDays * 24;
        fixBy(c, QStringLiteral("engram-cli state focus \"…\", or install the agent-end hook"),
              HealthAdvice::SetFocusOrInstallHook);
    }
    return c;
}

HealthCheck HealthChecks::memoryFolders(const QString &vaultPath)
{
    HealthCheck c = named(HealthCheckId::MemoryFolders, QStringLiteral("memory folders"));
    const QDir memories(QDir(vaultPath).filePath(QStringLiteral("memories")));
    if (!memories.exists()) {
        c.status = HealthStatus::NotYet;
        c.reason = QStringLiteral("memories/ does not exist: nothing has been remembered yet");
        c.found(HealthDetail::MemoriesMissing);
        fixBy(
            c,
            QStringLiteral("mkdir -p memories/semantic (or say \"remember that …\" with the agent-end hook installed)"),
            HealthAdvice::CreateMemoryFolder);
        return c;
    }
    QStringList parts;
    QStringList args; // store, files, store, files…
    for (const QString &store : memories.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        int files = 0;
        QDirIterator it(memories.filePath(store), {QStringLiteral("*.md")}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            it.next();
            ++files;
        }
        parts << QStringLiteral("%1 (%2)").arg(store).arg(files);
        args << store << number(files);
    }
    c.found(parts.isEmpty() ? HealthDetail::MemoriesEmpty : HealthDetail::MemoriesByStore, args);
    c.reason = parts.isEmpty() ? QStringLiteral("memories/ is empty")
                               : QStringLiteral("memories/: ") + parts.join(QStringLiteral(", "));
    return c;
}

HealthCheck HealthChecks::todaysSession(const QString &vaultPath, const HealthThresholds &limits, const QDateTime &now)
{
    HealthCheck c = named(HealthCheckId::TodaysSession, QStringLiteral("today's session"));
    const QString day = now.toLocalTime().date().toString(Qt::ISODate);
    const QDir dir(QDir(vaultPath).filePath(QStringLiteral("sessions/") + day));
    const QFileInfoList files = dir.entryInfoList(QDir::Files, QDir::Time);
    if (files.isEmpty()) {
        // A session that began on an earlier day is captured into that day's folder, so one
        // captured today counts too.
        const CaptureRecord captured = SessionCapture::latestCapture(vaultPath);
        if (captured.time.isValid() && captured.time.toLocalTime().date() == now.toLocalTime().date()) {
            c.reason = QStringLiteral("%1 captured %2").arg(captured.target, age(captured.time.secsTo(now)));
            c.found(HealthDetail::SessionCaptured, {captured.target, number(captured.time.secsTo(now))});
            return c;
        }
        // No session at all is a vault whose agent has not started yet; none today after earlier ones is a gap.
        const bool never = !captured.time.isValid() && !hasAnySession(vaultPath);
        c.status = never ? HealthStatus::NotYet : HealthStatus::Missing;
        c.reason = never ? QStringLiteral("no session yet: nothing captured under sessions/")
                         : QStringLiteral("no session file under sessions/%1/").arg(day);
        if (never)
            c.found(HealthDetail::NoSessionYet);
        else
            c.found(HealthDetail::NoSessionFile, {day});
        fixBy(c,
              QStringLiteral("run `engram-cli connect claude-code` (or codex) so each session is captured, or "
                             "`engram-cli capture` to copy the agent's transcripts into sessions/"),
              HealthAdvice::ConnectAgent, HealthFix::ConnectAgent);
        return c;
    }
    const qint64 seconds = files.first().lastModified().secsTo(now);
    c.reason = QStringLiteral("%1 file(s) in sessions/%2/, newest changed %3").arg(files.size()).arg(day, age(seconds));
    c.found(HealthDetail::SessionFiles, {number(files.size()), day, number(seconds)});
    if (seconds > qint64(limits.sessionStaleHours) * 3600) {
        c.status = HealthStatus::Stale;
        c.reason += QStringLiteral(" (stale after %1 h)").arg(limits.sessionStaleHours);
        c.staleAfterHours = limits.sessionStaleHours;
        // The capture hooks (Connect Agent) copy each session as it ends: a stale folder means
        // they are not installed for the agent in use, or it stopped writing its transcript.
        fixBy(c,
              QStringLiteral("check that the agent still writes its transcript there, and that its capture hooks "
                             "are installed (`engram-cli connect claude-code` or codex)"),
              HealthAdvice::CheckTranscriptWriter, HealthFix::ConnectAgent);
    }
    return c;
}

HealthCheck HealthChecks::toolUsage(const QString &vaultPath, const HealthThresholds &limits, const QDateTime &now)
{
    HealthCheck c = named(HealthCheckId::ToolUsage, QStringLiteral("tool usage"));
    ToolUsage usage(vaultPath);
    if (!QFileInfo::exists(usage.filePath())) {
        c.status = HealthStatus::NotYet;
        c.reason = QStringLiteral("no tool calls counted yet (state/tool-usage.jsonl)");
        c.found(HealthDetail::ToolUsageMissing);
        fixBy(c, QStringLiteral("index agent transcripts (sessions/…/*.jsonl) or install the tool hook"),
              HealthAdvice::IndexTranscriptsOrInstallToolHook, HealthFix::ConnectAgent);
        return c;
    }
    auto events = usage.load();
    if (!events) {
        c.status = HealthStatus::Error;
        c.reason = events.error().toString();
        fixBy(c, QStringLiteral("fix or delete the line named"), HealthAdvice::FixLineNamed);
        return c;
    }
    QDateTime newest;
    for (const ToolEvent &e : std::as_const(*events))
        if (e.time.isValid() && (!newest.isValid() || e.time > newest))
            newest = e.time;
    c.reason = QStringLiteral("%1 of at most %2 events").arg(events->size()).arg(ToolUsage::kMaxEvents);
    c.found(HealthDetail::ToolEvents, {number(events->size()), number(ToolUsage::kMaxEvents)});
    if (!newest.isValid())
        return c;
    const qint64 seconds = newest.secsTo(now);
    c.found(HealthDetail::ToolEventsNewest, {number(events->size()), number(ToolUsage::kMaxEvents), number(seconds)});
    c.reason += QStringLiteral(", newest %1").arg(age(seconds));
    if (seconds > qint64(limits.toolUsageStaleDays) * 86400) {
        c.status = HealthStatus::Stale;
        c.reason += QStringLiteral(" (stale after %1 days)").arg(limits.toolUsageStaleDays);
        c.staleAfterHours = limits.toolUsageStaleDays * 24;
        fixBy(c, QStringLiteral("index recent transcripts, or check the tool hook"),
              HealthAdvice::IndexRecentTranscripts, HealthFix::ConnectAgent);
    }
    return c;
}

HealthCheck HealthChecks::reflections(const QString &vaultPath, const Config &config, const QDateTime &now)
{
    HealthCheck c = named(HealthCheckId::Reflections, QStringLiteral("reflections"));
    Reflection reflection(vaultPath, config.llmEndpoint);
    auto records = reflection.load();
    if (!records) {
        c.status = HealthStatus::Error;
        c.reason = records.error().toString();
        fixBy(c, QStringLiteral("fix or delete the line named"), HealthAdvice::FixLineNamed);
        return c;
    }
    if (!config.llmEndpoint.configured()) {
        c.reason = QStringLiteral("reflection is off: no llm endpoint in engram.json (%1 stored)").arg(records->size());
        c.found(HealthDetail::ReflectionOff, {number(records->size())});
        return c;
    }
    if (records->isEmpty()) {
        c.status = HealthStatus::NotYet;
        c.reason = QStringLiteral("state/reflections.jsonl has no reflection yet");
        c.found(HealthDetail::NoReflection);
        fixBy(c, QStringLiteral("engram-cli reflect"), HealthAdvice::Reflect);
        return c;
    }
    int pending = 0;
    for (const ReflectionRecord &r : std::as_const(*records))
        pending += r.status == QLatin1String("proposed") ? 1 : 0;
    const qint64 seconds = records->last().time.secsTo(now);
    c.reason = QStringLiteral("%1 stored, %2 awaiting a decision; last %3")
                   .arg(records->size())
                   .arg(pending)
                   .arg(age(seconds));
    c.found(HealthDetail::ReflectionsStored, {number(records->size()), number(pending), number(seconds)});
    if (seconds > qint64(config.health.reflectionStaleDays) * 86400) {
        c.status = HealthStatus::Stale;
        c.reason += QStringLiteral(" (stale after %1 days)").arg(config.health.reflectionStaleDays);
        c.staleAfterHours = config.health.reflectionStaleDays * 24;
        fixBy(c, QStringLiteral("engram-cli reflect"), HealthAdvice::Reflect);
    }
    return c;
}

HealthCheck HealthChecks::endpoint(const QString &name, const Endpoint &e)
{
    HealthCheck c = named(name == QLatin1String("embedding endpoint") ? HealthCheckId::EmbeddingEndpoint
                                                                      : HealthCheckId::LlmEndpoint,
                          name);
    if (!e.configured()) {
        c.reason = QStringLiteral("not configured");
        c.found(HealthDetail::EndpointNotConfigured);
        return c;
    }
    QString base = e.url;
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    const QUrl url(e.kind == QLatin1String("ollama")     ? base + QStringLiteral("/api/tags")
                   : base.endsWith(QLatin1String("/v1")) ? base + QStringLiteral("/models")
                                                         : base + QStringLiteral("/v1/models"));
    auto response = HttpClient(qMin(e.timeoutMs, 3000)).get(url);
    if (!response) {
        c.status = HealthStatus::Error;
        c.reason = response.error().message;
        fixBy(c, QStringLiteral("start the model server, or correct the url in engram.json"),
              HealthAdvice::StartModelServer);
    } else if (response->status >= 500) {
        c.status = HealthStatus::Error;
        c.reason = QStringLiteral("%1 answered HTTP %2").arg(url.toString()).arg(response->status);
        c.found(HealthDetail::EndpointHttpError, {url.toString(), number(response->status)});
        fixBy(c, QStringLiteral("check the model server's log"), HealthAdvice::CheckModelServerLog);
    } else {
        c.reason =
            QStringLiteral("%1 answers (HTTP %2), model %3").arg(url.toString()).arg(response->status).arg(e.model);
        c.found(HealthDetail::EndpointAnswers, {url.toString(), number(response->status), e.model});
    }
    return c;
}

HealthCheck HealthChecks::indexWrites(const QString &indexDirectory, const QString &failure, bool unfinished)
{
    const QString free = QString::number(QStorageInfo(indexDirectory).bytesAvailable() / (1024 * 1024));
    HealthCheck c;
    c.id = HealthCheckId::IndexWrites;
    c.name = QStringLiteral("index writes");
    if (!failure.isEmpty()) {
        const QString when = failure.section(QLatin1Char('\t'), 0, 0);
        const QString error = failure.section(QLatin1Char('\t'), 1);
        c.status = HealthStatus::Error;
        c.reason = QStringLiteral("the index run of %1 could not write: %2; recall answers from what was indexed "
                                  "before. %3 MiB free on the index's disk now")
                       .arg(when, error, free);
        c.fix = HealthFix::Reindex;
        c.fixText = QStringLiteral("free space on the disk of %1, then engram-cli index").arg(indexDirectory);
        c.advice = HealthAdvice::FreeDiskSpaceThenReindex;
        return c.found(HealthDetail::IndexWriteFailed, {when, error, free});
    }
    if (unfinished) {
        c.status = HealthStatus::Stale;
        c.reason = QStringLiteral("the last index run did not finish (stopped, or a write failed); %1 MiB free on "
                                  "the index's disk")
                       .arg(free);
        c.fix = HealthFix::Reindex;
        c.fixText = QStringLiteral("engram-cli index");
        c.advice = HealthAdvice::Reindex;
        return c.found(HealthDetail::Verbatim);
    }
    c.reason = QStringLiteral("the last index run wrote everything; %1 MiB free on the index's disk").arg(free);
    return c.found(HealthDetail::IndexWritesOk, {free});
}

} // namespace engram
