#pragma once

#include "ViewData.h"

namespace engram {

/// Fills a graph's communities and the links between them: CommunityDetection over its edges
/// (each pair's weights summed), members ordered by their weight inside, each community named
/// by the words of its members' labels that are frequent in it and rare elsewhere (tf × idf²).
/// Pure and deterministic: the same graph gives the same communities and names.
class GraphCommunities {
public:
    static void annotate(GraphData &graph);
    /// Up to `count` words of `labels` by frequency there × rarity² in the whole vault (`documentFrequency`
    /// over `documents` labels); stop words, numbers and words under three letters are left out.
    static QStringList dominantTerms(const QStringList &labels, const QHash<QString, int> &documentFrequency,
                                     int documents, int count);
    /// The distinct words of a label, as dominantTerms counts them.
    static QStringList wordsOf(const QString &label);
};

} // namespace engram
