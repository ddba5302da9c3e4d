#pragma once

#include "consolidation/AccessCounts.h"
#include "consolidation/DigestFile.h"
#include "core/Result.h"

#include <QDate>
#include <QDateTime>
#include <QHash>
#include <QList>

namespace engram {

class Engine;

struct ConsolidationOptions {
    QDate since;         ///< invalid = from the first session
    QDate until;         ///< invalid = to the last session
    bool dryRun = false; ///< plan only: nothing in the vault is written
    QDateTime now;       ///< the clock (tests inject it); invalid = current time
};

/// One digest the run wrote (or, in a dry run, would write).
struct DigestAction {
    QString path;
    QString layer;
    QString period;
    QString method;
    QString fallbackReason; ///< why the LLM path was not used, when it was tried
    int tokensIn = 0;
    int tokensOut = 0;
    int sources = 0;
    qint64 elapsedMs = 0;
    bool isNew = false; ///< false: an existing digest whose sources changed
};

/// A front matter change made to an existing memory (clustering, promotion).
struct MemoryAction {
    QString kind; ///< "cluster" (a new episodic memory), "consolidated_into", "promote"
    QString path;
    QString detail; ///< the cluster's members, the target, or "episodic → semantic"
};

struct ConsolidationReport {
    QList<DigestAction> digests;
    QList<MemoryAction> memories;
    int unchanged = 0; ///< digests whose sources had not changed
    bool dryRun = false;
    qint64 elapsedMs = 0;
};

/// One line of state/consolidation.jsonl, for the workbench's timeline.
struct LedgerEntry {
    QDateTime at;
    QString layer;
    QString period;
    QString path;
    QString method;
    int tokensIn = 0;
    int tokensOut = 0;
    int sources = 0;
    qint64 elapsedMs = 0;
    double compression() const { return tokensOut > 0 ? double(tokensIn) / tokensOut : 0.0; }
};

/// A node of a lineage tree: a file and line range, and what it was derived from.
struct LineageNode {
    SourceRange range;
    QString layer;       ///< of the file: raw, session, daily, weekly, fact, or a memory store
    bool exists = false; ///< the file exists and has these lines
    QList<LineageNode> children;
};

/// The "sleep" pass. Raw sessions (transcripts, agent logs, files under
/// sessions/) become session digests; a day's session digests become a daily
/// digest; a week's dailies a weekly digest; a weekly digest yields the week's
/// facts. Each digest is a canonical Markdown file under consolidated/<layer>/
/// whose items cite the exact lines they came from, so lineage leads from any
/// fact back to raw lines, and survives a rebuild of the index.
/// Runs are idempotent and incremental: a digest records a hash of its
/// sources and is rewritten only when they change. The same pass clusters
/// similar sensory memories into an episodic memory and promotes often
/// recalled, confident episodic memories to semantic.
class Consolidator {
public:
    /// `access` supplies recall counts for promotion; null = the journal reader.
    explicit Consolidator(Engine &engine, const AccessCounts *access = nullptr);

    Result<ConsolidationReport> run(const ConsolidationOptions &options = {});

    /// The ledger, oldest first (state/consolidation.jsonl; newest 5000 lines kept).
    QList<LedgerEntry> ledger() const;

    /// From a digest, fact or clustered memory down to raw lines. Without a
    /// range the whole file is followed.
    Result<LineageNode> lineage(const QString &path, int startLine = 0, int endLine = 0) const;
    /// The raw leaves of a lineage tree (no children), in order, without duplicates.
    static QList<LineageNode> leaves(const LineageNode &root);

    static QString ledgerPath() { return QStringLiteral("state/consolidation.jsonl"); }

private:
    struct Run;
    Engine &m_engine;
    AccessCounts m_defaultAccess;
    const AccessCounts *m_access;
};

} // namespace engram
