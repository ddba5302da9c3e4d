#pragma once

#include "dynamics/MemoryTypes.h"
#include "ingest/Chunk.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace engram {

/// How long a process keeps a vault open. A one-shot process (a CLI command, an MCP server an
/// agent session starts) reads the index's pages it needs; a long-running one (the workbench)
/// maps the index file, so its repeated recalls cost no read() per page.
enum class EngineLifetime { OneShot, LongRunning };

/// How a health check came out, from best to worst. NotYet is something that has simply not
/// started in this vault (no tool call counted, no session captured, never indexed): not a failure.
enum class HealthStatus { Ok, NotYet, Stale, Missing, Error };

/// What fixes a check. Reindex, Rebuild, ConnectAgent (add the hooks that capture sessions and count
/// tool calls), EditState (set a focus) and ResolveConflicts (choose between two versions of a file
/// a sync met) are actions the workbench runs itself; Manual is something a person does, described by
/// HealthCheck::fixText.
enum class HealthFix { None, Reindex, Rebuild, Manual, ConnectAgent, EditState, ResolveConflicts };

/// "ok", "not-yet", "stale", "missing" or "error": the words of `engram-cli health` and its JSON.
QString healthStatusName(HealthStatus status);

/// Which check a HealthCheck is: front ends name (and translate) a check by this, not by its English name.
enum class HealthCheckId {
    Other, ///< a check without an id of its own: front ends show its name
    IndexIntegrity,
    VectorsMatchChunks,
    IndexMatchesFiles,
    LastReindex,
    IndexingProblems,
    CognitiveState,
    MemoryFolders,
    TodaysSession,
    ToolUsage,
    Reflections,
    LlmEndpoint,
    EmbeddingEndpoint,
    Journal,
    SyncConflicts,
    IndexWrites,
    FileWatching,
    Secrets,
};

/// What a check found, as a phrase a front end words in its own language. HealthCheck::detailArgs
/// fill the phrase's values in the order given here (ages in seconds); Verbatim means the finding
/// is text that is not Engram's to translate (a SQLite message, a file's error with its line),
/// found in HealthCheck::reason.
enum class HealthDetail {
    Verbatim,
    IntegrityPassed,       ///< —
    VectorsUnsynced,       ///< error
    VectorsMatch,          ///< vectors
    VectorsDiffer,         ///< lacking, chunks, extra
    FilesIndexed,          ///< files
    FilesChanged,          ///< added, changed, deleted
    NeverIndexed,          ///< —
    LastIndexed,           ///< time (ISO 8601)
    IndexingProblems,      ///< files in error, warnings, problems beyond detailLines
    StateMissing,          ///< —
    StateSummary,          ///< heuristics, learnings, avoidances, age
    StateSummaryNoFocus,   ///< heuristics, learnings, avoidances, age
    MemoriesMissing,       ///< —
    MemoriesEmpty,         ///< —
    MemoriesByStore,       ///< store, files, per store (the store's name as stored: "semantic")
    SessionCaptured,       ///< file, age
    NoSessionFile,         ///< day
    NoSessionYet,          ///< —
    SessionFiles,          ///< files, day, age of newest
    ToolUsageMissing,      ///< —
    ToolEvents,            ///< events, most kept
    ToolEventsNewest,      ///< events, most kept, age of newest
    ReflectionOff,         ///< reflections stored
    NoReflection,          ///< —
    ReflectionsStored,     ///< stored, awaiting a decision, age of last
    EndpointNotConfigured, ///< —
    EndpointHttpError,     ///< url, HTTP status
    EndpointAnswers,       ///< url, HTTP status, model
    JournalReplayed,       ///< —
    NoSyncConflicts,       ///< —
    SyncConflicts,         ///< files holding conflict markers (named in detailLines)
    NoSecrets,             ///< —
    SecretsFound,          ///< secrets, files (each "path:line kind" in detailLines)
    IndexWritesOk,         ///< MiB free on the index's disk
    IndexWriteFailed,      ///< when (ISO 8601), the error naming the file, MiB free on its disk
    WatchingFolders,       ///< folders watched
    WatchingUnavailable,   ///< seconds between rescans, the reason
};

/// What a person does about a failed check, as a front end words it (HealthCheck::fixText is the
/// English of `engram-cli health`; None: front ends show fixText).
enum class HealthAdvice {
    None,
    Rebuild,
    Reindex,
    FixFilesThenReindex,
    FixJournalThenRebuild,
    SetFocus,
    FixStateByHand,
    SetFocusOrInstallHook,
    CreateMemoryFolder,
    ConnectAgent,
    CheckTranscriptWriter,
    IndexTranscriptsOrInstallToolHook,
    FixLineNamed,
    IndexRecentTranscripts,
    Reflect,
    StartModelServer,
    CheckModelServerLog,
    ResolveConflicts,
    FreeDiskSpaceThenReindex,
    RaiseWatchLimit,
    RedactSecrets,
};

/// One health check: its status, why, and what fixes it.
struct HealthCheck {
    HealthCheck() = default;
    HealthCheck(QString name, HealthStatus status, QString reason, HealthFix fix, QString fixText)
        : name(std::move(name)), status(status), reason(std::move(reason)), fix(fix), fixText(std::move(fixText))
    { }

    QString name;
    HealthStatus status = HealthStatus::Ok;
    QString reason;
    HealthFix fix = HealthFix::None;
    QString fixText; ///< the command or action a person reads, when there is one

    // The same check, typed, for front ends that word it themselves.
    HealthCheckId id = HealthCheckId::Other;
    HealthDetail detail = HealthDetail::Verbatim;
    QStringList detailArgs;
    QStringList detailLines; ///< verbatim lines under the detail (problems named with file and line)
    int staleAfterHours = 0; ///< when status is Stale: the threshold it passed
    HealthAdvice advice = HealthAdvice::None;

    /// Sets the typed finding; returns *this so a check reads as one expression.
    HealthCheck &found(HealthDetail what, QStringList args = {})
    {
        detail = what;
        detailArgs = std::move(args);
        return *this;
    }
};

/// Counts for `stats` and the workbench.
struct VaultStats {
    qint64 files = 0;
    qint64 chunks = 0;
    qint64 vectors = 0;
    qint64 problems = 0;
    QString embedder;
    QString lastIndex;
    QHash<QString, qint64> byRegion;
    QHash<QString, qint64> byStore;
    QHash<QString, qint64> byLayer;
    QHash<QString, qint64> byCategory;

    /// The JSON form of `engram-cli stats --json` and the MCP stats tool
    /// (an empty tag value counts as "(none)").
    QJsonObject toJson(const QString &vaultPath) const;
};

/// One chunk of a file as the dynamics see it: its strength and use, and its associations.
struct MemoryDetail {
    Chunk chunk;
    MemoryState state;
    QList<MemoryEdge> edges;
};

} // namespace engram
