#include "GraphFocus.h"

#include <algorithm>

namespace engram {

GraphFocus::GraphFocus(const GraphData &data) : m_data(data)
{
    m_adjacent.reserve(data.nodes.size());
    m_nodeIndex.reserve(data.nodes.size());
    for (int i = 0; i < data.nodes.size(); ++i) {
        m_adjacent.insert(data.nodes.at(i).id, {});
        m_nodeIndex.insert(data.nodes.at(i).id, i);
    }
    for (int i = 0; i < data.edges.size(); ++i) {
        const GraphEdge &e = data.edges.at(i);
        if (auto it = m_adjacent.find(e.from); it != m_adjacent.end())
            it->append(i);
        if (auto it = m_adjacent.find(e.to); it != m_adjacent.end() && e.to != e.from)
            it->append(i);
    }
    for (auto it = m_adjacent.begin(); it != m_adjacent.end(); ++it)
        std::stable_sort(it->begin(), it->end(),
                         [&data](int a, int b) { return data.edges.at(a).weight > data.edges.at(b).weight; });
}

QList<qint64> GraphFocus::neighbourhood(const QList<qint64> &seeds, int hops, int cap, const EdgeFilter &shown,
                                        int perMemory) const
{
    QList<qint64> out;
    QSet<qint64> taken;
    for (qint64 seed : seeds)
        if (m_adjacent.contains(seed) && !taken.contains(seed) && out.size() < cap) {
            out << seed;
            taken.insert(seed);
        }
    QList<qint64> frontier = out;
    for (int hop = 1; hop <= hops && !frontier.isEmpty() && out.size() < cap; ++hop) {
        // The first hop shares the room among the seeds; later hops give each memory a few.
        const int each = hop == 1 ? qMax(perMemory, (cap - int(out.size())) / int(frontier.size())) : perMemory;
        struct Candidate {
            double weight;
            int order;
            qint64 id;
        };
        QList<Candidate> candidates;
        QSet<qint64> offered;
        for (qint64 id : std::as_const(frontier)) {
            int added = 0;
            for (int edge : m_adjacent.value(id)) {
                const GraphEdge &e = m_data.edges.at(edge);
                const qint64 other = e.from == id ? e.to : e.from;
                if (taken.contains(other) || offered.contains(other) || !m_adjacent.contains(other) || !shown(e))
                    continue;
                candidates.append({e.weight, int(candidates.size()), other});
                offered.insert(other);
                if (++added >= each)
                    break;
            }
        }
        std::sort(candidates.begin(), candidates.end(), [](const Candidate &a, const Candidate &b) {
            return a.weight != b.weight ? a.weight > b.weight : a.order < b.order;
        });
        frontier.clear();
        for (const Candidate &c : std::as_const(candidates)) {
            if (out.size() >= cap)
                break;
            out << c.id;
            taken.insert(c.id);
            frontier << c.id;
        }
    }
    return out;
}

QList<int> GraphFocus::edgesAmong(const QList<qint64> &ids, const EdgeFilter &shown) const
{
    const QSet<qint64> set(ids.cbegin(), ids.cend());
    QSet<int> seen;
    QList<int> out;
    for (qint64 id : ids)
        for (int edge : m_adjacent.value(id)) {
            const GraphEdge &e = m_data.edges.at(edge);
            if (!seen.contains(edge) && set.contains(e.from) && set.contains(e.to) && shown(e)) {
                seen.insert(edge);
                out << edge;
            }
        }
    std::stable_sort(out.begin(), out.end(),
                     [this](int a, int b) { return m_data.edges.at(a).weight > m_data.edges.at(b).weight; });
    return out;
}

} // namespace engram
