#include "TestVault.h"
#include "agent/DecisionHistory.h"
#include "vault/Engine.h"

#include <QJsonArray>
#include <QTest>

using namespace engram;
using test::TestVault;

namespace {

QString decision(const QString &title, const QString &created, const QString &extra = {})
{
    return QStringLiteral("---\ntitle: %1\ncategory: decision\ncreated: %2\n%3---\nWe decided on %1 for the build.\n")
        .arg(title, created, extra);
}

const DecisionRecord *find(const DecisionHistory &h, const QString &path)
{
    for (const DecisionRecord &d : h.decisions)
        if (d.memory.chunk.path == path)
            return &d;
    return nullptr;
}

} // namespace

class TestDecisionHistory : public QObject {
    Q_OBJECT
private slots:
    void trace_followsTheSupersessionChainBothWays()
    {
        TestVault vault;
        vault.write(QStringLiteral("d/make.md"), decision(QStringLiteral("Make"), QStringLiteral("2024-01-01")));
        vault.write(QStringLiteral("d/cmake.md"), decision(QStringLiteral("CMake"), QStringLiteral("2025-01-01"),
                                                           QStringLiteral("supersedes: \"[[make]]\"\n")));
        vault.write(QStringLiteral("d/ninja.md"),
                    decision(QStringLiteral("Ninja"), QStringLiteral("2026-01-01"),
                             QStringLiteral("supersedes: d/cmake.md\nderived_from: notes/bench.md\n")));
        vault.write(QStringLiteral("notes/bench.md"), QStringLiteral("# Bench\n\nNinja is fast.\n"));
        auto engine = test::openIndexed(vault);
        auto history = DecisionHistory::trace(*engine, QStringLiteral("what did we decide for the build"), 5);
        QVERIFY(history.ok());
        QCOMPARE(history->decisions.size(), 3); // one per file, never the plain note
        const QStringList chain{QStringLiteral("d/make.md"), QStringLiteral("d/cmake.md"),
                                QStringLiteral("d/ninja.md")};
        for (const QString &path : chain) {
            const DecisionRecord *d = find(*history, path);
            QVERIFY2(d, qPrintable(path));
            QCOMPARE(d->chain, chain);
            QCOMPARE(d->current(), path == QLatin1String("d/ninja.md"));
        }
        const DecisionRecord *middle = find(*history, QStringLiteral("d/cmake.md"));
        QCOMPARE(middle->supersedes, QStringList{QStringLiteral("d/make.md")});
        QCOMPARE(middle->supersededBy, QStringList{QStringLiteral("d/ninja.md")});
        const QJsonObject json = find(*history, QStringLiteral("d/ninja.md"))->toJson();
        QCOMPARE(json[QStringLiteral("status")].toString(), QStringLiteral("current"));
        QCOMPARE(json[QStringLiteral("derived_from")].toArray(), QJsonArray{QStringLiteral("notes/bench.md")});
        QVERIFY(json.contains(QStringLiteral("score")));
        QVERIFY(history->text().contains(QStringLiteral("d/make.md → d/cmake.md → d/ninja.md")));
    }

    void trace_readsTheIndexNotTheFiles()
    {
        TestVault vault;
        vault.write(QStringLiteral("d/make.md"), decision(QStringLiteral("Make"), QStringLiteral("2024-01-01")));
        auto engine = test::openIndexed(vault);
        vault.write(QStringLiteral("d/ninja.md"), decision(QStringLiteral("Ninja"), QStringLiteral("2026-01-01"),
                                                           QStringLiteral("supersedes: d/make.md\n")));
        auto before = DecisionHistory::trace(*engine, QStringLiteral("build"), 5);
        QVERIFY(before.ok());
        QCOMPARE(before->decisions.size(), 1);
        QVERIFY(before->decisions[0].current()); // the successor is on disk but not indexed yet
        engine->index();
        auto after = DecisionHistory::trace(*engine, QStringLiteral("build"), 5);
        QVERIFY(after.ok());
        const DecisionRecord *old = find(*after, QStringLiteral("d/make.md"));
        QVERIFY(old && !old->current());
    }

    void trace_withoutDecisionsSaysHowToRecordOne()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# Build\n\nThe build uses Ninja.\n"));
        auto engine = test::openIndexed(vault);
        auto history = DecisionHistory::trace(*engine, QStringLiteral("build"), 5);
        QVERIFY(history.ok());
        QVERIFY(history->decisions.isEmpty());
        QVERIFY(history->text().contains(QStringLiteral("category \"decision\"")));
        QCOMPARE(history->toJson()[QStringLiteral("decisions")].toArray().size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestDecisionHistory)
#include "tst_decisionhistory.moc"
