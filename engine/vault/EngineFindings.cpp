// Engine's side of the review (hygiene): bringing the findings up to date, the optional llm judge of
// their pairs, and what recall and packs take from them. Apart from Engine.cpp to keep both readable.
#include "core/Database.h"
#include "hygiene/FindingJudge.h"
#include "vault/Engine.h"
#include "vault/EngineInternals.h"

#include <QSet>

#include <algorithm>

namespace engram {

namespace {

/// Failures in a row (timeouts, errors, unreadable answers) after which the judge stops for this run: a
/// server that is down costs three timeouts, one pair the model cannot answer costs one request.
constexpr int kJudgeFailuresInARow = 3;

} // namespace

Result<FindingScan> Engine::updateFindings(const std::atomic_bool *cancel, Judging judging)
{
    auto scan = [&]() -> Result<FindingScan> {
        auto lock = beginWrite();
        if (!lock)
            return lock.error();
        return updateFindingsLocked(cancel);
    }();
    // A local model takes a second or more a pair: only a caller that can wait asks it (see Judging).
    if (scan && judging != Judging::None && m_config->llmEndpoint.configured() && m_config->review.judge)
        judgeFindings(*scan, cancel,
                      judging == Judging::Full ? m_config->review.judgePerUpdate
                                               : std::min(kBackgroundJudgeBatch, m_config->review.judgePerUpdate));
    return scan;
}

Result<FindingScan> Engine::updateFindingsLocked(const std::atomic_bool *cancel)
{
    if (Status s = m_findings->createSchema(); !s)
        return s.error();
    auto scan = m_findings->update(cancel);
    // A verdict outlives a re-index whose texts did not change (the pair comes back with its id); one
    // whose pair did not come back after a complete update is of a text that changed or went.
    if (scan && !(cancel && cancel->load()))
        if (Status s = m_findings->forgetOrphanVerdicts(); !s)
            return s.error();
    return scan;
}

JudgedMemory Engine::judgedMemory(const Chunk &chunk) const
{
    JudgedMemory memory;
    // What a person reads, through the gate: no secret in a memory reaches the endpoint.
    memory.text = m_gate.clean(displayText(chunk));
    memory.date = chunk.time;
    if (!memory.date.isValid())
        if (const auto record = m_store->file(chunk.path))
            memory.date = QDateTime::fromMSecsSinceEpoch(record->mtimeMs, Qt::UTC);
    memory.source = QStringLiteral("%1:%2-%3").arg(chunk.path).arg(chunk.startLine).arg(chunk.endLine);
    return memory;
}

void Engine::judgeFindings(FindingScan &scan, const std::atomic_bool *cancel, int atMost)
{
    // The pairs are read and the model asked without the index lock (a local model takes seconds a pair;
    // capture must not wait for it); the verdicts are stored under it.
    auto rows = m_findings->unjudged(atMost);
    if (!rows) {
        scan.judgeError = rows.error().toString();
        return;
    }
    const FindingJudge judge(m_config->llmEndpoint);
    QList<QPair<QString, Judgement>> verdicts;
    QStringList failures;
    int failuresInARow = 0;
    for (const FindingRow &row : std::as_const(*rows)) {
        if ((cancel && cancel->load()) || failuresInARow == kJudgeFailuresInARow)
            break;
        const QList<Chunk> older = m_store->chunks({row.older});
        const QList<Chunk> newer = m_store->chunks({row.newer});
        if (older.isEmpty() || newer.isEmpty())
            continue; // removed since the update
        auto judgement = judge.judge(judgedMemory(older.first()), judgedMemory(newer.first()));
        if (!judgement) {
            failures << judgement.error().toString();
            ++failuresInARow;
            continue;
        }
        failuresInARow = 0;
        verdicts << qMakePair(row.id, *judgement);
    }
    if (!failures.isEmpty())
        scan.judgeError = QStringLiteral("the llm judge could not judge %1 pair(s)%2; they keep the detector's verdict "
                                         "and are asked again next time: %3")
                              .arg(failures.size())
                              .arg(failuresInARow == kJudgeFailuresInARow
                                       ? QStringLiteral(" and stopped after %1 failures in a row").arg(failuresInARow)
                                       : QString())
                              .arg(failures.first());
    if (!verdicts.isEmpty()) {
        auto lock = beginWrite();
        if (!lock) {
            scan.judgeError =
                QStringLiteral("the llm judge's verdicts were not stored: %1").arg(lock.error().toString());
            return;
        }
        Transaction transaction(m_store->database());
        for (const auto &[id, judgement] : std::as_const(verdicts))
            if (Status s = m_findings->storeVerdict(id, judgement); !s) {
                scan.judgeError =
                    QStringLiteral("the llm judge's verdicts were not stored: %1").arg(s.error().toString());
                return;
            }
        if (Status s = transaction.commit(); !s) {
            scan.judgeError = QStringLiteral("the llm judge's verdicts were not stored: %1").arg(s.error().toString());
            return;
        }
        scan.judged = verdicts.size();
    }
    scan.awaitingJudge = m_findings->unjudgedCount();
}

void Engine::applyFindings(QList<RecallResult> &results, bool dropDuplicates)
{
    if (!m_findings || results.isEmpty())
        return;
    QList<qint64> ids;
    for (const RecallResult &r : std::as_const(results))
        ids << r.chunk.id;
    const QHash<qint64, FindingIndex::Successors> successors = m_findings->successorsOf(ids);
    for (RecallResult &r : results) {
        const FindingIndex::Successors s = successors.value(r.chunk.id);
        r.supersededBy = s.supersededBy;
        r.contradictedBy = s.contradictedBy;
    }
    // The newer side of a contradiction comes first: an agent reads what holds now, then what it replaced.
    // One pass: each result is placed after the newer memories (in the list) that contradict it.
    QHash<qint64, qsizetype> position;
    for (qsizetype i = 0; i < results.size(); ++i)
        position.insert(results[i].chunk.id, i);
    QList<RecallResult> ordered;
    ordered.reserve(results.size());
    QList<bool> placed(results.size(), false);
    for (qsizetype i = 0; i < results.size(); ++i) {
        if (placed[i])
            continue;
        for (qint64 newer : successors.value(results[i].chunk.id).contradictedByChunks)
            if (const qsizetype j = position.value(newer, -1); j > i && !placed[j]) {
                placed[j] = true;
                ordered << results[j];
            }
        placed[i] = true;
        ordered << results[i];
    }
    results = std::move(ordered);
    if (!dropDuplicates)
        return;
    // Of two memories the review calls duplicates, a pack holds the higher ranked only.
    QSet<qint64> dropped;
    QHash<qint64, qsizetype> rank;
    for (qsizetype i = 0; i < results.size(); ++i)
        rank.insert(results[i].chunk.id, i);
    for (const auto &[older, newer] : m_findings->duplicatesAmong(ids))
        dropped.insert(rank.value(older) > rank.value(newer) ? older : newer);
    results.removeIf([&](const RecallResult &r) { return dropped.contains(r.chunk.id); });
}

} // namespace engram
