#include "TestVault.h"
#include "index/IndexStore.h"
#include "vault/EngineInternals.h"

#include <QTest>

using namespace engram;
using test::TestVault;

namespace {

const QString kChat = QStringLiteral("sessions/2026-01-01/chat.md");
const QString kDigest = QStringLiteral("consolidated/session/2026-01-01/chat.md");

/// A transcript of four turns; the third is "Paddles hang …" on line 5 when `boathouse` is false.
QString chat(bool boathouse = true)
{
    return QStringLiteral("User: where is the kayak kept?\n\n")
           + (boathouse ? QStringLiteral("Assistant: We keep the kayak in the boathouse by the glacier lake.\n\n")
                        : QStringLiteral("Assistant: We keep the kayak in the shed.\n\n"))
           + QStringLiteral("User: thanks, and the paddles?\n\nAssistant: Paddles hang on the north wall.\n");
}

/// A session digest as consolidation writes it: one item quotes the second turn verbatim, the other
/// says something of its own (an item a model wrote).
QString digest()
{
    return QStringLiteral("---\nlayer: \"session\"\nperiod: \"chat\"\nderived_from:\n  - \"%1:1-7\"\n"
                          "method: \"extractive:tfidf-mmr\"\n---\n\n# Session digest: chat\n\n"
                          "- Assistant: We keep the kayak in the boathouse by the glacier lake. (from `%1:3-3`)\n"
                          "- The team chose a marmot as its mascot. (from `%1:7-7`)\n")
        .arg(kChat);
}

std::unique_ptr<Engine> indexed(const TestVault &vault)
{
    auto engine = Engine::open(vault.path());
    if (!engine)
        qFatal("cannot open engine: %s", qPrintable(engine.error().toString()));
    if (const auto report = (*engine)->index(); report.failed != 0)
        qFatal("indexing failed");
    return std::move(*engine);
}

/// The files whose chunks hold `word` in the keyword column `text` (a turn's neighbours are in `context`).
QStringList filesWithKeyword(Engine &engine, const QString &word)
{
    auto s = internals(engine).store().database().prepare(
        QStringLiteral("SELECT DISTINCT f.path FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid "
                       "JOIN files f ON f.id = c.file_id WHERE chunks_fts MATCH ? ORDER BY f.path"));
    s->bind(1, QStringLiteral("text : ") + word);
    QStringList paths;
    while (s->next())
        paths << s->text(0);
    return paths;
}

/// FTS5's own check of its index against the text it reads (view chunks_content): "ok" or the error.
/// A keyword row deleted with other values than it was added with fails it.
QString keywordIndexCheck(Engine &engine)
{
    const Status s = internals(engine).store().database().exec(
        QStringLiteral("INSERT INTO chunks_fts(chunks_fts, rank) VALUES('integrity-check', 1)"));
    return s ? QStringLiteral("ok") : s.error().message;
}

} // namespace

class TestDigestKeywords : public QObject {
    Q_OBJECT
private slots:
    void digestQuote_isAKeywordOfItsTurnOnly()
    {
        // The digest sorts before the transcript, so a full index meets the quote before its turn.
        TestVault vault;
        vault.write(kChat, chat());
        vault.write(kDigest, digest());
        auto engine = indexed(vault);
        QCOMPARE(filesWithKeyword(*engine, QStringLiteral("boathouse")), QStringList{kChat});
        QCOMPARE(filesWithKeyword(*engine, QStringLiteral("marmot")), QStringList{kDigest});
        QCOMPARE(keywordIndexCheck(*engine), QStringLiteral("ok"));
    }

    void digestQuote_isTheDigestsOwnWhileItsTurnSaysOtherwiseOrIsGone()
    {
        TestVault vault;
        vault.write(kChat, chat());
        vault.write(kDigest, digest());
        indexed(vault);

        vault.write(kChat, chat(false)); // the turn no longer says what the digest quotes
        auto engine = indexed(vault);
        QCOMPARE(filesWithKeyword(*engine, QStringLiteral("boathouse")), QStringList{kDigest});
        QCOMPARE(keywordIndexCheck(*engine), QStringLiteral("ok"));

        vault.write(kChat, chat());
        engine.reset(); // one engine on a vault at a time
        engine = indexed(vault);
        QCOMPARE(filesWithKeyword(*engine, QStringLiteral("boathouse")), QStringList{kChat});
        QCOMPARE(keywordIndexCheck(*engine), QStringLiteral("ok"));

        QVERIFY(vault.remove(kChat));
        engine.reset();
        engine = indexed(vault);
        QCOMPARE(filesWithKeyword(*engine, QStringLiteral("boathouse")), QStringList{kDigest});
        QCOMPARE(filesWithKeyword(*engine, QStringLiteral("marmot")), QStringList{kDigest});
        QCOMPARE(keywordIndexCheck(*engine), QStringLiteral("ok"));
    }

    void keywordSearch_findsADigestThroughTheTurnsItQuotesWhenAsked()
    {
        TestVault vault;
        vault.write(kChat, chat());
        vault.write(kDigest, digest());
        auto engine = indexed(vault);
        IndexStore &store = internals(*engine).store();
        const qint64 digestChunk = store.chunkIds(kDigest).value(0);
        auto ids = [](const QList<IndexStore::KeywordHit> &hits) {
            QList<qint64> out;
            for (const auto &h : hits)
                out << h.id;
            return out;
        };
        RecallFilter sessions;
        sessions.layers = {QStringLiteral("session")};
        const QStringList terms{QStringLiteral("boathouse")};
        QVERIFY(store.keywordSearch(terms, 10, sessions).value().isEmpty());
        QCOMPARE(ids(store.keywordSearch(terms, 10, sessions, {}, IndexStore::Quoters::Include).value()),
                 QList<qint64>{digestChunk});
        QVERIFY(!ids(store.keywordSearch(terms, 10, {}).value()).contains(digestChunk));
    }

    void recall_withALayerFilter_showsTheDigestNotTheTurnItQuotes()
    {
        TestVault vault;
        vault.write(kChat, chat());
        vault.write(kDigest, digest());
        auto engine = indexed(vault);
        RecallQuery q;
        q.text = QStringLiteral("boathouse by the glacier");
        q.filter.layers = {QStringLiteral("session")};
        q.now = QDateTime(QDate(2026, 1, 2), QTime(0, 0), Qt::UTC);
        const auto results = engine->recall(q);
        QVERIFY2(results, qPrintable(results ? QString() : results.error().message));
        QVERIFY(!results->isEmpty());
        QCOMPARE(results->front().chunk.path, kDigest);
        QVERIFY(results->front().chunk.text.contains(QLatin1String("boathouse")));

        q.filter = {}; // unfiltered, the quote is shown as its turn
        const auto all = engine->recall(q);
        QVERIFY(all && !all->isEmpty());
        QCOMPARE(all->front().chunk.path, kChat);
    }

    void recall_inAModeThatWeighsDigestsOverTurns_findsTheDigestByItsQuote()
    {
        // Keywords only (vectorWeight 0): the digest holds no keyword of its quote, yet the mode asked for it.
        TestVault vault;
        vault.write(kChat, chat());
        vault.write(kDigest, digest());
        vault.write(QStringLiteral("engram.json"),
                    QStringLiteral(R"({"modes": {"fast": {"vectorWeight": 0, "layerWeights": {"session": 2}}}})"));
        auto engine = indexed(vault);
        RecallQuery q;
        q.text = QStringLiteral("boathouse by the glacier");
        q.now = QDateTime(QDate(2026, 1, 2), QTime(0, 0), Qt::UTC);
        const auto results = engine->recall(q);
        QVERIFY2(results, qPrintable(results ? QString() : results.error().message));
        QVERIFY(!results->isEmpty());
        QCOMPARE(results->front().chunk.path, kDigest);
    }
};

QTEST_GUILESS_MAIN(TestDigestKeywords)
#include "tst_digestkeywords.moc"
