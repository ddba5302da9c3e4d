#include "index/IndexStore.h"

#include "core/PorterStemmer.h"
#include "index/CitedQuotes.h"
#include "index/VectorKernels.h"
#include "ingest/DocumentParser.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cstring>
#include <iterator>
#include <numeric>
#include <unordered_map>

namespace engram {

namespace {

/// keywordSearch's Weighting::WithinFiles re-ranks this many times the rows asked for.
constexpr int kRescoredRows = 4;

const char *const kSchema = R"SQL(
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files(
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  size INTEGER NOT NULL,
  mtime INTEGER NOT NULL,
  hash TEXT NOT NULL,
  kind TEXT NOT NULL,
  title TEXT NOT NULL,
  tags TEXT NOT NULL DEFAULT '',
  front_matter TEXT NOT NULL DEFAULT '{}',
  indexed_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS chunks(
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  ordinal INTEGER NOT NULL,
  start_line INTEGER NOT NULL,
  end_line INTEGER NOT NULL,
  heading TEXT NOT NULL,
  title TEXT NOT NULL,
  text TEXT NOT NULL,
  speaker TEXT NOT NULL,
  is_turn INTEGER NOT NULL,
  time INTEGER,
  tokens INTEGER NOT NULL,
  region TEXT NOT NULL,
  store TEXT NOT NULL,
  layer TEXT NOT NULL,
  category TEXT NOT NULL,
  explicit_tags INTEGER NOT NULL,
  vector BLOB);
CREATE INDEX IF NOT EXISTS chunks_file ON chunks(file_id, ordinal);
CREATE INDEX IF NOT EXISTS chunks_without_vector ON chunks(id) WHERE vector IS NULL;
-- A turn's neighbouring turns are keyword-indexed with it (the FTS5 column `context`, weight 0.2).
-- They are read from the neighbours' rows, not stored with each turn: stored, they were 20 MiB of
-- a 100k-chunk index, more than the chunks' own text, and their bytes pushed rows of ~2 KB past
-- half a page. FTS5 reads this view for its 'delete' values and a 'rebuild', so the index and
-- its deletes see the same text; rows change only with a whole file (IndexStore::replaceFile).
-- A digest's verbatim quote of an indexed turn is lineage, not new text: the digest chunk's keyword
-- text leaves it out (chunk_keywords, only for chunks whose keywords differ from their text), so the
-- turn carries those words once. Quoted in up to five files (session, daily, weekly digests, facts),
-- a salient turn's words had five times its document frequency and its digests took keyword
-- candidates' places: LoCoMo dev with the consolidated layer R@500t 78.3 against 78.8 without it.
-- chunk_quotes names the lines each digest chunk cites: a change to a quoted file redoes the digest's
-- keywords (IndexStore::rekeyFile), so a quote of a turn no longer indexed, or no longer verbatim,
-- counts as the digest's own text again; and a search that asks for digests (a layer filter, a mode
-- weighing digests over turns) finds a digest through the turns it quotes.
CREATE TABLE IF NOT EXISTS chunk_keywords(
  chunk_id INTEGER PRIMARY KEY REFERENCES chunks(id) ON DELETE CASCADE,
  text TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS chunk_quotes(
  chunk_id INTEGER NOT NULL REFERENCES chunks(id) ON DELETE CASCADE,
  path TEXT NOT NULL,
  line INTEGER NOT NULL,
  PRIMARY KEY(chunk_id, path, line)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS chunk_quotes_path ON chunk_quotes(path, line);
CREATE VIEW IF NOT EXISTS chunks_content AS
  SELECT c.id, c.file_id, coalesce(k.text, c.text) AS text,
    c.heading, c.title,
    CASE WHEN c.is_turn THEN
      coalesce((SELECT p.text FROM chunks p WHERE p.file_id = c.file_id AND p.ordinal = c.ordinal - 1 AND p.is_turn), '')
      || char(10) ||
      coalesce((SELECT n.text FROM chunks n WHERE n.file_id = c.file_id AND n.ordinal = c.ordinal + 1 AND n.is_turn), '')
    ELSE '' END AS context
  FROM chunks c LEFT JOIN chunk_keywords k ON k.chunk_id = c.id
  WHERE k.text IS NULL OR k.text != '';
CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5(
  text, heading, title, context, content='chunks_content', content_rowid='id',
  tokenize='porter unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE IF NOT EXISTS chunks_vocab USING fts5vocab(chunks_fts, 'row');
CREATE TABLE IF NOT EXISTS problems(
  path TEXT NOT NULL,
  line INTEGER NOT NULL,
  severity TEXT NOT NULL,
  message TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS problems_path ON problems(path);
)SQL";

const char *const kChunkColumns =
    "c.id, f.path, c.ordinal, c.start_line, c.end_line, c.heading, c.title, c.text, c.speaker, c.is_turn, c.time, "
    "c.tokens, c.region, c.store, c.layer, c.category, c.explicit_tags";

enum ExplicitBits { RegionBit = 1, StoreBit = 2, LayerBit = 4, CategoryBit = 8 };

QString quoteTerm(const QString &term)
{
    QString t = term;
    t.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + t + QLatin1Char('"');
}

/// Appends SQL conditions (on alias c and f) for a filter; returns the values to bind in order.
QVariantList filterSql(const RecallFilter &filter, QString &sql)
{
    QVariantList binds;
    auto anyOf = [&](const char *column, const QStringList &values) {
        if (values.isEmpty())
            return;
        QStringList marks;
        for (const QString &v : values) {
            marks << QStringLiteral("?");
            binds << v;
        }
        sql += QStringLiteral(" AND c.%1 IN (%2)").arg(QString::fromLatin1(column), marks.join(QLatin1Char(',')));
    };
    anyOf("store", filter.stores);
    anyOf("region", filter.regions);
    anyOf("layer", filter.layers);
    anyOf("category", filter.categories);
    if (!filter.pathPrefix.isEmpty()) {
        sql += QStringLiteral(" AND substr(f.path, 1, ?) = ?");
        binds << qint64(filter.pathPrefix.size()) << filter.pathPrefix;
    }
    if (!filter.tags.isEmpty()) {
        QStringList parts;
        for (const QString &tag : filter.tags) {
            parts << QStringLiteral("instr(f.tags, ?) > 0");
            binds << QString(QLatin1Char('|') + tag.toLower() + QLatin1Char('|'));
        }
        sql += QStringLiteral(" AND (") + parts.join(QStringLiteral(" OR ")) + QLatin1Char(')');
    }
    return binds;
}

void bindAll(Statement &statement, const QVariantList &binds, int first)
{
    for (int i = 0; i < binds.size(); ++i) {
        if (binds[i].typeId() == QMetaType::LongLong)
            statement.bind(first + i, binds[i].toLongLong());
        else
            statement.bind(first + i, binds[i].toString());
    }
}

} // namespace

Status IndexStore::open(const QString &databasePath, FileMapping mapping)
{
    if (Status s = m_db.open(databasePath, false, mapping); !s)
        return s;
    m_dataVersion = -1; // a new connection: the first read starts with empty caches
    m_cachedBm25 = bool(installCachedBm25(m_db.handle(), &m_rowLengths)); // else FTS5's own bm25()
    return createSchema();
}

Status IndexStore::createSchema()
{
    if (Status s = m_db.exec(QString::fromLatin1(kSchema)); !s)
        return s;
    if (meta(QStringLiteral("schema")).isEmpty()) {
        // A new index: every row it will hold comes from this parser.
        if (Status s = setMeta(QStringLiteral("parser"), QString::number(DocumentParser::kVersion)); !s)
            return s;
        return setMeta(QStringLiteral("schema"), QString::number(kSchemaVersion));
    }
    return {};
}

QString IndexStore::meta(const QString &key, const QString &fallback)
{
    auto statement = m_db.cached(QStringLiteral("SELECT value FROM meta WHERE key = ?"));
    if (!statement)
        return fallback;
    statement->bind(1, key);
    return statement->next() ? statement->text(0) : fallback;
}

Status IndexStore::setMeta(const QString &key, const QString &value)
{
    auto statement = m_db.cached(QStringLiteral("INSERT INTO meta(key, value) VALUES(?, ?) "
                                                "ON CONFLICT(key) DO UPDATE SET value = excluded.value"));
    if (!statement)
        return statement.error();
    return statement->bind(1, key).bind(2, value).exec();
}

QHash<QString, FileRecord> IndexStore::files()
{
    QHash<QString, FileRecord> out;
    auto statement =
        m_db.prepare(QStringLiteral("SELECT f.id, f.path, f.size, f.mtime, f.hash, f.kind, f.title, "
                                    "(SELECT count(*) FROM chunks c WHERE c.file_id = f.id) FROM files f"));
    if (!statement)
        return out;
    while (statement->next()) {
        FileRecord r{statement->int64(0), statement->text(1), statement->int64(2), statement->int64(3),
                     statement->text(4),  statement->text(5), statement->text(6),  statement->int64(7)};
        out.insert(r.path, r);
    }
    return out;
}

namespace {

/// What a comparison with the disk reads of a file: a third of the time of the whole record at 20,000 files.
constexpr char kFileRecordColumns[] = "SELECT id, path, size, mtime FROM files ";

FileRecord fileRecordOf(const Statement &row)
{
    return FileRecord{row.int64(0), row.text(1), row.int64(2), row.int64(3), {}, {}, {}, 0};
}

/// The end of the range of paths under `folder`: "a/b/…" sorts below "a/b0" ('0' follows '/').
QString endOfFolder(const QString &folder)
{
    return folder + u'0';
}

} // namespace

QHash<QString, FileRecord> IndexStore::filesIn(const QString &folder, QStringList *subfolders)
{
    QHash<QString, FileRecord> out;
    const QString prefix = folder.isEmpty() ? QString() : folder + u'/';
    QString from = prefix;
    for (bool more = true; more;) {
        more = false;
        auto statement =
            folder.isEmpty()
                ? m_db.cached(QLatin1String(kFileRecordColumns) + QStringLiteral("WHERE path >= ? ORDER BY path"))
                : m_db.cached(QLatin1String(kFileRecordColumns)
                              + QStringLiteral("WHERE path >= ? AND path < ? ORDER BY path"));
        if (!statement)
            return out;
        statement->bind(1, from);
        if (!folder.isEmpty())
            statement->bind(2, endOfFolder(folder));
        while (statement->next()) {
            const QString path = statement->text(1);
            const qsizetype slash = path.indexOf(u'/', prefix.size());
            if (slash < 0) {
                out.insert(path, fileRecordOf(*statement));
                continue;
            }
            // A subfolder: named once, its rows stepped over by starting the range again past them.
            const QString subfolder = path.left(slash);
            if (subfolders)
                *subfolders << subfolder;
            from = endOfFolder(subfolder);
            more = true;
            break;
        }
    }
    return out;
}

QHash<QString, FileRecord> IndexStore::filesUnder(const QString &folder)
{
    QHash<QString, FileRecord> out;
    auto statement =
        m_db.cached(QLatin1String(kFileRecordColumns) + QStringLiteral("WHERE path >= ? AND path < ? ORDER BY path"));
    if (!statement)
        return out;
    statement->bind(1, folder + u'/').bind(2, endOfFolder(folder));
    while (statement->next())
        out.insert(statement->text(1), fileRecordOf(*statement));
    return out;
}

std::optional<FileRecord> IndexStore::file(const QString &path)
{
    auto statement = m_db.cached(
        QStringLiteral("SELECT f.id, f.path, f.size, f.mtime, f.hash, f.kind, f.title, "
                       "(SELECT count(*) FROM chunks c WHERE c.file_id = f.id) FROM files f WHERE f.path = ?"));
    if (!statement)
        return std::nullopt;
    statement->bind(1, path);
    if (!statement->next())
        return std::nullopt;
    return FileRecord{statement->int64(0), statement->text(1), statement->int64(2), statement->int64(3),
                      statement->text(4),  statement->text(5), statement->text(6),  statement->int64(7)};
}

Status IndexStore::replaceFile(FileRecord &record, QList<Chunk> &chunks, const QList<Vector> &vectors,
                               const QString &frontMatterJson)
{
    Transaction transaction(m_db);
    if (!transaction.isActive())
        return Error{QStringLiteral("index database is busy or read-only; try again")};

    if (Status s = removeChunkRows(record.path); !s)
        return s;

    QString tags;
    const QJsonObject fm = QJsonDocument::fromJson(frontMatterJson.toUtf8()).object();
    const QJsonValue tagValue = fm.value(QStringLiteral("tags"));
    if (tagValue.isArray()) {
        for (const QJsonValue &t : tagValue.toArray())
            tags += QLatin1Char('|') + t.toString().toLower();
    } else if (tagValue.isString()) {
        for (const QString &t : tagValue.toString().split(QLatin1Char(','), Qt::SkipEmptyParts))
            tags += QLatin1Char('|') + t.trimmed().toLower();
    }
    if (!tags.isEmpty())
        tags += QLatin1Char('|');

    auto upsert = m_db.cached(QStringLiteral(
        "INSERT INTO files(path, size, mtime, hash, kind, title, tags, front_matter, indexed_at) "
        "VALUES(?, ?, ?, ?, ?, ?, ?, ?, strftime('%s','now')) "
        "ON CONFLICT(path) DO UPDATE SET size = excluded.size, mtime = excluded.mtime, hash = excluded.hash, "
        "kind = excluded.kind, title = excluded.title, tags = excluded.tags, front_matter = excluded.front_matter, "
        "indexed_at = excluded.indexed_at RETURNING id"));
    if (!upsert)
        return upsert.error();
    upsert->bind(1, record.path).bind(2, record.size).bind(3, record.mtimeMs).bind(4, record.hash);
    upsert->bind(5, record.kind).bind(6, record.title).bind(7, tags).bind(8, frontMatterJson);
    if (!upsert->next())
        return upsert->error();
    record.id = upsert->int64(0);
    upsert->reset();

    auto insert = m_db.cached(QStringLiteral(
        "INSERT INTO chunks(file_id, ordinal, start_line, end_line, heading, title, text, speaker, is_turn, time, "
        "tokens, region, store, layer, category, explicit_tags, vector) "
        "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    if (!insert)
        return insert.error();
    for (qsizetype i = 0; i < chunks.size(); ++i) {
        Chunk &c = chunks[i];
        const int explicitBits = (c.tags.region.isExplicit ? RegionBit : 0) | (c.tags.store.isExplicit ? StoreBit : 0)
                                 | (c.tags.layer.isExplicit ? LayerBit : 0)
                                 | (c.tags.category.isExplicit ? CategoryBit : 0);
        insert->bind(1, record.id).bind(2, c.ordinal).bind(3, c.startLine).bind(4, c.endLine);
        insert->bind(5, c.heading).bind(6, c.title).bind(7, c.text).bind(8, c.speaker).bind(9, c.isTurn ? 1 : 0);
        if (c.time.isValid())
            insert->bind(10, c.time.toSecsSinceEpoch());
        else
            insert->bindNull(10);
        insert->bind(11, c.tokens).bind(12, c.tags.region.value).bind(13, c.tags.store.value);
        insert->bind(14, c.tags.layer.value).bind(15, c.tags.category.value).bind(16, explicitBits);
        if (i < vectors.size())
            insert->bind(17, vectorBlob(vectors[i]));
        else
            insert->bindNull(17);
        if (Status s = insert->exec(); !s)
            return s;
        c.id = m_db.lastInsertId();
    }
    QList<QuotingChunk> quoting;
    for (const Chunk &c : std::as_const(chunks))
        if (!c.isTurn)
            quoting << QuotingChunk{c.id, c.ordinal, c.text};
    if (Status s = storeQuotes(quoting); !s)
        return s;
    // Keywords once every row of the file is in: a turn's context is its neighbours' text.
    if (Status s = addKeywords(record.id); !s)
        return s;
    if (Status s = rekeyQuotersOf(record.path, record.id); !s)
        return s;
    record.chunkCount = chunks.size();
    return transaction.commit();
}

Status IndexStore::addKeywords(qint64 fileId)
{
    auto statement =
        m_db.cached(QStringLiteral("INSERT INTO chunks_fts(rowid, text, heading, title, context) "
                                   "SELECT id, text, heading, title, context FROM chunks_content WHERE file_id = ?"));
    if (!statement)
        return statement.error();
    return statement->bind(1, fileId).exec();
}

Status IndexStore::storeQuotes(const QList<QuotingChunk> &rows)
{
    if (std::none_of(rows.cbegin(), rows.cend(), [](const QuotingChunk &r) {
            return r.text.contains(QLatin1Char('`')); // every citation names its lines in backquotes
        }))
        return {};
    auto keep = m_db.cached(QStringLiteral("INSERT INTO chunk_keywords(chunk_id, text) VALUES(?, ?)"));
    auto quote =
        m_db.cached(QStringLiteral("INSERT OR IGNORE INTO chunk_quotes(chunk_id, path, line) VALUES(?, ?, ?)"));
    if (!keep)
        return keep.error();
    if (!quote)
        return quote.error();
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const QString &text = rows[i].text;
        const QList<CitedQuotes::Span> spans = CitedQuotes::spans(text);
        QString keywords;
        qsizetype kept = 0; // text up to here is settled
        for (const CitedQuotes::Span &span : spans) {
            const QString item = text.mid(span.start, span.end - span.start);
            std::optional<CitedQuotes::Source> source = CitedQuotes::citedSource(item);
            if (!source && &span == &spans.last() && i + 1 < rows.size()
                && rows[i + 1].ordinal == rows[i].ordinal + 1) {
                // An item the next chunk ends: its citation is there.
                const QString &next = rows[i + 1].text;
                if (const QList<CitedQuotes::Span> more = CitedQuotes::spans(next); !more.isEmpty())
                    source =
                        CitedQuotes::citedSource(next.mid(more.front().start, more.front().end - more.front().start));
            }
            if (!source)
                continue;
            if (Status s = quote->bind(1, rows[i].id).bind(2, source->path).bind(3, source->startLine).exec(); !s)
                return s;
            const std::optional<Chunk> turn = chunkAt(source->path, source->startLine);
            if (!turn || !turn->isTurn || !CitedQuotes::quotes(item, turn->text))
                continue;
            keywords += text.mid(kept, span.start - kept);
            kept = span.end;
        }
        if (kept == 0)
            continue; // quotes nothing the index holds as a turn: its keywords are its text
        keywords += text.mid(kept);
        if (Status s = keep->bind(1, rows[i].id).bind(2, keywords.trimmed()).exec(); !s)
            return s;
    }
    return {};
}

Status IndexStore::rekeyQuotersOf(const QString &path, qint64 exceptFileId)
{
    QList<qint64> quoters;
    {
        auto find = m_db.cached(QStringLiteral("SELECT DISTINCT c.file_id FROM chunk_quotes q JOIN chunks c "
                                               "ON c.id = q.chunk_id WHERE q.path = ? AND c.file_id != ?"));
        if (!find)
            return find.error();
        find->bind(1, path).bind(2, exceptFileId);
        while (find->next())
            quoters << find->int64(0);
        find->reset();
    }
    for (const qint64 fileId : std::as_const(quoters))
        if (Status s = rekeyFile(fileId); !s)
            return s;
    return {};
}

Status IndexStore::rekeyFile(qint64 fileId)
{
    // FTS5 removes the keywords it was given: the view's values before the quotes change.
    auto removeKeywords =
        m_db.cached(QStringLiteral("INSERT INTO chunks_fts(chunks_fts, rowid, text, heading, title, context) "
                                   "SELECT 'delete', id, text, heading, title, context FROM chunks_content "
                                   "WHERE file_id = ?"));
    auto forgetKeywords = m_db.cached(
        QStringLiteral("DELETE FROM chunk_keywords WHERE chunk_id IN (SELECT id FROM chunks WHERE file_id = ?)"));
    auto forgetQuotes = m_db.cached(
        QStringLiteral("DELETE FROM chunk_quotes WHERE chunk_id IN (SELECT id FROM chunks WHERE file_id = ?)"));
    if (!removeKeywords)
        return removeKeywords.error();
    if (!forgetKeywords)
        return forgetKeywords.error();
    if (!forgetQuotes)
        return forgetQuotes.error();
    if (Status s = removeKeywords->bind(1, fileId).exec(); !s)
        return s;
    if (Status s = forgetKeywords->bind(1, fileId).exec(); !s)
        return s;
    if (Status s = forgetQuotes->bind(1, fileId).exec(); !s)
        return s;
    QList<QuotingChunk> rows;
    {
        auto read = m_db.cached(
            QStringLiteral("SELECT id, ordinal, text FROM chunks WHERE file_id = ? AND NOT is_turn ORDER BY ordinal"));
        if (!read)
            return read.error();
        read->bind(1, fileId);
        while (read->next())
            rows << QuotingChunk{read->int64(0), read->integer(1), read->text(2)};
        read->reset();
    }
    if (Status s = storeQuotes(rows); !s)
        return s;
    return addKeywords(fileId);
}

Status IndexStore::removeChunkRows(const QString &path)
{
    // FTS5 removes a row's keywords given the values it indexed: read from the view while the
    // file's rows, neighbours included, are all still there.
    auto removeKeywords =
        m_db.cached(QStringLiteral("INSERT INTO chunks_fts(chunks_fts, rowid, text, heading, title, context) "
                                   "SELECT 'delete', id, text, heading, title, context FROM chunks_content "
                                   "WHERE file_id = (SELECT id FROM files WHERE path = ?)"));
    auto removeChunks =
        m_db.cached(QStringLiteral("DELETE FROM chunks WHERE file_id = (SELECT id FROM files WHERE path = ?)"));
    if (!removeKeywords)
        return removeKeywords.error();
    if (!removeChunks)
        return removeChunks.error();
    if (Status s = removeKeywords->bind(1, path).exec(); !s)
        return s;
    return removeChunks->bind(1, path).exec(); // their chunk_keywords and chunk_quotes go with them
}

Result<QList<qint64>> IndexStore::removeFile(const QString &path)
{
    const QList<qint64> ids = chunkIds(path);
    Transaction transaction(m_db);
    if (!transaction.isActive())
        return Error{QStringLiteral("index database is busy or read-only; try again")};
    auto removeFileRow = m_db.cached(QStringLiteral("DELETE FROM files WHERE path = ?"));
    if (!removeFileRow)
        return removeFileRow.error();
    if (Status s = removeChunkRows(path); !s)
        return s.error();
    if (Status s = removeFileRow->bind(1, path).exec(); !s)
        return s.error();
    if (Status s = rekeyQuotersOf(path, -1); !s)
        return s.error();
    if (Status s = transaction.commit(); !s)
        return s.error();
    return ids;
}

Chunk IndexStore::readChunk(Statement &s)
{
    Chunk c;
    c.id = s.int64(0);
    c.path = s.text(1);
    c.ordinal = s.integer(2);
    c.startLine = s.integer(3);
    c.endLine = s.integer(4);
    c.heading = s.text(5);
    c.title = s.text(6);
    c.text = s.text(7);
    c.speaker = s.text(8);
    c.isTurn = s.integer(9) != 0;
    if (!s.isNull(10))
        c.time = QDateTime::fromSecsSinceEpoch(s.int64(10), Qt::UTC); // see parseDate: calendar times are UTC
    c.tokens = s.integer(11);
    const int bits = s.integer(16);
    c.tags.region = Tag{s.text(12), (bits & RegionBit) != 0};
    c.tags.store = Tag{s.text(13), (bits & StoreBit) != 0};
    c.tags.layer = Tag{s.text(14), (bits & LayerBit) != 0};
    c.tags.category = Tag{s.text(15), (bits & CategoryBit) != 0};
    return c;
}

QList<Chunk> IndexStore::chunks(const QList<qint64> &ids)
{
    // One statement for the whole candidate set (a query per candidate costs more than the search).
    QList<Chunk> out;
    if (ids.isEmpty())
        return out;
    auto statement = m_db.cached(QStringLiteral("SELECT %1 FROM chunks c JOIN files f ON f.id = c.file_id "
                                                "WHERE c.id IN (SELECT value FROM json_each(?))")
                                     .arg(QString::fromLatin1(kChunkColumns)));
    if (!statement)
        return out;
    statement->bind(1, sqlList(ids));
    QHash<qint64, Chunk> byId;
    byId.reserve(ids.size());
    while (statement->next()) {
        Chunk c = readChunk(*statement);
        byId.insert(c.id, c);
    }
    out.reserve(ids.size());
    for (qint64 id : ids)
        if (const auto it = byId.constFind(id); it != byId.constEnd())
            out << *it;
    return out;
}

QList<Chunk> IndexStore::neighbours(const QList<qint64> &ids, int radius)
{
    QList<Chunk> out;
    if (ids.isEmpty() || radius <= 0)
        return out;
    // Uses the (file_id, ordinal) index: a few rows per hit, never a scan. A row may come
    // twice (two hits side by side); callers key by position, so no DISTINCT sort is needed.
    auto statement =
        m_db.cached(QStringLiteral("SELECT %1 FROM chunks h JOIN chunks c ON c.file_id = h.file_id "
                                   "AND c.ordinal BETWEEN h.ordinal - ? AND h.ordinal + ? AND c.id <> h.id "
                                   "JOIN files f ON f.id = c.file_id WHERE h.id IN (SELECT value FROM json_each(?))")
                        .arg(QString::fromLatin1(kChunkColumns)));
    if (!statement)
        return out;
    statement->bind(1, radius).bind(2, radius).bind(3, sqlList(ids));
    while (statement->next())
        out << readChunk(*statement);
    return out;
}

QList<Chunk> IndexStore::chunksOfFile(const QString &path)
{
    QList<Chunk> out;
    auto statement = m_db.prepare(QStringLiteral("SELECT %1 FROM chunks c JOIN files f ON f.id = c.file_id "
                                                 "WHERE f.path = ? ORDER BY c.ordinal")
                                      .arg(QString::fromLatin1(kChunkColumns)));
    if (!statement)
        return out;
    statement->bind(1, path);
    while (statement->next())
        out << readChunk(*statement);
    return out;
}

std::optional<Chunk> IndexStore::chunkAt(const QString &path, int line)
{
    // The (file_id, ordinal) index narrows it to one file's chunks: a few hundred rows at most.
    auto statement = m_db.cached(QStringLiteral("SELECT %1 FROM chunks c JOIN files f ON f.id = c.file_id "
                                                "WHERE f.path = ? AND c.start_line <= ? AND c.end_line >= ? LIMIT 1")
                                     .arg(QString::fromLatin1(kChunkColumns)));
    if (!statement)
        return std::nullopt;
    statement->bind(1, path).bind(2, line).bind(3, line);
    if (!statement->next())
        return std::nullopt;
    return readChunk(*statement);
}

QList<qint64> IndexStore::chunkIds(const QString &path)
{
    QList<qint64> out;
    auto statement = m_db.prepare(QStringLiteral(
        "SELECT c.id FROM chunks c JOIN files f ON f.id = c.file_id WHERE f.path = ? ORDER BY c.ordinal"));
    if (!statement)
        return out;
    statement->bind(1, path);
    while (statement->next())
        out << statement->int64(0);
    return out;
}

QByteArray IndexStore::vectorBlob(const Vector &vector)
{
    QByteArray blob(1 + vector.size() * qsizetype(sizeof(quint16)), Qt::Uninitialized);
    blob[0] = kHalfVectorTag;
    std::vector<quint16> halves(size_t(vector.size()));
    VectorKernels::toHalf(vector.constData(), halves.size(), halves.data());
    std::memcpy(blob.data() + 1, halves.data(), halves.size() * sizeof(quint16));
    return blob;
}

Vector IndexStore::vectorFromBlob(const QByteArray &blob)
{
    Vector vector;
    if (blob.size() % qsizetype(sizeof(float)) == 0) { // float32, as every vector was stored before
        vector.resize(blob.size() / qsizetype(sizeof(float)));
        std::memcpy(vector.data(), blob.constData(), size_t(blob.size()));
    } else if (blob.at(0) == kHalfVectorTag) {
        const size_t dimensions = size_t(blob.size() - 1) / sizeof(quint16);
        std::vector<quint16> halves(dimensions);
        std::memcpy(halves.data(), blob.constData() + 1, dimensions * sizeof(quint16));
        vector.resize(qsizetype(dimensions));
        VectorKernels::fromHalf(halves.data(), dimensions, vector.data());
    }
    return vector; // empty for anything else: the vector index takes no vector of other dimensions
}

void IndexStore::forEachVector(const std::function<void(qint64, const Vector &)> &visit, const QList<qint64> &only)
{
    auto statement =
        only.isEmpty()
            ? m_db.prepare(QStringLiteral("SELECT id, vector FROM chunks WHERE vector IS NOT NULL"))
            : m_db.prepare(QStringLiteral("SELECT id, vector FROM chunks WHERE id IN (SELECT value FROM json_each(?)) "
                                          "AND vector IS NOT NULL"));
    if (!statement)
        return;
    if (!only.isEmpty()) {
        QByteArray list = "[";
        for (qint64 id : only)
            list += QByteArray::number(id) + ',';
        list.back() = ']';
        statement->bind(1, QString::fromLatin1(list));
    }
    while (statement->next())
        visit(statement->int64(0), vectorFromBlob(statement->blob(1)));
}

// Column weights: text 1, heading and title 0.5, a turn's neighbouring turns (context) 0.2. Through
// the context column the answer to a matching question is a candidate even when it shares no word
// with the query (LoCoMo R@500t 74.4 -> 76.9; 0.1-0.3 all within 0.5 of that, bench/README.md).
Result<QList<IndexStore::KeywordHit>> IndexStore::keywordSearch(const QStringList &terms, int limit,
                                                                const RecallFilter &filter,
                                                                const QStringList &rankingOnly, Quoters quoters,
                                                                Weighting weighting)
{
    auto failure = [](const Error &e) {
        return Error{QStringLiteral("the keyword index cannot be searched (%1); it is made from the vault's files, "
                                    "and `engram-cli rebuild` makes it again")
                         .arg(e.message)}; // the message names index.db
    };
    QList<KeywordHit> out;
    if (terms.isEmpty() || limit <= 0)
        return out;
    checkDataVersion(); // the row lengths engram_bm25 remembers
    QStringList quoted;
    for (const QString &t : terms)
        quoted << quoteTerm(t);
    QString match = quoted.join(QStringLiteral(" OR "));
    QString rank = m_cachedBm25 ? QStringLiteral("engram_bm25(chunks_fts, 1.0, 0.5, 0.5, 0.2)")
                                : QStringLiteral("bm25(chunks_fts, 1.0, 0.5, 0.5, 0.2)");
    QVariantList rowCounts; // of the phrases engram_bm25_leading scores, in the query's order
    // SQLite takes at most 127 arguments to a function (SQLITE_MAX_FUNCTION_ARG): the table, four
    // weights and a row count per phrase. A longer query ranks by the terms that fit.
    constexpr qsizetype kMaxPhrases = 127 - 5;
    const QStringList ranking = rankingOnly.mid(0, qMax<qsizetype>(0, kMaxPhrases - terms.size()));
    if (m_cachedBm25 && !ranking.isEmpty()) {
        // "t1 OR t2 OR ((c1 OR c2) AND (t1 OR t2))": the rows of t1 and t2, each scored by all four
        // terms (the repeated t1 and t2 at the end are not scored). The common terms' row counts
        // come from the vocabulary: counting them as bm25() does would walk their doclists.
        QStringList stems;
        QStringList common;
        for (const QString &t : ranking) {
            stems << PorterStemmer::stem(t);
            common << quoteTerm(t);
        }
        const QHash<QString, qint64> frequency = documentFrequencies(stems);
        for (qsizetype i = 0; i < terms.size(); ++i)
            rowCounts << qint64(-1);
        for (const QString &stem : std::as_const(stems)) {
            const qint64 rows = frequency.value(stem);
            rowCounts << (rows > 0 ? rows : qint64(-1)); // a term the stemmer and FTS5 see differently
        }
        match = QStringLiteral("%1 OR ((%2) AND (%1))").arg(match, common.join(QStringLiteral(" OR ")));
        QStringList placeholders(rowCounts.size(), QStringLiteral("?"));
        rank = QStringLiteral("engram_bm25_leading(chunks_fts, 1.0, 0.5, 0.5, 0.2, %1)")
                   .arg(placeholders.join(QStringLiteral(", ")));
    }
    QString sql;
    QVariantList binds;
    if (filter.isEmpty()) {
        sql =
            QStringLiteral("SELECT rowid, %1 AS score FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY score LIMIT ?")
                .arg(rank);
    } else {
        sql = QStringLiteral("SELECT c.id, %1 AS score FROM chunks_fts "
                             "JOIN chunks c ON c.id = chunks_fts.rowid JOIN files f ON f.id = c.file_id "
                             "WHERE chunks_fts MATCH ?")
                  .arg(rank);
        binds = filterSql(filter, sql);
        sql += QStringLiteral(" ORDER BY score LIMIT ?");
    }
    auto statement = m_db.cached(sql);
    if (!statement)
        return failure(statement.error());
    bindAll(*statement, rowCounts, 1);
    const int matchAt = 1 + int(rowCounts.size());
    statement->bind(matchAt, match);
    bindAll(*statement, binds, matchAt + 1);
    // Weighed within files, the rows are re-ranked: the best four times `limit` by the vault's weights.
    const bool withinFiles = weighting == Weighting::WithinFiles && m_cachedBm25;
    statement->bind(matchAt + 1 + int(binds.size()), withinFiles ? limit * kRescoredRows : limit);
    RowLengthCache::Record record;
    if (withinFiles)
        m_rowLengths.record = &record;
    while (statement->next())
        out << KeywordHit{statement->int64(0), -statement->real(1)};
    m_rowLengths.record = nullptr; // `record` ends with this call, the ranking function's user data does not
    if (statement->failed())
        return failure(statement->error());
    statement->reset();
    if (withinFiles) {
        if (Status s = weighWithinFiles(out, record, terms.size()); !s)
            return failure(s.error());
        if (out.size() > limit)
            out.resize(limit);
    }
    if (quoters == Quoters::Omit)
        return out;

    // A digest chunk holds no keywords of the turns it quotes: it scores what the best of them does
    // among the best turns (four times the candidates, as a filtered vector search fetches).
    QString quoterSql =
        QStringLiteral(
            "SELECT q.chunk_id, min(h.score) FROM (SELECT rowid, %1 AS score FROM chunks_fts WHERE chunks_fts MATCH ? "
            "ORDER BY score LIMIT ?) h JOIN chunks t ON t.id = h.rowid AND t.is_turn JOIN files tf ON tf.id = t.file_id "
            "JOIN chunk_quotes q ON q.path = tf.path AND q.line BETWEEN t.start_line AND t.end_line "
            "JOIN chunks c ON c.id = q.chunk_id JOIN files f ON f.id = c.file_id WHERE 1")
            .arg(rank);
    const QVariantList quoterBinds = filterSql(filter, quoterSql);
    quoterSql += QStringLiteral(" GROUP BY q.chunk_id");
    auto viaQuotes = m_db.cached(quoterSql);
    if (!viaQuotes)
        return failure(viaQuotes.error());
    bindAll(*viaQuotes, rowCounts, 1);
    viaQuotes->bind(matchAt, match).bind(matchAt + 1, qint64(limit) * 4);
    bindAll(*viaQuotes, quoterBinds, matchAt + 2);
    QHash<qint64, qsizetype> at;
    for (qsizetype i = 0; i < out.size(); ++i)
        at.insert(out[i].id, i);
    while (viaQuotes->next()) {
        const KeywordHit hit{viaQuotes->int64(0), -viaQuotes->real(1)};
        if (const auto it = at.constFind(hit.id); it != at.cend())
            out[*it].score = qMax(out[*it].score, hit.score);
        else
            out << hit;
    }
    if (viaQuotes->failed())
        return failure(viaQuotes->error());
    std::stable_sort(out.begin(), out.end(), [](const KeywordHit &a, const KeywordHit &b) {
        return a.score != b.score ? a.score > b.score : a.id < b.id;
    });
    if (out.size() > limit)
        out.resize(limit);
    return out;
}

Status IndexStore::weighWithinFiles(QList<KeywordHit> &hits, const RowLengthCache::Record &record,
                                    qsizetype matchedPhrases)
{
    // Every row holding a matched phrase was ranked, so `record` tells which rows of a file hold it.
    const size_t width = record.idf.size();
    const size_t phrases = qMin(size_t(qMax<qsizetype>(0, matchedPhrases)), width);
    if (hits.isEmpty() || phrases == 0 || record.parts.size() != record.rows.size() * width)
        return {};
    std::vector<size_t> order(record.rows.size()); // positions in `record`, by row
    std::iota(order.begin(), order.end(), size_t(0));
    if (!std::is_sorted(record.rows.begin(), record.rows.end()))
        std::stable_sort(order.begin(), order.end(),
                         [&](size_t a, size_t b) { return record.rows[a] < record.rows[b]; });
    std::vector<std::vector<qint64>> rowsOf(phrases); // each phrase's rows, ascending
    std::unordered_map<qint64, size_t> at;            // a hit's position in `record`
    at.reserve(size_t(hits.size()));
    for (const KeywordHit &hit : std::as_const(hits))
        at.emplace(hit.id, record.rows.size());
    for (size_t r : order) {
        if (const auto it = at.find(record.rows[r]); it != at.end())
            it->second = r;
        for (size_t i = 0; i < phrases; ++i)
            if (record.parts[r * width + i] > 0.0 && (rowsOf[i].empty() || rowsOf[i].back() != record.rows[r]))
                rowsOf[i].push_back(record.rows[r]);
    }

    // A file's chunks are inserted together, in order, so chunk `ordinal` of a file of n chunks has the
    // id of the first plus `ordinal`: the file's ids are [id - ordinal, id - ordinal + n - 1].
    QList<qint64> ids;
    for (const KeywordHit &hit : std::as_const(hits))
        ids << hit.id;
    auto files = m_db.cached(
        QStringLiteral("SELECT c.id, c.ordinal, (SELECT max(o.ordinal) FROM chunks o WHERE o.file_id = c.file_id) "
                       "FROM chunks c WHERE c.id IN (SELECT value FROM json_each(?))"));
    if (!files)
        return files.error();
    files->bind(1, sqlList(ids));
    struct Range {
        qint64 first = 0;
        qint64 chunks = 0;
    };
    QHash<qint64, Range> rangeOf;
    while (files->next()) {
        const qint64 first = files->int64(0) - files->int64(1);
        rangeOf.insert(files->int64(0), {first, files->int64(2) + 1});
    }
    if (files->failed())
        return files->error();
    files->reset();

    for (KeywordHit &hit : hits) {
        const size_t r = at.at(hit.id);
        const auto range = rangeOf.constFind(hit.id);
        if (r == record.rows.size() || range == rangeOf.cend() || range->chunks < 2)
            continue; // a file of one chunk says nothing of its chunks' terms
        const qint64 last = range->first + range->chunks - 1;
        // Summed afresh in the ranking's order: a row no phrase is dense for keeps its bits, and the
        // chunks a dense phrase alone matches tie.
        double score = 0.0;
        for (size_t i = 0; i < width; ++i) {
            const double part = record.parts[r * width + i];
            double share = 0.0;
            if (i < phrases && part > 0.0) {
                const auto &rows = rowsOf[i];
                const auto from = std::lower_bound(rows.begin(), rows.end(), range->first);
                const auto to = std::upper_bound(from, rows.end(), last);
                // The share of the file's other chunks that hold the phrase: at 1 it scores as one hit
                // in a row of average length in every chunk that holds it; at 0 as BM25 has it.
                share = double(std::distance(from, to) - 1) / double(range->chunks - 1);
            }
            score += record.idf[i] * (share + (1.0 - share) * part);
        }
        hit.score = score;
    }
    std::stable_sort(hits.begin(), hits.end(), [](const KeywordHit &a, const KeywordHit &b) {
        return a.score != b.score ? a.score > b.score : a.id < b.id;
    });
    return {};
}

void IndexStore::checkDataVersion()
{
    // data_version changes when another connection commits, total_changes when this one writes
    // (also through Database::exec, as a rebuild does).
    auto statement = m_db.cached(QStringLiteral("PRAGMA data_version"));
    const qint64 version = statement && statement->next() ? statement->int64(0) : -2;
    const qint64 own = m_db.totalChanges();
    if (version != m_dataVersion || own != m_ownChanges) {
        m_dataVersion = version;
        m_ownChanges = own;
        m_chunkCountCache = -1;
        m_frequencyCache.clear();
        m_rowLengths.clear();
    }
}

QHash<QString, qint64> IndexStore::documentFrequencies(const QStringList &tokens)
{
    constexpr qsizetype kMaxCached = 100000;
    checkDataVersion();
    if (m_frequencyCache.size() > kMaxCached)
        m_frequencyCache.clear();
    QHash<QString, qint64> out;
    auto statement = m_db.cached(QStringLiteral("SELECT doc FROM chunks_vocab WHERE term = ?"));
    for (const QString &token : tokens) {
        if (const auto it = m_frequencyCache.constFind(token); it != m_frequencyCache.constEnd()) {
            out.insert(token, *it);
            continue;
        }
        if (!statement)
            break;
        statement->bind(1, token);
        const qint64 frequency = statement->next() ? statement->int64(0) : 0;
        statement->reset();
        out.insert(token, frequency);
        m_frequencyCache.insert(token, frequency);
    }
    return out;
}

qint64 IndexStore::approximateChunkCount()
{
    checkDataVersion();
    if (m_chunkCountCache < 0)
        m_chunkCountCache = keywordRowCount();
    if (m_chunkCountCache < 0)
        m_chunkCountCache = chunkCount();
    return m_chunkCountCache;
}

qint64 IndexStore::keywordRowCount()
{
    // FTS5's averages record (row 1 of chunks_fts_data) starts with its row count, a varint:
    // every chunk has its FTS5 row but a digest chunk that only quotes indexed turns, so this is
    // the count of chunks that hold keywords (what document frequencies are a share of) in one
    // page read. count(*) reads the whole chunks_file index: ~1,800 pages, 15 MiB of a cold
    // recall at 1M chunks.
    auto s = m_db.cached(QStringLiteral("SELECT block FROM chunks_fts_data WHERE id = 1"));
    if (!s || !s->next())
        return -1;
    const QByteArray block = s->blob(0);
    quint64 value = 0;
    for (qsizetype i = 0; i < qMin<qsizetype>(block.size(), 9); ++i) {
        const auto byte = quint8(block[i]);
        if (i == 8)
            return qint64((value << 8) | byte);
        value = (value << 7) | (byte & 0x7f);
        if (!(byte & 0x80))
            return qint64(value);
    }
    return -1;
}

bool IndexStore::matches(qint64 id, const RecallFilter &filter)
{
    if (filter.isEmpty())
        return true;
    QString sql = QStringLiteral("SELECT 1 FROM chunks c JOIN files f ON f.id = c.file_id WHERE c.id = ?");
    const QVariantList binds = filterSql(filter, sql);
    auto statement = m_db.prepare(sql);
    if (!statement)
        return false;
    statement->bind(1, id);
    bindAll(*statement, binds, 2);
    return statement->next();
}

Status IndexStore::replaceProblems(const QString &path, const QList<Problem> &problems)
{
    auto remove = m_db.cached(QStringLiteral("DELETE FROM problems WHERE path = ?"));
    auto insert = m_db.cached(QStringLiteral("INSERT INTO problems(path, line, severity, message) VALUES(?, ?, ?, ?)"));
    if (!remove || !insert)
        return Error{QStringLiteral("index database: cannot record problems")};
    if (Status s = remove->bind(1, path).exec(); !s)
        return s;
    for (const Problem &p : problems)
        if (Status s = insert->bind(1, p.path).bind(2, p.line).bind(3, p.severity).bind(4, p.message).exec(); !s)
            return s;
    return {};
}

Status IndexStore::clearProblems()
{
    return m_db.exec(QStringLiteral("DELETE FROM problems"));
}

QList<Problem> IndexStore::problems()
{
    QList<Problem> out;
    auto statement =
        m_db.prepare(QStringLiteral("SELECT path, line, severity, message FROM problems ORDER BY path, line"));
    if (!statement)
        return out;
    while (statement->next())
        out << Problem{statement->text(0), statement->integer(1), statement->text(2), statement->text(3)};
    return out;
}

qint64 IndexStore::fileCount()
{
    auto s = m_db.cached(QStringLiteral("SELECT count(*) FROM files"));
    return s && s->next() ? s->int64(0) : 0;
}

qint64 IndexStore::chunkCount()
{
    auto s = m_db.cached(QStringLiteral("SELECT count(*) FROM chunks"));
    return s && s->next() ? s->int64(0) : 0;
}

std::vector<qint64> IndexStore::vectorIds()
{
    // Both lists come from indexes (the covering chunks_file and the partial chunks_without_vector),
    // not from the table with its vector BLOBs: 8 ms at 100k chunks.
    std::vector<qint64> ids;
    std::vector<qint64> without;
    if (auto s = m_db.prepare(QStringLiteral("SELECT id FROM chunks INDEXED BY chunks_file")); s)
        while (s->next())
            ids.push_back(s->int64(0));
    if (auto s = m_db.prepare(QStringLiteral("SELECT id FROM chunks WHERE vector IS NULL")); s)
        while (s->next())
            without.push_back(s->int64(0));
    std::sort(ids.begin(), ids.end());
    std::sort(without.begin(), without.end());
    std::vector<qint64> out;
    out.reserve(ids.size());
    std::set_difference(ids.begin(), ids.end(), without.begin(), without.end(), std::back_inserter(out));
    return out;
}

qint64 IndexStore::vectorCount()
{
    // Both counts use an index (the partial one is empty in practice): no scan over the vector BLOBs.
    auto s = m_db.cached(
        QStringLiteral("SELECT (SELECT count(*) FROM chunks) - (SELECT count(*) FROM chunks WHERE vector IS NULL)"));
    return s && s->next() ? s->int64(0) : 0;
}

QHash<QString, qint64> IndexStore::countBy(const QString &column)
{
    QHash<QString, qint64> out;
    static const QStringList allowed{QStringLiteral("region"), QStringLiteral("store"), QStringLiteral("layer"),
                                     QStringLiteral("category")};
    if (!allowed.contains(column))
        return out;
    auto s = m_db.prepare(QStringLiteral("SELECT %1, count(*) FROM chunks GROUP BY %1").arg(column));
    if (!s)
        return out;
    while (s->next())
        out.insert(s->text(0), s->int64(1));
    return out;
}

} // namespace engram
