#pragma once

#include "Result.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QStringList>

namespace engram {

/// state/cognitive.json as the workbench edits it (the schema of the cognitive
/// layer): focus, heuristics, learnings, avoidances. Keys it does not know
/// (engagement, …) are kept as they were and written back unchanged.
struct EditableCognitiveState {
    struct Focus {
        QString current;
        QStringList priorities;
        QDateTime lastUpdated;
    };
    struct Heuristic {
        QString text;
        QString source;
        int useCount = 0;
        QDateTime lastUsed;
    };
    struct Learning {
        QString text;
        QString category;  ///< insight, feedback, pattern, mistake
        QString context;
        QDateTime timestamp;
    };

    Focus focus;
    QList<Heuristic> heuristics;
    QList<Learning> learnings;
    QStringList avoidances;
    QJsonObject other;  ///< the whole object as read, for the keys above it leaves alone

    static Result<EditableCognitiveState> fromJson(const QByteArray &json);
    QByteArray toJson() const;

    bool operator==(const EditableCognitiveState &o) const { return toJson() == o.toJson(); }
};

/// The four editable lists of the state.
enum class StateList { Priorities, Heuristics, Learnings, Avoidances };

} // namespace engram
