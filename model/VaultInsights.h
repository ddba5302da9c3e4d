#pragma once

#include "GraphFocus.h"
#include "Job.h"
#include "MemoryTableModel.h"
#include "ViewData.h"
#include "consolidation/Consolidator.h"
#include "index/MemoryCatalog.h"

#include <QElapsedTimer>
#include <QObject>

#include <memory>

class QTimer;

namespace engram {

class ConsolidationScheduler;
class Engine;
class VaultSession;

/// What the engine layers know beyond the catalog, for the views: strength
/// and last access per memory (dynamics), the association graph (dynamics
/// edges of every file), tool statistics (ToolUsage) and the consolidation
/// ledger. Computed together off the UI thread on a pool thread with its own
/// Engine (Engine::openWorker) after every catalog refresh, so after indexing.
struct VaultInsightData {
    QHash<qint64, MemoryStrength> strengths;
    /// The chunk ids whose shown strength moved since the data before (MemoryTableModel::movedStrengths).
    QSet<qint64> strengthsMoved;
    /// Each session's strongest turn and latest access (MemoryTableModel::sessionStrengths), and
    /// those of them that moved since the data before (MemoryTableModel::movedSessions).
    QHash<QString, MemoryTableModel::SessionStrength> sessionStrengths;
    QHash<QString, MemoryTableModel::SessionStrength> sessionsMoved;
    QList<RegionStat> regions;
    GraphData graph;
    /// The graph's edges indexed by node, built with it: at 100k memories ~260 ms, too long for the UI thread.
    std::shared_ptr<const GraphFocus> focus;
    ToolStatsData tools;
    TimelineData timeline;
    QString error;
};

/// Feeds the views from the engine: refreshes VaultInsightData whenever the
/// session's catalog changes, answers neighbourhood requests of the graph,
/// reads the lineage of a digest, and runs consolidation by hand or nightly
/// (ConsolidationScheduler at `consolidation.nightlyHour`).
class VaultInsights : public QObject {
    Q_OBJECT
public:
    explicit VaultInsights(VaultSession *session, QObject *parent = nullptr);
    ~VaultInsights() override;

    const VaultInsightData &data() const { return m_data; }
    bool isLoading() const { return m_running; }
    /// A run is going, or one will when the rest ends.
    bool isPending() const;
    ConsolidationScheduler *scheduler() const { return m_scheduler.get(); }

    /// Recomputes everything: at once when the last run ended long enough ago, else after a rest
    /// (restFactor() × the last run's time since it ended). A request during a run or a rest is
    /// served by the run that follows it; none is dropped.
    void refresh();
    /// A run of T is followed by a rest of at least this × T, so insights take at most
    /// 1 / (1 + factor) of a core however often the catalog changes. At a million memories a run
    /// is a minute of one core, and a session transcript the agent appends to every few seconds
    /// changes the catalog every few seconds: back to back, that was a core for as long as the
    /// agent worked.
    static constexpr double kRestFactor = 4.0;
    void setRestFactor(double factor) { m_restFactor = factor; } ///< for tests
    /// Runs started since construction, and the wall time of the last (a test's view of the work).
    int runsStarted() const { return m_runsStarted; }
    qint64 lastRunMs() const { return m_lastRunMs; }
    /// The association neighbourhood of a memory within `hops`, from MemoryDynamics::edges; answered by
    /// neighbourhoodReady.
    void requestNeighbourhood(qint64 chunkId, int hops);
    /// The lineage of a digest, fact or clustered memory down to raw lines (vault-relative paths with line ranges).
    Result<LineageNode> lineage(const QString &path) const;
    /// Starts a consolidation run now; false when one is running or no vault is open.
    bool consolidateNow();

    /// The work itself (any thread): reads everything the views need from `engine`.
    /// `previous`, `previousSessions`: the strengths shown until now, to tell which moved.
    static VaultInsightData compute(Engine &engine, const QList<MemoryRow> &rows,
                                    const QHash<qint64, MemoryStrength> &previous = {},
                                    const QHash<QString, MemoryTableModel::SessionStrength> &previousSessions = {});
    /// The nodes and edges within `hops` of `chunkId`, following MemoryDynamics::edges.
    static GraphData neighbourhood(Engine &engine, const QList<MemoryRow> &rows, qint64 chunkId, int hops);

Q_SIGNALS:
    void ready();
    void neighbourhoodReady(qint64 chunkId, const engram::GraphData &graph);
    void consolidationStarted();
    void consolidationFinished(const QString &summary);
    void consolidationFailed(const QString &message);

private:
    void startScheduler();

    VaultSession *m_session;
    VaultInsightData m_data;
    std::unique_ptr<ConsolidationScheduler> m_scheduler;
    bool m_running = false;
    bool m_again = false;
    double m_restFactor = kRestFactor;
    int m_runsStarted = 0;
    qint64 m_lastRunMs = 0;       ///< wall time of the last run
    QElapsedTimer m_sinceLastRun; ///< since the last run ended; invalid before the first
    QTimer *m_rest = nullptr;     ///< starts the run a request during a rest asked for
    LatestJob m_refreshJob;
    LatestJob m_neighbourhoodJob;
};

} // namespace engram
