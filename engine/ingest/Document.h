#pragma once

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariantMap>

namespace engram {

/// Between the levels of a chunk's heading trail: "Decisions > 2026-11-18: SQLite FTS5 plus hnswlib".
inline constexpr QLatin1String kHeadingSeparator{" > "};

/// The last level of a heading trail: the section's own heading.
inline QString ownHeading(const QString &trail)
{
    const qsizetype parent = trail.lastIndexOf(kHeadingSeparator);
    return parent < 0 ? trail : trail.mid(parent + kHeadingSeparator.size());
}

/// A tag value and whether the person set it (front matter) or Engram inferred it.
struct Tag {
    QString value;
    bool isExplicit = false;
};

/// The orthogonal tags of DESIGN.md: where a memory lives (region), how it
/// persists (store), its consolidation level (layer) and its category.
struct Tags {
    Tag region;
    Tag store;
    Tag layer;
    Tag category;
};

enum class DocumentKind { Note, PlainText, Transcript, AgentLog };

QString documentKindName(DocumentKind kind);

/// One parsed unit of a document before chunking: a heading section's
/// paragraph, or one turn of a conversation. Lines are 1-based, inclusive.
struct Section {
    int startLine = 0;
    int endLine = 0;
    QString heading; ///< heading path, "Project > Decisions"
    QString text;    ///< the text to index (tool noise removed)
    QString speaker; ///< for turns: who spoke ("user", "assistant", a name)
    bool isTurn = false;
    QDateTime time; ///< for turns with a timestamp
};

/// A tool call seen in an agent log: counted in tool statistics, never embedded.
struct ToolEvent {
    QString name;
    bool ok = true;
    qint64 durationMs = -1; ///< -1 when the log does not say
    int sequence = 0;       ///< position of the call within its session
    QString sessionId;
    QString callId;
    QDateTime time;
    QString error; ///< first line of the failure, when it failed
};

/// A non-fatal problem found while reading a file (the file is still indexed).
struct ParseWarning {
    int line = 0;
    QString message;
};

/// What a parser makes of one vault file.
struct Document {
    QString path; ///< vault-relative, '/'-separated
    DocumentKind kind = DocumentKind::Note;
    QVariantMap frontMatter; ///< keys as written; empty without front matter
    int bodyStartLine = 1;   ///< first line after the front matter
    QString title;
    QDateTime created; ///< front matter `created`/`date`, else invalid
    QList<Section> sections;
    QList<ToolEvent> toolEvents;
    QStringList wikiLinks; ///< targets of [[...]] links
    QList<ParseWarning> warnings;
};

} // namespace engram
