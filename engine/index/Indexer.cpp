#include "index/Indexer.h"

#include "core/BoundedRead.h"
#include "core/CrashPoint.h"
#include "index/Embedder.h"
#include "index/IndexStore.h"
#include "index/VectorIndex.h"
#include "ingest/Chunker.h"
#include "ingest/ConflictMarkers.h"
#include "ingest/DocumentParser.h"
#include "ingest/Tagger.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

namespace engram {

namespace {

/// A full run writes its files in batches, one transaction each (a file's own transaction is a
/// savepoint inside it): FTS5 writes a new segment per commit, and one commit per file made it
/// merge ~7 000 small segments at 100k chunks. A batch is short (≤ 64 files, ≤ 250 ms), so
/// another connection waits little for the write lock, and a crash loses at most one batch
/// (those files are indexed again by the next run).
class WriteBatch {
public:
    WriteBatch(Database &db, const std::function<Status()> &beforeCommit) : m_db(db), m_beforeCommit(beforeCommit) { }
    /// Commits what is open when a run returns early: the files written before are each whole and
    /// kept. The run has reported the error that stopped it; should this commit fail too, those
    /// files are simply indexed again by the next run.
    ~WriteBatch() { (void)commit(); }

    /// Called before each file: opens a transaction, or commits and reopens one when full.
    Status next()
    {
        if (m_open && (++m_files >= kMaxFiles || m_timer.elapsed() >= kMaxMs))
            if (Status s = commit(); !s)
                return s;
        if (!m_open && !m_db.inTransaction()) {
            m_open = bool(m_db.exec(QStringLiteral("BEGIN IMMEDIATE")));
            if (!m_open)
                return Error{QStringLiteral("the index database is busy or read-only; try again")};
            m_files = 0;
            m_timer.start();
        }
        return {};
    }

    Status commit()
    {
        if (!m_open || !m_db.inTransaction()) {
            m_open = false;
            return {};
        }
        m_open = false;
        if (m_beforeCommit) {
            if (Status s = m_beforeCommit(); !s) {
                if (Status rollback = m_db.exec(QStringLiteral("ROLLBACK")); !rollback)
                    return Error{QStringLiteral("%1; and the rollback failed: %2")
                                     .arg(s.error().toString(), rollback.error().toString())};
                return s;
            }
        }
        Status committed = m_db.exec(QStringLiteral("COMMIT"));
        if (committed)
            crashPoint("index:batch-committed");
        return committed;
    }

    /// After a write that failed (a full disk): what the batch wrote is undone, so the index is the
    /// one of its last commit; SQLite may have rolled it back already (SQLITE_FULL, SQLITE_IOERR).
    /// Its files are indexed again by the next run.
    void rollback()
    {
        m_open = false;
        if (m_db.inTransaction())
            (void)m_db.exec(QStringLiteral("ROLLBACK"));
    }

private:
    static constexpr int kMaxFiles = 64;
    static constexpr qint64 kMaxMs = 250;
    Database &m_db;
    const std::function<Status()> &m_beforeCommit;
    QElapsedTimer m_timer;
    bool m_open = false;
    int m_files = 0;
};

/// Vectors go to hnswlib on a second thread for the length of a run, in the same order.
class BulkVectors {
public:
    explicit BulkVectors(VectorIndex &vectors) : m_vectors(vectors) { m_vectors.beginBulk(); }
    ~BulkVectors() { m_vectors.endBulk(); }

private:
    VectorIndex &m_vectors;
};

} // namespace

Indexer::Indexer(const QString &vaultPath, const Config &config, IndexStore &store, VectorIndex &vectors,
                 Embedder &embedder)
    : m_vaultPath(vaultPath),
      m_config(config),
      m_gate(RedactionGate::forConfig(config)),
      m_store(store),
      m_vectors(vectors),
      m_embedder(embedder)
{ }

IndexReport Indexer::run(const Progress &progress, const std::atomic_bool *cancel)
{
    QElapsedTimer timer;
    timer.start();
    IndexReport report;
    // What the index holds is read before the folder: a file another writer adds meanwhile is then
    // at worst not yet seen (the next run, or that writer, indexes it), never taken for deleted.
    const QHash<QString, FileRecord> known = m_store.files();
    const VaultScanner::Result scan = VaultScanner(m_config.maxFileBytes).scan(m_vaultPath);
    report.scanned = int(scan.files.size());
    // Every early stop below is a write of the index that failed.
    auto stop = [&](const Error &error) {
        report.error = error;
        report.writeFailed = true;
        report.elapsedMs = timer.elapsed();
        return report;
    };
    // Marks a run in progress: the next open checks the database when one was interrupted.
    if (Status s = m_store.setMeta(QStringLiteral("indexing"), QStringLiteral("1")); !s)
        return stop(s.error());
    // Every file that failed is read again (it may be fixed), so none counts as failed here.
    const FileChanges changes = FileChanges::compare(scan.files, known, {});
    QSet<QString> unchanged;
    for (const VaultFile &f : changes.unchanged)
        unchanged.insert(f.relativePath);

    // Problems of the scan (size cap, links) replace what was recorded for those paths. Files the
    // scan found keep theirs until they are read again (an unchanged file keeps its warnings);
    // problems of paths that are gone are dropped.
    QHash<QString, QList<Problem>> scanProblems;
    for (const Problem &p : scan.problems)
        scanProblems[p.path] << p;
    QSet<QString> scannedPaths;
    for (const VaultFile &f : scan.files)
        scannedPaths.insert(f.relativePath);
    for (const Problem &p : m_store.problems())
        if (!scannedPaths.contains(p.path) && !scanProblems.contains(p.path))
            if (Status s = m_store.replaceProblems(p.path, {}); !s)
                return stop(s.error());
    for (auto it = scanProblems.cbegin(); it != scanProblems.cend(); ++it)
        if (Status s = m_store.replaceProblems(it.key(), it.value()); !s)
            return stop(s.error());
    report.problems = scan.problems;
    for (const Problem &p : scan.problems)
        if (p.severity == QLatin1String("error"))
            ++report.failed;

    // A newer parser derives other rows from the same bytes: every file is read again once.
    const QString parserVersion = QString::number(DocumentParser::kVersion);
    const bool reparse = m_store.meta(QStringLiteral("parser"), QStringLiteral("1")) != parserVersion;

    BulkVectors bulkVectors(m_vectors);
    WriteBatch batch(m_store.database(), m_beforeCommit);
    for (int i = 0; i < scan.files.size(); ++i) {
        if (cancel && cancel->load())
            break;
        const VaultFile &file = scan.files[i];
        if (Status s = batch.next(); !s)
            return stop(s.error());
        // Same size and mtime: not read (indexFile() would ask the index for the record again),
        // unless a newer parser must derive the rows again.
        tally(!reparse && unchanged.contains(file.relativePath) ? Outcome::Unchanged
                                                                : indexFile(file, !reparse, report),
              report);
        // A write failed (the disk is full, a file size limit): each further file would fail the
        // same way, and a batch whose statements SQLite may have rolled back is not committed.
        if (report.error) {
            batch.rollback();
            return stop(*report.error);
        }
        if (progress)
            progress(i + 1, int(scan.files.size()), file.relativePath);
    }
    if (Status s = batch.commit(); !s)
        return stop(s.error());
    if (!(cancel && cancel->load())) {
        // Whatever the index knows that the scan no longer found is gone (or now excluded).
        for (const QString &path : changes.removed) {
            if (!scanProblems.contains(path) && VaultScanner::isIndexable(path)
                && QFileInfo::exists(QDir(m_vaultPath).filePath(path))) {
                IndexReport late = indexPath(path); // written after the scan: (re)indexed, not removed
                late.scanned = 0;
                report += late;
                continue;
            }
            removePath(path, report);
            if (scanProblems.contains(path)) // e.g. it grew past the size cap: say why it left
                keep(m_store.replaceProblems(path, scanProblems.value(path)), report);
            ++report.removed;
        }
        if (report.error) // the run is not complete: it is not marked done
            return stop(*report.error);
        if (Status s = m_store.setMeta(QStringLiteral("indexing"), QStringLiteral("0")); !s)
            return stop(s.error());
        if (Status s = m_store.setMeta(QStringLiteral("parser"), parserVersion); !s)
            return stop(s.error());
        if (Status s =
                m_store.setMeta(QStringLiteral("last_index"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
            !s)
            return stop(s.error());
    }
    report.elapsedMs = timer.elapsed();
    return report;
}

void Indexer::keep(const Status &status, IndexReport &report)
{
    if (!status && !report.error) {
        report.error = status.error();
        report.writeFailed = true;
    }
}

void Indexer::tally(Outcome outcome, IndexReport &report)
{
    switch (outcome) {
    case Outcome::Indexed: ++report.indexed; break;
    case Outcome::Unchanged: ++report.unchanged; break;
    case Outcome::Removed: ++report.removed; break;
    case Outcome::Failed: ++report.failed; break;
    case Outcome::Skipped:
    case Outcome::NotWritten: break;
    }
}

IndexReport Indexer::indexPath(const QString &relativePath)
{
    QElapsedTimer timer;
    timer.start();
    IndexReport report;
    report.scanned = 1;
    const QString clean = QDir::cleanPath(relativePath);
    if (QDir::isAbsolutePath(clean) || clean == QLatin1String("..") || clean.startsWith(QLatin1String("../"))) {
        report.problems << Problem{relativePath, 0, QStringLiteral("error"),
                                   QStringLiteral("not a vault-relative path (it leaves the vault); not indexed")};
        ++report.failed;
        return report;
    }
    // One transaction, so the events the file implies (beforeCommit) are written with its rows.
    WriteBatch batch(m_store.database(), m_beforeCommit);
    if (Status s = batch.next(); !s) {
        report.error = s.error();
        report.writeFailed = true;
        return report;
    }
    const QFileInfo info(QDir(m_vaultPath).filePath(relativePath));
    if (!info.exists() || !VaultScanner::isIndexable(relativePath)) {
        if (m_store.file(relativePath)) {
            removePath(relativePath, report);
            ++report.removed;
        }
    } else if (const QString special = VaultScanner::specialFileProblem(info.absoluteFilePath()); !special.isEmpty()) {
        const Problem p{relativePath, 0, QStringLiteral("error"), special};
        removePath(relativePath, report);
        keep(m_store.replaceProblems(relativePath, {p}), report);
        report.problems << p;
        ++report.failed;
    } else if (info.size() > m_config.maxFileBytes) {
        const Problem p{relativePath, 0, QStringLiteral("error"),
                        QStringLiteral("file is over the index.maxFileBytes limit of engram.json; not indexed")};
        removePath(relativePath, report);
        keep(m_store.replaceProblems(relativePath, {p}), report);
        report.problems << p;
        ++report.failed;
    } else {
        const VaultFile file{relativePath, info.absoluteFilePath(), info.size(),
                             info.lastModified().toMSecsSinceEpoch()};
        tally(indexFile(file, true, report), report);
    }
    if (report.error)
        batch.rollback(); // a write failed: the file keeps what the index held before
    else if (Status s = batch.commit(); !s)
        keep(s, report);
    report.scanned = 1;
    report.elapsedMs = timer.elapsed();
    return report;
}

void Indexer::removePath(const QString &relativePath, IndexReport &report)
{
    auto removed = m_store.removeFile(relativePath);
    if (!removed) {
        keep(removed.error(), report);
        return;
    }
    for (qint64 id : *removed)
        m_vectors.remove(id);
    keep(m_store.replaceProblems(relativePath, {}), report);
    report.changedPaths << relativePath;
    if (m_removalObserver)
        m_removalObserver(relativePath);
}

Indexer::Outcome Indexer::indexFile(const VaultFile &file, bool checkUnchanged, IndexReport &report)
{
    const std::optional<FileRecord> previous = m_store.file(file.relativePath);
    if (checkUnchanged && previous && previous->size == file.size && previous->mtimeMs == file.mtimeMs)
        return Outcome::Unchanged;

    auto fail = [&](const Error &error) {
        const Problem p{file.relativePath, error.line, QStringLiteral("error"), error.message};
        report.problems << p;
        keep(m_store.replaceProblems(file.relativePath, {p}), report);
        // A file that became unreadable or invalid keeps no stale chunks.
        if (previous) {
            auto removed = m_store.removeFile(file.relativePath);
            if (!removed)
                keep(removed.error(), report);
            else
                for (qint64 id : *removed)
                    m_vectors.remove(id);
        }
        return Outcome::Failed;
    };

    // Checked again right before the read: a file swapped for a FIFO after the scan would block it.
    if (const QString special = VaultScanner::specialFileProblem(file.absolutePath); !special.isEmpty())
        return fail(Error{special});
    QFile in(file.absolutePath);
    if (!in.exists()) {
        // Deleted between scan and read: say so, so the person knows why it is missing.
        const Problem p{file.relativePath, 0, QStringLiteral("warning"),
                        QStringLiteral("file was deleted while the vault was being indexed; it is left out")};
        if (previous)
            removePath(file.relativePath, report);
        keep(m_store.replaceProblems(file.relativePath, {p}), report);
        report.problems << p;
        return previous ? Outcome::Removed : Outcome::Skipped;
    }
    if (!in.open(QIODevice::ReadOnly))
        return fail(Error{QStringLiteral("cannot read the file: %1").arg(in.errorString())});
    const QByteArray bytes = readAtMost(in, m_config.maxFileBytes);
    if (bytes.size() > m_config.maxFileBytes)
        return fail(
            Error{QStringLiteral("file grew past the index.maxFileBytes limit while it was read; not indexed")});
    // Two versions of a note in one file after a sync: neither is the memory until a person chooses.
    if (const int line = ConflictMarkers::firstConflictLine(bytes); line > 0)
        return fail(Error{ConflictMarkers::problemMessage(), file.relativePath, line});
    const QString hash = QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha1).toHex());
    if (checkUnchanged && previous && previous->hash == hash) {
        // Touched but not changed: remember the new mtime so the next scan skips it cheaply.
        FileRecord record = *previous;
        record.mtimeMs = file.mtimeMs;
        record.size = file.size;
        auto statement =
            m_store.database().cached(QStringLiteral("UPDATE files SET mtime = ?, size = ? WHERE path = ?"));
        // A failure here costs the next run one more read and hash of the file, nothing else.
        if (statement)
            (void)statement->bind(1, record.mtimeMs).bind(2, record.size).bind(3, record.path).exec();
        return Outcome::Unchanged;
    }

    // What the index holds is what every exit hands out: a file that holds a secret is indexed as the gate
    // would write it (its line breaks kept, so citations stay true), and the file keeps it until a person
    // rewrites it (a warning below; `engram-cli redact --apply`).
    const QList<SecretRedactor::Finding> secrets = m_gate.find(bytes);
    auto parsed = DocumentParser::parse(file.relativePath, secrets.isEmpty() ? bytes : m_gate.clean(bytes));
    if (!parsed)
        return fail(parsed.error());
    Document &doc = *parsed;

    const Tags documentTags = Tagger::documentTags(doc);
    QList<Chunk> chunks = Chunker({m_config.maxChunkTokens, m_config.turnsPerChunk}).chunk(doc);
    QStringList texts;
    texts.reserve(chunks.size());
    for (Chunk &chunk : chunks) {
        Tagger::tagChunk(documentTags, chunk);
        // Title and heading give a chunk its context in the vector space too.
        texts << (chunk.isTurn ? chunk.text
                               : chunk.title + QLatin1Char('\n') + chunk.heading + QLatin1Char('\n') + chunk.text);
    }
    auto vectors = m_embedder.embed(texts);
    if (!vectors)
        return fail(vectors.error());
    // A turn's vector also carries its neighbouring turns (v[i-1] + v[i] + v[i+1], normalised):
    // the answer to "what did you paint?" sits near the question in the vector space too.
    // Measured on LoCoMo: R@500t +1.8 (bench/README.md).
    // The same for keywords: the neighbours' words go to the FTS5 `context` column (IndexStore's
    // view chunks_content reads them from the neighbours' rows).
    const QList<Vector> own = *vectors;
    for (qsizetype i = 0; i < chunks.size(); ++i) {
        if (!chunks[i].isTurn)
            continue;
        Vector &v = (*vectors)[i];
        for (qsizetype j : {i - 1, i + 1})
            if (j >= 0 && j < chunks.size() && chunks[j].isTurn && own[j].size() == v.size())
                for (qsizetype d = 0; d < v.size(); ++d)
                    v[d] += own[j][d];
        normalize(v);
    }

    FileRecord record;
    record.path = file.relativePath;
    record.size = file.size;
    record.mtimeMs = file.mtimeMs;
    record.hash = hash;
    record.kind = documentKindName(doc.kind);
    record.title = doc.title;
    const QList<qint64> oldIds = previous ? m_store.chunkIds(file.relativePath) : QList<qint64>();
    const QString frontMatterJson =
        QString::fromUtf8(QJsonDocument(QJsonObject::fromVariantMap(doc.frontMatter)).toJson(QJsonDocument::Compact));
    // Not the file's problem: the index could not be written (a full disk). Its rows stay as
    // they were, and the run stops.
    if (Status s = m_store.replaceFile(record, chunks, *vectors, frontMatterJson); !s) {
        keep(s, report);
        return Outcome::NotWritten;
    }
    for (qint64 id : oldIds)
        m_vectors.remove(id);
    for (qsizetype i = 0; i < chunks.size(); ++i)
        m_vectors.add(chunks[i].id, vectors->at(i));

    QList<Problem> warnings;
    if (chunks.isEmpty())
        warnings << Problem{file.relativePath, 0, QStringLiteral("warning"),
                            bytes.trimmed().isEmpty()
                                ? QStringLiteral("file is empty; there is nothing to recall in it")
                                : QStringLiteral("file has no text to index (only front matter "
                                                 "or markup); there is nothing to recall in it")};
    for (const ParseWarning &w : std::as_const(doc.warnings))
        warnings << Problem{file.relativePath, w.line, QStringLiteral("warning"), w.message};
    // Recall and packs hand it out redacted; the file itself still holds it, and sync will not commit it.
    for (const SecretRedactor::Finding &f : secrets)
        warnings << Problem{file.relativePath, f.line, QStringLiteral("warning"),
                            RedactionGate::problemMessage(f.kind)};
    keep(m_store.replaceProblems(file.relativePath, warnings), report);
    report.problems << warnings;
    report.chunks += chunks.size();
    report.changedPaths << file.relativePath;

    if (m_observer) {
        QList<qint64> ids;
        for (const Chunk &c : std::as_const(chunks))
            ids << c.id;
        m_observer(doc, ids);
    }
    return Outcome::Indexed;
}

} // namespace engram
