// Pins the ranking of a small fixture vault (tests/data/golden-vault) in each mode against
// tests/data/golden/recall.txt (fast), recall-deep.txt and recall-creative.txt. The files are
// reviewed expectations (tests/data/golden/README.md says why each top result is right): after
// an intended ranking change, regenerate them with scripts/regen-golden.sh and review the diff.
#include "Golden.h"
#include "TestVault.h"
#include "vault/Engine.h"

#include <QFile>
#include <QTest>

using namespace engram;
using test::TestVault;

namespace {

QStringList goldenQueries()
{
    QFile f(test::dataPath(QStringLiteral("golden/queries.txt")));
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        qFatal("cannot read golden/queries.txt");
    QStringList out;
    for (const QString &line : QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'))) {
        const QString q = line.trimmed();
        if (!q.isEmpty() && !q.startsWith(QLatin1Char('#')))
            out << q;
    }
    return out;
}

/// The ranking in `mode` as text: per query, rank, source, score and the two candidate ranks.
QString renderRanking(Engine &engine, const QString &mode)
{
    QString out;
    for (const QString &text : goldenQueries()) {
        RecallQuery q;
        q.text = text;
        q.k = 5;
        q.mode = mode;
        q.reinforce = false; // each query sees the same vault, whatever ran before it
        q.now = QDateTime(QDate(2026, 3, 10), QTime(12, 0), Qt::UTC); // recency must not follow the clock
        auto results = engine.recall(q);
        out += QStringLiteral("## %1\n").arg(text);
        if (!results) {
            out += QStringLiteral("error: %1\n").arg(results.error().message);
            continue;
        }
        int rank = 0;
        for (const RecallResult &r : *results)
            out += QStringLiteral("%1. %2:%3-%4 score %5 (keyword %6, vector %7)\n")
                       .arg(++rank)
                       .arg(r.chunk.path)
                       .arg(r.chunk.startLine)
                       .arg(r.chunk.endLine)
                       .arg(r.score, 0, 'f', 3)
                       .arg(r.keywordRank)
                       .arg(r.vectorRank);
        out += QLatin1Char('\n');
    }
    return out;
}

QString goldenName(const QString &mode)
{
    return mode == QLatin1String("fast") ? QStringLiteral("golden/recall.txt")
                                         : QStringLiteral("golden/recall-%1.txt").arg(mode);
}

} // namespace

class TestGolden : public QObject {
    Q_OBJECT

private slots:
    void recall_matchesGoldenRanking_data()
    {
        QTest::addColumn<QString>("mode");
        for (const char *mode : {"fast", "deep", "creative"})
            QTest::newRow(mode) << QString::fromLatin1(mode);
    }

    void recall_matchesGoldenRanking()
    {
        QFETCH(QString, mode);
        TestVault vault;
        vault.copyFixture(QStringLiteral("golden-vault"));
        auto engine = Engine::open(vault.path());
        QVERIFY2(engine, engine ? "" : qPrintable(engine.error().toString()));
        const IndexReport report = (*engine)->index();
        QCOMPARE(report.failed, 0);
        QCOMPARE(report.indexed, 10);
        ENGRAM_COMPARE_GOLDEN(renderRanking(**engine, mode), goldenName(mode));
    }

    void rebuild_reproducesGoldenRanking_data() { recall_matchesGoldenRanking_data(); }

    void rebuild_reproducesGoldenRanking()
    {
        QFETCH(QString, mode);
        TestVault vault;
        vault.copyFixture(QStringLiteral("golden-vault"));
        auto engine = Engine::open(vault.path());
        QVERIFY(engine);
        (*engine)->index();
        const QString first = renderRanking(**engine, mode);
        auto rebuilt = (*engine)->rebuild();
        QVERIFY(rebuilt);
        QCOMPARE(renderRanking(**engine, mode), first);
    }
};

QTEST_GUILESS_MAIN(TestGolden)
#include "tst_golden.moc"
