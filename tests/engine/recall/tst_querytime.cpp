// A query that names a time (QueryTime) ranks the memories of that time first, and names none when
// its words only look like a date.
#include "TestVault.h"
#include "recall/QueryTime.h"
#include "vault/EngineInternals.h"

#include <QTest>

using namespace engram;
using test::openIndexed;
using test::TestVault;

namespace {

const QDate kToday(2026, 12, 1);

RecallQuery queryFor(const QString &text)
{
    RecallQuery q;
    q.text = text;
    q.k = 10;
    q.reinforce = false;
    q.now = QDateTime(kToday, QTime(12, 0), Qt::UTC);
    return q;
}

QByteArray note(const char *date, const char *body)
{
    return QByteArray("---\ndate: ") + date + "\n---\n\n" + body + "\n";
}

} // namespace

class TestQueryTime : public QObject {
    Q_OBJECT

private slots:
    void of_readsTheTimeAQueryNames_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QDate>("today");
        QTest::addColumn<QDate>("first");
        QTest::addColumn<QDate>("last");
        QTest::addColumn<QString>("phrase");
        QTest::newRow("day month, year") << "What motivated them on 7 July, 2023?" << kToday << QDate(2023, 7, 7)
                                         << QDate(2023, 7, 7) << "7 July, 2023";
        QTest::newRow("month day, year") << "What did she show on October 13, 2023?" << kToday << QDate(2023, 10, 13)
                                         << QDate(2023, 10, 13) << "October 13, 2023";
        QTest::newRow("ordinal of month")
            << "the 3rd of June 2023" << kToday << QDate(2023, 6, 3) << QDate(2023, 6, 3) << "3rd of June 2023";
        QTest::newRow("abbreviated") << "what broke on Dec. 5, 2025" << kToday << QDate(2025, 12, 5)
                                     << QDate(2025, 12, 5) << "Dec. 5, 2025";
        QTest::newRow("month and year") << "What is John doing as a volunteer in August 2023?" << kToday
                                        << QDate(2023, 8, 1) << QDate(2023, 8, 31) << "August 2023";
        QTest::newRow("May with a year") << "Who came to dinner in May 2023?" << kToday << QDate(2023, 5, 1)
                                         << QDate(2023, 5, 31) << "May 2023";
        QTest::newRow("iso day") << "the decision of 2024-02-29" << kToday << QDate(2024, 2, 29) << QDate(2024, 2, 29)
                                 << "2024-02-29";
        QTest::newRow("iso month") << "notes from 2024-02" << kToday << QDate(2024, 2, 1) << QDate(2024, 2, 29)
                                   << "2024-02";
        QTest::newRow("a month this year")
            << "what did we decide in March" << kToday << QDate(2026, 3, 1) << QDate(2026, 3, 31) << "in March";
        QTest::newRow("a month not yet begun this year") << "what did we decide in March" << QDate(2026, 2, 10)
                                                         << QDate(2025, 3, 1) << QDate(2025, 3, 31) << "in March";
        QTest::newRow("a day without a year")
            << "what happened on 7 July" << QDate(2026, 3, 1) << QDate(2025, 7, 7) << QDate(2025, 7, 7) << "7 July";
        QTest::newRow("a year") << "what shipped during 2024" << kToday << QDate(2024, 1, 1) << QDate(2024, 12, 31)
                                << "during 2024";
        QTest::newRow("since: up to today")
            << "what changed since March 2026" << kToday << QDate(2026, 3, 1) << kToday << "March 2026";
        QTest::newRow("German day") << "Was geschah am 7. Juli 2023?" << kToday << QDate(2023, 7, 7)
                                    << QDate(2023, 7, 7) << "7. Juli 2023";
        QTest::newRow("German month") << "Was haben wir im März entschieden?" << kToday << QDate(2026, 3, 1)
                                      << QDate(2026, 3, 31) << "im März";
        QTest::newRow("German since") << "Was hat sich seit Mai 2026 geändert?" << kToday << QDate(2026, 5, 1) << kToday
                                      << "Mai 2026";
        QTest::newRow("German abbreviation")
            << "Notizen vom 3. Dez. 2025" << kToday << QDate(2025, 12, 3) << QDate(2025, 12, 3) << "3. Dez. 2025";
        QTest::newRow("no such day: its month") << "what happened on 31 February 2023" << kToday << QDate(2023, 2, 1)
                                                << QDate(2023, 2, 28) << "February 2023";
        QTest::newRow("the first of two")
            << "between 1 May 2023 and 9 June 2023" << kToday << QDate(2023, 5, 1) << QDate(2023, 5, 1) << "1 May 2023";
    }

    void of_readsTheTimeAQueryNames()
    {
        QFETCH(QString, query);
        QFETCH(QDate, today);
        const std::optional<QueryTime> time = QueryTime::of(query, today);
        QVERIFY2(time, qPrintable(query));
        QTEST(time->first, "first");
        QTEST(time->last, "last");
        QTEST(time->phrase, "phrase");
    }

    void of_wordsThatOnlyLookLikeADateNameNoTime_data()
    {
        QTest::addColumn<QString>("query");
        QTest::newRow("the verb may") << "you may want to rebuild the index";
        QTest::newRow("the verb march") << "march the tests forward";
        QTest::newRow("a bare number") << "error 2023 in the indexer log";
        QTest::newRow("a name") << "what does April think of the parser";
        QTest::newRow("a version") << "the release 2023-13 notes";
        QTest::newRow("nothing") << "why SQLite";
        QTest::newRow("German without a time") << "Wo ist der Index gespeichert";
    }

    void of_wordsThatOnlyLookLikeADateNameNoTime()
    {
        QFETCH(QString, query);
        const std::optional<QueryTime> time = QueryTime::of(query, kToday);
        QVERIFY2(!time, qPrintable(query + QStringLiteral(" → ") + (time ? time->phrase : QString())));
    }

    void contains_takesWhatWasToldUpToTheWindowsLengthLaterAndAQuarterOfItBefore()
    {
        const QueryTime day = *QueryTime::of(QStringLiteral("on 7 July, 2023"), kToday);
        QVERIFY(!day.contains(QDateTime(QDate(2023, 7, 5), QTime(23, 0))));
        QVERIFY(day.contains(QDateTime(QDate(2023, 7, 6), QTime(23, 0))));
        QVERIFY(day.contains(QDateTime(QDate(2023, 7, 8), QTime(9, 0))));
        QVERIFY(!day.contains(QDateTime(QDate(2023, 7, 9), QTime(9, 0))));
        QVERIFY(!day.contains(QDateTime()));
        // "Last month" on 18 April tells of March.
        const QueryTime month = *QueryTime::of(QStringLiteral("in March 2023"), kToday);
        QVERIFY(month.contains(QDateTime(QDate(2023, 4, 18), QTime(19, 34))));
        QVERIFY(!month.contains(QDateTime(QDate(2023, 5, 2), QTime(9, 0))));
        // An event of "March" told in the last week of February.
        QVERIFY(month.contains(QDateTime(QDate(2023, 2, 24), QTime(9, 0))));
        QVERIFY(!month.contains(QDateTime(QDate(2023, 2, 20), QTime(9, 0))));
    }

    void recall_ranksTheMemoryOfTheNamedTimeFirst()
    {
        TestVault vault;
        // The June note says more about volunteering; the August one is of the month asked about.
        vault.write(QStringLiteral("notes/weekly.md"),
                    note("2023-06-10", "Volunteering again: I volunteered at the shelter, and volunteering there "
                                       "every week is the plan."));
        vault.write(QStringLiteral("notes/fair.md"),
                    note("2023-10-02", "I volunteered at the shelter's autumn fair and volunteered at the school."));
        vault.write(QStringLiteral("notes/mentor.md"),
                    note("2023-08-13", "I volunteered as a mentor at the local school."));
        auto engine = openIndexed(vault);

        const auto undated = engine->recall(queryFor(QStringLiteral("where have I volunteered")));
        if (!undated)
            QFAIL(qPrintable(undated.error().toString()));
        QCOMPARE(undated->size(), 3); // the three notes, each of one paragraph, all about volunteering
        QVERIFY(undated->front().chunk.path != QStringLiteral("notes/mentor.md"));
        for (const RecallResult &r : *undated)
            for (const ScoreComponent &c : r.breakdown)
                QVERIFY(c.name != QStringLiteral("when"));

        const auto dated = engine->recall(queryFor(QStringLiteral("where have I volunteered in August 2023")));
        if (!dated)
            QFAIL(qPrintable(dated.error().toString()));
        QCOMPARE(dated->size(), 3);
        QCOMPARE(dated->front().chunk.path, QStringLiteral("notes/mentor.md"));
        // The breakdown says which results are of the named time, and still sums to the score.
        for (const RecallResult &r : *dated) {
            double sum = 0.0;
            double when = -1.0;
            for (const ScoreComponent &c : r.breakdown) {
                sum += c.contribution();
                if (c.name == QStringLiteral("when"))
                    when = c.value;
            }
            QVERIFY(qAbs(sum - r.score) < 1e-9);
            QCOMPARE(when, r.chunk.path == QStringLiteral("notes/mentor.md") ? 1.0 : 0.0);
        }
    }

    void recall_aTimeAloneRecallsNothing()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/mentor.md"), note("2023-08-13", "I volunteered as a mentor at the school."));
        auto engine = openIndexed(vault);
        // Every memory of August 2023 is lifted, but none holds the query's words: nothing is relevant.
        const auto results = engine->recall(queryFor(QStringLiteral("zorblaxian quuxification in August 2023")));
        if (!results)
            QFAIL(qPrintable(results.error().toString()));
        QVERIFY(results->isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestQueryTime)
#include "tst_querytime.moc"
