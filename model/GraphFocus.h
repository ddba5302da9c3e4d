#pragma once

#include "ViewData.h"

#include <QHash>
#include <QSet>

#include <functional>

namespace engram {

/// What part of a large association graph to show: the neighbourhood of a memory or of a
/// question's results, strongest associations first and capped, so that a vault of 100,000
/// memories still shows a few dozen with readable labels. Indexes the edges by node once.
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

private:
    const GraphData *m_data = nullptr;
    QHash<qint64, QList<int>> m_adjacent; ///< node → its edges, strongest first
};

} // namespace engram
