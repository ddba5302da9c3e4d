// libFuzzer target: Claude Code / Codex JSONL logs through the parser and the chunker.
#include "FuzzSupport.h"
#include "ingest/Chunker.h"
#include "ingest/DocumentParser.h"

using namespace engram;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    auto parsed = DocumentParser::parse(QStringLiteral("sessions/fuzz.jsonl"), bytes);
    if (!parsed)
        return 0;
    const int lineCount = int(bytes.count('\n') + bytes.count('\r') + 1);
    for (const ToolEvent &event : std::as_const(parsed->toolEvents))
        fuzz::require(event.sequence >= 0 && event.sequence < parsed->toolEvents.size(), "tool event sequence");
    for (const Chunk &chunk : Chunker().chunk(*parsed))
        fuzz::require(chunk.startLine >= 1 && chunk.startLine <= chunk.endLine && chunk.endLine <= lineCount,
                      "a chunk's lines are in the file");
    return 0;
}
