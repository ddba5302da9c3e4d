#include "TestVault.h"
#include "agent/MemoryItem.h"
#include "vault/EngineInternals.h"

#include <QJsonArray>
#include <QTest>

using namespace engram;
using test::TestVault;

class TestMemoryItem : public QObject {
    Q_OBJECT
private slots:
    void toJson_ofARecallResultCarriesItsRankingSignals()
    {
        TestVault vault;
        vault.write(QStringLiteral("memories/semantic/sqlite.md"),
                    QStringLiteral("---\ncategory: decision\n---\nWe chose   SQLite\nfor the index.\n"));
        auto engine = test::openIndexed(vault);
        RecallQuery q;
        q.text = QStringLiteral("SQLite index");
        auto results = engine->recall(q);
        QVERIFY(results.ok() && !results->isEmpty());
        const RecallResult &r = results->constFirst();
        const QJsonObject json = MemoryItem::fromRecall(*engine, r).toJson();
        QCOMPARE(json[QStringLiteral("path")].toString(), QStringLiteral("memories/semantic/sqlite.md"));
        QCOMPARE(json[QStringLiteral("source")].toString(), QStringLiteral("memories/semantic/sqlite.md:4-5"));
        QCOMPARE(json[QStringLiteral("text")].toString(),
                 QStringLiteral("We chose   SQLite\nfor the index."));                  // as cited
        QCOMPARE(json[QStringLiteral("store")].toString(), QStringLiteral("semantic")); // a plain string
        QCOMPARE(json[QStringLiteral("explicit_tags")].toArray(),
                 QJsonArray{QStringLiteral("category")}); // the folder only infers
        QCOMPARE(json[QStringLiteral("score")].toDouble(), r.score);
        double sum = 0;
        for (const QJsonValue &s : json[QStringLiteral("breakdown")].toArray())
            sum += s[QStringLiteral("contribution")].toDouble();
        QVERIFY(qAbs(sum - r.score) < 1e-9);
        QVERIFY(!json.contains(QStringLiteral("source_text")));
    }

    void toJson_ofAListedChunkHasNoRank()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nA note.\n"));
        auto engine = test::openIndexed(vault);
        const QList<Chunk> chunks = internals(*engine).store().chunksOfFile(QStringLiteral("notes/a.md"));
        QVERIFY(!chunks.isEmpty());
        MemoryItem item = MemoryItem::fromChunk(*engine, chunks[0]);
        QJsonObject json = item.toJson();
        for (const char *key : {"score", "strength", "breakdown", "keyword_rank", "vector_rank"})
            QVERIFY2(!json.contains(QLatin1String(key)), key);
        item.sourceText = QStringLiteral("A note.");
        QCOMPARE(item.toJson()[QStringLiteral("source_text")].toString(), QStringLiteral("A note."));
        QVERIFY(item.line(1).startsWith(QStringLiteral("1. notes/a.md:")));
    }
};

QTEST_GUILESS_MAIN(TestMemoryItem)
#include "tst_memoryitem.moc"
