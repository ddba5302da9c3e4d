#include "core/Database.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace engram;

namespace {

/// Whether this process has a mapping of the file at `path` (/proc/self/maps ends each line
/// of a file mapping with its path).
bool isMapped(const QString &path)
{
    QFile maps(QStringLiteral("/proc/self/maps"));
    if (!maps.open(QIODevice::ReadOnly))
        qFatal("cannot read /proc/self/maps");
    const QByteArray suffix = ' ' + path.toUtf8();
    for (const QByteArray &line : maps.readAll().split('\n'))
        if (line.endsWith(suffix))
            return true;
    return false;
}

/// The kernel's flags for this process's mapping of `path` (/proc/self/smaps "VmFlags:" line), or
/// empty when it maps no part of the file.
QList<QByteArray> mappingFlags(const QString &path)
{
    QFile smaps(QStringLiteral("/proc/self/smaps"));
    if (!smaps.open(QIODevice::ReadOnly))
        qFatal("cannot read /proc/self/smaps");
    const QByteArray suffix = ' ' + path.toUtf8();
    bool inMapping = false;
    for (const QByteArray &line : smaps.readAll().split('\n')) {
        if (line.endsWith(suffix))
            inMapping = true;
        else if (inMapping && line.startsWith("VmFlags:"))
            return line.mid(8).simplified().split(' ');
    }
    return {};
}

qint64 pragma(Database &db, const QString &name)
{
    auto s = db.prepare(QStringLiteral("PRAGMA %1").arg(name));
    return s && s->next() ? s->int64(0) : -1;
}

} // namespace

class TestDatabase : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(m_db.open(m_dir.filePath(QStringLiteral("t.db"))).ok());
        QVERIFY(m_db.exec(QStringLiteral("CREATE TABLE IF NOT EXISTS t(id INTEGER PRIMARY KEY, name TEXT);"
                                         "DELETE FROM t;"
                                         "INSERT INTO t(id, name) VALUES (1, 'one'), (2, 'two'), (3, 'three');"))
                    .ok());
    }
    void cleanup() { m_db.close(); }

    void cached_isPreparedOnceAndStartsUnbound()
    {
        const QString sql = QStringLiteral("SELECT count(*) FROM t WHERE ?1 IS NULL OR id = ?1");
        {
            auto s = m_db.cached(sql);
            QVERIFY(s);
            s->bind(1, 2);
            QVERIFY(s->next());
            QCOMPARE(s->int64(0), 1);
        }
        // The same statement comes back reset and with its parameter NULL again.
        auto again = m_db.cached(sql);
        QVERIFY(again);
        QVERIFY(again->next());
        QCOMPARE(again->int64(0), 3);
    }

    void cached_nestedUseOfTheSameSqlGetsItsOwnStatement()
    {
        const QString sql = QStringLiteral("SELECT name FROM t WHERE id >= ? ORDER BY id");
        auto outer = m_db.cached(sql);
        outer->bind(1, 1);
        QStringList pairs;
        while (outer->next()) {
            auto inner = m_db.cached(sql); // busy: a fresh statement, the outer cursor is untouched
            QVERIFY(inner);
            inner->bind(1, 3);
            QVERIFY(inner->next());
            pairs << outer->text(0) + QLatin1Char('/') + inner->text(0);
        }
        QCOMPARE(pairs, (QStringList{QStringLiteral("one/three"), QStringLiteral("two/three"),
                                     QStringLiteral("three/three")}));
    }

    void cached_releasedReaderDoesNotHoldTheDatabase()
    {
        {
            auto s = m_db.cached(QStringLiteral("SELECT name FROM t ORDER BY id"));
            QVERIFY(s->next()); // left mid-result on purpose
        }
        // Another connection can write and checkpoint: no read transaction was left open.
        Database other;
        QVERIFY(other.open(m_dir.filePath(QStringLiteral("t.db"))).ok());
        QVERIFY(other.exec(QStringLiteral("INSERT INTO t(id, name) VALUES (4, 'four')")).ok());
        auto checkpoint = other.prepare(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
        QVERIFY(checkpoint && checkpoint->next());
        QCOMPARE(checkpoint->int64(0), 0); // 0 = not blocked by a reader
    }

    void cached_badSqlIsAnError()
    {
        auto s = m_db.cached(QStringLiteral("SELECT nothing FROM nowhere"));
        QVERIFY(!s);
        QVERIFY(s.error().message.contains(QStringLiteral("nowhere")));
    }

    void sqlList_roundTripsThroughJsonEach_data()
    {
        QTest::addColumn<QStringList>("values");
        QTest::newRow("plain") << QStringList{QStringLiteral("notes/a.md"), QStringLiteral("b#3")};
        QTest::newRow("quotes and backslashes")
            << QStringList{QStringLiteral("say \"hi\""), QStringLiteral("C:\\dir\\x"), QStringLiteral("it's")};
        QTest::newRow("control characters")
            << QStringList{QStringLiteral("tab\there"), QStringLiteral("line\nbreak"), QString(QChar(0x01))};
        QTest::newRow("non-ASCII") << QStringList{QStringLiteral("Größe/日本語.md"), QStringLiteral("emoji 🙂")};
        QTest::newRow("empty") << QStringList{};
    }
    void sqlList_roundTripsThroughJsonEach()
    {
        QFETCH(QStringList, values);
        auto s = m_db.cached(QStringLiteral("SELECT value FROM json_each(?) ORDER BY key"));
        QVERIFY(s);
        s->bind(1, sqlList(values));
        QStringList back;
        while (s->next())
            back << s->text(0);
        QCOMPARE(back, values);
    }

    void sqlList_ofIdsSelectsThoseRows()
    {
        auto s =
            m_db.cached(QStringLiteral("SELECT name FROM t WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id"));
        s->bind(1, sqlList(QList<qint64>{3, 1, 99}));
        QStringList names;
        while (s->next())
            names << s->text(0);
        QCOMPARE(names, (QStringList{QStringLiteral("one"), QStringLiteral("three")}));
    }

    void open_withoutMappingReadsPagesAndMapsNothing()
    {
        const QString path = m_dir.filePath(QStringLiteral("t.db"));
        m_db.close();
        Database db;
        QVERIFY(db.open(path).ok()); // FileMapping::None unless asked
        auto s = db.prepare(QStringLiteral("SELECT count(*) FROM t"));
        QVERIFY(s && s->next());
        QCOMPARE(s->int64(0), 3);
        QCOMPARE(pragma(db, QStringLiteral("mmap_size")), 0);
        QVERIFY2(!isMapped(path), "a one-shot reader maps no part of the database file");
    }

    void open_wholeMappingMapsTheFileOnFirstRead()
    {
        const QString path = m_dir.filePath(QStringLiteral("t.db"));
        m_db.close();
        Database db;
        QVERIFY(db.open(path, false, FileMapping::Whole).ok());
        auto s = db.prepare(QStringLiteral("SELECT count(*) FROM t"));
        QVERIFY(s && s->next());
        QCOMPARE(s->int64(0), 3);
        QCOMPARE(pragma(db, QStringLiteral("mmap_size")), 2147418112);
        QVERIFY2(isMapped(path), "a long-running reader reads through a map of the file");
    }

    void open_wholeMappingReadsOnlyThePagesItTouches()
    {
        const QString kFourThousandRows =
            QStringLiteral("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 4000) "
                           "INSERT INTO t(name) SELECT hex(randomblob(500)) FROM n");
        // A fault of the map reads its page, not the read-ahead around it (8 MB on a disk with
        // read_ahead_kb 8192): the kernel shows MADV_RANDOM as the flag "rr".
        const QString path = m_dir.filePath(QStringLiteral("t.db"));
        QVERIFY(m_db.exec(kFourThousandRows).ok());
        m_db.close();
        Database db;
        QVERIFY(db.open(path, false, FileMapping::Whole).ok());
        auto s = db.prepare(QStringLiteral("SELECT sum(length(name)) FROM t"));
        QVERIFY(s && s->next());
        QVERIFY(s->int64(0) > 4'000'000);
        const QList<QByteArray> flags = mappingFlags(path);
        QVERIFY2(!flags.isEmpty(), "the file is mapped");
        QVERIFY2(flags.contains("rr"), flags.join(' ').constData());
        // Writes that grow the file past the map go on through a map marked the same way.
        QVERIFY(db.exec(kFourThousandRows).ok());
        auto again = db.prepare(QStringLiteral("SELECT sum(length(name)) FROM t"));
        QVERIFY(again && again->next());
        QVERIFY(again->int64(0) > 8'000'000);
        QVERIFY2(mappingFlags(path).contains("rr"), mappingFlags(path).join(' ').constData());
        db.close();
        Database oneShot; // a one-shot reader maps nothing, so it has nothing to mark
        QVERIFY(oneShot.open(path).ok());
        auto count = oneShot.prepare(QStringLiteral("SELECT count(*) FROM t"));
        QVERIFY(count && count->next());
        QCOMPARE(count->int64(0), 8003);
    }

    void open_newFileHas8KiBPagesAndAnOldOneKeepsItsOwn()
    {
        QCOMPARE(pragma(m_db, QStringLiteral("page_size")), 8192);
        // A file made with 4 KiB pages (before this setting) opens and keeps them.
        const QString old = m_dir.filePath(QStringLiteral("old.db"));
        {
            Database db;
            QVERIFY(db.open(old).ok());
            QVERIFY(db.exec(QStringLiteral("PRAGMA page_size = 4096; PRAGMA journal_mode = DELETE; VACUUM;"
                                           "CREATE TABLE k(v); INSERT INTO k VALUES (7);"))
                        .ok());
            QCOMPARE(pragma(db, QStringLiteral("page_size")), 4096);
        }
        Database db;
        QVERIFY(db.open(old).ok());
        QCOMPARE(pragma(db, QStringLiteral("page_size")), 4096);
        auto s = db.prepare(QStringLiteral("SELECT v FROM k"));
        QVERIFY(s && s->next());
        QCOMPARE(s->int64(0), 7);
    }

private:
    QTemporaryDir m_dir;
    Database m_db;
};

QTEST_GUILESS_MAIN(TestDatabase)
#include "tst_database.moc"
