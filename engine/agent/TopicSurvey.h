#pragma once

#include "agent/MemoryItem.h"
#include "core/Result.h"

#include <QHash>
#include <QJsonObject>

namespace engram {

class Engine;

/// A question still open in a memory: a sentence ending in a question mark.
struct OpenQuestion {
    QString text;
    QString source; ///< path:start-end
};

/// "What do I know about …": broad awareness of a topic before diving in. How
/// many memories touch it (a recall of `k`, which does not count as using them),
/// per region, store and category, the strongest five (strength first, then
/// score) and up to ten open questions found in them. The same answer for
/// `engram-cli know` and the MCP `what_do_i_know` tool.
struct TopicSurvey {
    QString topic;
    int matches = 0;
    int files = 0;
    QHash<QString, qint64> regions;
    QHash<QString, qint64> stores;
    QHash<QString, qint64> categories;
    QList<MemoryItem> strongest;
    QList<OpenQuestion> openQuestions;

    static Result<TopicSurvey> survey(Engine &engine, const QString &topic, int k = 50);

    /// topic, matches, files, regions, stores, categories (an empty value counts as "(none)"),
    /// strongest and open_questions.
    QJsonObject toJson(MemoryItem::Detail detail = MemoryItem::Detail::Full) const;
    QString text() const;
};

} // namespace engram
