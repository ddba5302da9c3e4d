#include "TestVault.h"
#include "vault/EngineInternals.h"

#include <QTest>

using namespace engram;
using test::openIndexed;
using test::TestVault;

namespace {

void writeNotes(TestVault &vault, const QString &lastNoteExtra = {})
{
    // Notes of different lengths; the last file written gets the highest row ids.
    for (int i = 0; i < 12; ++i) {
        QString body = QStringLiteral("# Note %1\n\nThe kayak trip").arg(i);
        for (int j = 0; j < i; ++j)
            body += QStringLiteral(" and the glacier walk number %1").arg(j);
        body += QStringLiteral(".\n\nA second paragraph about sourdough and kayak paddles.\n");
        vault.write(QStringLiteral("notes/n%1.md").arg(i, 2, 10, QLatin1Char('0')), body);
    }
    vault.write(QStringLiteral("notes/zz-last.md"), QStringLiteral("# Last\n\nkayak glacier%1\n").arg(lastNoteExtra));
}

/// Every match of `match` scored by FTS5's bm25() and by engram_bm25(), with the same weights.
QList<QPair<double, double>> bothScores(Engine &engine, const QString &match)
{
    auto s = internals(engine).store().database().prepare(
        QStringLiteral("SELECT bm25(chunks_fts, 1.0, 0.5, 0.5, 0.2), engram_bm25(chunks_fts, 1.0, 0.5, 0.5, 0.2) "
                       "FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY rowid"));
    if (!s)
        qFatal("%s", qPrintable(s.error().toString()));
    s->bind(1, match);
    QList<QPair<double, double>> out;
    while (s->next())
        out << qMakePair(s->real(0), s->real(1));
    return out;
}

} // namespace

class TestFts5Ranking : public QObject {
    Q_OBJECT
private slots:
    void cachedBm25_isBm25ToTheLastBit_data()
    {
        QTest::addColumn<QString>("match");
        QTest::newRow("one term") << QStringLiteral("\"kayak\"");
        QTest::newRow("two terms") << QStringLiteral("\"glacier\" OR \"sourdough\"");
        QTest::newRow("title and text") << QStringLiteral("\"note\" OR \"paddles\" OR \"walk\"");
    }
    void cachedBm25_isBm25ToTheLastBit()
    {
        QFETCH(QString, match);
        TestVault vault;
        writeNotes(vault);
        auto engine = openIndexed(vault);
        for (int round = 0; round < 2; ++round) { // the second round reads the row lengths from the cache
            const auto scores = bothScores(*engine, match);
            QVERIFY(scores.size() > 3);
            for (const auto &[bm25, cached] : scores)
                QVERIFY2(bm25 == cached,
                         qPrintable(QStringLiteral("%1 vs %2").arg(bm25, 0, 'g', 17).arg(cached, 0, 'g', 17)));
        }
    }

    void cachedBm25_forgetsLengthsWhenAnotherConnectionChangesTheIndex()
    {
        // Row ids are reused: re-indexing the file with the highest ids gives its new chunks the
        // same ids with other lengths. A remembered length would then be wrong.
        TestVault vault;
        writeNotes(vault);
        auto reader = openIndexed(vault);
        const auto before = internals(*reader).store().keywordSearch({QStringLiteral("kayak")}, 100, {}).value();
        QVERIFY(!before.isEmpty());
        {
            auto writer = openIndexed(vault);
            writeNotes(vault, QStringLiteral(" with many more words in it to change its length a lot"));
            QCOMPARE(writer->index().indexed, 1);
        }
        const auto after = internals(*reader).store().keywordSearch({QStringLiteral("kayak")}, 100, {}).value();
        QHash<qint64, double> expected;
        auto s = internals(*reader).store().database().prepare(
            QStringLiteral("SELECT rowid, bm25(chunks_fts, 1.0, 0.5, 0.5, 0.2) FROM chunks_fts WHERE chunks_fts MATCH "
                           "'\"kayak\"'"));
        while (s->next())
            expected.insert(s->int64(0), -s->real(1));
        QCOMPARE(after.size(), expected.size());
        for (const auto &hit : after)
            QVERIFY2(hit.score == expected.value(hit.id), qPrintable(QString::number(hit.id)));
    }

    void cachedBm25_isWhatRecallRanksWith()
    {
        TestVault vault;
        writeNotes(vault);
        auto engine = openIndexed(vault);
        const auto hits = internals(*engine)
                              .store()
                              .keywordSearch({QStringLiteral("glacier"), QStringLiteral("kayak")}, 5, {})
                              .value();
        QCOMPARE(hits.size(), 5);
        const auto scores = bothScores(*engine, QStringLiteral("\"glacier\" OR \"kayak\""));
        QList<double> best;
        for (const auto &pair : scores)
            best << -pair.first;
        std::sort(best.begin(), best.end(), std::greater<>());
        for (int i = 0; i < 5; ++i)
            QVERIFY(hits[i].score == best[i]);
    }

    void keywordSearch_anUnreadableIndexIsAnErrorNotNothing()
    {
        // A damaged FTS5 segment used to read as "no keyword matches": recall then answered from
        // the vectors alone, or said nothing was relevant, and nobody learned the index was broken.
        TestVault vault;
        writeNotes(vault);
        auto engine = openIndexed(vault);
        QVERIFY(!internals(*engine).store().keywordSearch({QStringLiteral("kayak")}, 10, {}).value().isEmpty());
        // Rows 1 and 10 are FTS5's averages and structure; the others are the terms' segments.
        QVERIFY(internals(*engine)
                    .store()
                    .database()
                    .exec(QStringLiteral("DELETE FROM chunks_fts_data WHERE id > 10"))
                    .ok());
        const auto searched = internals(*engine).store().keywordSearch({QStringLiteral("kayak")}, 10, {});
        QVERIFY(!searched);
        QVERIFY2(searched.error().toString().contains(QStringLiteral("index.db")),
                 qPrintable(searched.error().toString()));
        const auto recalled = engine->recall(RecallQuery{QStringLiteral("kayak trip"), {}, 5, {}, {}});
        QVERIFY(!recalled);
        QVERIFY2(recalled.error().toString().contains(QStringLiteral("keyword index cannot be searched")),
                 qPrintable(recalled.error().toString()));
    }

    void keywordSearch_rankingOnlyTermsScoreTheMatchedRowsAsIfMatched()
    {
        // "glacier" chooses the rows; "kayak" and "paddles" add to their BM25 exactly as in an
        // OR of all three (the same bits), and bring no row of their own. Notes without any of
        // them keep the terms' idf well above FTS5's floor.
        TestVault vault;
        writeNotes(vault);
        for (int i = 0; i < 60; ++i)
            vault.write(QStringLiteral("notes/other%1.md").arg(i), QStringLiteral("# Other\n\nNothing of the sort.\n"));
        auto engine = openIndexed(vault);
        IndexStore &store = internals(*engine).store();
        const QStringList rankingOnly{QStringLiteral("kayak"), QStringLiteral("paddles")};
        const auto hits = store.keywordSearch({QStringLiteral("glacier")}, 100, {}, rankingOnly).value();
        const auto glacierRows = store.keywordSearch({QStringLiteral("glacier")}, 100, {}).value();
        QVERIFY(glacierRows.size() > 5);
        QCOMPARE(hits.size(), glacierRows.size());
        QSet<qint64> glacierIds;
        for (const auto &hit : glacierRows)
            glacierIds.insert(hit.id);
        QHash<qint64, double> allThree;
        auto s = store.database().prepare(
            QStringLiteral("SELECT rowid, engram_bm25(chunks_fts, 1.0, 0.5, 0.5, 0.2) FROM chunks_fts WHERE chunks_fts "
                           "MATCH '\"glacier\" OR \"kayak\" OR \"paddles\"'"));
        QVERIFY(s);
        while (s->next())
            allThree.insert(s->int64(0), -s->real(1));
        QVERIFY(allThree.size() > glacierRows.size()); // kayak's rows without glacier are not hits
        int raised = 0;
        for (const auto &hit : hits) {
            QVERIFY2(glacierIds.contains(hit.id), qPrintable(QString::number(hit.id)));
            QVERIFY2(hit.score == allThree.value(hit.id), qPrintable(QStringLiteral("row %1: %2 vs %3")
                                                                         .arg(hit.id)
                                                                         .arg(hit.score, 0, 'g', 17)
                                                                         .arg(allThree.value(hit.id), 0, 'g', 17)));
            for (const auto &alone : glacierRows)
                if (alone.id == hit.id && hit.score > alone.score)
                    ++raised;
        }
        QVERIFY(raised > 5); // the rows with kayak or paddles in them
        QVERIFY(hits.front().score > 1.0);
        for (qsizetype i = 1; i < hits.size(); ++i)
            QVERIFY(hits[i - 1].score >= hits[i].score);

        // With a filter (its values are bound after the row counts and the query): the same
        // scores, of the filtered rows only.
        RecallFilter filter;
        filter.pathPrefix = QStringLiteral("notes/zz");
        const auto filtered = store.keywordSearch({QStringLiteral("glacier")}, 100, filter, rankingOnly).value();
        QCOMPARE(filtered.size(), 1);
        QVERIFY(filtered.front().score == allThree.value(filtered.front().id));

        // More terms than SQLite passes to a function (127 arguments): still an answer, ranked
        // by the terms that fit.
        QStringList many = rankingOnly;
        for (int i = 0; i < 200; ++i)
            many << QStringLiteral("zqabsent%1").arg(i);
        const auto longQuery = store.keywordSearch({QStringLiteral("glacier")}, 100, {}, many).value();
        QCOMPARE(longQuery.size(), hits.size());
        QVERIFY(longQuery.front().score == hits.front().score);
    }

    void keywordSearch_withinFilesATermInEveryChunkOfAFileScoresTheSameInEach()
    {
        // "zqname" is in every turn of one transcript, once or three times, in turns of different
        // lengths: weighed within files it scores the same in each (the turns tie); weighed in the
        // vault it favours the short turn that repeats it. A one-chunk note keeps its vault score.
        TestVault vault;
        QString text;
        for (int turn = 0; turn < 12; ++turn)
            text += turn == 5
                        ? QStringLiteral("**Ana**: zqname zqname zqname!\n\n")
                        : QStringLiteral("**Ana**: zqname and a longer turn about %1 things to say\n\n").arg(turn);
        vault.write(QStringLiteral("sessions/chat.md"), text);
        vault.write(QStringLiteral("notes/one.md"), QStringLiteral("zqname once in a note\n"));
        for (int i = 0; i < 40; ++i)
            vault.write(QStringLiteral("notes/other%1.md").arg(i), QStringLiteral("# Other\n\nNothing of the sort.\n"));
        auto engine = openIndexed(vault);
        IndexStore &store = internals(*engine).store();
        const QStringList terms{QStringLiteral("zqname")};
        const auto inVault = store.keywordSearch(terms, 100, {}).value();
        const auto inFiles =
            store.keywordSearch(terms, 100, {}, {}, IndexStore::Quoters::Omit, IndexStore::Weighting::WithinFiles)
                .value();
        QCOMPARE(inVault.size(), 13);
        QCOMPARE(inFiles.size(), 13);
        QHash<qint64, QString> pathOf;
        for (const Chunk &c : store.chunks({inVault.front().id, inFiles.front().id}))
            pathOf.insert(c.id, c.path);
        QCOMPARE(pathOf.value(inVault.front().id), QStringLiteral("sessions/chat.md"));
        QVERIFY(inVault[0].score > inVault[1].score); // the short turn first
        QHash<qint64, double> vaultScore;
        for (const auto &hit : inVault)
            vaultScore.insert(hit.id, hit.score);
        QSet<double> turnScores;
        int unchanged = 0;
        for (const auto &hit : inFiles) {
            if (hit.score == vaultScore.value(hit.id))
                ++unchanged;
            else
                turnScores.insert(hit.score);
        }
        QCOMPARE(unchanged, 1);         // the note
        QCOMPARE(turnScores.size(), 1); // the twelve turns tie
    }
};

QTEST_GUILESS_MAIN(TestFts5Ranking)
#include "tst_fts5ranking.moc"
