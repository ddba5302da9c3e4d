#include "dynamics/DynamicSignals.h"

#include "dynamics/DecayPolicy.h"
#include "dynamics/MemoryDynamics.h"

#include <QTimeZone>

#include <map>

namespace engram {

namespace {

double typeFactor(const QString &type)
{
    if (type == QLatin1String("supersedes"))
        return 0.2; // the replaced memory should not ride on its successor
    if (type == QLatin1String("contradicts"))
        return 0.5;
    return 1.0;
}

} // namespace

void DynamicSignals::signalsFor(const QList<Chunk> &chunks, const QDateTime &now, QList<MemorySignals> &out)
{
    out = QList<MemorySignals>(chunks.size());
    QHash<QString, qsizetype> position;
    for (qsizetype i = 0; i < chunks.size(); ++i)
        position.insert(MemoryDynamics::chunkKey(chunks[i].path, chunks[i].ordinal), i);

    m_superseded.clear();
    QList<double> coactivation(chunks.size(), 0.0);
    const QList<MemoryState> states = m_dynamics.states(chunks, now);
    for (qsizetype i = 0; i < chunks.size(); ++i) {
        const Chunk &chunk = chunks[i];
        const MemoryState &st = states[i];
        MemorySignals &m = out[i];
        m.strength = st.superseded ? st.strength * kSupersededFactor : st.strength;
        if (st.superseded)
            m_superseded.insert(chunk.id);
        m.access = DecayPolicy::accessSignal(st.accessCount);
        // lastAccess stays unset on purpose: recency is the age of the event itself.
        // Time since the last access is already in strength (decay restarts at each
        // access); counting it twice let every returned memory crowd out better
        // matches (LoCoMo dev with reinforceOn=recall fell from 58.2 to 41.5 R@10).
        m.archived = st.archived;
    }

    // Co-activation edges of all candidates in one query, applied in the
    // order of the candidates and, for each, of its edges (dst, origin) — the sums stay the same.
    struct CoEdge {
        QString dst;
        double weight = 0;
        QDateTime updated;
    };
    QHash<QString, QList<CoEdge>> bySource;
    auto coEdges = m_dynamics.m_store.database().cached(
        QStringLiteral("SELECT src, dst, weight, updated FROM dyn_edges WHERE type = 'co_activated' "
                       "AND src IN (SELECT value FROM json_each(?)) ORDER BY src, dst, type, origin"));
    if (coEdges) {
        coEdges->bind(1, sqlList(position.keys()));
        while (coEdges->next())
            bySource[coEdges->text(0)] << CoEdge{
                coEdges->text(1), coEdges->real(2),
                coEdges->isNull(3) ? QDateTime() : QDateTime::fromMSecsSinceEpoch(coEdges->int64(3), Qt::UTC)};
    }
    for (qsizetype i = 0; i < chunks.size() && !bySource.isEmpty(); ++i) {
        const auto edges = bySource.constFind(states[i].key);
        if (edges == bySource.constEnd())
            continue;
        for (const CoEdge &e : *edges) {
            const auto other = position.constFind(e.dst);
            if (other == position.constEnd())
                continue;
            const double w = DecayPolicy::coactivationAt(e.weight, e.updated, now);
            coactivation[i] += w; // edges are stored once (src < dst): credit both ends
            coactivation[*other] += w;
        }
    }
    for (qsizetype i = 0; i < chunks.size(); ++i)
        out[i].coactivation = qMin(1.0, coactivation[i]);
}

void DynamicSignals::refine(QList<RecallResult> &results, const RankingMode &mode, const QDateTime &now)
{
    for (RecallResult &r : results) {
        if (!m_superseded.contains(r.chunk.id))
            continue;
        const ScoreComponent penalty{QStringLiteral("superseded"), 1.0,
                                     -kSupersededPenalty * mode.layerWeight(r.chunk.tags.layer.value)};
        r.breakdown << penalty;
        r.score += penalty.contribution();
    }
    walkGraph(results, mode, now);
}

void DynamicSignals::walkGraph(QList<RecallResult> &results, const RankingMode &mode, const QDateTime &now)
{
    if (mode.graphHops <= 0 || results.size() < 2)
        return;
    QList<qsizetype> order(results.size());
    for (qsizetype i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) {
        if (results[a].score != results[b].score)
            return results[a].score > results[b].score;
        if (results[a].chunk.path != results[b].chunk.path)
            return results[a].chunk.path < results[b].chunk.path;
        return results[a].chunk.startLine < results[b].chunk.startLine;
    });

    // std::map keeps the walk's order (and so its floating-point sums) the same in every run.
    std::map<QString, double> frontier;
    const double top = qMax(1e-9, results[order.front()].score);
    for (qsizetype i = 0; i < qMin<qsizetype>(kSeeds, order.size()); ++i) {
        const RecallResult &seed = results[order[i]];
        const double a = seed.score / top;
        frontier[MemoryDynamics::chunkKey(seed.chunk.path, seed.chunk.ordinal)] += a;
        frontier[seed.chunk.path] += 0.5 * a;
    }
    std::map<QString, double> received;
    const int hops = qMin(mode.graphHops, 2);
    for (int hop = 1; hop <= hops; ++hop) {
        std::vector<std::pair<QString, double>> nodes(frontier.begin(), frontier.end());
        std::stable_sort(nodes.begin(), nodes.end(), [](const auto &a, const auto &b) { return a.second > b.second; });
        if (nodes.size() > size_t(kMaxNodes))
            nodes.resize(kMaxNodes);
        std::map<QString, double> next;
        const double damping = hop == 1 ? 1.0 : 0.5;
        QStringList keys;
        for (const auto &node : nodes)
            keys << node.first;
        const QHash<QString, QList<MemoryEdge>> edgesByKey = m_dynamics.edgesOfMany(keys, now, kFanOut);
        for (const auto &[key, activation] : nodes) {
            for (const MemoryEdge &e : edgesByKey.value(key)) {
                const QString other = e.from == key ? e.to : e.from;
                if (other == key || other.startsWith(QLatin1String("wiki:")))
                    continue;
                next[other] += activation * e.weight * typeFactor(e.type) * damping;
            }
        }
        for (const auto &[key, a] : next)
            received[key] += a;
        frontier = std::move(next);
    }

    QHash<QString, int> perFile;
    for (const RecallResult &r : std::as_const(results))
        ++perFile[r.chunk.path];
    for (RecallResult &r : results) {
        const auto chunkIt = received.find(MemoryDynamics::chunkKey(r.chunk.path, r.chunk.ordinal));
        const auto fileIt = received.find(r.chunk.path);
        double graph = chunkIt != received.end() ? chunkIt->second : 0.0;
        if (fileIt != received.end())
            graph += fileIt->second / perFile.value(r.chunk.path, 1);
        graph = qMin(1.0, graph);
        r.score = 0.0;
        for (ScoreComponent &c : r.breakdown) {
            if (c.name == QLatin1String("graph"))
                c.value = graph;
            r.score += c.contribution();
        }
    }
}

} // namespace engram
