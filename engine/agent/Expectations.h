#pragma once

#include "core/Config.h"
#include "core/Result.h"

#include <QDate>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace engram {

class Engine;

/// One question its owner cares about and the memory that answers it: a vault-relative file and,
/// optionally, a line range in it. One line of state/expectations.jsonl.
struct Expectation {
    QString question;
    QString path;
    int startLine = 0; ///< 0: anywhere in the file
    int endLine = 0;
    QString mode; ///< the ranking mode to ask in; empty = the config's default mode at check time
    QDate added;

    /// "notes/x.md" or "notes/x.md:12-18" (a single line: "notes/x.md:12").
    QString target() const;
    /// Question, target and mode: two expectations with one key are one expectation.
    QString key() const;
    /// "PATH" or "PATH:LINE" or "PATH:FROM-TO" into `path`, `startLine` and `endLine`.
    static Result<Expectation> fromTarget(const QString &question, const QString &target);
};

enum class ExpectationStatus {
    Pass,    ///< the expected memory is within the top k
    Fail,    ///< it is not (rank says where it is, if within the depth searched)
    Missing, ///< the expected file no longer exists in the vault
    Error,   ///< the check could not run (an unknown mode): `detail` says why
};

/// How a result differs from the check before it.
enum class ExpectationChange { New, Same, Fixed, Broken, Up, Down };

struct ExpectationResult {
    Expectation expectation;
    ExpectationStatus status = ExpectationStatus::Fail;
    int rank = 0; ///< 1-based rank of the first result at the expected file and lines; 0 = not found
    ExpectationChange change = ExpectationChange::New;
    bool hadPrevious = false;
    ExpectationStatus previousStatus = ExpectationStatus::Fail;
    int previousRank = 0;
    QString detail;
};

/// What `engram-cli expect check` prints and the workbench shows: each expectation's status, rank
/// and change, the counts, and whether only the keyword side was asked (a preview of another
/// embedder, whose vectors do not exist until the vault is re-indexed).
struct ExpectationReport {
    int k = 10;
    QList<ExpectationResult> results;
    bool keywordOnly = false;
    QString checkedAt; ///< ISO 8601 UTC

    int count(ExpectationStatus status) const;
    int changed() const; ///< results whose status or rank moved since the check before
    QString summary() const;
    QJsonObject toJson() const;
    static QString statusName(ExpectationStatus status);
    static QString changeName(ExpectationChange change);
};

struct ExpectationCheckOptions {
    int k = 10;
    /// Keep this check's results in .engram/ (derived) for the next one's changes; off for previews.
    bool remember = true;
    /// Set by previewConfig(): the embedder differs from the indexed vectors.
    bool keywordOnly = false;
};

/// The owner's regression lab: which memory is the right answer to a question they care about,
/// kept in state/expectations.jsonl (one JSON object a line, so a diff shows each change), and a
/// check that asks each question without reinforcing anything and reports where the expected
/// memory ranks. The last check's ranks live in .engram/expectations-last.json, so a check says
/// what changed; deleting that file loses only the comparison.
class Expectations {
public:
    static const QString kFile;     ///< state/expectations.jsonl
    static const QString kLastFile; ///< .engram/expectations-last.json
    /// How deep a check looks past k, so that a failing expectation still says where it went.
    static constexpr int kSearchDepth = 50;

    explicit Expectations(QString vaultPath);

    /// Every expectation in file order; a malformed line is an error naming the file and line.
    Result<QList<Expectation>> load() const;
    /// Adds `expectation` (dated today when undated). Returns false when it is already there.
    Result<bool> add(Expectation expectation) const;
    /// Removes the `index`-th expectation (1-based, as `list` numbers them); returns it.
    Result<Expectation> removeAt(int index) const;
    /// Removes every expectation asking `question` (exactly); returns how many.
    Result<int> removeQuestion(const QString &question) const;

    /// Asks every expectation's question of `engine` (no reinforcement), compared with the last check.
    Result<ExpectationReport> check(Engine &engine, const ExpectationCheckOptions &options = {}) const;
    /// `report`'s changes measured against `baseline` instead (the settings preview: candidate vs current).
    static void compare(ExpectationReport &report, const ExpectationReport &baseline);

    /// The config a preview of `candidate` runs with on a worker of an engine indexed with `current`:
    /// `candidate` itself, unless the embedder differs: then its vectors do not exist yet, and
    /// every mode asks the keyword side only (`keywordOnly` true) instead of pretending.
    static Config previewConfig(const Config &current, const Config &candidate, bool *keywordOnly);

private:
    Status save(const QList<Expectation> &expectations) const;
    QHash<QString, ExpectationResult> lastResults() const;
    Status rememberResults(const ExpectationReport &report) const;

    QString m_vaultPath;
};

} // namespace engram
