#pragma once

#include "core/Database.h"
#include "index/Embedder.h"
#include "index/FileRecord.h"
#include "index/Fts5Ranking.h"
#include "index/RecallFilter.h"
#include "ingest/Chunk.h"
#include "ingest/VaultScanner.h"

#include <QHash>

#include <functional>
#include <optional>
#include <vector>

namespace engram {

/// The SQLite side of the derived index: files, chunks (with their vectors as
/// BLOBs, so the hnswlib file can always be rebuilt without re-embedding), an
/// FTS5 table kept in step by triggers, recorded problems and meta values.
/// SQL lives here and nowhere else.
class IndexStore {
public:
    /// 2: turn vectors carry their neighbours; 3: context column; 4: dates UTC; 5: chunk ids are never
    /// reused (AUTOINCREMENT), so a chunk id names one vector for the life of the index and a vector
    /// file can be brought up to date by comparing ids; 6: a turn's context is read from its neighbours'
    /// rows (view chunks_content), not stored with it.
    /// 7: a digest's verbatim quotes of indexed turns are left out of its keywords (chunk_keywords,
    /// chunk_quotes).
    static constexpr int kSchemaVersion = 7;

    Status open(const QString &databasePath, FileMapping mapping = FileMapping::None);
    Database &database() { return m_db; }

    QString meta(const QString &key, const QString &fallback = {});
    Status setMeta(const QString &key, const QString &value);

    QHash<QString, FileRecord> files();
    /// The records of the files directly in the vault-relative `folder` ("" for the vault's root),
    /// and in `subfolders` the folders under it the index holds files in. One range of the path
    /// index, stepping over each subfolder's rows: never a scan of the table. Only id, path,
    /// size and mtime are filled: what a comparison with the disk needs.
    QHash<QString, FileRecord> filesIn(const QString &folder, QStringList *subfolders);
    /// The records of every file under `folder`, at any depth (a range of the path index; id, path,
    /// size and mtime).
    QHash<QString, FileRecord> filesUnder(const QString &folder);
    std::optional<FileRecord> file(const QString &path);

    /// Replaces a file's chunks (and FTS rows) in one transaction. Fills in
    /// the chunk ids. `tagsJson` is the front matter tag list.
    Status replaceFile(FileRecord &record, QList<Chunk> &chunks, const QList<Vector> &vectors,
                       const QString &frontMatterJson);
    /// Removes a file and its chunks; returns the removed chunk ids.
    Result<QList<qint64>> removeFile(const QString &path);

    QList<Chunk> chunks(const QList<qint64> &ids);
    /// The chunks within `radius` positions of each of `ids` in the same file (not `ids` themselves
    /// unless they neighbour each other), for the context around a hit turn.
    QList<Chunk> neighbours(const QList<qint64> &ids, int radius);
    QList<Chunk> chunksOfFile(const QString &path);
    /// The chunk of the vault-relative `path` whose lines hold `line` (a digest line's citation of
    /// its raw source); nullopt when the index holds none.
    std::optional<Chunk> chunkAt(const QString &path, int line);
    QList<qint64> chunkIds(const QString &path);
    /// A vector as the `vector` column holds it: a tag byte, then float16 (IEEE binary16, rounded
    /// as VectorKernels rounds, so a vector rebuilt from here has the bits the vector file had).
    /// 769 bytes at 384 dimensions instead of 1 536 (a million chunks: 0.77 GB less), 2 049 for a
    /// 1024-dim model vector. The odd length tells it from the float32 BLOBs written before, which
    /// are read as they are.
    static QByteArray vectorBlob(const Vector &vector);
    /// Either form; an empty vector for a BLOB of neither.
    static Vector vectorFromBlob(const QByteArray &blob);
    static constexpr char kHalfVectorTag = 'h';
    /// Calls `visit` for every stored vector (rebuilding the ANN index), or for those of `only`.
    void forEachVector(const std::function<void(qint64, const Vector &)> &visit, const QList<qint64> &only = {});
    /// The ids of the chunks that have a vector, ascending: what the vector file must hold.
    std::vector<qint64> vectorIds();

    struct KeywordHit {
        qint64 id = 0;
        double score = 0.0; ///< BM25, larger is better
    };
    /// Whether a keyword search also finds the chunks that quote a matching turn. A digest's quote of
    /// an indexed turn is not among the digest's keywords (the turn carries them): a search that asks
    /// for digests (a layer filter, a mode that weighs them over turns) finds a digest through them.
    enum class Quoters { Omit, Include };
    /// BM25 over the FTS5 table. `terms` are OR-ed; filters apply in SQL. `rankingOnly` terms add
    /// to the score of the rows `terms` match (exactly as if they were OR-ed too) but bring no row
    /// of their own: FTS5 reads their doclists only at those rows, so a common word still ranks.
    /// Fails when the index cannot be read (a corrupt FTS5 page, an I/O error): an unreadable
    /// index must not read as "nothing matches".
    ///
    /// Weighting::WithinFiles weighs each of `terms` in a row by how well it tells that row from the
    /// other chunks of the row's file: a term most of them hold (the participants of a conversation,
    /// in every turn's title, heading and speaker labels) says the file is relevant, not which of its
    /// chunks is; its score there is the same for every chunk that holds it, however often and in
    /// however short a chunk. The vault's idf still weighs it against other files.
    enum class Weighting { Vault, WithinFiles };
    Result<QList<KeywordHit>> keywordSearch(const QStringList &terms, int limit, const RecallFilter &filter,
                                            const QStringList &rankingOnly = {}, Quoters quoters = Quoters::Omit,
                                            Weighting weighting = Weighting::Vault);
    /// In how many chunks each FTS5 token (Porter stem, lower case) occurs; 0 when unknown.
    /// Remembered until the index changes (by this connection or another): fts5vocab reads a
    /// term's whole posting list to count it.
    QHash<QString, qint64> documentFrequencies(const QStringList &tokens);
    /// The chunks that hold keywords (chunkCount() less the digest chunks that only quote indexed
    /// turns), cached until the index changes (for thresholds, not for display).
    qint64 approximateChunkCount();
    /// Chunk ids that satisfy a filter (for post-filtering vector hits).
    bool matches(qint64 id, const RecallFilter &filter);

    Status replaceProblems(const QString &path, const QList<Problem> &problems);
    Status clearProblems();
    QList<Problem> problems();

    qint64 fileCount();
    qint64 chunkCount();
    qint64 vectorCount();
    QHash<QString, qint64> countBy(const QString &column);

private:
    Status createSchema();
    Chunk readChunk(Statement &statement);
    /// The number of rows FTS5 holds, read from its averages record; -1 when unreadable.
    qint64 keywordRowCount();
    /// Deletes the chunk rows of the file at `path` and their keywords (inside the caller's transaction).
    Status removeChunkRows(const QString &path);
    /// Adds the FTS5 rows of a file's chunks (read from chunks_content).
    Status addKeywords(qint64 fileId);
    /// A chunk that may quote turns: a file's non-turn chunks in order.
    struct QuotingChunk {
        qint64 id = 0;
        int ordinal = 0;
        QString text;
    };
    /// Records the lines the chunks cite (chunk_quotes), and gives each chunk that quotes an indexed
    /// turn verbatim its keywords without the quote (chunk_keywords). Before addKeywords.
    Status storeQuotes(const QList<QuotingChunk> &chunks);
    /// Redoes the keywords of each file that quotes `path` (but `exceptFileId`): the turns it
    /// quotes changed, came or went.
    Status rekeyQuotersOf(const QString &path, qint64 exceptFileId);
    Status rekeyFile(qint64 fileId);
    /// Drops what is cached of the index's contents (term frequencies, row lengths, the chunk
    /// count) when this connection or another has changed the index since.
    void checkDataVersion();
    /// keywordSearch's Weighting::WithinFiles, on the `hits` one search ranked (`record` of it).
    Status weighWithinFiles(QList<KeywordHit> &hits, const RowLengthCache::Record &record, qsizetype matchedPhrases);

    Database m_db;
    qint64 m_chunkCountCache = -1;
    QHash<QString, qint64> m_frequencyCache;
    qint64 m_dataVersion = -1;
    qint64 m_ownChanges = -1;
    RowLengthCache m_rowLengths;
    bool m_cachedBm25 = false; ///< engram_bm25 registered on this connection (else FTS5's bm25)
};

} // namespace engram
