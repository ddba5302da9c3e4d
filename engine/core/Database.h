#pragma once

#include "core/Result.h"

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QVariant>

#include <memory>
#include <optional>

struct sqlite3;
struct sqlite3_stmt;

namespace engram {

class Database;

/// A prepared statement: bind by 1-based index, step, read columns. Resets
/// itself for reuse; finalised on destruction.
class Statement {
public:
    Statement() = default;
    Statement(Statement &&other) noexcept;
    Statement &operator=(Statement &&other) noexcept;
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;
    ~Statement();

    bool isValid() const { return m_statement != nullptr; }

    Statement &bind(int index, qint64 value);
    Statement &bind(int index, int value) { return bind(index, qint64(value)); }
    Statement &bind(int index, double value);
    Statement &bind(int index, const QString &value);
    Statement &bind(int index, const QByteArray &blob);
    Statement &bindNull(int index);

    /// Advances to the next row; false at the end or on error (see failed() and error()).
    bool next();
    /// The last step ended in an error (a corrupt page, an I/O error), not with a row or at the end.
    bool failed() const;
    /// Runs a statement that returns no rows.
    Status exec();
    void reset();
    /// Resets and sets every parameter back to NULL (a cached statement's next user starts clean).
    void clearBindings();
    /// SQLITE_STMTSTATUS_FULLSCAN_STEP: rows stepped through in full table scans so far.
    qint64 fullScanSteps() const;
    /// SQLITE_STMTSTATUS_VM_STEP: virtual machine operations run so far.
    qint64 vmSteps() const;

    qint64 int64(int column) const;
    int integer(int column) const { return int(int64(column)); }
    double real(int column) const;
    QString text(int column) const;
    QByteArray blob(int column) const;
    bool isNull(int column) const;

    Error error() const;

private:
    friend class Database;
    Statement(sqlite3 *db, sqlite3_stmt *statement) : m_db(db), m_statement(statement) { }

    sqlite3 *m_db = nullptr;
    sqlite3_stmt *m_statement = nullptr;
    bool m_stepped = false;
    int m_lastCode = 0;
};

/// `values` as a JSON array, bound to `… IN (SELECT value FROM json_each(?))`: one statement
/// text (cacheable) for a list of any length, where `IN (?, ?, …)` needs a text per length and
/// a slice per 32k values.
QString sqlList(const QStringList &values);
QString sqlList(const QList<qint64> &values);

/// One statement of a Database's cache and whether a CachedStatement holds it now.
struct StatementCacheEntry {
    Statement statement;
    bool busy = false;
};

/// A statement borrowed from a Database's cache (see Database::cached). Reads like a
/// Result<Statement>: test it, then use `->`. Reset and unbound when it goes out of
/// scope, so a borrowed reader never keeps a read transaction open.
class CachedStatement {
public:
    CachedStatement(CachedStatement &&other) noexcept;
    CachedStatement(const CachedStatement &) = delete;
    CachedStatement &operator=(const CachedStatement &) = delete;
    CachedStatement &operator=(CachedStatement &&) = delete;
    ~CachedStatement();

    explicit operator bool() const { return m_statement != nullptr; }
    Statement *operator->() const { return m_statement; }
    Statement &operator*() const { return *m_statement; }
    const Error &error() const { return m_error; }

private:
    friend class Database;
    CachedStatement() = default;

    Statement *m_statement = nullptr;
    std::shared_ptr<StatementCacheEntry> m_entry; ///< released (reset, unbound, not busy) when this handle goes
    std::optional<Statement> m_own;               ///< when the cached one is busy (a nested use of the same SQL)
    Error m_error;
};

/// Whether SQLite maps the database file into the process (`PRAGMA mmap_size`) or reads its
/// pages with pread() into its own page cache.
enum class FileMapping {
    /// pread() into a bounded page cache: a process that opens the index for one command reads
    /// only the pages it needs (readahead on a fault of a mapping reads megabytes around each).
    None,
    /// The whole file, up to SQLite's 2 GB limit: for a process that keeps the index open and
    /// recalls again and again (a page hit costs no system call).
    Whole,
};

/// One SQLite connection (WAL, foreign keys on). Owned by one thread: every
/// worker opens its own.
class Database {
public:
    Database() = default;
    Database(const Database &) = delete;
    Database &operator=(const Database &) = delete;
    ~Database();

    Status open(const QString &path, bool readOnly = false, FileMapping mapping = FileMapping::None);
    void close();
    bool isOpen() const { return m_db != nullptr; }
    /// The connection, for registering functions (Fts5Ranking); everything else goes through this class.
    sqlite3 *handle() const { return m_db; }
    /// Changes made through this connection so far (sqlite3_total_changes64).
    qint64 totalChanges() const;

    Result<Statement> prepare(const QString &sql);
    /// The statement for `sql`, prepared once per connection and reused: for statements a
    /// recall or an index run executes many times (parsing one costs as much as running a
    /// small query). `sql` must be fixed text (bind values, never splice them in).
    CachedStatement cached(const QString &sql);
    /// Rows the cached statements have stepped through in full table scans since they were
    /// prepared (SQLITE_STMTSTATUS_FULLSCAN_STEP): a query path that is meant to use indexes
    /// only keeps it at 0 (tests check that recall does).
    qint64 fullScanSteps() const;
    /// The virtual machine operations the cached statements ran since they were prepared
    /// (SQLITE_STMTSTATUS_VM_STEP): the work behind each row read or written, a count that does
    /// not move with the machine's load (tests bound complexity with it).
    qint64 vmSteps() const;
    /// Runs one or more statements that return no rows.
    Status exec(const QString &sql);
    /// Right after a failed open() or statement: whether it failed because another connection held
    /// the database (SQLITE_BUSY, SQLITE_LOCKED), a passing state of another process, not damage.
    bool lastFailureWasBusy() const;
    qint64 lastInsertId() const;
    int changes() const;
    QString path() const { return m_path; }

    /// `PRAGMA quick_check` (or `integrity_check` when `full`): "ok" or the first problems.
    QString integrityCheck(bool full = false);
    /// True while a transaction is open on this connection (a Transaction inside it is a savepoint).
    bool inTransaction() const;

private:
    sqlite3 *m_db = nullptr;
    QString m_path;
    QHash<QString, std::shared_ptr<StatementCacheEntry>> m_cache;
    int m_openFailure = 0; ///< SQLite's result code of the last open() that failed (its handle is gone)
};

/// RAII transaction: rolls back unless commit() was called. Inside an open
/// transaction (e.g. a batch of files of a full index run) it is a savepoint:
/// its own work still commits or rolls back as one.
class Transaction {
public:
    explicit Transaction(Database &db);
    ~Transaction();
    Status commit();
    bool isActive() const { return m_active; }

private:
    Database &m_db;
    bool m_active = false;
    bool m_nested = false;
};

} // namespace engram
