#pragma once

// Private to the Consolidator's .cpp files: the state of one run.

#include "consolidation/Consolidator.h"
#include "consolidation/ExtractiveSummarizer.h"
#include "consolidation/LlmSummarizer.h"

#include <QHash>

#include <optional>

namespace engram {

struct Consolidator::Run {
    Engine &engine;
    const ConsolidationOptions &options;
    const AccessCounts &access;
    QDateTime now;
    QString methodKey; ///< "extractive" or the LLM's method name: part of every sources hash
    std::optional<LlmSummarizer> llm;
    QHash<QString, QString> written; ///< vault-relative path → content written (or planned) in this run
    ConsolidationReport report;
    QList<LedgerEntry> ledger;

    /// A vault file as this run sees it: planned content first, then the disk. Empty when absent.
    QString read(const QString &path) const;
    /// Writes atomically (QSaveFile), or only records it in a dry run.
    Status write(const QString &path, const QString &content);

    /// Writes the digest at `path` unless one with the same sources hash exists.
    Status digest(const QString &path, const QString &layer, const QString &period, const QString &heading,
                  const QList<SummaryUnit> &units, const QList<SourceRange> &derivedFrom, const QString &sourcesHash,
                  int budget, const QDateTime &when);

    Status clusterSensory();
    Status promoteEpisodic();
};

QString sha1Hex(const QByteArray &bytes);

} // namespace engram
