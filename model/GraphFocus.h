#pragma once

#include "ViewData.h"

#include <QHash>
#include <QSet>

#include <functional>

namespace engram {

/// What part of a large association graph to show: the neighbourhood of a memory or of a
/// question's results, strongest associations first and capped, so that a vault of 100,000
/// memories still shows a few dozen with readable labels. Indexes the edges by node once, on
/// any thread (the insights' pool thread builds it with the graph).
class GraphFocus {
public:
    using EdgeFilter = std::function<bool(const GraphEdge &)>;

    explicit GraphFocus(const GraphData &data = {});

    /// The seeds (those in the graph), then the memories reached within `hops`, hop by hop,
    /// each hop's strongest edges first, until `cap` memories. A memory of the second hop on
    /// adds its `perMemory` strongest edges at most, so one hub does not fill the view.
    QList<qint64> neighbourhood(const QList<qint64> &seeds, int hops, int cap, const EdgeFilter &shown,
                                int perMemory = 6) const;
    /// Indices (into the graph's edges) of the edges `shown` with both ends in `ids`, strongest first.
    QList<int> edgesAmong(const QList<qint64> &ids, const EdgeFilter &shown) const;
    bool contains(qint64 id) const { return m_adjacent.contains(id); }
    /// The node's position in the graph's nodes; -1 if it has none.
    int nodeIndex(qint64 id) const { return m_nodeIndex.value(id, -1); }
    const GraphData &data() const { return m_data; }

private:
    GraphData m_data;                     ///< a copy (implicitly shared): the focus may outlive the caller's graph
    QHash<qint64, QList<int>> m_adjacent; ///< node → its edges, strongest first
    QHash<qint64, int> m_nodeIndex;
};

} // namespace engram
