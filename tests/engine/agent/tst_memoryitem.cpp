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

    /// What a model gets by default (DESIGN.md rule 8): the cited text, what it is about when the text
    /// does not say it, the citation, the date unless the heading says it, the store, the score to two
    /// places and the vault when set; nothing else. Expected objects written out by hand.
    void toJson_forAnAgentCarriesOnlyWhatItUses()
    {
        MemoryItem decision; // docs/sample-vault/notes/projects/decisions.md, its first decision
        decision.chunk.path = QStringLiteral("notes/projects/decisions.md");
        decision.chunk.startLine = decision.chunk.endLine = 10;
        decision.chunk.title = QStringLiteral("Decisions");
        decision.chunk.heading = QStringLiteral("Decisions > 2026-11-18: SQLite FTS5 plus hnswlib");
        decision.chunk.time = QDateTime(QDate(2026, 11, 18), QTime(0, 0), Qt::UTC);
        decision.chunk.tags.store = Tag{QStringLiteral("semantic"), false};
        decision.chunk.tags.category = Tag{QStringLiteral("decision"), true};
        decision.chunk.id = 11;
        decision.text = QStringLiteral("Keyword and vector candidates are fused; BM25 alone missed paraphrases, "
                                       "vectors alone missed names.");
        decision.score = 0.6987654321;
        decision.breakdown = {ScoreComponent{QStringLiteral("relevance"), 1.0, 0.4}};
        decision.keywordRank = 2;
        QCOMPARE(
            decision.toJson(MemoryItem::Detail::Agent),
            (QJsonObject{{QStringLiteral("source"), QStringLiteral("notes/projects/decisions.md:10-10")},
                         {QStringLiteral("about"), QStringLiteral("Decisions > 2026-11-18: SQLite FTS5 plus hnswlib")},
                         {QStringLiteral("text"), decision.text},
                         {QStringLiteral("store"), QStringLiteral("semantic")},
                         {QStringLiteral("score"), 0.7}}));
        QCOMPARE(decision.line(1), QStringLiteral("1. notes/projects/decisions.md:10-10 [semantic · decision]\n   "
                                                  "Decisions > 2026-11-18: SQLite FTS5 plus hnswlib — Keyword and "
                                                  "vector candidates are fused; BM25 alone missed paraphrases, vectors "
                                                  "alone missed names."));
        // The full form keeps everything, for people and for an agent that asks (explain).
        const QJsonObject full = decision.toJson();
        QCOMPARE(full[QStringLiteral("score")].toDouble(), 0.6987654321);
        QCOMPARE(full[QStringLiteral("title")].toString(), QStringLiteral("Decisions"));
        QVERIFY(full.contains(QStringLiteral("breakdown")));

        MemoryItem goal; // a listed memory (no score) whose text says its title, from a linked vault
        goal.chunk.path = QStringLiteral("memories/prospective/ship-v1.md");
        goal.chunk.startLine = 5;
        goal.chunk.endLine = 6;
        goal.chunk.title = QStringLiteral("Ship version 1");
        goal.chunk.time = QDateTime(QDate(2026, 3, 2), QTime(23, 30), Qt::UTC);
        goal.chunk.tags.store = Tag{QStringLiteral("prospective"), true};
        goal.text = QStringLiteral("Goal: ship version 1\nby mid-December.");
        goal.vault = QStringLiteral("team");
        QCOMPARE(goal.toJson(MemoryItem::Detail::Agent),
                 (QJsonObject{{QStringLiteral("source"), QStringLiteral("memories/prospective/ship-v1.md:5-6")},
                              {QStringLiteral("text"), goal.text},
                              {QStringLiteral("date"), QStringLiteral("2026-03-02")},
                              {QStringLiteral("store"), QStringLiteral("prospective")},
                              {QStringLiteral("vault"), QStringLiteral("team")}}));
    }
};

QTEST_GUILESS_MAIN(TestMemoryItem)
#include "tst_memoryitem.moc"
