// Recall knows when it knows nothing (RelevanceGauge), never repeats itself (EvidenceText) and gives
// every bad query a clear answer.
#include "TestVault.h"
#include "recall/ContextPack.h"
#include "recall/EvidenceText.h"
#include "recall/RelevanceGauge.h"
#include "vault/EngineInternals.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace engram;
using test::openIndexed;
using test::TestVault;

namespace {

const QStringList kConversations{QStringLiteral("conv-26"), QStringLiteral("conv-30"), QStringLiteral("conv-41")};

QStringList unrelatedQueries()
{
    QFile f(QStringLiteral(ENGRAM_TEST_DATA "/recall/unrelated-queries.txt"));
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    QStringList out;
    for (const QString &line : QString::fromUtf8(f.readAll()).split(QLatin1Char('\n')))
        if (!line.trimmed().isEmpty() && !line.startsWith(QLatin1Char('#')))
            out << line.trimmed();
    return out;
}

RecallQuery queryFor(const QString &text)
{
    RecallQuery q;
    q.text = text;
    q.k = 50;
    q.reinforce = false;
    q.now = QDateTime(QDate(2026, 1, 1), QTime(12, 0), Qt::UTC);
    return q;
}

} // namespace

class TestRelevance : public QObject {
    Q_OBJECT

    TestVault m_vaults[3]; ///< copies of the LoCoMo dev conversations
    std::unique_ptr<Engine> m_engines[3];

private slots:
    void initTestCase()
    {
        for (int i = 0; i < 3; ++i) {
            const QDir corpus(test::sharedPath(QStringLiteral("bench/locomo-dev/corpus/") + kConversations[i]));
            const QStringList files = corpus.entryList({QStringLiteral("*.md")}, QDir::Files);
            QVERIFY2(!files.isEmpty(), qPrintable(corpus.path() + QStringLiteral(" holds no sessions")));
            for (const QString &name : files) {
                QFile f(corpus.filePath(name));
                QVERIFY(f.open(QIODevice::ReadOnly));
                m_vaults[i].write(name, f.readAll());
            }
            m_engines[i] = openIndexed(m_vaults[i]);
        }
    }

    void recall_unrelatedQueriesReturnNothing()
    {
        const QStringList queries = unrelatedQueries();
        QVERIFY(queries.size() >= 30);
        for (int i = 0; i < 3; ++i)
            for (const QString &text : queries) {
                auto results = m_engines[i]->recall(queryFor(text));
                if (!results)
                    QFAIL(qPrintable(text + QStringLiteral(": ") + results.error().toString()));
                QVERIFY2(results->isEmpty(),
                         qPrintable(QStringLiteral("%1 in %2 returned %3 results, first %4")
                                        .arg(text, kConversations[i])
                                        .arg(results->size())
                                        .arg(results->isEmpty() ? QString() : results->front().chunk.text)));
            }
    }

    /// Every dev question with evidence keeps its hits; conv-30:q009 asks which city "Jean and John"
    /// visited in a conversation between Jon and Gina: what it shares with its evidence ("city",
    /// "visited") weighs 0.19, as much as "controller" in "kubernetes ingress controller annotations",
    /// and it is "John", one letter from the "Jon" of every turn, that makes it a question about them.
    void recall_everyDevQuestionWithEvidenceReturnsResults()
    {
        QFile f(test::sharedPath(QStringLiteral("bench/locomo-dev/queries.jsonl")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        int asked = 0;
        QStringList empty;
        while (!f.atEnd()) {
            const QJsonObject q = QJsonDocument::fromJson(f.readLine()).object();
            if (q.value(QStringLiteral("split")).toString() != QLatin1String("dev")
                || q.value(QStringLiteral("evidence")).toArray().isEmpty())
                continue;
            const int at = int(kConversations.indexOf(q.value(QStringLiteral("conversation")).toString()));
            QVERIFY(at >= 0);
            ++asked;
            auto results = m_engines[at]->recall(queryFor(q.value(QStringLiteral("question")).toString()));
            QVERIFY(results.ok());
            if (results->isEmpty())
                empty << q.value(QStringLiteral("id")).toString();
        }
        QCOMPARE(asked, 383);
        QCOMPARE(empty, QStringList{});
    }

    void nameNear_findsTheVaultsNameOneEditAwayButNoSentencesFirstWord()
    {
        TestVault vault;
        vault.write(QStringLiteral("sessions/s1.md"),
                    QStringLiteral("# Session\n\n**Jon** (D1:1): I went to Rome with my sister last spring.\n\n"
                                   "**Gina** (D1:2): Rome! Did Jon's sister like the food?\n"));
        vault.write(QStringLiteral("notes/club.md"),
                    QStringLiteral("# Club\n\nJoin the chess club. Meetings are on Fridays.\n"));
        auto engine = openIndexed(vault);
        IndexStore &store = internals(*engine).store();
        QCOMPARE(RelevanceGauge::nameNear(store, QStringLiteral("John")), QStringLiteral("jon"));
        QCOMPARE(RelevanceGauge::nameNear(store, QStringLiteral("Joint")), QString()); // "Join" starts a sentence
        QCOMPARE(RelevanceGauge::nameNear(store, QStringLiteral("Xavier")), QString());
        QCOMPARE(RelevanceGauge::nameNear(store, QStringLiteral("Jo")), QString()); // too short to guess

        // The gate: only "spring" of the question is in the vault (under kRelevant of its words); a
        // question about "John" is a question about Jon, one about "Joint" is about nobody.
        auto about = engine->recall(queryFor(QStringLiteral("Which city did John and Jean visit in spring?")));
        QVERIFY(about.ok());
        QVERIFY2(!about->isEmpty(), "a misspelt name the vault knows recalled nothing");
        QVERIFY(about->front().match >= RelevanceGauge::kRelevant);
        auto nobody = engine->recall(queryFor(QStringLiteral("Which city did Joint and Jean visit in spring?")));
        QVERIFY(nobody.ok());
        QVERIFY(nobody->isEmpty());
    }

    void recall_aSectionMatchesByItsOwnHeading()
    {
        // A decision log names each decision in its heading and argues it below: the heading is what
        // the section is about. The title and the headings above it are said of every section alike.
        TestVault vault;
        vault.write(QStringLiteral("notes/decisions.md"),
                    QStringLiteral("---\ntitle: Decisions\n---\n# Decisions\n\n"
                                   "## 2026-11-18: SQLite FTS5 plus hnswlib\n"
                                   "Keyword and vector candidates are fused; BM25 alone missed paraphrases.\n\n"
                                   "## 2026-11-21: Journal for dynamics\n"
                                   "Access counts live in an append-only file in the vault.\n"));
        vault.write(QStringLiteral("notes/garden.md"), QStringLiteral("# Garden\n\nAphids on the roses again.\n"));
        auto engine = openIndexed(vault);
        auto sqlite = engine->recall(queryFor(QStringLiteral("what did we decide about sqlite")));
        QVERIFY(sqlite.ok());
        QVERIFY2(!sqlite->isEmpty(), "a section whose heading names the question's subject matched nothing");
        QCOMPARE(sqlite->front().chunk.startLine, 7);
        QVERIFY(sqlite->front().match >= RelevanceGauge::kRelevant);
        for (const RecallResult &r : *sqlite)
            QVERIFY2(r.chunk.startLine != 10, "the other decision matched by the title they share");
        // "Decisions", the title and the top heading of both, makes neither a match for a decision
        // about something else.
        auto other = engine->recall(queryFor(QStringLiteral("decisions about kubernetes")));
        QVERIFY(other.ok());
        QVERIFY2(other->isEmpty(), qPrintable(other->isEmpty() ? QString() : other->front().chunk.text));
        for (const QString &text : unrelatedQueries()) {
            auto results = engine->recall(queryFor(text));
            QVERIFY(results.ok());
            QVERIFY2(results->isEmpty(), qPrintable(text));
        }
    }

    void recall_matchIsAbsoluteAndInTheBreakdown()
    {
        auto results =
            m_engines[0]->recall(queryFor(QStringLiteral("When did Caroline go to the LGBTQ support group?")));
        QVERIFY(results.ok() && !results->isEmpty());
        const RecallResult &top = results->front();
        QCOMPARE(top.breakdown.last().name, QStringLiteral("match"));
        QCOMPARE(top.breakdown.last().value, top.match);
        QVERIFY(top.breakdown.last().informative);
        QCOMPARE(top.breakdown.last().contribution(), 0.0);
        QVERIFY(top.match >= RelevanceGauge::kRelevant && top.match <= 1.0);
    }

    void recall_badInputGetsAClearAnswerInBoundedTime()
    {
        QString tenThousand;
        for (int i = 0; i < 10000; ++i)
            tenThousand += QStringLiteral("word%1 ").arg(i % 97);
        const QList<QPair<QString, QString>> cases{
            {QString(), QStringLiteral("empty")},
            {QStringLiteral("  \t \n "), QStringLiteral("empty")},
            {QStringLiteral("the of and it is"), QStringLiteral("only common words")},
            {tenThousand, QStringLiteral("10000 words")},
            {QStringLiteral("\x01\x02\x1b\x7f\t"), QStringLiteral("empty")},
            {QStringLiteral("🜁🜂🜃 ⊕⊗"), QStringLiteral("no words")},
        };
        for (const auto &[text, says] : cases) {
            QElapsedTimer timer;
            timer.start();
            auto results = m_engines[0]->recall(queryFor(text));
            QVERIFY(timer.elapsed() < 2000 * test::kSanitizerSlowdown);
            if (results.ok())
                QFAIL(qPrintable(QStringLiteral("no error for ") + text.left(40)));
            QVERIFY2(results.error().message.contains(says), qPrintable(results.error().message));
        }
        // An unseen script and control characters inside a real query: nothing, or the real answer.
        for (const QString &text : {QStringLiteral("ᚠᚢᚦᚨᚱᚲ ᚷᚹᚺᚾ"), QStringLiteral("ⴰⵣⵓⵍ ⴼⵍⵍⴰⴽ")}) {
            auto results = m_engines[0]->recall(queryFor(text));
            QVERIFY(results.ok() && results->isEmpty());
        }
        auto withControls = m_engines[0]->recall(queryFor(QStringLiteral("Caroline\x07 LGBTQ\x00 support group")));
        QVERIFY(withControls.ok() && !withControls->isEmpty());
    }

    /// Identical text in two files and a digest quoting a turn are shown once; a citation alone never.
    void pack_neverHoldsTheSameTextTwiceNorACitationOnlyChunk()
    {
        TestVault vault;
        const QString turn = QStringLiteral("**Ana** (D1:1): The lighthouse keeper repainted the lamp room blue.");
        vault.write(QStringLiteral("sessions/s1.md"), QStringLiteral("# Session\n\n") + turn + QLatin1Char('\n'));
        vault.write(QStringLiteral("sessions/s1-copy.md"),
                    QStringLiteral("# Session copy\n\n") + turn + QLatin1Char('\n'));
        vault.write(QStringLiteral("consolidated/daily/2026-01-01.md"),
                    QStringLiteral("---\nlayer: daily\n---\n# Daily digest\n\n- ") + turn
                        + QStringLiteral(" (from `sessions/s1.md:3-3`; raw `sessions/s1.md:3-3`)\n"));
        vault.write(
            QStringLiteral("consolidated/fact/cite.md"),
            QStringLiteral(
                "---\nlayer: fact\n---\n# Lighthouse lamp room\n\n(from `consolidated/daily/2026-01-01.md:6-6`; "
                "raw `sessions/s1.md:3-3`)\n"));
        auto engine = openIndexed(vault);
        auto pack = engine->pack(queryFor(QStringLiteral("lighthouse lamp room")), 500);
        QVERIFY(pack.ok());
        QCOMPARE(pack->markdown.count(QStringLiteral("repainted the lamp room blue")), 1);
        QCOMPARE(pack->included.size(), 1);
        for (const RecallResult &r : pack->included)
            QVERIFY(!EvidenceText::isCitationOnly(r.chunk.text));
        // The same holds for a pack built from a ranked list that repeats itself.
        RecallResult a;
        a.chunk.path = QStringLiteral("a.md");
        a.chunk.text = turn;
        RecallResult b = a;
        b.chunk.path = QStringLiteral("b.md");
        b.chunk.text = QStringLiteral("- ") + turn + QStringLiteral(" (from `a.md:1-1`)");
        RecallResult c = a;
        c.chunk.path = QStringLiteral("c.md");
        c.chunk.text = QStringLiteral("(from `a.md:1-1`; raw `a.md:1-1`)");
        const ContextPack built = ContextPack::build(QStringLiteral("lamp"), {}, {a, b, c}, 500);
        QCOMPARE(built.included.size(), 1);
        QCOMPARE(built.markdown.count(QStringLiteral("repainted")), 1);
    }

    /// A digest item that quotes a raw turn is shown as that turn, widened into its exchange (the answer
    /// after the question), and the digest's items that do not carry the match are not shown at all.
    void recall_digestQuoteShowsItsTurnAndExchangeNotTheDigest()
    {
        TestVault vault;
        const QString question = QStringLiteral("**Ana** (D1:1): Where did the keeper hide the spare lantern?");
        const QString weather = QStringLiteral("**Ana** (D1:3): The weather turned cold and grey by the evening.");
        vault.write(QStringLiteral("sessions/s1.md"),
                    QStringLiteral("---\nkind: transcript\n---\n\n# Session 1\n\n") + question
                        + QStringLiteral("\n\n**Bo** (D1:2): Under the stairs, wrapped in an old sail.\n\n") + weather
                        + QStringLiteral("\n\n**Bo** (D1:4): We should light a fire then.\n"));
        vault.write(QStringLiteral("consolidated/daily/2026-01-01.md"),
                    QStringLiteral("---\nlayer: daily\n---\n# Daily digest\n\n- ") + question
                        + QStringLiteral(" (from `sessions/s1.md:7-7`)\n- ") + weather
                        + QStringLiteral(" (from `sessions/s1.md:11-11`)\n"));
        auto engine = openIndexed(vault);
        auto results = engine->recall(queryFor(QStringLiteral("spare lantern keeper")));
        QVERIFY(results.ok());
        QVERIFY(!results->isEmpty());
        QString shown;
        for (const RecallResult &r : *results) {
            QVERIFY2(!r.chunk.path.startsWith(QLatin1String("consolidated/")), qPrintable(r.chunk.text));
            shown += r.chunk.text + QLatin1Char('\n');
        }
        QCOMPARE(results->front().chunk.path, QStringLiteral("sessions/s1.md"));
        QVERIFY2(results->front().chunk.text.contains(QLatin1String("Under the stairs")), qPrintable(shown));
        QCOMPARE(shown.count(QStringLiteral("spare lantern")), 1);
        QVERIFY2(!shown.contains(QLatin1String("weather turned cold")), qPrintable(shown));

        auto pack = engine->pack(queryFor(QStringLiteral("spare lantern keeper")), 500);
        QVERIFY(pack.ok());
        QCOMPARE(pack->markdown.count(QStringLiteral("hide the spare lantern")), 1);
        QVERIFY(pack->markdown.contains(QLatin1String("Under the stairs")));
        QVERIFY(!pack->markdown.contains(QLatin1String("weather turned cold")));
    }

    void citedItems_cutsAJoinedDigestAfterEachCitation()
    {
        const QString joined = QStringLiteral(
            "more of an item. (from `s.md:3-3`) - **Bo** (D1:2): A whole item. (from `a.md:1-1`; raw `s.md:5-5`) "
            "- **Ana** (D1:3): An item the next chunk ends");
        const QStringList items = EvidenceText::citedItems(joined);
        QCOMPARE(items.size(), 3);
        QCOMPARE(items[0], QStringLiteral("more of an item. (from `s.md:3-3`)"));
        QCOMPARE(items[1], QStringLiteral("**Bo** (D1:2): A whole item. (from `a.md:1-1`; raw `s.md:5-5`)"));
        QCOMPARE(items[2], QStringLiteral("**Ana** (D1:3): An item the next chunk ends"));
        const auto raw = EvidenceText::citedSource(items[1]);
        QVERIFY(raw.has_value());
        QCOMPARE(raw->path, QStringLiteral("s.md"));
        QCOMPARE(raw->startLine, 5);
        QCOMPARE(EvidenceText::citedSource(items[0])->path, QStringLiteral("s.md"));
        QVERIFY(!EvidenceText::citedSource(items[2]).has_value());
        QVERIFY(!EvidenceText::citedSource(QStringLiteral("we came from `here`")).has_value());
    }

    void trimmed_keepsTheMatchingSentencesAndTheNextOne()
    {
        const QString turn =
            QStringLiteral("**Bo** (D2:4): I woke early. The weather was grey. We walked to the harbour at noon. "
                           "It was full of boats. Then lunch. Then a nap. Then more walking around town.");
        const QString out = EvidenceText::trimmed(turn, {QStringLiteral("harbour")}, 60);
        QCOMPARE(out, QStringLiteral("**Bo** (D2:4): … We walked to the harbour at noon. It was full of boats. …"));
        QCOMPARE(EvidenceText::trimmed(turn, {QStringLiteral("harbour")}, 1000), turn);
    }

    /// In a question-answer pair the turn beside the hit shows less: the question before it its
    /// questions, the answer after it its first three sentences (where a reply answers).
    void trimmed_besideTheHitKeepsTheQuestionOrTheStartOfTheAnswer()
    {
        const QStringList harbour{QStringLiteral("harbour")};
        const QString asked = QStringLiteral("**Ana** (D2:1): I had a long week. Work was busy. My cat was ill. "
                                             "What did you do on Sunday?\n**Bo** (D2:2): We walked to the harbour.");
        QCOMPARE(
            EvidenceText::trimmed(asked, harbour, 400, 60),
            QStringLiteral("**Ana** (D2:1): … What did you do on Sunday?\n**Bo** (D2:2): We walked to the harbour."));
        const QString answered =
            QStringLiteral("**Ana** (D2:3): Did you see the harbour?\n**Bo** (D2:4): Yes, at noon. It was full of "
                           "boats. The ferry was late. Then we had lunch by the water. Then a nap.");
        QCOMPARE(EvidenceText::trimmed(answered, harbour, 400, 60),
                 QStringLiteral("**Ana** (D2:3): Did you see the harbour?\n**Bo** (D2:4): Yes, at noon. It was full of "
                                "boats. The ferry was late. …"));
        // Short turns, a single turn and no limit stay as they are.
        QCOMPARE(EvidenceText::trimmed(answered, harbour, 400, 200), answered);
        QCOMPARE(EvidenceText::trimmed(answered, harbour, 400), answered);
        const QString alone = answered.section(QLatin1Char('\n'), 1);
        QCOMPARE(EvidenceText::trimmed(alone, harbour, 400, 60), alone);
    }

    /// A sentence that opens with a pronoun goes on about the one before it: kept with the match.
    void trimmed_keepsTheSentencesThatReferBackToTheMatch()
    {
        const QString turn = QStringLiteral("**Bo** (D3:2): Thanks, Ana! Max and I camped by the harbour last summer. "
                                            "We swam every day. It was so peaceful. Then we drove home.");
        QCOMPARE(EvidenceText::trimmed(turn, {QStringLiteral("harbour")}, 60),
                 QStringLiteral("**Bo** (D3:2): … Max and I camped by the harbour last summer. We swam every day. "
                                "It was so peaceful. …"));
    }

    /// A reply answers first: when the match is later in it, its opening stays too.
    void trimmed_aReplyKeepsItsOpening()
    {
        const QString exchange = QStringLiteral(
            "**Ana** (D4:1): What kind of work have you been doing?\n**Bo** (D4:2): Just yesterday I joined a "
            "choir. I wanted to feel closer to the harbour folk. So far it has been great! We sing on Fridays.");
        QCOMPARE(EvidenceText::trimmed(exchange, {QStringLiteral("harbour")}, 60),
                 QStringLiteral("**Ana** (D4:1): What kind of work have you been doing?\n**Bo** (D4:2): Just "
                                "yesterday I joined a choir. I wanted to feel closer to the harbour folk. So far it "
                                "has been great! …"));
        // A turn alone answers nothing: only the match and the sentence after it.
        const QString alone = exchange.section(QLatin1Char('\n'), 1);
        QCOMPARE(EvidenceText::trimmed(alone, {QStringLiteral("harbour")}, 60),
                 QStringLiteral("**Bo** (D4:2): … I wanted to feel closer to the harbour folk. So far it has been "
                                "great! …"));
    }

    /// The question before a hit keeps only the question the hit answers: its last.
    void trimmed_theQuestionBeforeTheHitKeepsItsLastQuestion()
    {
        const QString asked =
            QStringLiteral("**Ana** (D5:1): Are you back? I had a long week. What did you do on Sunday?\n"
                           "**Bo** (D5:2): We walked to the harbour.");
        QCOMPARE(EvidenceText::trimmed(asked, {QStringLiteral("harbour")}, 400, 60),
                 QStringLiteral("**Ana** (D5:1): … What did you do on Sunday?\n**Bo** (D5:2): We walked to the "
                                "harbour."));
    }
};

QTEST_GUILESS_MAIN(TestRelevance)
#include "tst_relevance.moc"
