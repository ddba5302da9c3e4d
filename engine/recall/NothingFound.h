#pragma once

#include <QString>

namespace engram {

/// What every front end says when recall finds nothing on a question (DESIGN.md rule 7: silence is an
/// answer): one line an agent or a person reads as "the memory holds nothing about this", not as a
/// failure. The CLI prints it, MCP `recall` returns it beside an empty list, a pack without memories
/// carries it; the workbench shows its translated form as the results table's own message.
inline QString nothingInMemoryAbout(const QString &query)
{
    return QStringLiteral("Nothing in memory about \"%1\".").arg(query.simplified().left(200));
}

} // namespace engram
