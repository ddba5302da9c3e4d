// libFuzzer target: a Markdown note (or plain text) through the parser, the
// chunker, the tagger and the association extractor, as the indexer runs them.
#include "FuzzSupport.h"
#include "core/TextAnalysis.h"
#include "dynamics/AssociationExtractor.h"
#include "ingest/Chunker.h"
#include "ingest/DocumentParser.h"
#include "ingest/Tagger.h"

using namespace engram;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    // The first byte picks the file type, so one corpus covers notes and plain text.
    const QString path = size > 0 && (data[0] & 1) ? QStringLiteral("notes/fuzz.txt") : QStringLiteral("notes/fuzz.md");
    auto parsed = DocumentParser::parse(path, bytes);
    if (!parsed)
        return 0;
    Document &doc = *parsed;
    const int lineCount = int(bytes.count('\n') + bytes.count('\r') + 1);
    const Tags tags = Tagger::documentTags(doc);
    QList<Chunk> chunks = Chunker({64, 1}).chunk(doc);
    for (Chunk &chunk : chunks) {
        Tagger::tagChunk(tags, chunk);
        fuzz::require(chunk.startLine >= 1 && chunk.startLine <= chunk.endLine, "a chunk's lines are a range");
        fuzz::require(chunk.endLine <= lineCount, "a chunk's lines are in the file");
        (void)TextAnalysis::terms(chunk.text);
    }
    (void)AssociationExtractor::edges(doc, chunks);
    (void)AssociationExtractor::facts(doc);
    return 0;
}
