#pragma once

#include <QDateTime>
#include <QList>
#include <QString>

namespace engram {

/// One tool call of an agent, folded to a line: its name, what it was called on, how it ended.
struct ConversationToolCall {
    enum class Outcome { Ok, Error, NoResult };
    QString name;
    QString summary; ///< the argument that says what the call was about: a command, a path, a query
    Outcome outcome = Outcome::NoResult;
    qint64 durationMs = -1; ///< -1 when the log does not give both the call's and the result's time
    QString error;          ///< first line of the failure
    QString input;          ///< the call's arguments as written (JSON), secrets redacted, at most kMaxDetailChars
    QString output;         ///< what the call gave back, secrets redacted, at most kMaxDetailChars
    static constexpr int kMaxDetailChars = 20000;
    int line = 0;       ///< the line of the call
    int resultLine = 0; ///< the line of the result, 0 without one
};

/// A stretch of a turn in the order it was written: text, or a tool call.
struct ConversationPart {
    QString text;      ///< empty for a tool call
    int toolCall = -1; ///< index into the turn's toolCalls, -1 for text
    int line = 0;      ///< the line it starts on: a long turn is scrolled to the memory's part of it
};

/// One turn: what one side said (and, for the assistant, did) until the other side spoke.
/// Lines are 1-based and inclusive, counted as DocumentParser counts them, so a chunk's line
/// range names the turns it came from.
struct ConversationTurn {
    QString speaker;       ///< "user" or "assistant"
    bool subagent = false; ///< a Claude Code sidechain: a task the main agent gave a subagent
    int startLine = 0;
    int endLine = 0;
    QDateTime time;
    QList<ConversationPart> parts;
    QList<ConversationToolCall> toolCalls;

    /// The turn's text parts joined by blank lines.
    QString text() const;
    /// True when one of the turn's own lines lies in firstLine..lastLine. A turn's range can hold
    /// other turns (a subagent works while the main agent waits for its Task result), so the
    /// range alone would highlight the whole wait.
    bool overlaps(int firstLine, int lastLine) const;
    QList<int> lines; ///< the lines the turn is made of, ascending
};

/// An agent session read for a person: who spoke, what was said, the tool calls folded.
struct Conversation {
    QString agent; ///< "claude-code" or "codex"
    QString sessionId;
    QString cwd;
    QDateTime started;
    /// The session's title as the index gives it (DocumentParser); empty when the session holds no
    /// request, where the index names it by its file.
    QString title;
    QList<ConversationTurn> turns;
    int skippedLines = 0; ///< lines that are not JSON objects or of a type the reader does not know

    /// Indexes of the turns that share a line with startLine..endLine.
    QList<int> turnsOverlapping(int startLine, int endLine) const;
};

/// Reads a Claude Code or Codex JSONL transcript into a Conversation for display. Machinery is
/// left out: tool results join their call, a slash command shows as "/name args" without its
/// expansion, caveats, local command output, commands that manage the session (a bare /clear),
/// reasoning and the Codex environment preamble are dropped. Never fails: a line it cannot read is counted in
/// skippedLines.
class ConversationReader {
public:
    static Conversation read(const QString &text);
};

} // namespace engram
