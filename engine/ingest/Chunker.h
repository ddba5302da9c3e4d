#pragma once

#include "ingest/Chunk.h"

namespace engram {

/// Splits a Document into Chunks. Notes: paragraphs under the same heading
/// are merged up to `maxTokens`; a longer paragraph is split at sentence
/// boundaries. Transcripts: `turnsPerChunk` consecutive turns per chunk (one
/// by default: measured on LoCoMo, see bench/README.md).
class Chunker {
public:
    struct Options {
        int maxTokens = 200;
        int turnsPerChunk = 1;
    };

    Chunker() = default;
    explicit Chunker(Options options) : m_options(options) { }

    QList<Chunk> chunk(const Document &document) const;

private:
    void chunkNote(const Document &document, QList<Chunk> &out) const;
    void chunkTurns(const Document &document, QList<Chunk> &out) const;

    Options m_options;
};

} // namespace engram
