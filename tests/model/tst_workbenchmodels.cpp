// Every workbench model passes QAbstractItemModelTester while it is filled,
// filtered, sorted and edited.
#include "CognitiveStateDocument.h"
#include "HealthModel.h"
#include "MemoryFilterProxy.h"
#include "MemoryLabel.h"
#include "MemoryTableModel.h"
#include "RecallResultsModel.h"
#include "ReviewModel.h"
#include "Roles.h"
#include "StateListModel.h"
#include "TestVault.h"
#include "ToolStatsModel.h"
#include "WordDiff.h"

#include <QAbstractItemModelTester>
#include <QGuiApplication>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTest>

using namespace engram;

namespace {

ReviewFinding finding(const QString &id, FindingKind kind, int day)
{
    ReviewFinding f;
    f.id = id;
    f.kind = kind;
    f.reason = QStringLiteral("one holds the other");
    f.older.chunk.path = QStringLiteral("notes/%1-a.md").arg(id);
    f.newer.chunk.path = QStringLiteral("notes/%1-b.md").arg(id);
    f.older.date = QDateTime(QDate(2026, 1, day), QTime(9, 0), Qt::UTC);
    f.newer.date = QDateTime(QDate(2026, 2, day), QTime(9, 0), Qt::UTC);
    f.older.text = QStringLiteral("older %1").arg(id);
    f.newer.text = QStringLiteral("newer %1").arg(id);
    return f;
}

QStringList idsOf(const QAbstractItemModel &model)
{
    QStringList ids;
    for (int row = 0; row < model.rowCount(); ++row)
        ids << model.index(row, 0).data(FindingIdRole).toString();
    return ids;
}

QStringList wordsAt(const QString &text, const QList<WordSpan> &spans)
{
    QStringList out;
    for (const WordSpan &s : spans)
        out << text.mid(s.start, s.length);
    return out;
}

QList<MemoryRow> sampleRows()
{
    QList<MemoryRow> rows;
    const QStringList regions{QStringLiteral("episodic"), QStringLiteral("identity"), QStringLiteral("spatial")};
    for (int i = 0; i < 30; ++i) {
        MemoryRow r;
        r.id = i + 1;
        r.path = QStringLiteral("notes/n%1.md").arg(i);
        r.title = QStringLiteral("Note %1 %2").arg(i).arg(i % 2 ? QStringLiteral("apple") : QStringLiteral("pear"));
        r.region = regions.at(i % 3);
        r.store = QStringLiteral("semantic");
        r.layer = QStringLiteral("raw");
        r.startLine = 1;
        r.endLine = 3;
        rows << r;
    }
    return rows;
}

/// A session's chunks: turns of `turns` lines each, "user: …" and "assistant: …" in turn.
QList<MemoryRow> sessionRows(const QString &path, int turns, qint64 firstId)
{
    QList<MemoryRow> rows;
    for (int t = 0; t < turns; ++t) {
        MemoryRow r;
        r.id = firstId + t;
        r.path = path;
        r.title = QStringLiteral("Fix the upload test — engram, 2026-01-05");
        r.session = true;
        r.excerpt =
            (t % 2 ? QStringLiteral("assistant: answer %1\nuser: more") : QStringLiteral("user: question %1")).arg(t);
        r.region = QStringLiteral("episodic");
        r.store = QStringLiteral("episodic");
        r.layer = QStringLiteral("raw");
        r.startLine = 2 * t + 1;
        r.endLine = 2 * t + 2;
        rows << r;
    }
    return rows;
}

} // namespace

class TestWorkbenchModels : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void memoryLabel_saysTheTitleOnce_data()
    {
        QTest::addColumn<QString>("title");
        QTest::addColumn<QString>("heading");
        QTest::addColumn<QString>("label");
        QTest::newRow("no heading") << "Deploy"
                                    << ""
                                    << "Deploy";
        QTest::newRow("the title as heading") << "Deploy"
                                              << "Deploy"
                                              << "Deploy";
        QTest::newRow("under the title") << "Welcome to Engram"
                                         << "Welcome to Engram > Where things go"
                                         << "Welcome to Engram › Where things go";
        QTest::newRow("another top heading") << "Deploy"
                                             << "Rollback"
                                             << "Deploy › Rollback";
        QTest::newRow("a top heading that says more") << "John & Maria — session 1"
                                                      << "John & Maria — session 1 (8 May 2023, 1:56 pm)"
                                                      << "John & Maria — session 1 (8 May 2023, 1:56 pm)";
        QTest::newRow("and a section under it") << "Sprint"
                                                << "Sprint 12 (March) > Decisions"
                                                << "Sprint 12 (March) › Decisions";
        QTest::newRow("no title") << ""
                                  << "Notes > Today"
                                  << "Notes > Today";
    }

    void memoryLabel_saysTheTitleOnce()
    {
        QFETCH(QString, title);
        QFETCH(QString, heading);
        QTEST(memoryLabel(title, heading), "label");
    }

    void memoryTable_passesModelTesterWhileFilteredAndSorted()
    {
        MemoryTableModel model;
        MemoryFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester sourceTester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRows(sampleRows());
        QCOMPARE(proxy.rowCount(), 30);
        proxy.setSearchText(QStringLiteral("apple"));
        QCOMPARE(proxy.rowCount(), 15);
        proxy.setRegion(QStringLiteral("identity"));
        for (int r = 0; r < proxy.rowCount(); ++r) {
            QCOMPARE(proxy.index(r, 0).data(RegionRole).toString(), QStringLiteral("identity"));
            QVERIFY(proxy.index(r, 0).data().toString().contains(QLatin1String("apple")));
        }
        proxy.setRegion({});
        proxy.setSearchText({});
        proxy.sort(MemoryTableModel::TitleColumn, Qt::DescendingOrder);
        QVERIFY(proxy.index(0, 0).data().toString() >= proxy.index(1, 0).data().toString());
        model.setStrengths({{1, MemoryStrength{0.42, QDateTime::currentDateTime(), false}}});
        QCOMPARE(model.index(0, MemoryTableModel::StrengthColumn).data().toString(), QStringLiteral("0.42"));
        QVERIFY(!model.index(1, MemoryTableModel::StrengthColumn).data().isValid());
        model.setRows({});
        QCOMPARE(proxy.rowCount(), 0);
    }

    void memoryTable_followsADeltaRowByRowAndKeepsTheSortAndTheStats()
    {
        MemoryTableModel model;
        MemoryFilterProxy proxy;
        proxy.setSourceModel(&model);
        proxy.setDynamicSortFilter(true);
        QAbstractItemModelTester sourceTester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QList<MemoryRow> catalog = sampleRows();
        catalog.insert(6, catalog.at(5)); // notes/n5.md has two chunks
        catalog[6].id = 100;
        catalog[6].startLine = 4;
        model.setRows(catalog);
        proxy.sort(MemoryTableModel::TitleColumn, Qt::DescendingOrder);
        QSignalSpy reset(&model, &QAbstractItemModel::modelAboutToBeReset);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);

        // n3 re-indexed (new chunk id, new title), n5 lost a chunk, n7 removed, n40 added.
        MemoryRow n3 = catalog.at(3);
        n3.id = 200;
        n3.title = QStringLiteral("Note 3 plum");
        MemoryRow n5 = catalog.at(5);
        n5.id = 201;
        MemoryRow n40 = catalog.at(0);
        n40.id = 202;
        n40.path = QStringLiteral("notes/n40.md");
        n40.title = QStringLiteral("Zebra note 40");
        const CatalogDelta delta{{QStringLiteral("notes/n3.md"), QStringLiteral("notes/n5.md"),
                                  QStringLiteral("notes/n7.md"), QStringLiteral("notes/n40.md")},
                                 {n3, n5, n40},
                                 7,
                                 QStringLiteral("2026-01-01T00:00:00Z")};
        model.applyDelta(delta);
        QCOMPARE(reset.count(), 0);
        QCOMPARE(changed.count(), 2); // n3 and n5's first chunk, not adjacent
        QCOMPARE(removed.count(), 2); // n5's second chunk, n7
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(model.rowCount(), 30);
        QCOMPARE(proxy.index(0, 0).data(PathRole).toString(), QStringLiteral("notes/n40.md")); // sorted in
        for (int r = 1; r < proxy.rowCount(); ++r)
            QVERIFY(proxy.index(r - 1, 0).data(SortRole).toString().compare(proxy.index(r, 0).data(SortRole).toString(),
                                                                            Qt::CaseInsensitive)
                    >= 0);

        // The session's copy follows the same edit, and its counts with it.
        VaultStats stats;
        stats.files = 30;
        stats.chunks = catalog.size();
        for (const MemoryRow &row : std::as_const(catalog))
            ++stats.byRegion[row.region];
        QList<MemoryRow> copy = catalog;
        CatalogEdit::plan(copy, delta).apply(copy, delta, &stats);
        QCOMPARE(copy.size(), qsizetype(model.rowCount()));
        for (int r = 0; r < model.rowCount(); ++r)
            QCOMPARE(copy.at(r).id, model.row(r).id);
        QCOMPARE(stats.files, 30); // n7 gone, n40 new, n5 still there
        QCOMPARE(stats.chunks, 30);
        qint64 regions = 0;
        for (qint64 n : std::as_const(stats.byRegion))
            regions += n;
        QCOMPARE(regions, 30);
        QCOMPARE(stats.vectors, 7);
    }

    void fileRowIndex_findsWhatALookAtEveryRowFinds()
    {
        // Files grow (their new rows go to the end, away from the others), shrink, go and come, in
        // random order; the index must plan each edit as a look at every row does and stay in step.
        QRandomGenerator random(17);
        qint64 nextId = 1;
        auto fileRows = [&nextId](const QString &path, int count) {
            QList<MemoryRow> rows;
            for (int c = 0; c < count; ++c) {
                MemoryRow r;
                r.id = nextId++;
                r.path = path;
                r.region = QStringLiteral("r%1").arg(c % 3);
                rows << r;
            }
            return rows;
        };
        QList<MemoryRow> rows;
        for (int f = 0; f < 40; ++f)
            rows += fileRows(QStringLiteral("notes/f%1.md").arg(f), 1 + f % 5);
        FileRowIndex index(rows);
        for (int step = 0; step < 300; ++step) {
            CatalogDelta delta;
            const int files = 1 + int(random.bounded(3));
            for (int i = 0; i < files; ++i) {
                const QString path = QStringLiteral("notes/f%1.md").arg(random.bounded(50)); // some not there yet
                if (delta.paths.contains(path))
                    continue;
                delta.paths << path;
                delta.rows += fileRows(path, int(random.bounded(7))); // none: the file is gone
            }
            const CatalogEdit expected = CatalogEdit::plan(rows, delta);
            const CatalogEdit edit = index.plan(delta);
            QCOMPARE(edit.removed, expected.removed);
            QCOMPARE(edit.appended, expected.appended);
            QCOMPARE(edit.filesAdded, expected.filesAdded);
            QCOMPARE(edit.changed.size(), expected.changed.size());
            for (qsizetype i = 0; i < edit.changed.size(); ++i) {
                QCOMPARE(edit.changed.at(i).row, expected.changed.at(i).row);
                QCOMPARE(edit.changed.at(i).source, expected.changed.at(i).source);
            }
            const qsizetype before = rows.size();
            // The oracle, built from scratch as the rule reads (CatalogDelta.h): a file of the delta
            // keeps its place, its k-th old row becomes its k-th new one, its extra old rows go, and
            // its extra new rows come after all the rows, in the delta's order; no plan involved.
            QList<qint64> rebuilt;
            QHash<QString, QList<qint64>> fresh;
            QHash<QString, int> oldCount;
            for (const MemoryRow &r : std::as_const(delta.rows))
                fresh[r.path] << r.id;
            for (const MemoryRow &r : std::as_const(rows)) {
                if (!delta.paths.contains(r.path)) {
                    rebuilt << r.id;
                } else if (const int k = oldCount[r.path]++; k < fresh.value(r.path).size()) {
                    rebuilt << fresh.value(r.path).at(k);
                }
            }
            QHash<QString, int> seenNew;
            for (const MemoryRow &r : std::as_const(delta.rows))
                if (seenNew[r.path]++ >= oldCount.value(r.path))
                    rebuilt << r.id;
            edit.apply(rows, delta);
            QList<qint64> applied;
            for (const MemoryRow &r : std::as_const(rows))
                applied << r.id;
            QCOMPARE(applied, rebuilt);
            index.follow(edit, delta, before);
            QHash<QString, QList<int>> scanned;
            for (int r = 0; r < rows.size(); ++r)
                scanned[rows.at(r).path] << r;
            QCOMPARE(index.fileCount(), scanned.size());
            for (int f = 0; f < 50; ++f) {
                const QString path = QStringLiteral("notes/f%1.md").arg(f);
                QCOMPARE(index.rowsOf(path), scanned.value(path));
            }
        }
    }

    void memoryTable_sessionIsOneRowOfTurnsThatFollowsADelta()
    {
        MemoryTableModel model;
        MemoryFilterProxy proxy;
        proxy.setSourceModel(&model);
        proxy.setDynamicSortFilter(true);
        QAbstractItemModelTester sourceTester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QString a = QStringLiteral("sessions/2026-01-05/a.jsonl");
        const QString b = QStringLiteral("sessions/2026-01-06/b.jsonl");
        QList<MemoryRow> catalog =
            sampleRows().mid(0, 3) + sessionRows(a, 4, 100) + sampleRows().mid(3, 2) + sessionRows(b, 3, 200);
        model.setRows(catalog);
        QCOMPARE(model.rowCount(), 7); // five note chunks, two sessions
        QCOMPARE(model.memoryCount(), 12);
        const QModelIndex session = model.index(3, 0);
        QCOMPARE(session.data(PathRole).toString(), a);
        QCOMPARE(session.data().toString(), QStringLiteral("Fix the upload test — engram, 2026-01-05"));
        // "4 passages · path" once the English plural forms are installed: the rows under a session
        // are its indexed passages (a long turn is several, a prompt and its answer can be one), so
        // the count is not the conversation's number of turns.
        QVERIFY(
            model.index(3, MemoryTableModel::SourceColumn).data().toString().startsWith(QLatin1String("4 passage")));
        QVERIFY(model.index(3, MemoryTableModel::SourceColumn).data().toString().endsWith(a));
        QCOMPARE(model.rowCount(session), 4);
        QCOMPARE(model.index(1, 0, session).data().toString(), QStringLiteral("Assistant: answer 1"));
        QCOMPARE(model.index(1, 0, session).parent(), session);
        QCOMPARE(model.indexOfChunk(202), model.index(2, 0, model.index(6, 0)));
        QCOMPARE(model.indexOfChunk(2), model.index(1, 0));

        // The strongest turn is the session's strength, announced on its own row too.
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setStrengths({{101, MemoryStrength{0.3, {}, false}}, {102, MemoryStrength{0.8, {}, false}}});
        QCOMPARE(model.index(3, MemoryTableModel::StrengthColumn).data().toString(), QStringLiteral("0.80"));
        QCOMPARE(model.index(2, MemoryTableModel::StrengthColumn, session).data().toString(), QStringLiteral("0.80"));
        QCOMPARE(changed.count(), 2); // the session's row, its turns 1-2
        changed.clear();

        // A word of one turn keeps its session, with that turn only.
        proxy.setSearchText(QStringLiteral("answer 3"));
        QCOMPARE(proxy.rowCount(), 1);
        QCOMPARE(proxy.rowCount(proxy.index(0, 0)), 1);
        QCOMPARE(proxy.index(0, 0, proxy.index(0, 0)).data(ChunkIdRole).toLongLong(), 103);
        proxy.setSearchText({});
        proxy.sort(MemoryTableModel::TitleColumn, Qt::DescendingOrder);
        const QModelIndex sortedA = proxy.mapFromSource(model.index(3, 0));
        for (int t = 1; t < proxy.rowCount(sortedA); ++t) // a conversation keeps its order
            QVERIFY(proxy.index(t - 1, 0, sortedA).data(StartLineRole).toInt()
                    < proxy.index(t, 0, sortedA).data(StartLineRole).toInt());

        // Session a goes on (two turns re-indexed, one more), b is deleted, c is new.
        QSignalSpy reset(&model, &QAbstractItemModel::modelAboutToBeReset);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        const QPersistentModelIndex turn3(model.index(3, 0, session));
        const QString c = QStringLiteral("sessions/2026-01-07/c.jsonl");
        CatalogDelta delta;
        delta.paths = {a, b, c};
        delta.rows = sessionRows(a, 5, 300) + sessionRows(c, 2, 400);
        model.applyDelta(delta);
        QCOMPARE(reset.count(), 0);
        QCOMPARE(removed.count(), 1); // b
        QVERIFY(!removed.at(0).at(0).value<QModelIndex>().isValid());
        QCOMPARE(inserted.count(), 2); // a's fifth turn, c
        QCOMPARE(inserted.at(0).at(0).value<QModelIndex>(), model.index(3, 0));
        QVERIFY(!inserted.at(1).at(0).value<QModelIndex>().isValid());
        QCOMPARE(model.rowCount(), 7);
        QCOMPARE(model.rowCount(model.index(3, 0)), 5);
        QCOMPARE(model.index(4, 0, model.index(3, 0)).data(ChunkIdRole).toLongLong(), 304);
        QVERIFY(turn3.isValid());
        QCOMPARE(turn3.data(ChunkIdRole).toLongLong(), 303); // changed in place
        QCOMPARE(model.index(6, 0).data(PathRole).toString(), c);
        QCOMPARE(model.rowCount(model.index(6, 0)), 2);
        QCOMPARE(model.index(6, 0, {}).data().toString(), QStringLiteral("Fix the upload test — engram, 2026-01-05"));
        QCOMPARE(model.memoryCount(), 12);
        QCOMPARE(model.index(3, MemoryTableModel::StrengthColumn).data().toString(), QString()); // new chunk ids

        // Removing a row above a session renumbers it: its turns still find their parent.
        CatalogDelta removeNote;
        removeNote.paths = {QStringLiteral("notes/n0.md")};
        model.applyDelta(removeNote);
        QCOMPARE(model.index(2, 0).data(PathRole).toString(), a);
        QCOMPARE(turn3.parent(), model.index(2, 0));
        QCOMPARE(model.indexOfChunk(401).parent(), model.index(5, 0));
        // A session that becomes a plain note again (rare) is a flat row.
        MemoryRow flat = sessionRows(c, 1, 500).constFirst();
        flat.session = false;
        CatalogDelta flatten;
        flatten.paths = {c};
        flatten.rows = {flat};
        model.applyDelta(flatten);
        QCOMPARE(model.rowCount(model.index(model.rowCount() - 1, 0)), 0);
        QCOMPARE(model.index(model.rowCount() - 1, 0).data(ChunkIdRole).toLongLong(), 500);
    }

    void healthModel_reportsWorstStatus()
    {
        HealthModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setChecks({{QStringLiteral("a"), HealthStatus::Ok, QStringLiteral("fine"), HealthFix::None, {}},
                         {QStringLiteral("b"), HealthStatus::Stale, QStringLiteral("2 new"), HealthFix::Reindex,
                          QStringLiteral("engram-cli index")}});
        QCOMPARE(model.worstStatus(), HealthStatus::Stale);
        QCOMPARE(model.index(1, 0).data(StatusRole).toString(), QStringLiteral("stale"));
        QCOMPARE(model.index(1, HealthModel::FixColumn).data().toString(), QStringLiteral("engram-cli index"));
        QVERIFY(model.index(0, HealthModel::FixColumn).data().toString().isEmpty());
    }

    void toolStatsModel_computesSuccessAndMedian()
    {
        ToolStatsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QList<ToolEvent> events;
        const QList<qint64> durations{5, 100, 20};
        for (int i = 0; i < 10; ++i)
            events << ToolEvent{QStringLiteral("Bash"),
                                i >= 2,
                                i < 3 ? durations.at(i) : -1,
                                i,
                                QStringLiteral("s"),
                                QString::number(i),
                                {},
                                {}};
        for (int i = 0; i < 4; ++i)
            events << ToolEvent{QStringLiteral("Read"),  true, -1, 10 + i, QStringLiteral("s"),
                                QString::number(10 + i), {},   {}};
        ToolStatsData data;
        data.stats = ToolUsage::statistics(events);
        data.stats.drops << ToolRateDrop{QStringLiteral("Read"), 1.0, 0.5, 10, 20};
        model.setStats(data);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, ToolStatsModel::SuccessColumn).data(SortRole).toDouble(), 0.8);
        QCOMPARE(model.index(0, ToolStatsModel::MedianColumn).data(SortRole).toLongLong(), 20);
        QVERIFY(!model.index(1, ToolStatsModel::FlagColumn).data().toString().isEmpty());
    }

    void recallResultsModel_servesBreakdown()
    {
        RecallResultsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        RecallResult r;
        r.chunk.path = QStringLiteral("notes/a.md");
        r.score = 0.5;
        r.breakdown << ScoreComponent{QStringLiteral("relevance"), 0.9, 0.4};
        model.setResults({r, r});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, RecallResultsModel::BreakdownColumn).data(BreakdownRole).toList().size(), 1);
    }

    void reviewModel_followsFindingsRowByRow_andPassesTheTester()
    {
        ReviewModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const ReviewFinding a = finding(QStringLiteral("a"), FindingKind::Duplicate, 5);
        const ReviewFinding b = finding(QStringLiteral("b"), FindingKind::Contradiction, 4);
        const ReviewFinding c = finding(QStringLiteral("c"), FindingKind::Stale, 3);
        const ReviewFinding d = finding(QStringLiteral("d"), FindingKind::Duplicate, 2);
        model.setFindings({a, b, c});
        QCOMPARE(idsOf(model), QStringList({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}));
        QCOMPARE(model.index(1, ReviewModel::KindColumn).data().toString(), QStringLiteral("Contradiction"));
        QCOMPARE(model.index(1, 0).data(FindingKindRole).toInt(), int(FindingKind::Contradiction));
        QCOMPARE(model.index(0, ReviewModel::MemoryColumn).data().toString(), QStringLiteral("newer a"));
        QCOMPARE(model.index(0, ReviewModel::MemoryColumn).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("notes/a-a.md:0-0\nnotes/a-b.md:0-0"));

        // A resolved finding is one row removed, a new one one row inserted: never a reset.
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setFindings({a, c});
        QCOMPARE(removed.size(), 1);
        QCOMPARE(removed.first().at(1).toInt(), 1);
        model.setFindings({a, b, c, d});
        QCOMPARE(inserted.size(), 2);
        QCOMPARE(inserted.at(0).at(1).toInt(), 1);
        QCOMPARE(inserted.at(1).at(1).toInt(), 3);
        QCOMPARE(idsOf(model),
                 QStringList({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("d")}));
        ReviewFinding recalled = c;
        recalled.newer.recalls = 3;
        model.setFindings({a, b, recalled, d});
        QCOMPARE(changed.size(), 1); // only the row whose recalls changed
        QCOMPARE(model.index(2, ReviewModel::RecallsColumn).data().toInt(), 3);
        QCOMPARE(resets.size(), 0);

        // Another order is a reset; then everything at once, and nothing.
        model.setFindings({d, c, b, a});
        QCOMPARE(resets.size(), 1);
        QCOMPARE(idsOf(model),
                 QStringList({QStringLiteral("d"), QStringLiteral("c"), QStringLiteral("b"), QStringLiteral("a")}));
        model.setFindings({});
        QCOMPARE(model.rowCount(), 0);
        model.setFindings({b});
        QCOMPARE(model.rowOf(QStringLiteral("b")), 0);
        QCOMPARE(model.rowOf(QStringLiteral("a")), -1);
    }

    void reviewModel_translatesTheEnginesReasons()
    {
        ReviewFinding f = finding(QStringLiteral("s"), FindingKind::Stale, 1);
        f.reason =
            QStringLiteral("not confirmed since 2025-01-10; sessions/2026-03-01/x.md:4-9 (2026-03-01) talks about "
                           "its subject differently");
        const QString text = ReviewModel::reasonText(f);
        QVERIFY2(text.contains(QLatin1String("sessions/2026-03-01/x.md:4-9")), qPrintable(text));
        QVERIFY2(text.startsWith(QLatin1String("not confirmed since ")), qPrintable(text));
        f.reason = QStringLiteral("friday → tuesday"); // values: shown as they are
        QCOMPARE(ReviewModel::reasonText(f), QStringLiteral("friday → tuesday"));
        f.reason = QStringLiteral("home: barcelona → hamburg"); // a life update names its slot
        QCOMPARE(ReviewModel::reasonText(f), QStringLiteral("home: barcelona → hamburg"));
        // Values as the texts write them; a word neither text holds whole stays as the engine wrote it.
        f.older.text = QStringLiteral("Rohan Takahashi lives in Cork.");
        f.newer.text = QStringLiteral("Rohan Takahashi has moved to Seattle.");
        f.reason = QStringLiteral("home: cork → seattle");
        QCOMPARE(ReviewModel::reasonText(f), QStringLiteral("home: Cork → Seattle"));
        f.reason = QStringLiteral("cork → seattle"); // a transition's values, no slot
        QCOMPARE(ReviewModel::reasonText(f), QStringLiteral("Cork → Seattle"));
        f.older.text = QStringLiteral("We deploy the Corkboard service on Fridays.");
        f.newer.text = QStringLiteral("We moved Corkboard deploys to Tuesdays.");
        f.reason = QStringLiteral("friday → tuesday");
        QCOMPARE(ReviewModel::reasonText(f), QStringLiteral("friday → tuesday"));
        f.reason = QStringLiteral("home: cork → seattle"); // "Corkboard" holds "cork", but not whole
        QCOMPARE(ReviewModel::reasonText(f), QStringLiteral("home: cork → seattle"));
        // A decision reversed names what was adopted and dropped, as the texts write it.
        f.older.text = QStringLiteral("In Saffron, Cognito is the choice for login.");
        f.newer.text = QStringLiteral("Do not use Cognito in Saffron anymore.");
        f.reason = QStringLiteral("cognito, saffron: adopted → dropped");
        QCOMPARE(ReviewModel::reasonText(f), QStringLiteral("Cognito, Saffron: adopted → dropped"));
        f.reason = QStringLiteral("cognito: dropped → adopted again");
        QCOMPARE(ReviewModel::reasonText(f), QStringLiteral("Cognito: dropped → adopted again"));
    }

    void wordDiff_marksTheWordsOneSideLacks()
    {
        const QString older = QStringLiteral("We deploy the billing service to production on Fridays.");
        const QString newer = QStringLiteral("We moved billing service production deploys to Tuesdays.");
        const WordDiff diff(older, newer);
        QCOMPARE(wordsAt(older, diff.olderOnly()), QStringList({QStringLiteral("deploy"), QStringLiteral("the"),
                                                                QStringLiteral("on"), QStringLiteral("Fridays")}));
        QCOMPARE(wordsAt(newer, diff.newerOnly()),
                 QStringList({QStringLiteral("moved"), QStringLiteral("deploys"), QStringLiteral("Tuesdays")}));
        // Case is no difference, a joined word stays whole, punctuation is never marked.
        const WordDiff joined(QStringLiteral("The cache is artifacts-eu."), QStringLiteral("the CACHE: artifacts-us!"));
        QCOMPARE(wordsAt(QStringLiteral("The cache is artifacts-eu."), joined.olderOnly()),
                 QStringList({QStringLiteral("is"), QStringLiteral("artifacts-eu")}));
        QCOMPARE(wordsAt(QStringLiteral("the CACHE: artifacts-us!"), joined.newerOnly()),
                 QStringList({QStringLiteral("artifacts-us")}));
        QVERIFY(WordDiff(QString(), QString()).olderOnly().isEmpty());
    }

    void stateListModel_followsEditsAndUndo()
    {
        test::TestVault vault;
        CognitiveStateDocument document;
        QVERIFY(document.open(vault.path()).ok());
        StateListModel model(&document, StateList::Heuristics);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        document.addItem(StateList::Heuristics, QStringLiteral("first"));
        document.addItem(StateList::Heuristics, QStringLiteral("second"));
        QCOMPARE(model.rowCount(), 2);
        QVERIFY(model.setData(model.index(0), QStringLiteral("edited")));
        QCOMPARE(model.index(0).data().toString(), QStringLiteral("edited"));
        document.moveItem(StateList::Heuristics, 0, 1);
        QCOMPARE(model.index(1).data().toString(), QStringLiteral("edited"));
        document.undoStack()->undo();
        document.undoStack()->undo();
        QCOMPARE(model.index(0).data().toString(), QStringLiteral("first"));
        document.removeItem(StateList::Heuristics, 0);
        QCOMPARE(model.rowCount(), 1);
    }
};

QTEST_MAIN(TestWorkbenchModels)
#include "tst_workbenchmodels.moc"
