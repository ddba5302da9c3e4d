#pragma once

#include "core/Result.h"
#include "ingest/Document.h"

#include <QByteArray>

namespace engram {

/// Turns the bytes of one vault file into a Document: front matter, sections
/// (heading-aware paragraphs, or conversation turns) and, for agent logs, the
/// tool events. The parser never touches the disk; the caller reads the file.
///
/// Markdown notes, Markdown transcripts (`**Name**: text` paragraphs or
/// `## User` headings), plain text, Claude Code JSONL and Codex JSONL logs are
/// recognised. Invalid UTF-8, binary content and malformed front matter are
/// errors naming the file and line; a malformed JSONL line is a warning.
class DocumentParser {
public:
    /// What the parser derives from a file. Stored in the index: when it differs, every file is
    /// read again (not only the changed ones). 2: agent logs are titled by the session's own
    /// summary or first request, project and date, not by the file's UUID name.
    static constexpr int kVersion = 2;

    /// `relativePath` is the vault-relative path; its suffix chooses the format.
    static Result<Document> parse(const QString &relativePath, const QByteArray &bytes);

    /// True when `bytes` looks like binary data (NUL bytes or many control characters).
    static bool looksBinary(const QByteArray &bytes);

    /// `text` with every line end made a line feed: CRLF (Windows) and a lone CR (old Mac
    /// files) end a line as LF does. Every line number Engram shows is counted this way.
    static QString withLineFeeds(const QString &text);

    /// File suffixes the parser understands (lower case, without the dot).
    static QStringList supportedSuffixes();
};

/// Parsers for agent logs in their native JSONL formats.
class AgentLogParser {
public:
    /// Claude Code (`~/.claude/projects/.../<session>.jsonl`) or Codex
    /// (`~/.codex/sessions/.../rollout-*.jsonl`), detected from the content.
    static void parse(const QString &text, Document &document);
};

} // namespace engram
