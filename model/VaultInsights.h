#pragma once

#include "GraphFocus.h"
#include "Job.h"
#include "MemoryTableModel.h"
#include "ViewData.h"
#include "consolidation/Consolidator.h"
#include "index/MemoryCatalog.h"

#include <QObject>

#include <memory>

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
    ConsolidationScheduler *scheduler() const { return m_scheduler.get(); }

    /// Recomputes everything (a run in flight is followed by one more).
    void refresh();
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
    LatestJob m_refreshJob;
    LatestJob m_neighbourhoodJob;
};

} // namespace engram
