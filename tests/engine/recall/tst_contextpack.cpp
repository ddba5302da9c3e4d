#include "recall/ContextPack.h"

#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTest>

using namespace engram;

namespace {

RecallResult makeResult(const QString &path, int start, const QString &text, const QString &region, double score)
{
    RecallResult r;
    r.chunk.path = path;
    r.chunk.startLine = start;
    r.chunk.endLine = start + int(text.count(QLatin1Char('\n')));
    r.chunk.text = text;
    r.chunk.tags.region = Tag{region, false};
    r.score = score;
    return r;
}

QString citation(const RecallResult &r)
{
    return QStringLiteral("`%1:%2-%3`").arg(r.chunk.path).arg(r.chunk.startLine).arg(r.chunk.endLine);
}

/// Random words, so item sizes vary widely.
QString randomText(QRandomGenerator &random, int minChars, int maxChars)
{
    static const QStringList words{QStringLiteral("orchid"),   QStringLiteral("deploy"),   QStringLiteral("SQLite"),
                                   QStringLiteral("Caroline"), QStringLiteral("weekend"),  QStringLiteral("über"),
                                   QStringLiteral("a"),        QStringLiteral("decision"), QStringLiteral("painting")};
    const int target = minChars + int(random.bounded(maxChars - minChars + 1));
    QString text;
    while (text.size() < target)
        text += words[int(random.bounded(int(words.size())))] + QLatin1Char(' ');
    return text.trimmed();
}

QList<RecallResult> randomRanking(QRandomGenerator &random, int count)
{
    static const QStringList regions{QStringLiteral("episodic"), QStringLiteral("identity"),
                                     QStringLiteral("language-comprehension"), QString()};
    QList<RecallResult> ranked;
    for (int i = 0; i < count; ++i) {
        ranked << makeResult(QStringLiteral("notes/file-%1.md").arg(i), 1 + int(random.bounded(300)),
                             randomText(random, 5, 1500), regions[int(random.bounded(int(regions.size())))],
                             1.0 - i * 0.01);
        // Most items have a title and a heading trail the text does not say: the label costs budget too.
        if (i % 4 != 3) {
            ranked.last().chunk.title = QStringLiteral("Title of file %1").arg(i);
            ranked.last().chunk.heading = QStringLiteral("Title of file %1 > Section %2 of it").arg(i).arg(i % 7);
        }
    }
    return ranked;
}

/// The region heading each citation sits under, in the order they appear.
QList<QPair<QString, QString>> citationsByHeading(const QString &markdown)
{
    QList<QPair<QString, QString>> out;
    QString heading;
    static const QRegularExpression cite(QStringLiteral("(`[^`]+:\\d+-\\d+`)\\)$"));
    for (const QString &line : markdown.split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("## ")))
            heading = line.mid(3);
        const auto m = cite.match(line);
        if (line.startsWith(QLatin1String("- ")) && m.hasMatch())
            out << qMakePair(heading, m.captured(1));
    }
    return out;
}

} // namespace

class TestContextPack : public QObject {
    Q_OBJECT
private slots:
    void build_neverExceedsItsBudget()
    {
        QRandomGenerator random(20260101);
        QList<int> budgets{1, 2, 3, 5, 8, 10, 12, 20, 30, 50, 75, 100, 150, 300, 500, 1000, 4000};
        for (int i = 0; i < 60; ++i)
            budgets << 1 + int(random.bounded(2500));
        for (int budget : std::as_const(budgets)) {
            for (int round = 0; round < 4; ++round) {
                const QList<RecallResult> ranked = randomRanking(random, int(random.bounded(40)));
                const QString preamble = round % 2 ? randomText(random, 10, 4000) : QString();
                const QString query = randomText(random, 1, 300);
                const ContextPack pack = ContextPack::build(query, preamble, ranked, budget);
                const QString context = QStringLiteral("budget %1, %2 results, preamble %3 chars")
                                            .arg(budget)
                                            .arg(ranked.size())
                                            .arg(preamble.size());
                QVERIFY2(pack.markdown.size() <= qsizetype(budget) * 4, qPrintable(context));
                QVERIFY2(pack.tokens <= budget, qPrintable(context));
                QCOMPARE(pack.budget, budget);
                QVERIFY2(pack.preambleTokens <= budget / 2, qPrintable(context));
                QCOMPARE(pack.skipped, int(ranked.size() - pack.included.size()));
            }
        }
    }

    void build_putsThePreambleFirstAndCapsItAtHalf()
    {
        const QString preamble = QStringLiteral("Mood: calm. ") + QString(4000, QLatin1Char('x'));
        const QList<RecallResult> ranked{
            makeResult(QStringLiteral("a.md"), 3, QStringLiteral("short fact"), QStringLiteral("episodic"), 0.9)};
        const ContextPack pack = ContextPack::build(QStringLiteral("q"), preamble, ranked, 200);
        const qsizetype at = pack.markdown.indexOf(QStringLiteral("Mood: calm."));
        QVERIFY(at >= 0);
        QVERIFY(at < pack.markdown.indexOf(QStringLiteral("## ")));
        QVERIFY(pack.preambleTokens <= 100);
        QVERIFY(pack.markdown.contains(QStringLiteral("…")));
        QCOMPARE(pack.included.size(), 1); // the cap leaves room for results
        QVERIFY(pack.markdown.size() <= 800);
    }

    void build_smallPreambleIsKeptWhole()
    {
        const ContextPack pack =
            ContextPack::build(QStringLiteral("q"), QStringLiteral("Focus: the release."), {}, 500);
        QVERIFY(pack.markdown.contains(QStringLiteral("Focus: the release.\n")));
        QVERIFY(!pack.markdown.contains(QStringLiteral("…")));
        QCOMPARE(pack.preambleTokens, 4);
    }

    void build_groupsItemsByRegionInFirstSeenOrder()
    {
        const QList<RecallResult> ranked{
            makeResult(QStringLiteral("s/1.md"), 1, QStringLiteral("first"), QStringLiteral("episodic"), 0.9),
            makeResult(QStringLiteral("n/2.md"), 5, QStringLiteral("second"), QStringLiteral("identity"), 0.8),
            makeResult(QStringLiteral("s/3.md"), 9, QStringLiteral("third"), QStringLiteral("episodic"), 0.7),
            makeResult(QStringLiteral("x/4.md"), 2, QStringLiteral("fourth"), QString(), 0.6)};
        const ContextPack pack = ContextPack::build(QStringLiteral("q"), {}, ranked, 500);
        QCOMPARE(pack.included.size(), 4);
        QCOMPARE(pack.markdown.count(QStringLiteral("## episodic")), 1);
        const auto cited = citationsByHeading(pack.markdown);
        const QList<QPair<QString, QString>> expected{{QStringLiteral("episodic"), QStringLiteral("`s/1.md:1-1`")},
                                                      {QStringLiteral("episodic"), QStringLiteral("`s/3.md:9-9`")},
                                                      {QStringLiteral("identity"), QStringLiteral("`n/2.md:5-5`")},
                                                      {QStringLiteral("memory"), QStringLiteral("`x/4.md:2-2`")}};
        QCOMPARE(cited, expected);
    }

    void build_everyIncludedItemCitesItsSourceUnderItsRegion()
    {
        QRandomGenerator random(7);
        for (int round = 0; round < 30; ++round) {
            const QList<RecallResult> ranked = randomRanking(random, 25);
            const ContextPack pack = ContextPack::build(QStringLiteral("q"), {}, ranked, 200 + round * 60);
            const auto cited = citationsByHeading(pack.markdown);
            QCOMPARE(cited.size(), pack.included.size());
            for (const RecallResult &r : pack.included) {
                const QString region =
                    r.chunk.tags.region.value.isEmpty() ? QStringLiteral("memory") : r.chunk.tags.region.value;
                QVERIFY2(cited.contains(qMakePair(region, citation(r))), qPrintable(citation(r)));
            }
        }
    }

    void build_includesInRankOrderAndSkipsWhatDoesNotFit()
    {
        const QList<RecallResult> ranked{
            makeResult(QStringLiteral("a.md"), 1, QStringLiteral("small one"), QStringLiteral("episodic"), 0.9),
            makeResult(QStringLiteral("b.md"), 1, QString(3000, QLatin1Char('y')), QStringLiteral("episodic"), 0.8),
            makeResult(QStringLiteral("c.md"), 1, QStringLiteral("small two"), QStringLiteral("episodic"), 0.7),
            makeResult(QStringLiteral("d.md"), 1, QStringLiteral("small three"), QStringLiteral("episodic"), 0.6)};
        const ContextPack pack = ContextPack::build(QStringLiteral("q"), {}, ranked, 120);
        QStringList paths;
        for (const RecallResult &r : pack.included)
            paths << r.chunk.path;
        QCOMPARE(paths, (QStringList{QStringLiteral("a.md"), QStringLiteral("c.md"), QStringLiteral("d.md")}));
        QCOMPARE(pack.skipped, 1);

        QRandomGenerator random(99);
        const QList<RecallResult> many = randomRanking(random, 40);
        const ContextPack big = ContextPack::build(QStringLiteral("q"), {}, many, 700);
        qsizetype previous = -1;
        for (const RecallResult &r : big.included) {
            qsizetype at = -1;
            for (qsizetype i = 0; i < many.size(); ++i)
                if (many[i].chunk.path == r.chunk.path)
                    at = i;
            QVERIFY(at > previous);
            previous = at;
        }
    }

    /// A pack line says what its text is about when the text does not: the title and heading trail, each
    /// level once, none the text already says (case folded), and the date only when the trail lacks it.
    void renderItem_saysWhatTheTextIsAbout_data()
    {
        QTest::addColumn<QString>("title");
        QTest::addColumn<QString>("heading");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        // docs/sample-vault/notes/projects/decisions.md as the parser gives it: title from the front matter,
        // the trail from "# Decisions" and "## 2026-11-18: SQLite FTS5 plus hnswlib".
        QTest::newRow("a dated decision under its title")
            << "Decisions"
            << "Decisions > 2026-11-18: SQLite FTS5 plus hnswlib"
            << "Keyword and vector candidates are fused; BM25 alone missed paraphrases, vectors alone missed names."
            << "- Decisions > 2026-11-18: SQLite FTS5 plus hnswlib — Keyword and vector candidates are fused; BM25 "
               "alone missed paraphrases, vectors alone missed names. (`n.md:9-9`)\n";
        QTest::newRow("the text says the title")
            << "Release train day"
            << ""
            << "We decided the release train\nday is Thursday." // wrapped: spacing folded before comparing
            << "- [2026-03-01] We decided the release train day is Thursday. (`n.md:9-10`)\n";
        QTest::newRow("the text says the section, not the title")
            << "Garden"
            << "Garden > Roses"
            << "The roses had aphids; soapy water cleared them."
            << "- [2026-03-01] Garden — The roses had aphids; soapy water cleared them. (`n.md:9-9`)\n";
        QTest::newRow("a heading that repeats the title in other case")
            << "Storage decision"
            << "STORAGE DECISION > Decision"
            << "We keep the index in SQLite."
            << "- [2026-03-01] Storage decision > Decision — We keep the index in SQLite. (`n.md:9-9`)\n";
        QTest::newRow("neither title nor heading") << ""
                                                   << ""
                                                   << "A loose note."
                                                   << "- [2026-03-01] A loose note. (`n.md:9-9`)\n";
    }

    void renderItem_saysWhatTheTextIsAbout()
    {
        QFETCH(QString, title);
        QFETCH(QString, heading);
        QFETCH(QString, text);
        QFETCH(QString, expected);
        RecallResult r = makeResult(QStringLiteral("n.md"), 9, text, QStringLiteral("episodic"), 0.5);
        r.chunk.title = title;
        r.chunk.heading = heading;
        // The date the indexer gives a dated section is its heading's; the others were written on March 1st.
        r.chunk.time =
            QDateTime(heading.contains(QLatin1String("2026-11-18")) ? QDate(2026, 11, 18) : QDate(2026, 3, 1),
                      QTime(9, 0), Qt::UTC);
        QCOMPARE(ContextPack::renderItem(r), expected);
        // And in a pack the label is what the budget pays for: the pack holds the line whole.
        const ContextPack pack = ContextPack::build({}, {}, {r}, 200);
        QVERIFY2(pack.markdown.contains(expected), qPrintable(pack.markdown));
    }

    /// Nothing relevant: the pack is its header, one line that says memory holds nothing about the query
    /// (where an agent looks for memories), and the state preamble, nothing else.
    void build_withNothingRelevantSaysSoInOneLine()
    {
        const ContextPack pack =
            ContextPack::build(QStringLiteral("basil  storage"), QStringLiteral("Mood: calm."), {}, 200);
        QCOMPARE(pack.markdown, QStringLiteral("# Engram context\nRecalled for: basil storage\n"
                                               "Nothing in memory about \"basil storage\".\n\nMood: calm.\n"));
        QCOMPARE(pack.skipped, 0);
        // No query, no line; a budget too small for it leaves it out rather than break the budget.
        QCOMPARE(ContextPack::build(QString(), QStringLiteral("Mood: calm."), {}, 200).markdown,
                 QStringLiteral("# Engram context\n\nMood: calm.\n"));
        const ContextPack tiny = ContextPack::build(QStringLiteral("basil storage"), QString(), {}, 10);
        QVERIFY(!tiny.markdown.contains(QLatin1String("Nothing in memory")));
        QVERIFY(tiny.markdown.size() <= 40);
    }
};

QTEST_GUILESS_MAIN(TestContextPack)
#include "tst_contextpack.moc"
