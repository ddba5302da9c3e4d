// Speed work must not change what Engram computes: batched memory states equal
// the per-chunk ones, vectors added on the insertion thread build the same graph, and a
// transaction inside a batch is a savepoint.
#include "TestVault.h"
#include "agent/MemoryWriter.h"
#include "core/Database.h"
#include "dynamics/MemoryDynamics.h"
#include "index/VectorIndex.h"
#include "vault/EngineInternals.h"

#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

using namespace engram;
using test::TestVault;

namespace {

const QDateTime kStart(QDate(2026, 2, 1), QTime(9, 0), Qt::UTC);

Vector randomUnitVector(QRandomGenerator &random, int dimensions)
{
    Vector v(dimensions);
    for (float &x : v)
        x = float(random.generateDouble() - 0.5);
    normalize(v);
    return v;
}

QString describe(const MemoryState &st)
{
    return QStringLiteral("%1 s=%2 n=%3 last=%4 seen=%5 arch=%6 sup=%7 exempt=%8 loss=%9 val=%10 src=%11")
        .arg(st.key)
        .arg(st.strength, 0, 'f', 12)
        .arg(st.accessCount)
        .arg(st.lastAccess.toString(Qt::ISODateWithMs), st.firstSeen.toString(Qt::ISODateWithMs))
        .arg(st.archived)
        .arg(st.superseded)
        .arg(st.exempt)
        .arg(st.dailyLoss, 0, 'f', 12)
        .arg(st.facts.valence, 0, 'f', 6)
        .arg(st.facts.source);
}

} // namespace

class TestIndexSpeed : public QObject {
    Q_OBJECT
private slots:
    void states_equalTheStateOfEachChunk()
    {
        TestVault vault;
        vault.write(
            QStringLiteral("notes/storage.md"),
            QStringLiteral("---\nproject: engram\nvalence: -0.5\n---\n# Storage\n\nWe keep the index in SQLite. "
                           "The vectors live in [[hnsw]].\n"));
        vault.write(QStringLiteral("notes/hnsw.md"), QStringLiteral("# HNSW\n\nhnswlib gives nearest neighbours.\n"));
        vault.write(QStringLiteral("sessions/2026-01-31/chat.md"),
                    QStringLiteral("User: which database do we use?\n\nAssistant: SQLite, with FTS5 for search.\n"));
        auto clock = std::make_shared<QDateTime>(kStart);
        auto opened = Engine::open(vault.path());
        QVERIFY(opened);
        Engine &engine = **opened;
        engine.setClock([clock] { return *clock; });
        engine.index();
        MemoryWriter writer(engine);
        RememberRequest r;
        r.title = QStringLiteral("Search stack");
        r.content = QStringLiteral("Search combines SQLite FTS5 keywords with hnswlib vectors.");
        const QString first = *writer.remember(r);
        RememberRequest newer = r;
        newer.content = QStringLiteral("Search now fuses SQLite FTS5 and hnswlib vectors.");
        newer.supersedes = first;
        QVERIFY(writer.remember(newer));
        for (int day = 1; day <= 3; ++day) {
            *clock = kStart.addDays(day);
            RecallQuery q;
            q.text = QStringLiteral("sqlite vectors search");
            QVERIFY(engine.pack(q, 300));
        }

        QList<Chunk> chunks;
        for (const QString &path : internals(engine).store().files().keys())
            chunks << internals(engine).store().chunksOfFile(path);
        QVERIFY(chunks.size() >= 5);
        const QDateTime now = kStart.addDays(20);
        const QList<MemoryState> batched = internals(engine).dynamics().states(chunks, now);
        QCOMPARE(batched.size(), chunks.size());
        int accessed = 0;
        int superseded = 0;
        for (qsizetype i = 0; i < chunks.size(); ++i) {
            const MemoryState one = internals(engine).dynamics().state(chunks[i], now);
            QCOMPARE(describe(batched[i]), describe(one));
            accessed += one.accessCount > 0;
            superseded += one.superseded;
        }
        QVERIFY(accessed > 0); // the comparison covered stored state and a superseding edge
        QVERIFY(superseded > 0);
    }

    void bulkVectors_buildTheSameIndexAsDirectAdds()
    {
        constexpr int kDimensions = 24;
        VectorIndex direct(kDimensions);
        VectorIndex bulk(kDimensions);
        bulk.beginBulk();
        QRandomGenerator random(7);
        for (qint64 id = 1; id <= 600; ++id) {
            const Vector v = randomUnitVector(random, kDimensions);
            direct.add(id, v);
            bulk.add(id, v);
            if (id % 7 == 0) {
                direct.remove(id - 3);
                bulk.remove(id - 3);
            }
        }
        bulk.drain();
        QCOMPARE(bulk.size(), direct.size());
        bulk.endBulk();
        for (int q = 0; q < 20; ++q) {
            const Vector query = randomUnitVector(random, kDimensions);
            const auto a = direct.search(query, 15);
            const auto b = bulk.search(query, 15);
            QCOMPARE(b.size(), a.size());
            for (qsizetype i = 0; i < a.size(); ++i) {
                QCOMPARE(b[i].id, a[i].id);
                QCOMPARE(b[i].similarity, a[i].similarity);
            }
        }
    }

    void transaction_insideAnOpenOneIsASavepoint()
    {
        QTemporaryDir dir;
        Database db;
        QVERIFY(db.open(dir.filePath(QStringLiteral("t.db"))));
        QVERIFY(db.exec(QStringLiteral("CREATE TABLE t(x INTEGER)")));
        QVERIFY(db.exec(QStringLiteral("BEGIN IMMEDIATE; INSERT INTO t VALUES(1);")));
        {
            Transaction rolledBack(db);
            QVERIFY(rolledBack.isActive());
            QVERIFY(db.exec(QStringLiteral("INSERT INTO t VALUES(2)")));
        }
        QVERIFY(db.inTransaction()); // the outer transaction is still open
        {
            Transaction kept(db);
            QVERIFY(db.exec(QStringLiteral("INSERT INTO t VALUES(3)")));
            QVERIFY(kept.commit());
        }
        QVERIFY(db.exec(QStringLiteral("COMMIT")));
        auto s = db.prepare(QStringLiteral("SELECT group_concat(x) FROM (SELECT x FROM t ORDER BY x)"));
        QVERIFY(s);
        QVERIFY(s->next());
        QCOMPARE(s->text(0), QStringLiteral("1,3"));
    }
};

QTEST_GUILESS_MAIN(TestIndexSpeed)
#include "tst_indexspeed.moc"
