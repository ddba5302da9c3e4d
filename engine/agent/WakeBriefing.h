#pragma once

#include "cognition/CognitiveState.h"
#include "core/Result.h"
#include "ingest/Chunk.h"

#include <QDateTime>

namespace engram {

class Engine;

/// What an agent reads first when a session starts (`engram-cli wake`, the MCP
/// `wake` tool): the `<engram-state>` preamble, the focus in full, the most
/// recent decisions and the prospective memories (goals, reminders).
struct WakeBriefing {
    QString preamble;
    Focus focus;
    QList<Chunk> decisions;   ///< newest first
    QList<Chunk> prospective; ///< newest first
    QString markdown;

    /// Builds the briefing; `limit` caps each list. An unreadable cognitive
    /// state is an error naming the file and line.
    static Result<WakeBriefing> build(Engine &engine, const QDateTime &now, int limit = 5);
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
