#pragma once

#include "ingest/Chunk.h"
#include "recall/Retriever.h"

#include <QJsonObject>

#include <optional>

namespace engram {

class Engine;

/// A memory as an agent reads it, whichever front end asks (`engram-cli
/// … --json`, the MCP tools): one chunk, the lines of its file it cites, and,
/// when it came from a recall, the signals that ranked it. toJson() is the one
/// JSON form of a chunk and of a recall result.
struct MemoryItem {
    Chunk chunk;
    QString text;                ///< the cited lines as the file has them (Engine::displayText)
    std::optional<double> score; ///< set for a recall result
    double strength = 1.0;       ///< the strength signal of a recall result
    QList<ScoreComponent> breakdown;
    int keywordRank = 0; ///< 1-based rank in the BM25 list, 0 when absent
    int vectorRank = 0;  ///< 1-based rank in the kNN list, 0 when absent
    QString sourceText;  ///< the raw lines of the file, when asked for; null leaves it out of the JSON
    /// The vault it came from ("personal" or a linked vault's name) when the vault links others; null leaves
    /// it out, so a single vault's answers keep their shape.
    QString vault;
    QStringList supersededBy;   ///< files that replace it (RecallResult::supersededBy)
    QStringList contradictedBy; ///< newer memories that say otherwise (RecallResult::contradictedBy)

    /// A listed memory (no rank): a decision or a due goal of the briefing.
    static MemoryItem fromChunk(const Engine &engine, const Chunk &chunk);
    /// A ranked memory.
    static MemoryItem fromRecall(const Engine &engine, const RecallResult &result);

    /// How much of it an answer carries. Agent: what a model uses to answer from it — source (path:lines),
    /// about (the title and heading trail the text needs, EvidenceText::label), text, date (unless
    /// `about` says it), store, the score rounded to two places, vault when set. Full: everything below,
    /// for people, scripts and an agent that asks for the breakdown (`explain`).
    enum class Detail { Agent, Full };

    /// "path:start-end", what every answer cites.
    QString source() const;
    /// The title and heading trail its text needs to be understood on its own; empty when the text says it.
    QString about() const;
    /// Detail::Full: path, start_line, end_line, source, title, heading, text, region, store, layer, category
    /// (plain strings), explicit_tags (those its front matter sets; the others are inferred), id, tokens, speaker and
    /// time when known; score, strength, breakdown, keyword_rank and vector_rank for a recall result;
    /// source_text when asked for; vault when set.
    QJsonObject toJson(Detail detail = Detail::Full) const;
    /// "1. notes/a.md:3-9 [semantic · decision]\n   About > Heading — text…", a line of a readable answer.
    QString line(int rank) const;

private:
    void addSuccessors(QJsonObject &o) const;
};

} // namespace engram
