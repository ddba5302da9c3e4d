#pragma once

#include "agent/MemoryItem.h"
#include "cognition/CognitiveState.h"
#include "core/Result.h"

#include <QDateTime>
#include <QJsonObject>

namespace engram {

class Engine;

/// A prospective memory (goal, reminder) the briefing lists as due.
struct DueMemory {
    MemoryItem memory;
    QDateTime due; ///< `due:` of its front matter; invalid for an undated goal
};

struct WakeOptions {
    int preambleBudget = -1; ///< tokens of the preamble; -1: engram.json's preambleBudget
    int decisions = 5;       ///< at most this many open decisions
    int due = 10;            ///< at most this many due memories
};

/// What an agent reads first when a session starts, the same for
/// `engram-cli wake` and the MCP `wake` tool: the `<engram-state>` preamble,
/// the focus, the newest open decisions (one per file; a superseded or
/// archived decision is history, not open) and the prospective memories due by
/// tomorrow (dated ones first, soonest first; then undated ones, newest first).
/// Read from the index and the cognitive state, never from the notes.
struct WakeBriefing {
    QDateTime generatedAt;
    QString preamble;
    Focus focus;
    QList<MemoryItem> openDecisions; ///< newest first
    QList<DueMemory> due;

    /// Builds the briefing. An unreadable cognitive state is an error naming the file and line.
    static Result<WakeBriefing> build(Engine &engine, const QDateTime &now, const WakeOptions &options = {});

    /// generated_at, preamble, focus {current, priorities}, open_decisions and prospective_due
    /// (MemoryItem::toJson at `detail`, with `due` on a dated reminder).
    QJsonObject toJson(MemoryItem::Detail detail = MemoryItem::Detail::Full) const;
    /// The readable briefing: preamble, focus, open decisions, due.
    QString markdown() const;
};

/// The query of a session-start pack, made from the situation rather than
/// typed by the person: the project of the working directory (its git root's
/// folder name and README title), the current focus, the titles of recently
/// changed vault files and an optional task string.
struct SessionQuery {
    QString project;
    QString focus;
    QStringList recentTitles;
    QString task;

    QString text() const;
    static SessionQuery fromSituation(Engine &engine, const QString &workingDirectory, const QString &task,
                                      const QDateTime &now, int recentHours = 48, int maxRecent = 5);
};

} // namespace engram
