#pragma once

#include <QList>

namespace engram {

/// One undirected, weighted association between two nodes (indices 0..n-1).
struct CommunityLink {
    int a = 0;
    int b = 0;
    double weight = 1.0;
};

/// Communities of an association graph by modularity (Louvain: nodes move to the neighbouring
/// community that gains most, then communities become nodes, until nothing moves). Deterministic:
/// nodes are visited in index order and ties keep the earlier community, so the same graph always
/// gives the same communities. Links repeated between two nodes add up; self-links are ignored.
class CommunityDetection {
public:
    /// The community of each node: 0 is the largest (ties: the one holding the lowest node index),
    /// a node without links is a community of its own.
    static QList<int> partition(int nodeCount, const QList<CommunityLink> &links);
};

} // namespace engram
