#pragma once

#include "ingest/Chunk.h"

namespace engram {

/// The vocabularies of DESIGN.md.
namespace vocabulary {
QStringList regions();    ///< identity, language-comprehension, language-production, vision, episodic, spatial
QStringList stores();     ///< sensory, episodic, semantic, procedural, prospective
QStringList layers();     ///< core, raw, session, daily, weekly, fact
QStringList categories(); ///< decision, lesson, person, rule, event, fact, goal, workflow
} // namespace vocabulary

/// Gives every chunk its region, store, layer and category: from the front
/// matter when the person set them (marked explicit), else inferred from the
/// path and the text (marked inferred). An unknown explicit value is kept out
/// and reported as a warning on the document.
class Tagger {
public:
    /// Tags for the document as a whole (front matter and path).
    static Tags documentTags(Document &document);

    /// Refines the document tags for one chunk (its text may say "decided", a caption …).
    static void tagChunk(const Tags &documentTags, Chunk &chunk);
};

} // namespace engram
