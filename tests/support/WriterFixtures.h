#pragma once

#include "CliRunner.h"

#include <QByteArray>
#include <QProcess>
#include <QSet>
#include <QString>
#include <QStringList>

#include <vector>

namespace engram {
class Engine;
}

namespace engram::test {

/// Writes `files` notes of three paragraphs each under notes/ (deterministic for a seed): enough
/// files for several write batches of an index run, so a run can be killed in the middle.
void writeNotes(const QString &vaultPath, int files, int seed, const QString &folder = QStringLiteral("notes"));

/// Queries made of the same vocabulary as writeNotes().
QStringList noteQueries(int count, int seed);

/// What the vector file on disk holds (not what an Engine brings up to date in memory): ids, ascending.
std::vector<qint64> vectorFileIds(const QString &vaultPath, int dimensions = 384);
/// The ids of the chunks with a vector in the vault's index database, ascending.
std::vector<qint64> indexVectorIds(const QString &vaultPath);
/// Paths of the files in the index database.
QSet<QString> indexedPaths(const QString &vaultPath);
/// Number of files in the index database (0 while it does not exist).
qint64 indexedFileCount(const QString &vaultPath);
/// Paths with a first-sight ("seen") event in any device's state/journal/<device>.jsonl.
QSet<QString> journalSeenPaths(const QString &vaultPath);
/// Every device's journal of the vault (state/journal/*.jsonl, and an unmigrated state/journal.jsonl),
/// concatenated; empty when there is none.
QByteArray journalText(const QString &vaultPath);

/// Copies the vault's files (not .engram/) to `to`, for a clean index of the same files.
void copyVaultFiles(const QString &from, const QString &to);
/// Each query's results at a fixed time (no reinforcement), one line per result with its source,
/// score and vector rank: what must be equal between two indexes of the same files.
QStringList recallLines(Engine &engine, const QStringList &queries, const QString &mode = {});

} // namespace engram::test
