#pragma once

#include "ingest/Chunk.h"

namespace engram {

/// An edge a file states by its content: a wiki link, `derived_from` or
/// `supersedes` front matter, a prompt and its answer, an image and its caption.
struct StatedEdge {
    QString from;
    QString to;
    QString type;
    double weight = 1.0;
};

/// Facts of a file the dynamics use: its project (implicit `related` edges
/// between files of one project), feelings (slow decay) and the names wiki
/// links resolve against.
struct FileFacts {
    QString project;
    double valence = 0.0;    ///< -1..1
    double arousal = 0.0;    ///< 0..1
    double confidence = 0.8; ///< 0..1
    QString source;          ///< conversation, cron, observation, inference, external
    bool valenceExplicit = false;
    bool arousalExplicit = false;
    bool confidenceExplicit = false;
    bool sourceExplicit = false;
    QString linkName; ///< lower-case base name, what [[name]] matches
    QString titleKey; ///< lower-case title, what [[Title]] matches
};

/// Reads the known associations out of a parsed document and its chunks.
/// Pure: the same document always gives the same edges, so a rebuild
/// reproduces them.
class AssociationExtractor {
public:
    static QList<StatedEdge> edges(const Document &document, const QList<Chunk> &chunks);
    /// Front matter values where given; otherwise inferred (and marked so):
    /// source from the path, confidence from the source, valence and arousal
    /// from a small lexicon of feeling words.
    static FileFacts facts(const Document &document);
    /// "[[Some Note|alias]]" / "Some Note#part" → "some note"
    static QString wikiKey(const QString &target);
};

} // namespace engram
