#include "TestVault.h"
#include "cognition/CognitiveMerge.h"
#include "cognition/Reflection.h"
#include "cognition/StateFileMerge.h"
#include "cognition/ToolUsage.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace engram;
using test::TestVault;

namespace {

const QDateTime kNow(QDate(2026, 3, 2), QTime(9, 0), Qt::UTC);

Heuristic heuristic(const QString &text, int uses = 0)
{
    Heuristic h;
    h.text = text;
    h.source = QStringLiteral("person");
    h.useCount = uses;
    return h;
}

Learning learning(const QString &text, int day)
{
    Learning l;
    l.text = text;
    l.category = QStringLiteral("insight");
    l.timestamp = kNow.addDays(day);
    return l;
}

QStringList texts(const QList<Heuristic> &list)
{
    QStringList out;
    for (const Heuristic &h : list)
        out << h.text;
    return out;
}

QStringList texts(const QList<Learning> &list)
{
    QStringList out;
    for (const Learning &l : list)
        out << l.text;
    return out;
}

} // namespace

class TestCognitiveMerge : public QObject {
    Q_OBJECT

private slots:
    void toolUsage_mergesWhatTheWriterWritesByCallIdentity()
    {
        // Three clones' state/tool-usage.jsonl as ToolUsage writes them. Here a hook counted call
        // toolu_03 as it happened; there the same call was read from the captured transcript,
        // with its own duration and time: one call, counted once. Both read toolu_05 from the
        // same transcript, byte for byte alike; only the other side has toolu_04.
        const QString path = ToolUsage::relativePath();
        TestVault base;
        QVERIFY(
            ToolUsage(base.path())
                .recordCall(QStringLiteral("Bash"), true, 120, QStringLiteral("s1"), QStringLiteral("toolu_01"), kNow));
        QVERIFY(ToolUsage(base.path())
                    .recordCall(QStringLiteral("Read"), true, 5, QStringLiteral("s1"), QStringLiteral("toolu_02"),
                                kNow.addSecs(60)));
        TestVault mine;
        TestVault theirs;
        mine.write(path, base.read(path));
        theirs.write(path, base.read(path));
        QVERIFY(ToolUsage(mine.path())
                    .recordCall(QStringLiteral("Edit"), false, 30, QStringLiteral("s1"), QStringLiteral("toolu_03"),
                                kNow.addSecs(120)));
        auto event = [](const QString &name, qint64 ms, int sequence, const QString &call, const QDateTime &time) {
            ToolEvent e;
            e.name = name;
            e.ok = name != QLatin1String("Edit");
            e.durationMs = ms;
            e.sequence = sequence;
            e.sessionId = QStringLiteral("s1");
            e.callId = call;
            e.time = time;
            return e;
        };
        const ToolEvent fifth = event(QStringLiteral("Grep"), 7, 4, QStringLiteral("toolu_05"), kNow.addSecs(240));
        QCOMPARE(
            *ToolUsage(theirs.path())
                 .record({event(QStringLiteral("Edit"), 31, 2, QStringLiteral("toolu_03"), kNow.addSecs(121)),
                          event(QStringLiteral("Bash"), 900, 3, QStringLiteral("toolu_04"), kNow.addSecs(180)), fifth}),
            3);
        QCOMPARE(*ToolUsage(mine.path()).record({fifth}), 1);

        auto merged = StateFileMerge::merge(QStringLiteral("vault/") + path, base.filePath(path), mine.filePath(path),
                                            theirs.filePath(path));
        QVERIFY2(merged.ok(), merged.ok() ? "" : qPrintable(merged.error().toString()));
        QCOMPARE(merged->conflicts, 1); // toolu_03, edited on both sides: this side's line is kept
        QStringList calls;
        for (const QByteArray &line : mine.read(path).trimmed().split('\n')) {
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            calls << QStringLiteral("%1 %2 %3 %4")
                         .arg(o.value(QStringLiteral("callId")).toString(), o.value(QStringLiteral("tool")).toString())
                         .arg(o.value(QStringLiteral("ms")).toInt())
                         .arg(o.value(QStringLiteral("ok")).toBool() ? QStringLiteral("ok") : QStringLiteral("failed"));
        }
        QCOMPARE(calls, QStringList({QStringLiteral("toolu_01 Bash 120 ok"), QStringLiteral("toolu_02 Read 5 ok"),
                                     QStringLiteral("toolu_03 Edit 30 failed"), QStringLiteral("toolu_04 Bash 900 ok"),
                                     QStringLiteral("toolu_05 Grep 7 ok")}));
    }

    void reflections_mergeWhatTheWriterWritesAndKeepEveryDecision()
    {
        // Three clones' state/reflections.jsonl as Reflection writes them: twenty proposed. Here a
        // twenty-first pushes the oldest out (the file keeps the newest 20), and a person rewords a
        // proposal of r-05 by hand; there r-05 is accepted and r-07 dismissed. r-01 is gone (left
        // alone there), r-05 takes the decision over the rewording, nothing is a conflict.
        const QString path = Reflection::relativePath();
        auto record = [](int n) {
            ReflectionRecord r;
            r.id = QStringLiteral("r-%1").arg(n, 2, 10, QLatin1Char('0'));
            r.time = kNow.addSecs(60 * n);
            r.model = QStringLiteral("qwen2.5:7b");
            r.endpoint = QStringLiteral("ollama");
            r.proposals = {learning(QStringLiteral("Insight %1 of the week").arg(n), 0)};
            return r;
        };
        TestVault base;
        const Reflection baseReflection(base.path(), Endpoint{});
        for (int n = 1; n <= 20; ++n)
            QVERIFY(baseReflection.propose(record(n)));
        TestVault mine;
        TestVault theirs;
        mine.write(path, base.read(path));
        theirs.write(path, base.read(path));
        QVERIFY(Reflection(mine.path(), Endpoint{}).propose(record(21)));
        QByteArray mineBytes;
        for (const QByteArray &line : mine.read(path).trimmed().split('\n')) {
            ReflectionRecord r = ReflectionRecord::fromJson(QJsonDocument::fromJson(line).object());
            if (r.id == QLatin1String("r-05"))
                r.proposals[0].text = QStringLiteral("Insight 5 of the week, reworded");
            mineBytes += QJsonDocument(r.toJson()).toJson(QJsonDocument::Compact) + '\n';
        }
        mine.write(path, mineBytes);
        const Reflection theirReflection(theirs.path(), Endpoint{});
        QVERIFY(theirReflection.accept(QStringLiteral("r-05"), {}, kNow.addDays(1)));
        QVERIFY(theirReflection.dismiss(QStringLiteral("r-07"), kNow.addDays(1)));

        auto merged = StateFileMerge::merge(QStringLiteral("vault/") + path, base.filePath(path), mine.filePath(path),
                                            theirs.filePath(path));
        QVERIFY2(merged.ok(), merged.ok() ? "" : qPrintable(merged.error().toString()));
        QCOMPARE(merged->conflicts, 0);
        QStringList records;
        for (const QByteArray &line : mine.read(path).trimmed().split('\n')) {
            const ReflectionRecord r = ReflectionRecord::fromJson(QJsonDocument::fromJson(line).object());
            records << r.id + QLatin1Char(' ') + r.status;
        }
        QStringList expected;
        for (int n = 2; n <= 21; ++n)
            expected << QStringLiteral("r-%1 %2")
                            .arg(n, 2, 10, QLatin1Char('0'))
                            .arg(n == 5   ? QStringLiteral("applied")
                                 : n == 7 ? QStringLiteral("dismissed")
                                          : QStringLiteral("proposed"));
        QCOMPARE(records, expected);
    }

    void addedOnOneSideAndRemovedOnTheOther_bothSurvive()
    {
        CognitiveState base;
        base.heuristics = {heuristic(QStringLiteral("Read the failing test first")),
                           heuristic(QStringLiteral("Prefer small commits"))};
        base.avoidances = {QStringLiteral("force pushes"), QStringLiteral("global state")};
        CognitiveState mine = base;
        mine.heuristics << heuristic(QStringLiteral("Measure before optimising"));
        mine.avoidances.removeAll(QStringLiteral("global state"));
        CognitiveState theirs = base;
        theirs.heuristics.removeAt(1); // "Prefer small commits" removed there
        theirs.avoidances << QStringLiteral("sleeping in tests");

        const CognitiveMergeResult result = mergeCognitive(base, mine, theirs);
        QCOMPARE(texts(result.merged.heuristics), (QStringList{QStringLiteral("Read the failing test first"),
                                                               QStringLiteral("Measure before optimising")}));
        QCOMPARE(result.merged.avoidances,
                 (QStringList{QStringLiteral("force pushes"), QStringLiteral("sleeping in tests")}));
        QVERIFY(result.conflicts.isEmpty());
        QVERIFY(!result.merged.extra.contains(QString::fromLatin1(kMergeProposalsKey)));
        // the merge does not depend on which side is "mine"
        QStringList one = texts(mergeCognitive(base, theirs, mine).merged.heuristics);
        QStringList other = texts(result.merged.heuristics);
        one.sort();
        other.sort();
        QCOMPARE(one, other);
    }

    void sameItemEditedOnBothSides_isKeptAsAProposal()
    {
        CognitiveState base;
        base.learnings = {learning(QStringLiteral("SQLite WAL mode keeps readers off the writer"), 0),
                          learning(QStringLiteral("The oven runs hot"), 1)};
        CognitiveState mine = base;
        mine.learnings[0].text = QStringLiteral("SQLite WAL mode keeps readers off the writer, except on NFS");
        CognitiveState theirs = base;
        theirs.learnings[0].text = QStringLiteral("SQLite WAL mode keeps readers off the writer in the workbench");

        const CognitiveMergeResult result = mergeCognitive(base, mine, theirs);
        QCOMPARE(texts(result.merged.learnings),
                 (QStringList{mine.learnings[0].text, QStringLiteral("The oven runs hot")}));
        QCOMPARE(result.conflicts.size(), 1);
        QCOMPARE(result.conflicts[0].kind, QStringLiteral("learning"));
        QCOMPARE(result.conflicts[0].theirs, theirs.learnings[0].text);
        // written with the merged state, so saving it loses neither version
        const QJsonArray waiting = result.merged.extra.value(QString::fromLatin1(kMergeProposalsKey)).toArray();
        QCOMPARE(waiting.size(), 1);
        QCOMPARE(waiting[0].toObject().value(QStringLiteral("theirs")).toString(), theirs.learnings[0].text);

        // In the vault it becomes a proposal the person decides on, once.
        TestVault vault;
        CognitiveStore store(vault.path());
        QVERIFY(store.save(result.merged));
        auto adopted = adoptMergeProposals(vault.path(), kNow);
        QVERIFY(adopted);
        QCOMPARE(*adopted, 1);
        auto records = Reflection(vault.path(), Endpoint{}).load();
        QVERIFY(records);
        QCOMPARE(records->size(), 1);
        QCOMPARE(records->first().status, QStringLiteral("proposed"));
        QCOMPARE(records->first().proposals.size(), 1);
        QCOMPARE(records->first().proposals[0].text, theirs.learnings[0].text);
        auto state = CognitiveStore(vault.path()).load();
        QVERIFY(state);
        QVERIFY(!state->extra.contains(QString::fromLatin1(kMergeProposalsKey)));
        QCOMPARE(texts(state->learnings), texts(result.merged.learnings));
        QCOMPARE(*adoptMergeProposals(vault.path(), kNow), 0);
        QCOMPARE(Reflection(vault.path(), Endpoint{}).load()->size(), 1);
    }

    void editedOnOneSide_takesTheEditAndCountersAddUp()
    {
        CognitiveState base;
        base.heuristics = {heuristic(QStringLiteral("Read the failing test first"), 2)};
        base.focus.current = QStringLiteral("sync");
        base.engagement.totalInteractions = 10;
        base.engagement.meaningfulInteractions = 4;
        CognitiveState mine = base;
        mine.heuristics[0].useCount = 5; // used three times here
        mine.engagement.totalInteractions = 13;
        CognitiveState theirs = base;
        theirs.heuristics[0].text = QStringLiteral("Read the failing test first, then its fixture");
        theirs.heuristics[0].useCount = 3; // and once there
        theirs.focus.current = QStringLiteral("sync and merge");
        theirs.engagement.totalInteractions = 12;
        theirs.engagement.meaningfulInteractions = 6;

        const CognitiveMergeResult result = mergeCognitive(base, mine, theirs);
        QVERIFY(result.conflicts.isEmpty());
        QCOMPARE(result.merged.heuristics.size(), 1);
        QCOMPARE(result.merged.heuristics[0].text, theirs.heuristics[0].text);
        QCOMPARE(result.merged.heuristics[0].useCount, 6);
        QCOMPARE(result.merged.focus.current, QStringLiteral("sync and merge"));
        QCOMPARE(result.merged.engagement.totalInteractions, 15);
        QCOMPARE(result.merged.engagement.meaningfulInteractions, 6);
    }

    void removedOnOneSideEditedOnTheOther_keepsTheEdit()
    {
        CognitiveState base;
        base.avoidances = {QStringLiteral("sleeping in tests to wait for threads")};
        CognitiveState mine;
        CognitiveState theirs = base;
        theirs.avoidances[0] = QStringLiteral("sleeping in tests to wait for worker threads");
        const CognitiveMergeResult result = mergeCognitive(base, mine, theirs);
        QCOMPARE(result.merged.avoidances, theirs.avoidances);
        QVERIFY(result.conflicts.isEmpty());
        // And the other way round: edited here, removed there.
        const CognitiveMergeResult mirrored = mergeCognitive(base, theirs, mine);
        QCOMPARE(mirrored.merged.avoidances, theirs.avoidances);
        QVERIFY(mirrored.conflicts.isEmpty());
        // An edit of the capitals and spaces only is the same item to the merge, and still an edit.
        CognitiveState recapitalised = base;
        recapitalised.avoidances[0] = QStringLiteral("Sleeping in tests to wait for threads");
        const CognitiveMergeResult respelled = mergeCognitive(base, recapitalised, mine);
        QCOMPARE(respelled.merged.avoidances, QStringList{QStringLiteral("Sleeping in tests to wait for threads")});
        QVERIFY(respelled.conflicts.isEmpty());
    }

    void focusChangedDifferentlyOnBothSides_isAProposal()
    {
        CognitiveState base;
        base.focus.current = QStringLiteral("sync");
        CognitiveState mine = base;
        mine.focus.current = QStringLiteral("release 1.0");
        CognitiveState theirs = base;
        theirs.focus.current = QStringLiteral("the German translation");
        const CognitiveMergeResult result = mergeCognitive(base, mine, theirs);
        QCOMPARE(result.merged.focus.current, QStringLiteral("release 1.0"));
        QCOMPARE(result.conflicts.size(), 1);
        QCOMPARE(result.conflicts[0].kind, QStringLiteral("focus"));
        QCOMPARE(result.conflicts[0].theirs, QStringLiteral("the German translation"));
    }
};

QTEST_GUILESS_MAIN(TestCognitiveMerge)
#include "tst_cognitivemerge.moc"
