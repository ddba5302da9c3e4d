#pragma once

#include "core/Result.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>

namespace engram {

/// What the agent is working on now.
struct Focus {
    QString current;
    QStringList priorities;
    QDateTime lastUpdated;
};

/// A rule of thumb that has worked; credited each time positive feedback
/// follows a pack that carried it.
struct Heuristic {
    QString text;
    QString source; ///< where it came from: "person", "feedback", "reflection" …
    int useCount = 0;
    QDateTime lastUsed;
};

/// Something learned; `category` is insight, feedback, pattern or mistake.
struct Learning {
    QString text;
    QString category = QStringLiteral("insight");
    QString context; ///< why it was learned, e.g. the matched signal
    QDateTime timestamp;

    static bool isValidCategory(const QString &category);
};

/// How many agent turns were meaningful (a real exchange) versus throwaway.
struct Engagement {
    int meaningfulInteractions = 0;
    int totalInteractions = 0;
    QDateTime lastMeaningfulAt;
};

/// `state/cognitive.json`: focus, heuristics, learnings (newest 50),
/// avoidances and engagement. Keys Engram does not know are kept as written.
struct CognitiveState {
    static constexpr int kMaxLearnings = 50;

    Focus focus;
    QList<Heuristic> heuristics;
    QList<Learning> learnings; ///< oldest first; bounded to kMaxLearnings
    QStringList avoidances;
    Engagement engagement;
    QJsonObject extra; ///< unknown top-level keys, written back unchanged

    QJsonObject toJson() const;
    /// Validates and reads; an error names the key that is wrong.
    static Result<CognitiveState> fromJson(const QJsonObject &object);

    /// Appends a learning and drops the oldest beyond kMaxLearnings.
    void appendLearning(const Learning &learning);
    /// Heuristic indexes ordered by use count, then by most recent use.
    QList<int> heuristicsByUse() const;
};

/// Reads, validates and edits `state/cognitive.json` of one vault. Writes are
/// atomic (QSaveFile) and refuse to overwrite a file that changed on disk since
/// it was read: the person's edit wins and the caller reloads. A missing file
/// reads as the default state; an invalid one is reported with line and reason
/// and never overwritten.
class CognitiveStore {
public:
    explicit CognitiveStore(const QString &vaultPath);

    static QString relativePath() { return QStringLiteral("state/cognitive.json"); }
    QString filePath() const;
    bool exists() const;

    /// Reads the file (or the default state when it is missing) and remembers
    /// what was read, for the concurrent-edit check of save().
    Result<CognitiveState> load();
    /// The state of the last load(); loads first when nothing was read yet.
    Result<CognitiveState> state();
    /// Writes `state` atomically unless the file changed since load().
    Status save(const CognitiveState &state);

    // Edits: each loads if needed, applies the change and saves. An index out of
    // range or an empty text is an error and leaves the file untouched.
    Status addHeuristic(const QString &text, const QString &source = QStringLiteral("person"));
    Status updateHeuristic(int index, const QString &text);
    Status removeHeuristic(int index);
    Status addLearning(const Learning &learning);
    Status updateLearning(int index, const Learning &learning);
    Status removeLearning(int index);
    Status addAvoidance(const QString &text);
    Status updateAvoidance(int index, const QString &text);
    Status removeAvoidance(int index);
    Status setFocus(const QString &current, const QStringList &priorities, const QDateTime &now = {});
    /// Adds one use to each heuristic whose text is in `texts`; returns how many were credited.
    Result<int> creditHeuristics(const QStringList &texts, const QDateTime &now);
    Status recordInteraction(bool meaningful, const QDateTime &now);
    /// Applies any change under the same load/check/save rules.
    Status edit(const std::function<Status(CognitiveState &)> &change);

    /// The `<engram-state>` block: time of day and weekday, focus, active
    /// heuristics by use and recency, recent learnings, avoidances; at most
    /// `tokenBudget` tokens (characters / 4). Empty when the file is missing.
    QString preamble(const QDateTime &now, int tokenBudget = 500);
    /// The heuristic texts the last preamble() carried.
    QStringList lastPreambleHeuristics() const { return m_lastHeuristics; }

    static QString renderPreamble(const CognitiveState &state, const QDateTime &now, int tokenBudget,
                                  QStringList *heuristicsShown = nullptr);

    /// The heuristics of the last pack handed out (kept in .engram/, derived), and when.
    static Status notePackedHeuristics(const QString &vaultPath, const QStringList &texts, const QDateTime &when);
    static QStringList packedHeuristics(const QString &vaultPath, QDateTime *when = nullptr);

private:
    QString m_vaultPath;
    bool m_loaded = false;
    bool m_existed = false;
    QByteArray m_readHash;
    CognitiveState m_state;
    QStringList m_lastHeuristics;
};

} // namespace engram
