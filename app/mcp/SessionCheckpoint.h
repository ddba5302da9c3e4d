#pragma once

#include "core/Result.h"

#include <QDateTime>
#include <QString>
#include <QStringList>

namespace engram::mcp {

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

/// Writes a checkpoint as a session note, sessions/<yyyy-mm-dd>/checkpoint-<hhmmss>.md
/// (a numbered suffix when that name is taken), atomically with QSaveFile. It
/// never overwrites a file and never writes outside the vault.
class SessionCheckpoint {
public:
    struct Written {
        QString path; ///< vault-relative
        QString title;
        QDateTime created;
        qint64 bytes = 0;
    };

    static Result<Written> write(const QString &vaultPath, const Checkpoint &checkpoint, const QDateTime &now);
    /// The Markdown of a checkpoint note (front matter and body).
    static QString render(const Checkpoint &checkpoint, const QString &title, const QDateTime &now);
};

} // namespace engram::mcp
