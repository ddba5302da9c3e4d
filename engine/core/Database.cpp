#include "core/Database.h"

#include "core/RandomAccessVfs.h"

#include <QFile>

#include <cstring>
#include <sqlite3.h>

namespace engram {

namespace {

/// SQLite's message for the last error of `db`, naming the database file, and for a failed read
/// or write the system's reason: on a full disk "database or disk is full", past a file size
/// limit "disk I/O error (File too large)".
Error sqliteError(sqlite3 *db, const char *message)
{
    QString text = QString::fromUtf8(message ? message : "unknown error");
    const int code = sqlite3_extended_errcode(db);
    const int system = sqlite3_system_errno(db); // often 0 by now: SQLite made other calls since
    if (system != 0 && ((code & 0xff) == SQLITE_IOERR || (code & 0xff) == SQLITE_CANTOPEN))
        text += QStringLiteral(" (%1)").arg(QString::fromLocal8Bit(std::strerror(system)));
    else if (code == SQLITE_IOERR_WRITE || code == SQLITE_IOERR_FSYNC || code == SQLITE_IOERR_TRUNCATE)
        text += QStringLiteral(" (a write failed: the disk may be full, or the file past a size limit)");
    const char *file = sqlite3_db_filename(db, "main");
    if (!file || !*file)
        return Error{QStringLiteral("index database: %1").arg(text)};
    return Error{QStringLiteral("index database %1: %2").arg(QFile::decodeName(file), text)};
}

} // namespace

QString sqlList(const QStringList &values)
{
    // Written by hand: QJsonArray builds a tree of values first (measurable in a recall at 100k).
    QString out;
    out += QLatin1Char('[');
    for (qsizetype i = 0; i < values.size(); ++i) {
        if (i)
            out += QLatin1Char(',');
        out += QLatin1Char('"');
        for (const QChar c : values[i]) {
            if (c == QLatin1Char('"') || c == QLatin1Char('\\')) {
                out += QLatin1Char('\\');
                out += c;
            } else if (c.unicode() < 0x20) {
                out += QStringLiteral("\\u%1").arg(int(c.unicode()), 4, 16, QLatin1Char('0'));
            } else {
                out += c;
            }
        }
        out += QLatin1Char('"');
    }
    out += QLatin1Char(']');
    return out;
}

QString sqlList(const QList<qint64> &values)
{
    QString out;
    out.reserve(values.size() * 8 + 2);
    out += QLatin1Char('[');
    for (qsizetype i = 0; i < values.size(); ++i) {
        if (i)
            out += QLatin1Char(',');
        out += QString::number(values[i]);
    }
    out += QLatin1Char(']');
    return out;
}

Statement::Statement(Statement &&other) noexcept
    : m_db(other.m_db), m_statement(other.m_statement), m_stepped(other.m_stepped), m_lastCode(other.m_lastCode)
{
    other.m_statement = nullptr;
}

Statement &Statement::operator=(Statement &&other) noexcept
{
    if (this != &other) {
        if (m_statement)
            sqlite3_finalize(m_statement);
        m_db = other.m_db;
        m_statement = other.m_statement;
        m_stepped = other.m_stepped;
        m_lastCode = other.m_lastCode;
        other.m_statement = nullptr;
    }
    return *this;
}

Statement::~Statement()
{
    if (m_statement)
        sqlite3_finalize(m_statement);
}

void Statement::reset()
{
    if (m_stepped) {
        sqlite3_reset(m_statement);
        m_stepped = false;
    }
}

qint64 Statement::fullScanSteps() const
{
    return m_statement ? sqlite3_stmt_status(m_statement, SQLITE_STMTSTATUS_FULLSCAN_STEP, 0) : 0;
}

qint64 Statement::vmSteps() const
{
    return m_statement ? sqlite3_stmt_status(m_statement, SQLITE_STMTSTATUS_VM_STEP, 0) : 0;
}

void Statement::clearBindings()
{
    reset();
    sqlite3_clear_bindings(m_statement);
}

Statement &Statement::bind(int index, qint64 value)
{
    reset();
    sqlite3_bind_int64(m_statement, index, value);
    return *this;
}

Statement &Statement::bind(int index, double value)
{
    reset();
    sqlite3_bind_double(m_statement, index, value);
    return *this;
}

Statement &Statement::bind(int index, const QString &value)
{
    reset();
    const QByteArray utf8 = value.toUtf8();
    sqlite3_bind_text(m_statement, index, utf8.constData(), int(utf8.size()), SQLITE_TRANSIENT);
    return *this;
}

Statement &Statement::bind(int index, const QByteArray &blob)
{
    reset();
    sqlite3_bind_blob(m_statement, index, blob.constData(), int(blob.size()), SQLITE_TRANSIENT);
    return *this;
}

Statement &Statement::bindNull(int index)
{
    reset();
    sqlite3_bind_null(m_statement, index);
    return *this;
}

bool Statement::next()
{
    m_stepped = true;
    m_lastCode = sqlite3_step(m_statement);
    return m_lastCode == SQLITE_ROW;
}

bool Statement::failed() const
{
    return m_stepped && m_lastCode != SQLITE_ROW && m_lastCode != SQLITE_DONE;
}

Status Statement::exec()
{
    reset();
    m_stepped = true;
    m_lastCode = sqlite3_step(m_statement);
    const bool ok = m_lastCode == SQLITE_DONE || m_lastCode == SQLITE_ROW;
    Status status = ok ? Status() : Status(error());
    sqlite3_reset(m_statement);
    m_stepped = false;
    return status;
}

qint64 Statement::int64(int column) const
{
    return sqlite3_column_int64(m_statement, column);
}

double Statement::real(int column) const
{
    return sqlite3_column_double(m_statement, column);
}

QString Statement::text(int column) const
{
    const auto *data = reinterpret_cast<const char *>(sqlite3_column_text(m_statement, column));
    return QString::fromUtf8(data, sqlite3_column_bytes(m_statement, column));
}

QByteArray Statement::blob(int column) const
{
    const auto *data = static_cast<const char *>(sqlite3_column_blob(m_statement, column));
    return QByteArray(data, sqlite3_column_bytes(m_statement, column));
}

bool Statement::isNull(int column) const
{
    return sqlite3_column_type(m_statement, column) == SQLITE_NULL;
}

Error Statement::error() const
{
    return sqliteError(m_db, sqlite3_errmsg(m_db));
}

Database::~Database()
{
    close();
}

Status Database::open(const QString &path, bool readOnly, FileMapping mapping)
{
    close();
    m_openFailure = SQLITE_OK;
    const int flags =
        (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX;
    // A mapped file's faults read the page they need, not the megabytes around it (RandomAccessVfs.h).
    const char *vfs = mapping == FileMapping::Whole ? randomAccessVfs() : nullptr;
    const int rc = sqlite3_open_v2(path.toUtf8().constData(), &m_db, flags, vfs);
    if (rc != SQLITE_OK) {
        m_openFailure = m_db ? sqlite3_extended_errcode(m_db) : rc;
        Error e{QStringLiteral("cannot open the index database %1: %2")
                    .arg(path, QString::fromUtf8(m_db ? sqlite3_errmsg(m_db) : sqlite3_errstr(rc)))};
        close();
        return e;
    }
    m_path = path;
    sqlite3_busy_timeout(m_db, 5000); // the workbench and the CLI may share a vault
    // Recall reads scattered chunk rows. Mapped, a page hit costs no read() call: the map covers
    // the whole file up to SQLite's 2 GB limit, as a 256 MiB one left the FTS5 pages of a 100k-chunk
    // index (written last, at the end of a 357 MB file) to read() and cost ~1 ms per recall. But
    // each fault of a cold map reads ahead (8 MB per fault on a disk with read_ahead_kb 8192): a
    // one-shot recall at 100k chunks read all 345 MB of index.db for 3 MB of pages (0.39-0.60 s;
    // 2 GB at 1M), so a one-shot process reads pages instead (bench/README.md, "SQLite's part").
    const qint64 mapBytes = mapping == FileMapping::Whole ? 2147418112 : 0;
    // 8 KiB pages (a new file only; an existing one keeps its size): a chunk row with its vector
    // is ~2 KB, so a 4 KiB page held one row when it was over 2,030 bytes and 31 % of the chunks
    // table was unused space. At 100k chunks the file is 343 → 283 MiB (16 KiB: 267 MiB), recall
    // CPU unchanged.
    Status s = exec(QStringLiteral("PRAGMA page_size = 8192; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;"
                                   "PRAGMA temp_store = MEMORY; PRAGMA cache_size = -32768; PRAGMA mmap_size = %1;")
                        .arg(mapBytes));
    if (s && !readOnly)
        s = exec(QStringLiteral("PRAGMA journal_mode = WAL;"));
    if (!s) {
        m_openFailure = sqlite3_extended_errcode(m_db);
        close();
        return s;
    }
    return {};
}

void Database::close()
{
    m_cache.clear(); // finalises the cached statements (a handle still out keeps its entry alive)
    if (m_db) {
        sqlite3_close_v2(m_db);
        m_db = nullptr;
    }
}

Result<Statement> Database::prepare(const QString &sql)
{
    sqlite3_stmt *statement = nullptr;
    const QByteArray utf8 = sql.toUtf8();
    if (sqlite3_prepare_v3(m_db, utf8.constData(), int(utf8.size()), SQLITE_PREPARE_PERSISTENT, &statement, nullptr)
        != SQLITE_OK)
        return Error{QStringLiteral("index database: %1 (in: %2)")
                         .arg(QString::fromUtf8(sqlite3_errmsg(m_db)), sql.simplified().left(120))};
    return Statement(m_db, statement);
}

CachedStatement::CachedStatement(CachedStatement &&other) noexcept
    : m_entry(std::move(other.m_entry)), m_own(std::move(other.m_own)), m_error(std::move(other.m_error))
{
    m_statement = m_own ? &*m_own : other.m_statement;
    other.m_statement = nullptr;
}

CachedStatement::~CachedStatement()
{
    if (m_entry) {
        m_entry->statement.clearBindings();
        m_entry->busy = false;
    }
}

CachedStatement Database::cached(const QString &sql)
{
    // Bounded: a caller that splices values into its SQL would otherwise grow the cache without end.
    constexpr qsizetype kMaxEntries = 256;
    CachedStatement handle;
    auto it = m_cache.find(sql);
    if (it == m_cache.end() || (*it)->busy) {
        auto prepared = prepare(sql);
        if (!prepared) {
            handle.m_error = prepared.error();
            return handle;
        }
        if (it != m_cache.end() || m_cache.size() >= kMaxEntries) {
            handle.m_own.emplace(std::move(*prepared));
            handle.m_statement = &*handle.m_own;
            return handle;
        }
        it = m_cache.insert(sql,
                            std::make_shared<StatementCacheEntry>(StatementCacheEntry{std::move(*prepared), false}));
    }
    handle.m_entry = *it;
    handle.m_entry->busy = true;
    handle.m_statement = &handle.m_entry->statement;
    return handle;
}

qint64 Database::fullScanSteps() const
{
    qint64 steps = 0;
    for (const auto &entry : m_cache)
        steps += entry->statement.fullScanSteps();
    return steps;
}

qint64 Database::vmSteps() const
{
    qint64 steps = 0;
    for (const auto &entry : m_cache)
        steps += entry->statement.vmSteps();
    return steps;
}

Status Database::exec(const QString &sql)
{
    char *message = nullptr;
    if (sqlite3_exec(m_db, sql.toUtf8().constData(), nullptr, nullptr, &message) != SQLITE_OK) {
        Error e = sqliteError(m_db, message);
        sqlite3_free(message);
        return e;
    }
    return {};
}

bool Database::lastFailureWasBusy() const
{
    // An open connection keeps the code of its last failed call, whichever statement made it.
    const int primary = (m_db ? sqlite3_extended_errcode(m_db) : m_openFailure) & 0xff;
    return primary == SQLITE_BUSY || primary == SQLITE_LOCKED;
}

qint64 Database::lastInsertId() const
{
    return sqlite3_last_insert_rowid(m_db);
}

qint64 Database::totalChanges() const
{
    return m_db ? sqlite3_total_changes64(m_db) : 0;
}

int Database::changes() const
{
    return sqlite3_changes(m_db);
}

QString Database::integrityCheck(bool full)
{
    auto statement =
        prepare(full ? QStringLiteral("PRAGMA integrity_check(5)") : QStringLiteral("PRAGMA quick_check(5)"));
    if (!statement)
        return statement.error().message;
    QStringList lines;
    while (statement->next())
        lines << statement->text(0);
    return lines.join(QStringLiteral("; "));
}

bool Database::inTransaction() const
{
    return m_db && sqlite3_get_autocommit(m_db) == 0;
}

Transaction::Transaction(Database &db) : m_db(db), m_nested(db.inTransaction())
{
    m_active =
        bool(m_db.exec(m_nested ? QStringLiteral("SAVEPOINT engram_nested") : QStringLiteral("BEGIN IMMEDIATE")));
}

Transaction::~Transaction()
{
    // A rollback that fails leaves the transaction open, and the connection's next BEGIN says so.
    if (m_active)
        (void)m_db.exec(m_nested ? QStringLiteral("ROLLBACK TO engram_nested; RELEASE engram_nested")
                                 : QStringLiteral("ROLLBACK"));
}

Status Transaction::commit()
{
    if (!m_active)
        return Error{QStringLiteral("index database: no transaction to commit")};
    m_active = false;
    return m_db.exec(m_nested ? QStringLiteral("RELEASE engram_nested") : QStringLiteral("COMMIT"));
}

} // namespace engram
