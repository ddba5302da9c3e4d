#pragma once

#include <QDateTime>
#include <QList>
#include <QString>

namespace engram {

/// One piece of context Engram handed an agent's model in a session, as the transcript records it.
struct InjectedContext {
    enum class Kind { SessionStartPack, ToolResult };
    Kind kind = Kind::SessionStartPack;
    QString tool;        ///< the Engram tool ("recall", "wake", …) of a tool result; empty for the pack
    QString arguments;   ///< the call's arguments as compact JSON; empty for the pack
    QString text;        ///< what the model received: the pack's Markdown, or the result as the client passed it on
    bool failed = false; ///< the call ended in an error (its text is the error)
    int line = 0;        ///< the transcript line that holds it (1-based, as the index counts lines)
    QDateTime time;
};

/// Reads from a Claude Code or Codex JSONL transcript what Engram put in front of the model: the
/// SessionStart pack (Claude Code records each hook's output in an `attachment` line; Engram's is
/// the one whose command runs `engram-cli … hook session-start`) and the result of each call to a
/// tool of Engram's MCP server (`mcp__engram__recall` in Claude Code, the `mcp__engram`
/// namespace in Codex 0.171), in the order the session received them. The answer to "why did the
/// agent know that": the text is the transcript's own, as the model was given it. A line that
/// is not JSON is passed over; a call without a result is not listed.
class InjectedContextReader {
public:
    /// `server` is the name the MCP server was given (connect names it "engram").
    static QList<InjectedContext> read(const QString &transcript, const QString &server = QStringLiteral("engram"));
};

} // namespace engram
