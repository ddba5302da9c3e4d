// The memory list at a large vault's size does its work in slices the window does not feel: the
// catalog taken in, every row's strength, a sort by a column, a few files changed, added and
// removed while sorted, a search. The browser is driven by its session's signals with synthetic
// rows (sessions of turns and notes of sections, as bench/gen_vault.py writes them), so the test
// reaches sizes a real index would take minutes to build. The UI thread's work is measured per
// turn of its event loop in its own CPU time (CLOCK_THREAD_CPUTIME_ID), as tst_largevault does.
#include "ChildByName.h"
#include "MachineFloor.h"
#include "MemoryBrowser.h"
#include "MemoryTableModel.h"
#include "Roles.h"
#include "TestVault.h"
#include "TurnProbe.h"
#include "VaultSession.h"

#include <QAbstractEventDispatcher>
#include <QAbstractTableModel>
#include <QApplication>
#include <QHeaderView>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTest>
#include <QTreeView>

#include <ctime>

using namespace engram;
using test::child;

namespace {

const int kTimeout = 240000;
// Each step's longest UI-thread turn is held to test::kMaxTurnMs (60 ms of CPU), and a step that must
// look at every top row (a sort, a search) to kFloorTimes × what Qt's QSortFilterProxyModel alone takes
// for as many rows on the same machine, if that is more (test::proxyFloorMs). Measured where the bound was
// set: 33 ms at most (a search's first slice); before the steps were sliced, 185 ms (a sort) to 3.9 s
// (the first strengths). The other steps follow a slower machine too, at kSomeFloorTimes × the floor:
// CI's machine ran the suite 2.5 times slower than this one (464 s against 184 s), where a delta's
// 20 ms would be 50.
constexpr qint64 kFloorTimes = 4;
constexpr qint64 kSomeFloorTimes = 2;

MemoryRow row(qint64 id, const QString &path, int ordinal, bool session)
{
    MemoryRow r;
    r.id = id;
    r.path = path;
    r.title = session ? QStringLiteral("Session %1").arg(path.section(QLatin1Char('/'), -1))
                      : QStringLiteral("Note %1").arg(path.section(QLatin1Char('/'), -1));
    r.heading = session ? QString() : QStringLiteral("Part %1").arg(ordinal);
    r.region = QStringLiteral("prefrontal");
    r.store = session ? QStringLiteral("episodic") : QStringLiteral("semantic");
    r.layer = QStringLiteral("raw");
    r.startLine = ordinal * 10 + 1;
    r.endLine = ordinal * 10 + 9;
    r.tokens = 100;
    r.session = session;
    r.excerpt = session ? QStringLiteral("user: turn %1 of %2").arg(ordinal).arg(path) : QString();
    r.speaker = session ? QStringLiteral("user") : QString();
    return r;
}

/// `files` files: every tenth a note of 10 sections, the rest sessions of 14 turns (~13.6 chunks a file).
QList<MemoryRow> catalogOf(int files, qint64 *nextId)
{
    QList<MemoryRow> rows;
    for (int f = 0; f < files; ++f) {
        const bool session = f % 10 != 0;
        const QString path = session ? QStringLiteral("sessions/s%1.jsonl").arg(f, 6, 10, QLatin1Char('0'))
                                     : QStringLiteral("notes/n%1.md").arg(f, 6, 10, QLatin1Char('0'));
        for (int c = 0; c < (session ? 14 : 10); ++c)
            rows << row((*nextId)++, path, c, session);
    }
    return rows;
}

/// `notes` notes of `sections` sections each, as gen_vault.py writes a vault without agent sessions:
/// every memory a row of the list.
QList<MemoryRow> notesOf(int notes, int sections, qint64 *nextId)
{
    QList<MemoryRow> rows;
    rows.reserve(qsizetype(notes) * sections);
    for (int n = 0; n < notes; ++n) {
        const QString path = QStringLiteral("notes/n%1.md").arg(n, 6, 10, QLatin1Char('0'));
        for (int c = 0; c < sections; ++c)
            rows << row((*nextId)++, path, c, false);
    }
    return rows;
}

/// Files of the synthetic catalogs: 15,000 (204,000 memories), or ENGRAM_SLICES_FILES (73,500 for a million).
int slicesFiles()
{
    const int files = qEnvironmentVariableIntValue("ENGRAM_SLICES_FILES");
    return files > 0 ? files : 15000;
}

/// The bound on a step's longest UI-thread turn: test::kMaxTurnMs, or ENGRAM_SLICES_MAX_MS to report
/// rather than fail at a million.
qint64 slicesMaxTurnMs()
{
    const int ms = qEnvironmentVariableIntValue("ENGRAM_SLICES_MAX_MS");
    return ms > 0 ? ms : test::kMaxTurnMs;
}

/// The real list, driven by its session's signals (the session is never opened): the browser, its
/// table and the models behind it.
struct ShownList {
    VaultSession session;
    MemoryBrowser browser{&session};
    QTreeView *table = nullptr;
    QSortFilterProxyModel *proxy = nullptr;
    MemoryTableModel *model = nullptr;

    bool show()
    {
        browser.resize(1200, 700);
        browser.show();
        if (!QTest::qWaitForWindowExposed(&browser))
            return false;
        table = child<QTreeView>(&browser, "memoryTable");
        proxy = qobject_cast<QSortFilterProxyModel *>(table->model());
        model = proxy ? qobject_cast<MemoryTableModel *>(proxy->sourceModel()) : nullptr;
        return model != nullptr;
    }
};

CatalogDelta deltaOf(const QStringList &paths, const QList<MemoryRow> &rows)
{
    CatalogDelta delta;
    delta.paths = paths;
    delta.rows = rows;
    return delta;
}

} // namespace

class TestMemoryListSlices : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sortsAndFollowsChangesInSlices()
    {
        // 204,000 memories by default; ENGRAM_SLICES_FILES=73500 for a million (bench/README.md), with
        // ENGRAM_SLICES_MAX_MS to report rather than fail.
        const int files = slicesFiles();
        const qint64 maxTurnMs = slicesMaxTurnMs();
        qint64 nextId = 1;
        const QList<MemoryRow> catalog = catalogOf(files, &nextId);
        const int notes = (files + 9) / 10;
        const int topRows = notes * 10 + files - notes; // notes' sections and one row per session

        ShownList list;
        QVERIFY(list.show());
        VaultSession &session = list.session;
        MemoryBrowser &browser = list.browser;
        QTreeView *table = list.table;
        QSortFilterProxyModel *proxy = list.proxy;
        MemoryTableModel *model = list.model;
        test::TurnProbe probe;
        // Each step's longest turn of the UI thread. A step that looks at every top row (a sort, a
        // search) is held to what Qt's proxy alone takes for them (below); the others to maxTurnMs.
        enum class Rows { Some, Every };
        struct Step {
            QString name;
            qint64 longestMs;
            Rows rows;
        };
        QList<Step> steps;
        const auto stepDone = [&](const QString &name, Rows rows = Rows::Some) {
            steps << Step{name, probe.take(), rows};
        };

        probe.skip();
        Q_EMIT session.catalogPreview(catalog);
        QTRY_COMPARE_WITH_TIMEOUT(model->topRowCount(), topRows, kTimeout);
        QTest::qWait(50);
        stepDone(QStringLiteral("catalog"));

        // Every memory's first strength.
        QHash<qint64, MemoryStrength> strengths;
        QSet<qint64> moved;
        for (const MemoryRow &r : catalog) {
            strengths.insert(r.id, MemoryStrength{0.5 + double(r.id % 50) / 100.0, {}, false});
            moved.insert(r.id);
        }
        // What the insights job computes: every session moved (none had a strength).
        const auto sessionStrengths = MemoryTableModel::sessionStrengths(catalog, strengths);
        probe.skip();
        browser.setStrengths(strengths, moved, sessionStrengths);
        QTest::qWait(50);
        stepDone(QStringLiteral("strengths"));

        // Sorted by title: every row is fetched and sorted.
        table->header()->setSortIndicator(MemoryTableModel::TitleColumn, Qt::DescendingOrder);
        QTRY_COMPARE_WITH_TIMEOUT(proxy->rowCount(), topRows, kTimeout);
        QTest::qWait(50);
        stepDone(QStringLiteral("sort"), Rows::Every);
        QCOMPARE(proxy->index(0, 0).data(PathRole).toString(),
                 QStringLiteral("sessions/s%1.jsonl").arg(files - 1, 6, 10, QLatin1Char('0')));

        // A note rewritten in place, a new note and a new session, a session removed.
        const QString changed = QStringLiteral("notes/n%1.md").arg(files / 2 / 10 * 10, 6, 10, QLatin1Char('0'));
        QList<MemoryRow> rewritten;
        for (int c = 0; c < 10; ++c)
            rewritten << row(nextId++, changed, c, false);
        probe.skip();
        Q_EMIT session.catalogChanged(deltaOf({changed}, rewritten));
        QTest::qWait(20);
        QList<MemoryRow> added;
        for (int c = 0; c < 5; ++c)
            added << row(nextId++, QStringLiteral("notes/zz-new.md"), c, false);
        for (int c = 0; c < 8; ++c)
            added << row(nextId++, QStringLiteral("sessions/zz-new.jsonl"), c, true);
        probe.skip();
        Q_EMIT session.catalogChanged(
            deltaOf({QStringLiteral("notes/zz-new.md"), QStringLiteral("sessions/zz-new.jsonl")}, added));
        QTest::qWait(20);
        const QString removed =
            QStringLiteral("sessions/s%1.jsonl").arg(files / 3 / 10 * 10 + 1, 6, 10, QLatin1Char('0'));
        Q_EMIT session.catalogChanged(deltaOf({removed}, {}));
        QTRY_COMPARE_WITH_TIMEOUT(proxy->rowCount(), topRows + 5, kTimeout);
        QTest::qWait(50);
        stepDone(QStringLiteral("deltas"));

        // Strengths again: a few moved, then the new file's.
        QSet<qint64> few;
        for (qint64 id = 1; id < 200; id += 7) {
            strengths[id].strength = 1.0;
            few.insert(id);
        }
        const auto fewSessions =
            MemoryTableModel::movedSessions(sessionStrengths, MemoryTableModel::sessionStrengths(catalog, strengths));
        probe.skip();
        browser.setStrengths(strengths, few, fewSessions);
        QTest::qWait(50);
        stepDone(QStringLiteral("few strengths"));

        // Sorted by strength, then a search.
        table->header()->setSortIndicator(MemoryTableModel::StrengthColumn, Qt::DescendingOrder);
        QTRY_COMPARE_WITH_TIMEOUT(proxy->index(0, MemoryTableModel::StrengthColumn).data().toString(),
                                  QStringLiteral("1.00"), kTimeout);
        QTest::qWait(50);
        stepDone(QStringLiteral("sort by strength"), Rows::Every);
        auto *search = child<QLineEdit>(&browser, "memorySearch");
        search->setText(QStringLiteral("zz-new"));
        QTRY_COMPARE_WITH_TIMEOUT(proxy->rowCount(), 6, kTimeout);
        QTest::qWait(50);
        stepDone(QStringLiteral("search"), Rows::Every);

        // Shown from elsewhere (recall's "show in list") while a search hides it: the search goes (the
        // list starts from its first page again) and the memory is fetched, shown and selected.
        qint64 farNote = 0;
        for (qsizetype i = catalog.size() * 3 / 5; i < catalog.size() && !farNote; ++i) // not one changed above
            if (!catalog.at(i).session)
                farNote = catalog.at(i).id;
        probe.skip();
        QVERIFY(browser.showMemory(farNote));
        QVERIFY(search->text().isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(table->currentIndex().data(ChunkIdRole).toLongLong(), farNote, kTimeout);
        QTest::qWait(50);
        stepDone(QStringLiteral("show a far memory"), Rows::Every);

        // A step that must look at every top row is held to what Qt's proxy alone takes for them here
        // too: on a machine where that floor is 31-33 ms (this one, 2 December 2026) the same code took
        // 45-106 ms for a search or a sort; where the bound was set it had taken 15-33 ms.
        const qint64 floor = test::proxyFloorMs(topRows);
        QStringList report;
        QStringList over;
        for (const Step &step : steps) {
            report << QStringLiteral("%1 %2 ms").arg(step.name).arg(step.longestMs);
            const qint64 bound = qMax(maxTurnMs, (step.rows == Rows::Every ? kFloorTimes : kSomeFloorTimes) * floor);
            if (step.longestMs > bound)
                over << QStringLiteral("%1 %2 ms > %3 ms").arg(step.name).arg(step.longestMs).arg(bound);
        }
        qInfo("%d rows, longest turn of the UI thread per step: %s; Qt's proxy floor for %d rows: %lld ms",
              int(catalog.size()), qPrintable(report.join(QStringLiteral(", "))), topRows, floor);
        // The bounds hold the plain build. Under the sanitizers the turns are reported, not bounded:
        // a search took 512 ms on a quiet machine and 993 ms beside another build (floor 162 ms), so a
        // bound there would measure the machine's load, not the list.
#ifndef ENGRAM_SANITIZED
        if (!over.isEmpty())
            qWarning().noquote() << probe.stacksOfLongest();
        QVERIFY2(over.isEmpty(), qPrintable(over.join(QStringLiteral(", "))));
#endif
    }

    void aSortKeepsTheChosenMemorySelected()
    {
        // A list longer than a page starts from its first page when sorted (a reset): the memory the
        // person chose is found in the new order and selected again. A search that hides it wins.
        qint64 nextId = 1;
        const QList<MemoryRow> catalog = notesOf(900, 10, &nextId); // 9,000 rows
        ShownList list;
        QVERIFY(list.show());
        VaultSession &session = list.session;
        MemoryBrowser &browser = list.browser;
        QTreeView *table = list.table;
        QSortFilterProxyModel *proxy = list.proxy;
        MemoryTableModel *model = list.model;
        Q_EMIT session.catalogPreview(catalog);
        QTRY_COMPARE_WITH_TIMEOUT(model->topRowCount(), int(catalog.size()), kTimeout);
        QVERIFY(model->rowCount() < model->topRowCount()); // fetched a page at a time

        const QModelIndex chosen = proxy->index(7, 0);
        const qint64 chosenId = chosen.data(ChunkIdRole).toLongLong();
        table->selectionModel()->setCurrentIndex(chosen,
                                                 QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        // Descending by title: the chosen note (among the first) goes to the end of 9,000 rows.
        table->header()->setSortIndicator(MemoryTableModel::TitleColumn, Qt::DescendingOrder);
        QTRY_COMPARE_WITH_TIMEOUT(table->currentIndex().data(ChunkIdRole).toLongLong(), chosenId, kTimeout);
        QVERIFY(table->selectionModel()->isSelected(table->currentIndex()));
        QTRY_COMPARE_WITH_TIMEOUT(proxy->rowCount(), int(catalog.size()), kTimeout);
        QCOMPARE(table->currentIndex().data(ChunkIdRole).toLongLong(), chosenId); // still, as the rest came in
        QVERIFY2(table->currentIndex().row() >= 8990, qPrintable(QString::number(table->currentIndex().row())));

        // Hidden by a search, then sorted the other way: the search stays, nothing is selected.
        auto *search = child<QLineEdit>(&browser, "memorySearch");
        search->setText(QStringLiteral("n000899"));
        QTRY_COMPARE_WITH_TIMEOUT(proxy->rowCount(), 10, kTimeout);
        table->header()->setSortIndicator(MemoryTableModel::TitleColumn, Qt::AscendingOrder);
        QTest::qWait(300);
        QCOMPARE(search->text(), QStringLiteral("n000899"));
        QCOMPARE(proxy->rowCount(), 10);
        QVERIFY(!table->selectionModel()->hasSelection());
    }

    void followsAFewChangedFilesWithoutLookingAtEveryRow()
    {
        // As many memories as the test above, each its own row (notes only, as in gen_vault's vaults):
        // ENGRAM_SLICES_FILES=73500 makes a million. The session's catalog and the table's rows both
        // follow each delta. Measured at a million: 1-3 ms a delta, 6-8 ms for rows removed near the top
        // (the rows above the gap move in both); before, each delta looked at every row of both for its
        // files' (22-27 ms here, 88 ms in the workbench's samples), the rows below a gap moved up (47 ms
        // near the top) and the first row appended to a full list moved every row to a new block (290 ms;
        // 61 ms at the default size).
        // A fifth under the sanitizers: a delta that grows the list reallocates it, which AddressSanitizer
        // pays for in poisoning and first touches (591 ms of CPU at 204,000 rows, against 4 ms built plainly).
        const int files =
            qEnvironmentVariableIsSet("ENGRAM_SLICES_FILES") ? slicesFiles() : slicesFiles() / test::kSanitizerShrink;
        const qint64 maxTurnMs = slicesMaxTurnMs();
        const int sections = 14;
        const int notes = int(qint64(files) * 136 / 10 / sections);
        qint64 nextId = 1;
        VaultStats stats;
        stats.files = notes;
        stats.chunks = qint64(notes) * sections;

        ShownList list;
        QVERIFY(list.show());
        VaultSession &session = list.session;
        MemoryBrowser &browser = list.browser;
        QTreeView *table = list.table;
        QSortFilterProxyModel *proxy = list.proxy;
        MemoryTableModel *model = list.model;
        {
            // The session holds the only copy, as it does the index worker's once the list has laid it out
            // (a delta while another copy lives copies all of it: 220 ms at a million rows).
            const QList<MemoryRow> catalog = notesOf(notes, sections, &nextId);
            session.takeCatalog(catalog, FileRowIndex(catalog), stats);
        }
        QTRY_COMPARE_WITH_TIMEOUT(qint64(model->topRowCount()), stats.chunks, kTimeout);
        QTest::qWait(50);

        // A note of the first page selected, as the person saving it has it.
        const QString saved = QStringLiteral("notes/n%1.md").arg(3, 6, 10, QLatin1Char('0'));
        table->setCurrentIndex(proxy->index(3 * sections + 2, 0));
        QCOMPARE(table->currentIndex().data(PathRole).toString(), saved);

        auto notePath = [](int n) { return QStringLiteral("notes/n%1.md").arg(n, 6, 10, QLatin1Char('0')); };
        auto rewritten = [&](int n, int count) {
            QList<MemoryRow> rows;
            for (int c = 0; c < count; ++c)
                rows << row(nextId++, notePath(n), c, false);
            return rows;
        };
        const QString grown = notePath(notes / 2);
        const QString shrunk = notePath(notes / 10);
        const QString gone = notePath(notes - 5);
        const QList<CatalogDelta> deltas{
            deltaOf({saved}, rewritten(3, sections)),                // saved in place
            deltaOf({grown}, rewritten(notes / 2, sections + 2)),    // two sections more: to the end of the list
            deltaOf({notePath(notes + 1)}, rewritten(notes + 1, 3)), // a new note
            deltaOf({shrunk}, rewritten(notes / 10, sections - 3)),  // three sections fewer, near the top
            deltaOf({gone}, {}),                                     // deleted
            deltaOf({grown}, rewritten(notes / 2, sections + 1)),    // its rows in two places: the last goes
        };
        test::TurnProbe probe;
        QStringList turns;
        qint64 longest = 0;
        for (const CatalogDelta &delta : deltas) {
            probe.skip();
            QMetaObject::invokeMethod(
                &session, [&session, delta] { session.takeDelta(delta); }, Qt::QueuedConnection);
            QTest::qWait(20);
            const qint64 turn = probe.take();
            turns << QString::number(turn);
            longest = qMax(longest, turn);
        }
        const qsizetype expected = stats.chunks + 2 + 3 - 3 - sections - 1;
        QCOMPARE(session.catalog().size(), expected);
        QCOMPARE(model->topRowCount(), expected);
        QCOMPARE(model->memoryCount(), expected);
        QCOMPARE(session.stats().chunks, expected);
        QCOMPARE(session.stats().files, notes);
        for (int r = 0; r < expected; ++r)
            QCOMPARE(model->row(r).id, session.catalog().at(r).id);
        QList<qint64> grownNow;
        for (const MemoryRow &r : session.catalog())
            if (r.path == grown)
                grownNow << r.id;
        QCOMPARE(grownNow.size(), sections + 1);
        for (int c = 0; c < sections + 1; ++c)
            QCOMPARE(grownNow.at(c), deltas.constLast().rows.at(c).id); // in order, both places
        // The selection stayed on the saved note's row, which holds its new chunk.
        QCOMPARE(table->currentIndex().data(PathRole).toString(), saved);
        QCOMPARE(table->currentIndex().data(ChunkIdRole).toLongLong(), deltas.at(0).rows.at(2).id);

        // Shown from elsewhere (the graph, recall), a memory near the end of the list: the rows up to it
        // are fetched a slice a turn, then it is selected.
        const qint64 farId = session.catalog().at(session.catalog().size() - 20).id;
        probe.skip();
        QVERIFY(browser.showMemory(farId));
        QTRY_COMPARE_WITH_TIMEOUT(table->currentIndex().data(ChunkIdRole).toLongLong(), farId, kTimeout);
        QTest::qWait(20);
        const qint64 reveal = probe.take();
        turns << QStringLiteral("shown far down: %1").arg(reveal);
        longest = qMax(longest, reveal);
        QVERIFY(!browser.showMemory(-7));

        // Rows taken out near the top move every row after them, in the list and in Qt's proxy (its
        // mapping of source rows): 15 ms here, 34 ms beside two builds. The bound follows a slower
        // machine by the floor of 30,000 rows (25-28 ms here), as the steps above do.
        const qint64 floor = test::proxyFloorMs(30000);
        const qint64 bound = qMax(maxTurnMs, kSomeFloorTimes * floor);
        const QString report = turns.join(QStringLiteral(", "));
        qInfo("%lld rows, longest turn of the UI thread for each delta: %s ms (bound %lld ms)", stats.chunks,
              qPrintable(report), bound);
#ifndef ENGRAM_SANITIZED // reported only there, as above
        if (longest > bound)
            qWarning().noquote() << probe.stacksOfLongest();
        QVERIFY2(longest <= bound, qPrintable(report));
#else
        Q_UNUSED(longest);
#endif
    }
};

QTEST_MAIN(TestMemoryListSlices)
#include "tst_memorylistslices.moc"
