#pragma once

#include "core/Result.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace engram {

class Engine;

/// The working context an agent saves before a session ends.
struct Checkpoint {
    QString title;
    QString summary;
    QString focus;
    QStringList decisions;
    QStringList openQuestions;
    QStringList nextSteps;
    QStringList tags;
    QString project;
};

/// A checkpoint as written: where, and how much of it the index holds.
struct SavedCheckpoint {
    QString path; ///< vault-relative
    QString title;
    QDateTime created;
    qint64 bytes = 0;
    int chunks = 0;            ///< indexed at once, so recall finds it from then on
    QStringList indexProblems; ///< the note is saved, but indexing it met these (it is retried on the next index)

    /// path, title, created, bytes and chunks.
    QJsonObject toJson() const;
    QString text() const;
};

/// Saves a checkpoint as a session note, sessions/<yyyy-mm-dd>/checkpoint-<hhmmss>.md
/// (a numbered suffix when that name is taken), atomically through
/// VaultBoundary, and indexes it. It never overwrites a file and never writes
/// outside the vault. The same for `engram-cli checkpoint` and the MCP
/// `checkpoint` tool.
class SessionCheckpoint {
public:
    static Result<SavedCheckpoint> save(Engine &engine, const Checkpoint &checkpoint, const QDateTime &now);
    /// The Markdown of a checkpoint note (front matter and body).
    static QString render(const Checkpoint &checkpoint, const QString &title, const QDateTime &now);
};

} // namespace engram
