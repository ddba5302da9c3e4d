#include "HealthText.h"

#include "Vocabulary.h"

#include <QDateTime>
#include <QLocale>

namespace engram {

QString HealthText::title(const HealthCheck &check)
{
    switch (check.id) {
    case HealthCheckId::Other: return check.name;
    case HealthCheckId::IndexIntegrity: return tr("Index integrity");
    case HealthCheckId::VectorsMatchChunks: return tr("Vectors = chunks");
    case HealthCheckId::IndexMatchesFiles: return tr("Index matches files");
    case HealthCheckId::LastReindex: return tr("Last re-index");
    case HealthCheckId::IndexingProblems: return tr("Indexing problems");
    case HealthCheckId::CognitiveState: return tr("Cognitive state");
    case HealthCheckId::MemoryFolders: return tr("Memory folders");
    case HealthCheckId::TodaysSession: return tr("Today's session");
    case HealthCheckId::ToolUsage: return tr("Tool usage");
    case HealthCheckId::Reflections: return tr("Reflections");
    case HealthCheckId::LlmEndpoint: return tr("LLM endpoint");
    case HealthCheckId::EmbeddingEndpoint: return tr("Embedding endpoint");
    case HealthCheckId::Journal: return tr("Journal");
    case HealthCheckId::SyncConflicts: return tr("Sync conflicts");
    case HealthCheckId::IndexWrites: return tr("Index writes");
    case HealthCheckId::FileWatching: return tr("File watching");
    case HealthCheckId::Secrets: return tr("Secrets");
    }
    return {};
}

QString HealthText::age(qint64 seconds)
{
    if (seconds < 3600)
        return tr("%Ln min ago", nullptr, int(qMax<qint64>(0, seconds / 60)));
    if (seconds < 2 * 86400)
        return tr("%Ln h ago", nullptr, int(seconds / 3600));
    return tr("%Ln day(s) ago", nullptr, int(seconds / 86400));
}

QString HealthText::detail(const HealthCheck &check)
{
    const QStringList &a = check.detailArgs;
    auto arg = [&a](int i) { return i < a.size() ? a.at(i) : QString(); };
    auto n = [&a](int i) { return i < a.size() ? a.at(i).toInt() : 0; };
    auto number = [&a](int i) { return QLocale().toString(i < a.size() ? a.at(i).toLongLong() : 0); };
    auto ago = [&a](int i) { return age(i < a.size() ? a.at(i).toLongLong() : 0); };
    QString text;
    switch (check.detail) {
    case HealthDetail::Verbatim: text = check.reason; break;
    case HealthDetail::IntegrityPassed: text = tr("SQLite integrity check passed"); break;
    case HealthDetail::VectorsUnsynced: text = tr("The vectors could not be brought up to date: %1").arg(arg(0)); break;
    case HealthDetail::VectorsMatch:
        text = tr("The vector index holds exactly the %Ln chunk(s)' vectors", nullptr, n(0));
        break;
    case HealthDetail::VectorsDiffer:
        text = tr("The vector index lacks %1 of the %2 chunks' vectors and holds %3 of chunks that are gone")
                   .arg(number(0), number(1), number(2));
        break;
    case HealthDetail::FilesIndexed: text = tr("%Ln file(s) indexed", nullptr, n(0)); break;
    case HealthDetail::FilesChanged:
        text = tr("%1 new, %2 changed, %3 deleted since the last index").arg(number(0), number(1), number(2));
        break;
    case HealthDetail::NeverIndexed: text = tr("The vault has never been indexed"); break;
    case HealthDetail::LastIndexed: {
        const QDateTime when = QDateTime::fromString(arg(0), Qt::ISODate);
        text = when.isValid() ? QLocale().toString(when.toLocalTime(), QLocale::ShortFormat) : arg(0);
        break;
    }
    case HealthDetail::IndexingProblems:
        text = tr("%Ln file(s) could not be indexed", nullptr, n(0)) + QStringLiteral(", ")
               + tr("%Ln warning(s)", nullptr, n(1));
        break;
    case HealthDetail::StateMissing:
        text = tr("No cognitive state yet (state/cognitive.json), so packs carry no focus, heuristics or learnings");
        break;
    case HealthDetail::StateSummary:
    case HealthDetail::StateSummaryNoFocus:
        text =
            tr("%1 heuristics, %2 learnings, %3 avoidances; changed %4").arg(number(0), number(1), number(2), ago(3));
        if (check.detail == HealthDetail::StateSummaryNoFocus)
            text += tr("; no focus set");
        break;
    case HealthDetail::MemoriesMissing: text = tr("memories/ does not exist: nothing has been remembered yet"); break;
    case HealthDetail::MemoriesEmpty: text = tr("memories/ is empty"); break;
    case HealthDetail::MemoriesByStore: {
        QStringList stores; // store, files, store, files…: the store's word in the UI's language
        for (int i = 0; i + 1 < a.size(); i += 2)
            stores << tr("%1 (%2)", "a memory store and its file count").arg(Vocabulary::store(a.at(i)), number(i + 1));
        text = tr("memories/: %1").arg(stores.join(QStringLiteral(", ")));
        break;
    }
    case HealthDetail::SessionCaptured: text = tr("%1 captured %2").arg(arg(0), ago(1)); break;
    case HealthDetail::NoSessionFile: text = tr("No session file under sessions/%1/").arg(arg(0)); break;
    case HealthDetail::NoSessionYet: text = tr("No session yet: nothing captured under sessions/"); break;
    case HealthDetail::SessionFiles:
        text = tr("%Ln file(s) in sessions/%1/, newest changed %2", nullptr, n(0)).arg(arg(1), ago(2));
        break;
    case HealthDetail::ToolUsageMissing:
        text = tr("state/tool-usage.jsonl does not exist: no tool calls counted yet");
        break;
    case HealthDetail::ToolEvents: text = tr("%1 of at most %2 events").arg(number(0), number(1)); break;
    case HealthDetail::ToolEventsNewest:
        text = tr("%1 of at most %2 events, newest %3").arg(number(0), number(1), ago(2));
        break;
    case HealthDetail::ReflectionOff:
        text = tr("Reflection is off: no LLM endpoint in engram.json (%1 stored)").arg(number(0));
        break;
    case HealthDetail::NoReflection: text = tr("state/reflections.jsonl has no reflection yet"); break;
    case HealthDetail::ReflectionsStored:
        text = tr("%1 stored, %2 awaiting a decision; last %3").arg(number(0), number(1), ago(2));
        break;
    case HealthDetail::EndpointNotConfigured: text = tr("Not configured"); break;
    case HealthDetail::EndpointHttpError: text = tr("%1 answered HTTP %2").arg(arg(0), arg(1)); break;
    case HealthDetail::EndpointAnswers: text = tr("%1 answers (HTTP %2), model %3").arg(arg(0), arg(1), arg(2)); break;
    case HealthDetail::JournalReplayed: text = tr("journals in state/journal/ replayed"); break;
    case HealthDetail::NoSyncConflicts: text = tr("No file holds conflict markers"); break;
    case HealthDetail::SyncConflicts:
        text = tr("%Ln file(s) hold conflict markers from a sync and are not indexed", nullptr, n(0));
        break;
    case HealthDetail::NoSecrets: text = tr("No file holds a secret"); break;
    case HealthDetail::SecretsFound:
        text = tr("%Ln secret(s) in %1 file(s): recall and packs redact them, sync does not commit the files", nullptr,
                  n(0))
                   .arg(number(1));
        break;
    case HealthDetail::IndexWritesOk:
        text = tr("The last index run wrote everything; %1 MiB free on the index's disk").arg(number(0));
        break;
    case HealthDetail::IndexWriteFailed:
        text = tr("The index run of %1 could not write: %2. Recall answers from what was indexed before; %3 MiB "
                  "free on the index's disk now")
                   .arg(arg(0), arg(1), number(2));
        break;
    case HealthDetail::WatchingFolders: text = tr("%1 folders watched").arg(number(0)); break;
    case HealthDetail::WatchingUnavailable:
        text = tr("File watching unavailable: rescanning every %Ln s (%1)", nullptr, n(0)).arg(arg(1));
        break;
    }
    if (check.status == HealthStatus::Stale && check.staleAfterHours > 0)
        text += QLatin1Char(' ')
                + (check.staleAfterHours % 24 == 0 ? tr("(stale after %Ln day(s))", nullptr, check.staleAfterHours / 24)
                                                   : tr("(stale after %Ln h)", nullptr, check.staleAfterHours));
    for (const QString &line : check.detailLines)
        text += QStringLiteral("\n  ") + line;
    if (check.detail == HealthDetail::IndexingProblems && n(2) > 0)
        text += QStringLiteral("\n  ") + tr("… and %Ln more", nullptr, n(2));
    return text;
}

QString HealthText::advice(const HealthCheck &check)
{
    switch (check.advice) {
    case HealthAdvice::None: return check.fixText;
    case HealthAdvice::Rebuild: return tr("Rebuild the index (engram-cli rebuild)");
    case HealthAdvice::Reindex: return tr("Re-index the vault (engram-cli index)");
    case HealthAdvice::FixFilesThenReindex: return tr("Fix or remove the files named, then re-index");
    case HealthAdvice::FixJournalThenRebuild:
        return tr("Fix or remove the lines named in state/journal.jsonl, then rebuild the index");
    case HealthAdvice::SetFocus: return tr("Set a focus in the State view (engram-cli state focus \"…\")");
    case HealthAdvice::FixStateByHand: return tr("Fix the file by hand; Engram will not overwrite it");
    case HealthAdvice::SetFocusOrInstallHook: return tr("Set a focus in the State view, or install the agent-end hook");
    case HealthAdvice::CreateMemoryFolder:
        return tr("Create memories/semantic, or say \"remember that …\" with the agent-end hook installed");
    case HealthAdvice::ConnectAgent:
        return tr("Connect the agent (Tools › Connect Agent…) so each session is captured, or run "
                  "engram-cli capture to copy its transcripts into sessions/");
    case HealthAdvice::CheckTranscriptWriter:
        return tr("Check that the agent still writes its transcript there and that its capture hooks are installed "
                  "(Tools › Connect Agent…)");
    case HealthAdvice::IndexTranscriptsOrInstallToolHook:
        return tr("Index agent transcripts (sessions/…/*.jsonl) or install the tool hook");
    case HealthAdvice::FixLineNamed: return tr("Fix or delete the line named");
    case HealthAdvice::IndexRecentTranscripts: return tr("Index recent transcripts, or check the tool hook");
    case HealthAdvice::Reflect: return tr("Run a reflection (engram-cli reflect)");
    case HealthAdvice::StartModelServer: return tr("Start the model server, or correct the URL in engram.json");
    case HealthAdvice::CheckModelServerLog: return tr("Check the model server's log");
    case HealthAdvice::FreeDiskSpaceThenReindex:
        return tr("Free space on the index's disk, then re-index the vault (engram-cli index)");
    case HealthAdvice::RaiseWatchLimit:
        return tr("Close programs that watch many files, or raise fs.inotify.max_user_watches and "
                  "fs.inotify.max_user_instances (sysctl)");
    case HealthAdvice::ResolveConflicts:
        return tr("Choose a version of each file (Sync › Resolve Conflicts…), then sync again");
    case HealthAdvice::RedactSecrets: return tr("Rewrite the files without their secrets (engram-cli redact --apply)");
    }
    return {};
}

} // namespace engram
