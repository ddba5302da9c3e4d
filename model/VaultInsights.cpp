#include "VaultInsights.h"

#include "ConsolidationScheduler.h"
#include "GraphCommunities.h"
#include "MemoryLabel.h"
#include "MemoryTableModel.h"
#include "VaultSession.h"
#include "cognition/ToolUsage.h"
#include "vault/Engine.h"

#include <QDir>
#include <QDirIterator>
#include <QRegularExpression>
#include <QSet>
#include <QTimer>

#include <limits>
#include <utility>

namespace engram {

namespace {

/// Chunk keys and file paths of the dynamics layer → catalog rows.
class RowIndex {
public:
    explicit RowIndex(const QList<MemoryRow> &rows) : m_rows(rows)
    {
        QString previous;
        int ordinal = 0;
        for (int i = 0; i < rows.size(); ++i) {
            const MemoryRow &row = rows.at(i);
            ordinal = row.path == previous ? ordinal + 1 : 0; // rows come file by file, by ordinal
            previous = row.path;
            m_ordinals.append(ordinal);
            m_byKey.insert(MemoryEdge::chunkKey(row.path, ordinal), i);
            m_byId.insert(row.id, i);
            if (ordinal == 0) {
                m_byKey.insert(row.path, i); // a file stands for its first chunk
                m_files << row.path;
            }
        }
    }
    /// A chunk key, a file, or a cited range (`path:12-20`, as digests state derived_from): the chunk holding its first
    /// line.
    int rowOfKey(const QString &key) const
    {
        if (const auto it = m_byKey.constFind(key); it != m_byKey.cend())
            return it.value();
        static const QRegularExpression range(QStringLiteral("^(.+):(\\d+)(?:-\\d+)?$"));
        const auto m = range.match(key);
        if (!m.hasMatch())
            return -1;
        const int first = m_byKey.value(m.captured(1), -1);
        if (first < 0)
            return -1;
        const int line = m.captured(2).toInt();
        for (int i = first; i < m_rows.size() && m_rows.at(i).path == m_rows.at(first).path; ++i)
            if (m_rows.at(i).startLine <= line && line <= m_rows.at(i).endLine)
                return i;
        return first;
    }
    int rowOfId(qint64 id) const { return m_byId.value(id, -1); }
    const MemoryRow &row(int i) const { return m_rows.at(i); }
    int ordinal(int i) const { return m_ordinals.at(i); }
    const QStringList &files() const { return m_files; }
    Chunk chunk(int i) const
    {
        Chunk c;
        c.id = m_rows.at(i).id;
        c.path = m_rows.at(i).path;
        c.ordinal = m_ordinals.at(i);
        c.tags.store.value = m_rows.at(i).store;
        c.tags.layer.value = m_rows.at(i).layer;
        return c;
    }

private:
    const QList<MemoryRow> &m_rows;
    QList<int> m_ordinals;
    QHash<QString, int> m_byKey;
    QHash<qint64, int> m_byId;
    QStringList m_files;
};

/// Collects nodes and de-duplicated edges from dynamics edges.
class GraphBuilder {
public:
    GraphBuilder(const RowIndex &index, const QHash<qint64, MemoryStrength> &strengths)
        : m_index(index), m_strengths(strengths)
    { }
    /// Adds the edge when both ends are memories of the catalog; returns the far end's row (or -1).
    void add(const MemoryEdge &edge, QList<int> *reached = nullptr)
    {
        const int from = m_index.rowOfKey(edge.from);
        const int to = m_index.rowOfKey(edge.to);
        if (from < 0 || to < 0 || from == to)
            return;
        if (link(from, to, edge.type, edge.weight) && reached)
            *reached << from << to;
    }
    /// Adds an edge between two rows unless one of its type joins them already.
    bool link(int from, int to, const QString &type, double weight)
    {
        const qint64 a = m_index.row(from).id;
        const qint64 b = m_index.row(to).id;
        const QString key = QStringLiteral("%1>%2>%3").arg(qMin(a, b)).arg(qMax(a, b)).arg(type);
        if (m_seen.contains(key))
            return false;
        m_seen.insert(key);
        node(from);
        node(to);
        m_data.edges << GraphEdge{a, b, type, qBound(0.0, weight, 1.0)};
        return true;
    }
    void node(int row)
    {
        const MemoryRow &r = m_index.row(row);
        if (m_nodes.contains(r.id))
            return;
        m_nodes.insert(r.id);
        const QString label = memoryLabel(r.title, r.heading);
        const QString named = label.isEmpty() ? r.path : label;
        // All turns of a session share its title: each is told apart by its own first words, the
        // title in its tooltip.
        const bool turn = r.session && !r.excerpt.isEmpty();
        m_data.nodes << GraphNode{r.id, turn ? r.excerpt : named, r.region,
                                  m_strengths.value(r.id, MemoryStrength{}).strength,
                                  turn ? named + QLatin1Char('\n') + r.excerpt : QString()};
    }
    GraphData take() { return std::move(m_data); }
    qsizetype nodeCount() const { return m_nodes.size(); }

private:
    const RowIndex &m_index;
    const QHash<qint64, MemoryStrength> &m_strengths;
    GraphData m_data;
    QSet<qint64> m_nodes;
    QSet<QString> m_seen;
};

/// The day a digest covers: its period (a date, or the Monday of an ISO week), else a date in its path, else the run.
QDate periodDay(const LedgerEntry &e)
{
    static const QRegularExpression week(QStringLiteral("^(\\d{4})-W(\\d{2})$"));
    static const QRegularExpression date(QStringLiteral("(\\d{4}-\\d{2}-\\d{2})"));
    if (const QDate d = QDate::fromString(e.period, Qt::ISODate); d.isValid())
        return d;
    if (const auto m = week.match(e.period); m.hasMatch()) {
        QDate d(m.captured(1).toInt(), 1, 4); // 4 January is always in ISO week 1
        d = d.addDays(1 - d.dayOfWeek()).addDays(7 * (m.captured(2).toInt() - 1));
        if (d.isValid())
            return d;
    }
    if (const auto m = date.match(e.path); m.hasMatch())
        if (const QDate d = QDate::fromString(m.captured(1), Qt::ISODate); d.isValid())
            return d;
    return e.at.toLocalTime().date();
}

TimelineData timelineOf(Engine &engine)
{
    TimelineData out;
    // A digest rewritten by a later run counts once, as last written.
    QList<LedgerEntry> latest;
    QHash<QString, int> rowOf;
    for (const LedgerEntry &e : Consolidator(engine).ledger()) {
        if (rowOf.contains(e.path)) {
            latest[rowOf.value(e.path)] = e;
        } else {
            rowOf.insert(e.path, int(latest.size()));
            latest << e;
        }
    }
    for (const LedgerEntry &e : std::as_const(latest)) {
        const QDate day = periodDay(e);
        out.tokens << LayerTokens{day, e.layer, e.tokensOut};
        if (e.layer == QLatin1String("session"))
            out.tokens << LayerTokens{day, QStringLiteral("raw"), e.tokensIn};
        out.lineage << Lineage{e.path, e.layer, {}, e.compression(), day};
    }
    // Digests the ledger does not name still exist: "No consolidation yet" beside them misled.
    const QDir vault(engine.vaultPath());
    QDirIterator digests(vault.filePath(QStringLiteral("consolidated")), {QStringLiteral("*.md")}, QDir::Files,
                         QDirIterator::Subdirectories);
    while (digests.hasNext()) {
        const QString path = vault.relativeFilePath(digests.next());
        if (!rowOf.contains(path))
            out.unrecorded << path;
    }
    out.unrecorded.sort();
    return out;
}

ToolStatsData toolsOf(const QString &vault, QString *error)
{
    ToolStatsData out;
    auto events = ToolUsage(vault).load();
    if (!events) {
        *error = events.error().toString();
        return out;
    }
    out.stats = ToolUsage::statistics(*events);
    for (const ToolEvent &e : std::as_const(*events))
        if (e.durationMs >= 0)
            out.durationsMs[e.name] << e.durationMs;
    return out;
}

} // namespace

VaultInsights::VaultInsights(VaultSession *session, QObject *parent)
    : QObject(parent), m_session(session), m_rest(new QTimer(this))
{
    m_rest->setSingleShot(true);
    connect(m_rest, &QTimer::timeout, this, &VaultInsights::refresh);
    connect(session, &VaultSession::catalogReady, this, &VaultInsights::refresh);
    connect(session, &VaultSession::opened, this, &VaultInsights::startScheduler);
    connect(session, &VaultSession::closed, this, [this] {
        m_refreshJob.cancel();
        m_neighbourhoodJob.cancel();
        m_running = m_again = false;
        m_rest->stop();
        m_sinceLastRun.invalidate(); // the next vault's first run starts at once
        m_scheduler.reset();         // waits for a run in flight
        releaseOffThread(std::exchange(m_data, {}));
        Q_EMIT ready();
    });
}

VaultInsights::~VaultInsights() = default;

bool VaultInsights::isPending() const
{
    return m_running || m_rest->isActive();
}

VaultInsightData VaultInsights::compute(Engine &engine, const QList<MemoryRow> &rows,
                                        const QHash<qint64, MemoryStrength> &previous,
                                        const QHash<QString, MemoryTableModel::SessionStrength> &previousSessions)
{
    VaultInsightData out;
    const RowIndex index(rows);
    const QDateTime now = engine.now();
    QHash<QString, QPair<double, qint64>> byRegion;
    for (int i = 0; i < rows.size(); ++i) {
        const MemoryState st = engine.memoryState(index.chunk(i), now);
        out.strengths.insert(rows.at(i).id, MemoryStrength{st.strength, st.lastAccess, st.archived});
        auto &sum = byRegion[rows.at(i).region];
        sum.first += st.strength;
        ++sum.second;
    }
    for (auto it = byRegion.cbegin(); it != byRegion.cend(); ++it)
        out.regions << RegionStat{it.key(), it.value().second, it.value().first / double(it.value().second)};

    // Every memory is a node: the view shows a neighbourhood or the communities, never all at once by default.
    GraphBuilder graph(index, out.strengths);
    for (int i = 0; i < rows.size(); ++i) {
        graph.node(i);
        // Edges a file states hang on its first chunk; its other chunks are part of it.
        if (index.ordinal(i) > 0)
            graph.link(i - index.ordinal(i), i, QStringLiteral("part_of"), 0.5);
    }
    for (const MemoryEdge &edge : engine.allMemoryEdges(now))
        graph.add(edge);
    out.graph = graph.take();
    GraphCommunities::annotate(out.graph);
    out.graph.memoriesInVault = rows.size();
    out.focus = std::make_shared<const GraphFocus>(out.graph);
    out.strengthsMoved = MemoryTableModel::movedStrengths(previous, out.strengths);
    out.sessionStrengths = MemoryTableModel::sessionStrengths(rows, out.strengths);
    out.sessionsMoved =
        MemoryTableModel::movedSessions(previousSessions, out.sessionStrengths, rows, out.strengthsMoved);
    out.tools = toolsOf(engine.vaultPath(), &out.error);
    out.timeline = timelineOf(engine);
    return out;
}

GraphData VaultInsights::neighbourhood(Engine &engine, const QList<MemoryRow> &rows, qint64 chunkId, int hops)
{
    const RowIndex index(rows);
    const QHash<qint64, MemoryStrength> none;
    GraphBuilder graph(index, none);
    const int start = index.rowOfId(chunkId);
    if (start < 0)
        return {};
    graph.node(start);
    QSet<int> visited{start};
    QList<int> frontier{start};
    const QDateTime now = engine.now();
    for (int h = 0; h < qMax(1, hops) && !frontier.isEmpty(); ++h) {
        QList<int> reached;
        for (int row : std::as_const(frontier))
            for (const MemoryEdge &edge : engine.memoryEdges(index.row(row).path, index.ordinal(row), now))
                graph.add(edge, &reached);
        frontier.clear();
        for (int row : std::as_const(reached))
            if (!visited.contains(row)) {
                visited.insert(row);
                frontier << row;
            }
    }
    return graph.take();
}

void VaultInsights::refresh()
{
    if (!m_session->isOpen())
        return;
    if (m_running) {
        m_again = true;
        return;
    }
    if (m_rest->isActive())
        return; // the run at its end serves this request too
    if (m_sinceLastRun.isValid()) {
        const qint64 rest = qint64(m_restFactor * double(m_lastRunMs)) - m_sinceLastRun.elapsed();
        if (rest > 0) {
            m_rest->start(int(qMin<qint64>(rest, std::numeric_limits<int>::max())));
            return;
        }
    }
    m_running = true;
    ++m_runsStarted;
    QElapsedTimer run;
    run.start();
    runJob(
        this, m_refreshJob.next(),
        // The job opens its own connection: 280-310 ms while notes were written into a million-memory
        // vault (a connection opened and the dynamics journal caught up while the indexer writes), all
        // of it on the UI thread until then.
        // The rows are read again here rather than shared with the session: a job of a minute at
        // a million memories would hold the session's catalog, and the first delta to arrive
        // meanwhile would copy all of it on the UI thread (~200 ms).
        [source = m_session->sharedEngine(), previous = m_data.strengths,
         previousSessions = m_data.sessionStrengths](const CancelFlag &) {
            auto worker = source->openWorker();
            if (!worker) {
                VaultInsightData failed;
                failed.error = worker.error().toString();
                return failed;
            }
            const std::unique_ptr<Engine> engine = std::move(*worker);
            auto rows = engine->memoryRows();
            if (!rows) {
                VaultInsightData failed;
                failed.error = rows.error().toString();
                return failed;
            }
            return compute(*engine, *rows, previous, previousSessions);
        },
        [this, run](const VaultInsightData &data) {
            m_running = false;
            m_lastRunMs = run.elapsed();
            m_sinceLastRun.start();
            releaseOffThread(std::exchange(m_data, data)); // a graph of every memory, and their strengths
            Q_EMIT ready();
            if (std::exchange(m_again, false))
                refresh();
        });
}

void VaultInsights::requestNeighbourhood(qint64 chunkId, int hops)
{
    if (!m_session->isOpen())
        return;
    auto worker = m_session->engine()->openWorker();
    if (!worker)
        return;
    // A newer request (another node clicked) supersedes this one.
    std::shared_ptr<Engine> engine(std::move(*worker));
    runJob(
        this, m_neighbourhoodJob.next(),
        [engine, rows = m_session->catalog(), chunkId, hops](const CancelFlag &) {
            return neighbourhood(*engine, rows, chunkId, hops);
        },
        [this, chunkId](const GraphData &graph) { Q_EMIT neighbourhoodReady(chunkId, graph); });
}

Result<LineageNode> VaultInsights::lineage(const QString &path) const
{
    if (!m_session->isOpen())
        return Error{tr("no vault is open")};
    return Consolidator(*m_session->engine()).lineage(path);
}

void VaultInsights::startScheduler()
{
    m_scheduler = std::make_unique<ConsolidationScheduler>(*m_session->engine());
    connect(m_scheduler.get(), &ConsolidationScheduler::started, this, &VaultInsights::consolidationStarted);
    connect(m_scheduler.get(), &ConsolidationScheduler::failed, this, &VaultInsights::consolidationFailed);
    connect(m_scheduler.get(), &ConsolidationScheduler::finished, this, [this](const ConsolidationReport &report) {
        int written = 0;
        for (const DigestAction &d : report.digests)
            written += d.isNew ? 1 : 0;
        Q_EMIT consolidationFinished(
            tr("Consolidation: %Ln new digest(s), %1 updated, %2 unchanged, %3 memory change(s)", nullptr, written)
                .arg(report.digests.size() - written)
                .arg(report.unchanged)
                .arg(report.memories.size()));
        // The run indexes the digests it wrote through its own engine; the catalog
        // follows (then everything here refreshes), and anything it left is indexed.
        m_session->requestIndexAll();
        m_session->requestCatalog();
    });
    m_scheduler->start();
}

bool VaultInsights::consolidateNow()
{
    return m_scheduler && m_scheduler->runNow();
}

} // namespace engram
