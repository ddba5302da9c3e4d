#include "consolidation/DigestFile.h"
#include "consolidation/ExtractiveSummarizer.h"
#include "core/TextAnalysis.h"

#include <QTest>

using namespace engram;

namespace {

SummaryUnit unit(const QString &text, int line, const QString &category = {})
{
    return SummaryUnit{text, QStringLiteral("sessions/a.md"), line, line, category, {}};
}

} // namespace

class TestExtractiveSummarizer : public QObject {
    Q_OBJECT
private slots:
    void select_staysWithinBudgetAndKeepsSourceOrder()
    {
        QList<SummaryUnit> units;
        for (int i = 0; i < 40; ++i)
            units << unit(
                QStringLiteral("Topic %1 concerns gardening, tomatoes, irrigation schedule number %2 and soil acidity.")
                    .arg(i % 7)
                    .arg(i),
                i + 1);
        const QList<int> chosen = ExtractiveSummarizer::select(units, {120, 0.7});
        QVERIFY(!chosen.isEmpty());
        int tokens = 0;
        for (int i : chosen)
            tokens += TextAnalysis::estimateTokens(units[i].text);
        QVERIFY(tokens <= 120);
        QVERIFY(std::is_sorted(chosen.cbegin(), chosen.cend()));
    }

    void select_keepsDecisionsLessonsRulesAndGoalsVerbatim()
    {
        const QList<SummaryUnit> units{
            unit(QStringLiteral("The weather was grey and the train was late again this morning."), 1),
            unit(QStringLiteral("We decided to ship on Friday."), 2),
            unit(QStringLiteral(
                     "Long discussion about the colour of the new dashboard and its many widgets and charts."),
                 3),
            unit(QStringLiteral("Remember to buy milk."), 4, QStringLiteral("goal")),
            unit(QStringLiteral("Someone mentioned the cafeteria menu had changed to include more soups."), 5)};
        const QList<int> chosen = ExtractiveSummarizer::select(units, {20, 0.7});
        QVERIFY(chosen.contains(1));
        QVERIFY(chosen.contains(3));
    }

    void select_dropsRedundantAndEmptyUnits()
    {
        const QList<SummaryUnit> units{
            unit(QStringLiteral("Mira adopted a grey cat called Pixel from the city shelter."), 1),
            unit(QStringLiteral("Mira adopted a grey cat called Pixel from the city shelter!"), 2),
            unit(QStringLiteral("Cool."), 3),
            unit(QStringLiteral("The violin teacher retired and recommended a colleague in Leeds."), 4)};
        const QList<int> chosen = ExtractiveSummarizer::select(units, {40, 0.5});
        QCOMPARE(chosen, (QList<int>{0, 3}));
    }

    void digestFile_roundTripsItemsAndCitations()
    {
        DigestFile d;
        d.layer = QStringLiteral("daily");
        d.period = QStringLiteral("2026-01-05");
        d.method = QStringLiteral("extractive:tfidf-mmr");
        d.heading = QStringLiteral("Daily digest: 2026-01-05");
        d.created = QDateTime(QDate(2026, 1, 5), QTime(10, 0), Qt::UTC);
        d.derivedFrom = {SourceRange{QStringLiteral("consolidated/session/2026-01-05/a.md"), 15, 18}};
        d.items = {DigestItem{QStringLiteral("A \"quoted\" (text) with `ticks`"),
                              {SourceRange{QStringLiteral("consolidated/session/2026-01-05/a.md"), 15, 15}},
                              0,
                              {SourceRange{QStringLiteral("sessions/2026-01-05/a.md"), 12, 14}}}};
        const QString text = d.render();
        auto back = DigestFile::parse(text);
        QVERIFY(back.ok());
        QCOMPARE(back->layer, d.layer);
        QCOMPARE(back->period, d.period);
        QCOMPARE(back->derivedFrom, d.derivedFrom);
        QCOMPARE(back->items.size(), 1);
        QCOMPARE(back->items.first().line, d.items.first().line);
        QCOMPARE(back->items.first().sources, d.items.first().sources);
        QCOMPARE(back->items.first().raw, d.items.first().raw);
        QCOMPARE(text.split(QLatin1Char('\n')).value(d.items.first().line - 1).left(4), QStringLiteral("- A "));
    }

    void withFrontMatterKey_changesOnlyThatKey()
    {
        const QString note = QStringLiteral("---\ntitle: x\nstore: episodic\n---\nbody: not front matter\n");
        QCOMPARE(withFrontMatterKey(note, QStringLiteral("store"), QStringLiteral("semantic")),
                 QStringLiteral("---\ntitle: x\nstore: \"semantic\"\n---\nbody: not front matter\n"));
        QCOMPARE(withFrontMatterKey(QStringLiteral("plain\n"), QStringLiteral("a"), QStringLiteral("b")),
                 QStringLiteral("---\na: \"b\"\n---\nplain\n"));
    }
};

QTEST_GUILESS_MAIN(TestExtractiveSummarizer)
#include "tst_extractivesummarizer.moc"
