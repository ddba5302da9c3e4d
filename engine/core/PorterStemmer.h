#pragma once

#include <QString>

namespace engram {

/// M. F. Porter's suffix-stripping algorithm (1980), as the reference
/// implementation applies it: "relational" → "relat", "running" → "run",
/// "ponies" → "poni". It is the algorithm of SQLite FTS5's `porter` tokenizer,
/// so a query word can be looked up in the FTS5 vocabulary (document
/// frequencies). The embedder keeps TextAnalysis's light stemmer: measured
/// on LoCoMo, Porter-stemmed hash vectors fuse worse (bench/README.md).
/// Words with characters outside a–z are returned unchanged.
class PorterStemmer {
public:
    static QString stem(const QString &word);
};

} // namespace engram
