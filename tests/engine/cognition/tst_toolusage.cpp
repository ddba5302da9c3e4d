#include "TestVault.h"
#include "cognition/ToolUsage.h"
#include "vault/Engine.h"

#include <QDirIterator>
#include <QFile>
#include <QTest>

using namespace engram;
using test::TestVault;

namespace {

const QDateTime kStart(QDate(2026, 11, 1), QTime(10, 0), Qt::UTC);

ToolEvent makeEvent(const QString &name, bool ok, int seq, const QString &session = QStringLiteral("s1"),
                    qint64 ms = -1, const QString &callId = {})
{
    ToolEvent e;
    e.name = name;
    e.ok = ok;
    e.sequence = seq;
    e.sessionId = session;
    e.durationMs = ms;
    e.callId = callId;
    e.time = kStart.addSecs(seq);
    return e;
}

int copySamples(TestVault &vault)
{
    int copied = 0;
    QDirIterator it(test::sharedPath(QStringLiteral("samples")), {QStringLiteral("*.jsonl")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile in(it.next());
        if (!in.open(QIODevice::ReadOnly))
            continue;
        vault.write(QStringLiteral("sessions/2025-09-25/") + QFileInfo(in.fileName()).fileName(), in.readAll());
        ++copied;
    }
    return copied;
}

} // namespace

class TestToolUsage : public QObject {
    Q_OBJECT
private slots:
    void record_dedupesBySessionAndCallId()
    {
        TestVault vault;
        ToolUsage usage(vault.path());
        QCOMPARE(
            *usage.record({makeEvent(QStringLiteral("Bash"), true, 0, QStringLiteral("s1"), 5, QStringLiteral("c1")),
                           makeEvent(QStringLiteral("Read"), true, 1, QStringLiteral("s1"), 5, QStringLiteral("c2"))}),
            2);
        QCOMPARE(
            *usage.record({makeEvent(QStringLiteral("Bash"), true, 0, QStringLiteral("s1"), 5, QStringLiteral("c1"))}),
            0);
        // Same call id in another session is another call.
        QCOMPARE(
            *usage.record({makeEvent(QStringLiteral("Bash"), true, 0, QStringLiteral("s2"), 5, QStringLiteral("c1"))}),
            1);
        QCOMPARE(usage.load()->size(), 3);
    }

    void record_keepsNewest1000()
    {
        TestVault vault;
        ToolUsage usage(vault.path());
        QList<ToolEvent> batch;
        for (int i = 0; i < 1005; ++i)
            batch << makeEvent(QStringLiteral("t%1").arg(i), true, i, QStringLiteral("s"), -1,
                               QStringLiteral("c%1").arg(i));
        QCOMPARE(*usage.record(batch), 1005);
        auto events = usage.load();
        QCOMPARE(events->size(), 1000);
        QCOMPARE(events->first().name, QStringLiteral("t5"));
        QCOMPARE(events->last().name, QStringLiteral("t1004"));
    }

    void recordCall_continuesTheSessionSequence()
    {
        TestVault vault;
        ToolUsage usage(vault.path());
        QVERIFY(usage.recordCall(QStringLiteral("Bash"), true, 12, QStringLiteral("x"), {}, kStart).ok());
        QVERIFY(usage.recordCall(QStringLiteral("Edit"), false, 30, QStringLiteral("x"), {}, kStart.addSecs(1)).ok());
        QVERIFY(!usage.recordCall(QString(), true, 1, QStringLiteral("x"), {}, kStart).ok());
        auto events = usage.load();
        QCOMPARE(events->size(), 2);
        QCOMPARE(events->at(1).sequence, 1);
        QCOMPARE(events->at(1).ok, false);
        QCOMPARE(events->at(1).durationMs, 30);
    }

    void load_malformedLineIsAnErrorAndFileIsKept()
    {
        TestVault vault;
        const QByteArray content = "{\"tool\":\"Bash\",\"ok\":true}\nnot json\n";
        vault.write(QStringLiteral("state/tool-usage.jsonl"), content);
        ToolUsage usage(vault.path());
        auto events = usage.load();
        QVERIFY(!events.ok());
        QCOMPARE(events.error().line, 2);
        QVERIFY(!usage.recordCall(QStringLiteral("Bash"), true, 1, {}, {}, kStart).ok());
        QCOMPARE(vault.read(QStringLiteral("state/tool-usage.jsonl")), content);
    }

    void statistics_ratesPercentilesAndSequences()
    {
        QList<ToolEvent> events;
        // Read → Edit → Bash three times; Bash fails once.
        int seq = 0;
        for (int round = 0; round < 3; ++round) {
            events << makeEvent(QStringLiteral("Read"), true, seq++, QStringLiteral("s"), 10);
            events << makeEvent(QStringLiteral("Edit"), true, seq++, QStringLiteral("s"), 20);
            events << makeEvent(QStringLiteral("Bash"), round != 1, seq++, QStringLiteral("s"), 100 * (round + 1));
        }
        const ToolStatistics stats = ToolUsage::statistics(events);
        QCOMPARE(stats.events, 9);
        QCOMPARE(stats.sessions, 1);
        const auto bash = std::find_if(stats.tools.cbegin(), stats.tools.cend(),
                                       [](const ToolStat &s) { return s.name == QLatin1String("Bash"); });
        QVERIFY(bash != stats.tools.cend());
        QCOMPARE(bash->calls, 3);
        QCOMPARE(bash->failures, 1);
        QVERIFY(qAbs(bash->successRate - 2.0 / 3.0) < 1e-9);
        QCOMPARE(bash->p50Ms, 200);
        QCOMPARE(bash->p90Ms, 300);
        QCOMPARE(bash->maxMs, 300);
        QCOMPARE(stats.pairs.first().count, 3); // Read→Edit and Edit→Bash both 3
        QCOMPARE(stats.triples.first().tools,
                 (QStringList{QStringLiteral("Read"), QStringLiteral("Edit"), QStringLiteral("Bash")}));
        QCOMPARE(stats.triples.first().count, 3);
        QCOMPARE(stats.triples.at(1).count, 2); // Bash→Read→Edit and Edit→Bash→Read
    }

    void statistics_sequencesNeverCrossSessions()
    {
        const QList<ToolEvent> events{makeEvent(QStringLiteral("A"), true, 0, QStringLiteral("one")),
                                      makeEvent(QStringLiteral("B"), true, 0, QStringLiteral("two"))};
        QVERIFY(ToolUsage::statistics(events).pairs.isEmpty());
    }

    void statistics_flagsSuccessRateDrop()
    {
        QList<ToolEvent> events;
        for (int i = 0; i < 30; ++i) // 20 good calls, then 10 with 6 failures
            events << makeEvent(QStringLiteral("Deploy"), i < 20 || i % 5 == 0 || i % 5 == 1, i);
        for (int i = 0; i < 30; ++i)
            events << makeEvent(QStringLiteral("Steady"), i % 10 != 0, 100 + i);
        const ToolStatistics stats = ToolUsage::statistics(events);
        QCOMPARE(stats.drops.size(), 1);
        QCOMPARE(stats.drops.first().name, QStringLiteral("Deploy"));
        QCOMPARE(stats.drops.first().earlierRate, 1.0);
        QVERIFY(qAbs(stats.drops.first().recentRate - 0.4) < 1e-9);
    }

    void indexing_recordsRealTranscriptsOnce()
    {
        ENGRAM_REQUIRE_SHARED(QStringLiteral("samples/README.md"));
        TestVault vault;
        QCOMPARE(copySamples(vault), 6);
        auto engine = Engine::open(vault.path());
        QVERIFY(engine.ok());
        (*engine)->index();
        auto events = ToolUsage(vault.path()).load();
        QVERIFY(events.ok());
        QCOMPARE(events->size(), 232 + 57); // README: 232 tool_use blocks, 57 function calls
        int failures = 0;
        for (const ToolEvent &e : *events)
            failures += e.ok ? 0 : 1;
        QCOMPARE(failures, 28 + 12);
        const ToolStatistics stats = ToolUsage::statistics(*events);
        QCOMPARE(stats.sessions, 6);
        QVERIFY(!stats.pairs.isEmpty());

        // A rebuild parses every transcript again without counting anything twice.
        QVERIFY((*engine)->rebuild().ok());
        QCOMPARE(ToolUsage(vault.path()).load()->size(), 232 + 57);
    }
};

QTEST_GUILESS_MAIN(TestToolUsage)
#include "tst_toolusage.moc"
