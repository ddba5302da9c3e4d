#pragma once

#include <QDateTime>
#include <QString>

namespace engram {

/// Human titles for agent sessions. A transcript file is named by a UUID; a person finds a
/// session by what was asked in it, where and when: "Fix the flaky upload test — engram,
/// 2025-09-03". The helpers here tell a person's request from the machinery an agent writes
/// as user messages (tool results, slash-command wrappers and expansions, caveats, the
/// environment preamble of Codex) and shorten it for a title.
class SessionTitle {
public:
    static constexpr int kMaxRequestChars = 70;

    /// What a person asked in the text of a Claude Code user message, whitespace collapsed; empty
    /// when the text is machinery (`Caveat:` lines, local command output, an interruption
    /// notice). A slash command reads as its arguments; one without arguments reads as
    /// "/name" and sets `commandOnly`, so the caller can prefer a later plain request.
    static QString claudeRequest(const QString &text, bool *commandOnly = nullptr);

    /// What a person asked in the text of a Codex user message: the part after "## My request
    /// for Codex:" when an IDE sent its open tabs first; empty for the `<environment_context>`
    /// and `<user_instructions>` preamble the client injects.
    static QString codexRequest(const QString &text);

    /// "request — project, date": the request shortened to kMaxRequestChars at a word
    /// boundary, the project as the last folder of `cwd`, the date the session started (local).
    static QString compose(const QString &request, const QString &cwd, const QDateTime &started);

    /// `text` cut to at most `maxChars` at a word boundary, with "…" when cut.
    static QString shorten(const QString &text, int maxChars);
};

} // namespace engram
