#pragma once

#include "ingest/Document.h"

namespace engram {

/// The unit Engram indexes, ranks and packs: a few paragraphs under one
/// heading, or one or a few turns of a conversation. It always knows the
/// file and the 1-based line range it came from.
struct Chunk {
    qint64 id = 0;   ///< row id in the index (0 before it is stored)
    QString path;    ///< vault-relative path of the source file
    int ordinal = 0; ///< position within the file
    int startLine = 0;
    int endLine = 0;
    QString heading;
    QString title;   ///< the document's title
    QString text;    ///< what is indexed and embedded
    QString speaker; ///< for turns
    bool isTurn = false;
    QDateTime time; ///< when it happened / was created, if known
    Tags tags;
    int tokens = 0; ///< estimated tokens of `text`
};

} // namespace engram
