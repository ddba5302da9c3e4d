#include "core/Database.h"

#include <QTemporaryDir>
#include <QTest>

using namespace engram;

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

private:
    QTemporaryDir m_dir;
    Database m_db;
};

QTEST_GUILESS_MAIN(TestDatabase)
#include "tst_database.moc"
