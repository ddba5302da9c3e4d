#include "GraphCommunities.h"

#include "core/TextAnalysis.h"
#include "dynamics/CommunityDetection.h"

#include <QSet>

#include <algorithm>
#include <cmath>

namespace engram {

QStringList GraphCommunities::wordsOf(const QString &label)
{
    QStringList out;
    for (const QString &word : TextAnalysis::words(label)) {
        if (word.size() < 3 || TextAnalysis::isStopWord(word) || out.contains(word))
            continue;
        bool number = false;
        word.toDouble(&number);
        if (!number)
            out << word;
    }
    return out;
}

QStringList GraphCommunities::dominantTerms(const QStringList &labels, const QHash<QString, int> &documentFrequency,
                                            int documents, int count)
{
    QHash<QString, int> frequency;
    for (const QString &label : labels)
        for (const QString &word : wordsOf(label))
            ++frequency[word];
    QList<QPair<double, QString>> scored;
    for (auto it = frequency.cbegin(); it != frequency.cend(); ++it) {
        // A word in one member of a large community says little about it.
        if (it.value() < 2 && labels.size() > 2)
            continue;
        const double rarity = std::log((1.0 + documents) / (1.0 + documentFrequency.value(it.key(), 0)));
        if (rarity <= 0.0) // in every memory: names nothing
            continue;
        // Rarity squared: a word in most of the vault ("session") must not name a community
        // because the community is large.
        scored.append({it.value() * rarity * rarity, it.key()});
    }
    std::sort(scored.begin(), scored.end(), [](const auto &x, const auto &y) {
        return x.first != y.first ? x.first > y.first : x.second < y.second;
    });
    QStringList out;
    for (int i = 0; i < scored.size() && out.size() < count; ++i)
        out << scored.at(i).second;
    return out;
}

void GraphCommunities::annotate(GraphData &graph)
{
    graph.communities.clear();
    graph.communityLinks.clear();
    QHash<qint64, int> indexOf;
    for (int i = 0; i < graph.nodes.size(); ++i)
        indexOf.insert(graph.nodes.at(i).id, i);
    QList<CommunityLink> links;
    links.reserve(graph.edges.size());
    for (const GraphEdge &e : std::as_const(graph.edges)) {
        const int a = indexOf.value(e.from, -1);
        const int b = indexOf.value(e.to, -1);
        if (a >= 0 && b >= 0)
            links.append({a, b, qMax(0.05, e.weight)});
    }
    const QList<int> of = CommunityDetection::partition(int(graph.nodes.size()), links);

    QList<double> inside(graph.nodes.size(), 0.0);
    QHash<quint64, double> between;
    for (const CommunityLink &link : std::as_const(links)) {
        const int ca = of.at(link.a);
        const int cb = of.at(link.b);
        if (ca == cb) {
            inside[link.a] += link.weight;
            inside[link.b] += link.weight;
        } else {
            between[(quint64(qMin(ca, cb)) << 32) | quint64(qMax(ca, cb))] += link.weight;
        }
    }
    int communities = 0;
    for (int c : of)
        communities = qMax(communities, c + 1);
    QList<QList<int>> members(communities);
    for (int i = 0; i < of.size(); ++i)
        members[of.at(i)] << i;

    QHash<QString, int> documentFrequency;
    for (const GraphNode &node : std::as_const(graph.nodes))
        for (const QString &word : wordsOf(node.label))
            ++documentFrequency[word];

    // Communities are numbered largest first, so the ones of two or more come first.
    for (int c = 0; c < communities && members.at(c).size() >= 2; ++c) {
        QList<int> list = members.at(c);
        std::stable_sort(list.begin(), list.end(), [&](int x, int y) { return inside.at(x) > inside.at(y); });
        GraphCommunity community;
        QStringList labels;
        QHash<QString, int> regions;
        for (int i : std::as_const(list)) {
            community.members << graph.nodes.at(i).id;
            labels << graph.nodes.at(i).label;
            ++regions[graph.nodes.at(i).region];
        }
        community.titles = labels.mid(0, 5);
        const QStringList terms = dominantTerms(labels, documentFrequency, int(graph.nodes.size()), 3);
        community.name = terms.isEmpty() ? labels.first() : terms.join(QStringLiteral(" · "));
        int most = 0;
        for (auto it = regions.cbegin(); it != regions.cend(); ++it)
            if (it.value() > most || (it.value() == most && it.key() < community.region)) {
                most = it.value();
                community.region = it.key();
            }
        graph.communities << community;
    }
    QList<quint64> pairs = between.keys();
    std::sort(pairs.begin(), pairs.end());
    for (quint64 pair : std::as_const(pairs)) {
        const int a = int(pair >> 32);
        const int b = int(pair & 0xffffffffu);
        if (a < graph.communities.size() && b < graph.communities.size())
            graph.communityLinks << GraphEdge{a, b, QStringLiteral("related"), between.value(pair)};
    }
}

} // namespace engram
