// The gate asks whether the question's specific words are in the vault (RelevanceGauge::specificCoverage,
// WordFrequency): calibrated on the tuning half of bench/gate and tested here on the held-out half, with
// its rules (English specificity, the absent word, the filler rule, partial results, the fallback without
// the English list) each checked against figures worked out by hand.
#include "TestVault.h"
#include "recall/RelevanceGauge.h"
#include "recall/WordFrequency.h"
#include "vault/EngineInternals.h"
#include "vault/HealthChecks.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace engram;
using test::openIndexed;
using test::TestVault;

namespace {

const QStringList kConversations{QStringLiteral("conv-26"), QStringLiteral("conv-30"), QStringLiteral("conv-41")};

/// The held-out half of a list (bench/gate/README.md): the n-th item, 1-based, when n is even.
bool heldOut(int n)
{
    return n % 2 == 0;
}

QStringList everydayQuestions()
{
    QFile f(QStringLiteral(ENGRAM_SOURCE_DIR "/bench/gate/everyday.txt"));
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
    q.k = 10;
    q.reinforce = false;
    q.now = QDateTime(QDate(2026, 1, 1), QTime(12, 0), Qt::UTC);
    return q;
}

/// A frequency list of a million words in all, so that a count c has the Zipf value log10(c × 1000).
WordFrequency listOf(QTemporaryDir &dir, const QList<QPair<QString, int>> &counts)
{
    QByteArray tsv;
    qint64 total = 0;
    for (const auto &[word, count] : counts) {
        tsv += word.toUtf8() + '\t' + QByteArray::number(count) + '\n';
        total += count;
    }
    tsv += "otherwords\t" + QByteArray::number(1000000 - total) + '\n';
    QFile f(dir.filePath(QStringLiteral("english.tsv")));
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(tsv);
    f.close();
    return WordFrequency::fromFile(f.fileName());
}

bool isPartial(const RecallResult &r)
{
    for (const ScoreComponent &s : r.breakdown)
        if (s.name == QLatin1String("partial"))
            return s.informative && s.value > 0.0 && s.contribution() == 0.0;
    return false;
}

} // namespace

class TestGate : public QObject {
    Q_OBJECT

    TestVault m_vaults[3]; ///< copies of the LoCoMo dev conversations
    std::unique_ptr<Engine> m_engines[3];

private slots:
    void initTestCase()
    {
        QVERIFY2(
            WordFrequency::english().available(),
            qPrintable(QStringLiteral("no English word-frequency list at %1: run scripts/install-word-frequency.sh")
                           .arg(WordFrequency::defaultPath())));
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

    /// The held-out everyday questions in each dev conversation: at most 5 % of the pairs get any result
    /// (the tuning half is never asked here).
    void recall_heldOutEverydayQuestionsAreAnsweredWithNothing()
    {
        const QStringList questions = everydayQuestions();
        QVERIFY(questions.size() >= 300);
        int pairs = 0;
        QStringList answered;
        for (int n = 1; n <= questions.size(); ++n) {
            if (!heldOut(n))
                continue;
            for (int i = 0; i < 3; ++i) {
                ++pairs;
                auto results = m_engines[i]->recall(queryFor(questions[n - 1]));
                QVERIFY(results.ok());
                if (!results->isEmpty())
                    answered << kConversations[i] + QStringLiteral(": ") + questions[n - 1];
            }
        }
        QCOMPARE(pairs, 3 * (int(questions.size()) / 2));
        QVERIFY2(answered.size() * 100 <= 5 * pairs,
                 qPrintable(QStringLiteral("%1 of %2 pairs answered:\n").arg(answered.size()).arg(pairs)
                            + answered.join(QLatin1Char('\n'))));
    }

    /// The held-out dev questions with evidence (every second one of them in queries.jsonl): none silenced.
    void recall_heldOutDevQuestionsWithEvidenceAreNeverSilenced()
    {
        QFile f(test::sharedPath(QStringLiteral("bench/locomo-dev/queries.jsonl")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        int n = 0;
        int asked = 0;
        QStringList silenced;
        while (!f.atEnd()) {
            const QJsonObject q = QJsonDocument::fromJson(f.readLine()).object();
            if (q.value(QStringLiteral("evidence")).toArray().isEmpty() || !heldOut(++n))
                continue;
            const int at = int(kConversations.indexOf(q.value(QStringLiteral("conversation")).toString()));
            QVERIFY(at >= 0);
            ++asked;
            auto results = m_engines[at]->recall(queryFor(q.value(QStringLiteral("question")).toString()));
            QVERIFY(results.ok());
            if (results->isEmpty())
                silenced << q.value(QStringLiteral("id")).toString();
        }
        QCOMPARE(asked, 191);
        QCOMPARE(silenced, QStringList{});
    }

    /// "What time zone is Tokyo in?" against a turn about a comfort zone. Specificity runs from 0 at Zipf 6
    /// to 1 at Zipf 2, squared: "time" (Zipf 7) weighs idf × 0.0004, "zone" (5 in a million: Zipf 3.699)
    /// idf × 0.3309; "Tokyo", capitalised and absent from the vault, is a name the vault never mentions:
    /// specificity 1, and × 2 for its absence. idf among 1000 chunks: 6.5033 for a word in one chunk,
    /// 7.6019 for one in none. Covered: 6.5033 × (0.3309 + 0.0004) = 2.1546 of 2.1546 + 7.6019 × 2 =
    /// 17.3584: 0.1241. Written "tokyo" it is only a rare word (Zipf 3: 0.75², × 2): 2.1546 / (2.1546 +
    /// 8.5521) = 0.2012. By the vault alone (no list) the text covers 2 × 6.5033 / (2 × 6.5033 + 7.6019)
    /// = 0.6311, as before the list.
    void specificCoverage_weighsWordsByEnglishAndTheVault()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/retreat.md"),
                    QStringLiteral("Stepping outside your comfort zone takes time.\n"));
        auto engine = openIndexed(vault);
        IndexStore &store = internals(*engine).store();
        QTemporaryDir dir;
        const WordFrequency english =
            listOf(dir, {{QStringLiteral("time"), 10000}, {QStringLiteral("zone"), 5}, {QStringLiteral("tokyo"), 1}});
        QVERIFY(english.available());
        QCOMPARE(english.zipf(QStringLiteral("time")), 7.0);
        QCOMPARE(english.zipf(QStringLiteral("tokyo")), 3.0);
        QCOMPARE(english.zipf(QStringLiteral("basil")), 0.0);
        const QString text = QStringLiteral("Stepping outside your comfort zone takes time.");
        const RelevanceGauge gauge(store, QStringLiteral("What time zone is Tokyo in?"), nullptr, {}, 0.0, english);
        QVERIFY(gauge.usesEnglish());
        QVERIFY2(qAbs(gauge.specificCoverage(text) - 0.1241) < 1e-3,
                 qPrintable(QString::number(gauge.specificCoverage(text))));
        const RelevanceGauge lower(store, QStringLiteral("what time zone is tokyo in"), nullptr, {}, 0.0, english);
        QVERIFY2(qAbs(lower.specificCoverage(text) - 0.2012) < 1e-3,
                 qPrintable(QString::number(lower.specificCoverage(text))));

        const WordFrequency none = WordFrequency::fromFile(dir.filePath(QStringLiteral("missing.tsv")));
        QVERIFY(!none.available());
        const RelevanceGauge vaultOnly(store, QStringLiteral("What time zone is Tokyo in?"), nullptr, {}, 0.0, none);
        QVERIFY(!vaultOnly.usesEnglish());
        QVERIFY(qAbs(vaultOnly.specificCoverage(text) - 0.6311) < 1e-3);
        QCOMPARE(vaultOnly.specificCoverage(text), vaultOnly.coverage(text));
    }

    /// A text whose matched words are all everyday filler (Zipf >= 4: "best" 6, "store" 5) covers nothing of
    /// a question that asks more ("basil"): 0, where the weights alone give (0.0026 + 0.4065) / (0.4091 +
    /// 7.6019 x 2) = 0.0262. A text holding every word of a question of everyday words is carried by
    /// them ("best store": 1). Without the list the weights are the vault's idf and no word is filler.
    /// The list's lines as the file holds them: CRLF endings, a last line without one, a word in capitals
    /// counted with its lower case, and lines without a word or a positive count skipped. 10,000 words in
    /// all: "the" (900 + 100) has Zipf log10(1000 × 1e9 / 1e4) = 8, "tokyo" (10) 6.
    void wordFrequency_readsEachWellFormedLine()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("english.tsv")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("The\t900\r\nthe\t100\n\nbroken line\n\tnoword\nzero\t0\nnegative\t-3\nnotanumber\tx\n"
                "otherwords\t8990\ntokyo\t10");
        f.close();
        const WordFrequency list = WordFrequency::fromFile(f.fileName());
        QCOMPARE(list.size(), 3);
        QCOMPARE(list.zipf(QStringLiteral("the")), 8.0);
        QCOMPARE(list.zipf(QStringLiteral("tokyo")), 6.0);
        QCOMPARE(list.zipf(QStringLiteral("zero")), 0.0);
        QCOMPARE(list.zipf(QStringLiteral("negative")), 0.0);
        QCOMPARE(list.zipf(QStringLiteral("notanumber")), 0.0);
    }

    void specificCoverage_fillerAloneCarriesNothing()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/pets.md"), QStringLiteral("We found the best pet store in town.\n"));
        auto engine = openIndexed(vault);
        IndexStore &store = internals(*engine).store();
        QTemporaryDir dir;
        const WordFrequency english = listOf(dir, {{QStringLiteral("best"), 1000}, {QStringLiteral("store"), 100}});
        const QString text = QStringLiteral("We found the best pet store in town.");
        const RelevanceGauge basil(store, QStringLiteral("best store for basil"), nullptr, {}, 0.0, english);
        QCOMPARE(basil.specificCoverage(text), 0.0);
        const RelevanceGauge everyday(store, QStringLiteral("best store"), nullptr, {}, 0.0, english);
        QCOMPARE(everyday.coverage(text), 1.0);
        QCOMPARE(everyday.specificCoverage(text), 1.0);
        // "pet" is not filler (not in the list): the same text carries a question about pets and basil.
        const RelevanceGauge pets(store, QStringLiteral("best pet store for basil"), nullptr, {}, 0.0, english);
        QVERIFY(pets.specificCoverage(text) > 0.0);
        const RelevanceGauge vaultOnly(store, QStringLiteral("best store for basil"), nullptr, {}, 0.0,
                                       WordFrequency::fromFile(dir.filePath(QStringLiteral("missing.tsv"))));
        QCOMPARE(vaultOnly.specificCoverage(text), vaultOnly.coverage(text));
        QVERIFY(vaultOnly.specificCoverage(text) > 0.0);
    }

    /// Beside a result that holds what the question asks of Jon (opening the studio), one that only names
    /// Jon is flagged partial, informative like "match"; the answer is not.
    void recall_aResultWithoutTheSpecificWordsIsPartial()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/studio.md"),
                    QStringLiteral("Last March Jon opened a dance studio downtown.\n"));
        vault.write(QStringLiteral("notes/tea.md"), QStringLiteral("Every morning Jon drinks green tea.\n"));
        auto engine = openIndexed(vault);
        auto results = engine->recall(queryFor(QStringLiteral("When did Jon open the studio?")));
        QVERIFY(results.ok());
        QStringList seen;
        for (const RecallResult &r : *results) {
            seen << r.chunk.path;
            QCOMPARE(isPartial(r), r.chunk.path == QLatin1String("notes/tea.md"));
        }
        QVERIFY2(seen.contains(QStringLiteral("notes/studio.md")) && seen.contains(QStringLiteral("notes/tea.md")),
                 qPrintable(seen.join(QLatin1Char(' '))));
        QCOMPARE(results->front().chunk.path, QStringLiteral("notes/studio.md"));
    }

    /// Time words weigh nothing and are no names the vault lacks: each month and weekday written whole, a day
    /// said from today, and the words of a time QueryTime reads (a year or a day with "in", "on", a month; an
    /// ISO date; a short month in a date; German months). The question then asks only
    /// "volunteered", which the note holds: 1. Were "August" a name the vault never mentions it would weigh
    /// 2 x 7.6019 beside 6.5033 for "volunteered" (idf among 1000 chunks of a word in no chunk and in one;
    /// no word is in this list, so each is as specific as the rarest): 6.5033 / 21.7071 = 0.2996. A year that
    /// names no time weighs as "error" beside it does: 6.5033 / (6.5033 + 4 x 7.6019) = 0.1762.
    void specificCoverage_timeWordsAreNotWhatTheQuestionAsks_data()
    {
        QTest::addColumn<QString>("time");
        QTest::addColumn<double>("expected");
        const char *words[] = {"January",   "February", "March",     "April",      "May",       "June",
                               "July",      "August",   "September", "October",    "November",  "December",
                               "Monday",    "Tuesday",  "Wednesday", "Thursday",   "Friday",    "Saturday",
                               "Sunday",    "Mondays",  "Tuesdays",  "Wednesdays", "Thursdays", "Fridays",
                               "Saturdays", "Sundays",  "Yesterday", "Today",      "Tomorrow",  "Tonight"};
        for (const char *word : words) {
            const QString w = QString::fromLatin1(word);
            QTest::newRow(word) << w << 1.0;
            QTest::newRow(qPrintable(w.toLower())) << w.toLower() << 1.0;
        }
        QTest::newRow("in a year") << "in 2023" << 1.0;
        QTest::newRow("during a year") << "during 2024" << 1.0;
        QTest::newRow("ISO date") << "on 2023-08-13" << 1.0;
        QTest::newRow("day, month and year") << "on 7 July, 2023" << 1.0;
        QTest::newRow("ordinal day of a month") << "on the 13th of August" << 1.0;
        QTest::newRow("month and year") << "in March 2023" << 1.0;
        QTest::newRow("German month") << "im März 2023" << 1.0;
        QTest::newRow("short month in a date") << "on Aug 13, 2023" << 1.0;
        QTest::newRow("short month and year") << "in Sept 2023" << 1.0;
        // A short form alone is another word as often: the rate of a loan, not April.
        QTest::newRow("an acronym that is no month") << "at APR" << 0.2996;
        QTest::newRow("a year that names no time") << "error 2023" << 0.1762;
        QTest::newRow("a name that is no time") << "in Tokyo" << 0.2996;
    }

    void specificCoverage_timeWordsAreNotWhatTheQuestionAsks()
    {
        QFETCH(QString, time);
        QFETCH(double, expected);
        TestVault vault;
        vault.write(QStringLiteral("notes/mentor.md"), QStringLiteral("I volunteered as a mentor at the school.\n"));
        auto engine = openIndexed(vault);
        IndexStore &store = internals(*engine).store();
        QTemporaryDir dir;
        const WordFrequency english = listOf(dir, {});
        QVERIFY(english.available());
        const RelevanceGauge gauge(store, QStringLiteral("I volunteered ") + time, nullptr, {}, 0.0, english);
        const double covered = gauge.specificCoverage(QStringLiteral("I volunteered as a mentor at the school."));
        QVERIFY2(qAbs(covered - expected) < 1e-3, qPrintable(QString::number(covered)));
    }

    /// Nor is a month the vault spells a name the vault knows: "August" written in a note says nothing of
    /// what "I volunteered in August" asks. The note holds no weighed word of it: 0 (taken for a known name
    /// written as one, it would count kRelevant, 0.22).
    void specificCoverage_aMonthTheVaultSpellsIsNoName()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/mentor.md"), QStringLiteral("I volunteered as a mentor at the school.\n"));
        vault.write(QStringLiteral("notes/fair.md"), QStringLiteral("We met in August at the fair.\n"));
        auto engine = openIndexed(vault);
        IndexStore &store = internals(*engine).store();
        QTemporaryDir dir;
        const WordFrequency english = listOf(dir, {});
        const RelevanceGauge gauge(store, QStringLiteral("I volunteered in August"), nullptr, {}, 0.0, english);
        QCOMPARE(gauge.specificCoverage(QStringLiteral("We met in August at the fair.")), 0.0);
        QCOMPARE(gauge.specificCoverage(QStringLiteral("I volunteered as a mentor at the school.")), 1.0);
    }

    /// A vault that holds the person a question names but nothing of what it asks of them: the memory is
    /// shown flagged partial, not silenced (Jon is a name the vault knows; "open" and "studio" are not there).
    void recall_onlyAPartialMatchIsShownFlaggedNotSilenced()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/tea.md"), QStringLiteral("Every morning Jon drinks green tea.\n"));
        auto engine = openIndexed(vault);
        auto results = engine->recall(queryFor(QStringLiteral("When did Jon open the studio?")));
        QVERIFY(results.ok());
        QCOMPARE(results->size(), 1);
        QCOMPARE(results->front().chunk.path, QStringLiteral("notes/tea.md"));
        QVERIFY(isPartial(results->front()));
    }

    /// Beside the answer, a result that matched only the question's everyday words ("best", "store" of a
    /// question on keeping basil) is flagged partial; the answer, which holds "basil", is not.
    void recall_aResultOfEverydayWordsBesideTheAnswerIsPartial()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/basil.md"), QStringLiteral("Keep fresh basil in a glass of water.\n"));
        vault.write(QStringLiteral("notes/pets.md"), QStringLiteral("We found the best pet store in town.\n"));
        auto engine = openIndexed(vault);
        auto results = engine->recall(queryFor(QStringLiteral("best way to store fresh basil")));
        QVERIFY(results.ok());
        QStringList seen;
        for (const RecallResult &r : *results) {
            seen << r.chunk.path;
            QCOMPARE(isPartial(r), r.chunk.path == QLatin1String("notes/pets.md"));
        }
        QCOMPARE(seen, (QStringList{QStringLiteral("notes/basil.md"), QStringLiteral("notes/pets.md")}));
    }

    /// Without the list, health says so and how to build it; with it, health says nothing of it.
    void health_notesAMissingWordFrequencyList()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("missing.tsv"));
        const auto note = HealthChecks::wordFrequency(WordFrequency::fromFile(path), path);
        QVERIFY(note.has_value());
        QCOMPARE(note->status, HealthStatus::Missing);
        QCOMPARE(note->name, QStringLiteral("word frequency list"));
        QVERIFY2(note->reason.contains(path), qPrintable(note->reason));
        QVERIFY(note->fixText.contains(QLatin1String("scripts/install-word-frequency.sh")));
        QVERIFY(!HealthChecks::wordFrequency(WordFrequency::english(), WordFrequency::defaultPath()).has_value());
    }
};

QTEST_GUILESS_MAIN(TestGate)
#include "tst_gate.moc"
