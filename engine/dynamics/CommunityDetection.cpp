#include "dynamics/CommunityDetection.h"

#include <QHash>

#include <algorithm>
#include <numeric>

namespace engram {

namespace {

/// A weighted graph in adjacency lists; `self` holds the weight inside each node (a community
/// folded into one node keeps its internal links as a self-loop).
struct LevelGraph {
    QList<QList<QPair<int, double>>> adjacent;
    QList<double> self;
    QList<double> degree; ///< 2 × self + the links to other nodes
    double total = 0.0;   ///< the sum of all degrees (twice the graph's weight)
};

LevelGraph graphOf(int nodeCount, const QList<CommunityLink> &links)
{
    // Repeated links between the same pair add up, so each pair is one entry of each list.
    QHash<quint64, double> pairs;
    for (const CommunityLink &link : links) {
        if (link.a == link.b || link.a < 0 || link.b < 0 || link.a >= nodeCount || link.b >= nodeCount
            || link.weight <= 0.0)
            continue;
        const auto low = quint64(std::min(link.a, link.b));
        const auto high = quint64(std::max(link.a, link.b));
        pairs[(low << 32) | high] += link.weight;
    }
    QList<quint64> keys = pairs.keys();
    std::sort(keys.begin(), keys.end()); // hash order is not deterministic across runs
    LevelGraph g;
    g.adjacent.resize(nodeCount);
    g.self.fill(0.0, nodeCount);
    g.degree.fill(0.0, nodeCount);
    for (quint64 key : std::as_const(keys)) {
        const int a = int(key >> 32);
        const int b = int(key & 0xffffffffu);
        const double w = pairs.value(key);
        g.adjacent[a].append({b, w});
        g.adjacent[b].append({a, w});
        g.degree[a] += w;
        g.degree[b] += w;
        g.total += 2 * w;
    }
    return g;
}

/// One round of local moves: returns each node's community (renumbered 0..k-1 in node order)
/// and whether any node moved.
bool moveNodes(const LevelGraph &g, QList<int> &community)
{
    const int n = int(g.adjacent.size());
    community.resize(n);
    std::iota(community.begin(), community.end(), 0);
    QList<double> tot = g.degree; // the degree summed over each community's members
    QList<double> weightTo(n, 0.0);
    QList<int> touched;
    bool movedAny = false;
    for (int pass = 0; pass < 32; ++pass) {
        int moves = 0;
        for (int i = 0; i < n; ++i) {
            const int own = community.at(i);
            const double k = g.degree.at(i);
            if (k <= 0.0)
                continue;
            for (const auto &[j, w] : g.adjacent.at(i)) {
                const int c = community.at(j);
                if (weightTo.at(c) == 0.0)
                    touched << c;
                weightTo[c] += w;
            }
            tot[own] -= k;
            // Modularity gain of joining c (up to a constant factor): weight into c − k·tot(c)/2m.
            int best = own;
            double bestGain = weightTo.at(own) - k * tot.at(own) / g.total;
            for (int c : std::as_const(touched)) {
                const double gain = weightTo.at(c) - k * tot.at(c) / g.total;
                if (gain > bestGain + 1e-12) {
                    best = c;
                    bestGain = gain;
                }
            }
            tot[best] += k;
            if (best != own) {
                community[i] = best;
                ++moves;
            }
            for (int c : std::as_const(touched))
                weightTo[c] = 0.0;
            touched.clear();
        }
        if (moves == 0)
            break;
        movedAny = true;
    }
    // Renumber in order of each community's first node.
    QHash<int, int> renumbered;
    for (int &c : community) {
        const auto it = renumbered.constFind(c);
        c = it != renumbered.cend() ? it.value() : renumbered.insert(c, int(renumbered.size())).value();
    }
    return movedAny;
}

LevelGraph fold(const LevelGraph &g, const QList<int> &community, int count)
{
    LevelGraph folded;
    folded.adjacent.resize(count);
    folded.self.fill(0.0, count);
    folded.degree.fill(0.0, count);
    folded.total = g.total;
    QList<QHash<int, double>> between(count);
    for (int i = 0; i < g.adjacent.size(); ++i) {
        const int c = community.at(i);
        folded.self[c] += g.self.at(i);
        folded.degree[c] += g.degree.at(i);
        for (const auto &[j, w] : g.adjacent.at(i)) {
            const int d = community.at(j);
            if (c == d) {
                if (i < j)
                    folded.self[c] += w;
            } else {
                between[c][d] += w;
            }
        }
    }
    for (int c = 0; c < count; ++c) {
        QList<int> neighbours = between.at(c).keys();
        std::sort(neighbours.begin(), neighbours.end());
        for (int d : std::as_const(neighbours))
            folded.adjacent[c].append({d, between.at(c).value(d)});
    }
    return folded;
}

} // namespace

QList<int> CommunityDetection::partition(int nodeCount, const QList<CommunityLink> &links)
{
    QList<int> of(qMax(0, nodeCount));
    std::iota(of.begin(), of.end(), 0);
    if (nodeCount <= 0)
        return of;
    LevelGraph g = graphOf(nodeCount, links);
    if (g.total > 0.0) {
        for (int level = 0; level < 16; ++level) {
            QList<int> community;
            const bool moved = moveNodes(g, community);
            for (int &c : of)
                c = community.at(c);
            if (!moved)
                break;
            const int count = *std::max_element(community.cbegin(), community.cend()) + 1;
            g = fold(g, community, count);
        }
    }
    // Largest first; equal sizes in order of their lowest node.
    const int count = *std::max_element(of.cbegin(), of.cend()) + 1;
    QList<int> size(count, 0);
    QList<int> lowest(count, nodeCount);
    for (int i = 0; i < nodeCount; ++i) {
        ++size[of.at(i)];
        lowest[of.at(i)] = std::min(lowest.at(of.at(i)), i);
    }
    QList<int> order(count);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int x, int y) {
        return size.at(x) != size.at(y) ? size.at(x) > size.at(y) : lowest.at(x) < lowest.at(y);
    });
    QList<int> rank(count);
    for (int r = 0; r < count; ++r)
        rank[order.at(r)] = r;
    for (int &c : of)
        c = rank.at(c);
    return of;
}

} // namespace engram
