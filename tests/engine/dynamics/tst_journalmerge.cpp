#include "EngineFixtures.h"
#include "TestVault.h"
#include "core/DeviceIdentity.h"
#include "dynamics/Journal.h"
#include "dynamics/JournalReplayer.h"
#include "dynamics/MemoryDynamics.h"
#include "vault/EngineInternals.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace engram;
using test::TestVault;

namespace {

const QDateTime kStart(QDate(2026, 3, 2), QTime(9, 0), Qt::UTC);

/// One clone of a vault on one machine: its engine runs as `device`, on its own clock.
struct Clone {
    explicit Clone(QString name) : device(std::move(name)) { }

    QString device;
    TestVault vault;
    std::shared_ptr<QDateTime> clock = std::make_shared<QDateTime>(kStart);
    std::unique_ptr<Engine> engine;

    void open()
    {
        engine.reset();
        qputenv("ENGRAM_DEVICE", device.toUtf8());
        auto opened = Engine::open(vault.path());
        if (!opened)
            qFatal("cannot open %s: %s", qPrintable(vault.path()), qPrintable(opened.error().toString()));
        engine = std::move(*opened);
        engine->setClock([c = clock] { return *c; });
    }
    QString journal() const { return Journal::relativePathOf(device); }
};

void writeNotes(TestVault &vault)
{
    vault.write(QStringLiteral("notes/storage.md"),
                QStringLiteral("# Storage\n\nWe keep the index in SQLite with FTS5 for keyword search.\n"));
    vault.write(QStringLiteral("notes/vectors.md"),
                QStringLiteral("# Vectors\n\nhnswlib gives approximate nearest neighbours for the search.\n"));
    vault.write(QStringLiteral("notes/kitchen.md"),
                QStringLiteral("# Kitchen\n\nThe oven runs hot; bake bread at 210 degrees.\n"));
    vault.write(QStringLiteral("notes/garden.md"), QStringLiteral("# Garden\n\nTomatoes need sun and water.\n"));
}

void pack(Clone &clone, const QString &text, const QDateTime &at)
{
    *clone.clock = at;
    RecallQuery q;
    q.text = text;
    QVERIFY(clone.engine->pack(q, 300).ok());
}

/// Strength, uses, last access and first sight of every chunk, its edges, and a ranking with its
/// score breakdown: everything a recall at `now` reads from the dynamics.
QStringList dump(Engine &engine, const QDateTime &now, bool withEdges = true)
{
    QStringList out;
    QStringList paths = internals(engine).store().files().keys();
    paths.sort();
    for (const QString &path : std::as_const(paths))
        for (const Chunk &chunk : internals(engine).store().chunksOfFile(path)) {
            const MemoryState st = internals(engine).dynamics().state(chunk, now);
            out << QStringLiteral("%1 s=%2 n=%3 last=%4 seen=%5")
                       .arg(st.key)
                       .arg(st.strength, 0, 'f', 12)
                       .arg(st.accessCount)
                       .arg(st.lastAccess.toString(Qt::ISODateWithMs), st.firstSeen.toString(Qt::ISODateWithMs));
            if (!withEdges)
                continue;
            QStringList edges;
            for (const MemoryEdge &e : internals(engine).dynamics().edges(chunk.path, chunk.ordinal, now))
                edges << QStringLiteral("  %1 %2>%3 w=%4 n=%5")
                             .arg(e.type, e.from, e.to)
                             .arg(e.weight, 0, 'f', 12)
                             .arg(e.count);
            edges.sort();
            out << edges;
        }
    if (!withEdges)
        return out;
    for (const QString &text : {QStringLiteral("sqlite search"), QStringLiteral("bread oven")}) {
        RecallQuery q;
        q.text = text;
        q.now = now;
        q.reinforce = false;
        q.k = 10;
        if (auto results = engine.recall(q))
            for (const RecallResult &r : *results)
                out << QStringLiteral("%1 %2#%3 %4")
                           .arg(text, r.chunk.path)
                           .arg(r.chunk.ordinal)
                           .arg(r.score, 0, 'f', 9);
    }
    return out;
}

/// What git does to a pulled device file: copies it in, bytes as they are.
void syncFile(const Clone &from, Clone &to, const QString &relative)
{
    to.vault.write(relative, from.vault.read(relative));
}

QByteArray line(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
}

QJsonObject strengthEvent(const QString &key, double strength, const QDateTime &t)
{
    return QJsonObject{{QStringLiteral("type"), QStringLiteral("strength")},
                       {QStringLiteral("t"), JournalReplayer::iso(t)},
                       {QStringLiteral("keys"), QJsonArray{key}},
                       {QStringLiteral("strengths"), QJsonArray{strength}}};
}

QJsonObject accessEvent(const QString &key, const QDateTime &t)
{
    return QJsonObject{{QStringLiteral("type"), QStringLiteral("access")},
                       {QStringLiteral("t"), JournalReplayer::iso(t)},
                       {QStringLiteral("keys"), QJsonArray{key}},
                       {QStringLiteral("strengths"), QJsonArray{1.0}}};
}

} // namespace

class TestJournalMerge : public QObject {
    Q_OBJECT

private slots:
    void cleanup() { qunsetenv("ENGRAM_DEVICE"); }

    void deviceIdentity_isStoredOnceOutsideTheSyncedFiles()
    {
        TestVault vault;
        qunsetenv("ENGRAM_DEVICE");
        auto first = DeviceIdentity::of(vault.path());
        QVERIFY2(first, qPrintable(first ? QString() : first.error().toString()));
        QVERIFY(DeviceIdentity::isValid(*first));
        QCOMPARE(*DeviceIdentity::of(vault.path()), *first);
        QVERIFY(QFile::exists(vault.filePath(QStringLiteral(".engram/device"))));
        TestVault clone; // a second clone, on this machine or another: a name of its own
        QVERIFY(*DeviceIdentity::of(clone.path()) != *first);
        qputenv("ENGRAM_DEVICE", "Not A Name");
        QVERIFY(!DeviceIdentity::of(vault.path()));
    }

    void twoDevices_afterSyncEveryReplayRanksTheSame()
    {
        Clone laptop(QStringLiteral("laptop"));
        Clone desk(QStringLiteral("desk"));
        for (Clone *c : {&laptop, &desk}) {
            writeNotes(c->vault);
            c->open();
            QVERIFY(!c->engine->index().error);
        }
        // Interleaved days of work on each machine: the desk's events fall between the laptop's.
        for (int day = 0; day < 6; ++day) {
            pack(laptop, QStringLiteral("sqlite search"), kStart.addDays(day).addSecs(3600));
            pack(desk, day % 2 ? QStringLiteral("bread oven") : QStringLiteral("vectors search"),
                 kStart.addDays(day).addSecs(7200));
            pack(laptop, QStringLiteral("tomatoes garden"), kStart.addDays(day).addSecs(10800));
        }
        QVERIFY(QFile::exists(laptop.vault.filePath(laptop.journal())));
        QVERIFY(!QFile::exists(laptop.vault.filePath(desk.journal()))); // each writes only its own file
        syncFile(laptop, desk, laptop.journal());
        syncFile(desk, laptop, desk.journal());

        const QDateTime later = kStart.addDays(9);
        laptop.open(); // catches up on the desk's events, which belong before its own latest ones
        desk.open();
        const QStringList onLaptop = dump(*laptop.engine, later);
        QCOMPARE(dump(*desk.engine, later), onLaptop);

        // A third clone that receives both files replays them from nothing to the same state, and
        // so does each machine rebuilding its index.
        Clone fresh(QStringLiteral("zeta"));
        writeNotes(fresh.vault);
        syncFile(laptop, fresh, laptop.journal());
        syncFile(laptop, fresh, desk.journal());
        fresh.open();
        QVERIFY(!fresh.engine->index().error);
        QCOMPARE(dump(*fresh.engine, later, false), dump(*laptop.engine, later, false));
        desk.engine.reset();
        QVERIFY(QDir(desk.vault.filePath(QStringLiteral(".engram"))).removeRecursively());
        desk.open();
        QVERIFY(!desk.engine->index().error);
        QCOMPARE(dump(*desk.engine, later), onLaptop);
    }

    void clockSkew_neverReordersADevicesOwnEvents()
    {
        // "zulu"'s clock jumped back four hours between its two events; "alpha" wrote in between.
        Clone clone(QStringLiteral("observer"));
        clone.vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nAlpha note about the index.\n"));
        const QString key = QStringLiteral("notes/a.md#0");
        const QDateTime noon = kStart.addSecs(3 * 3600);
        clone.vault.write(Journal::relativePathOf(QStringLiteral("zulu")),
                          line(strengthEvent(key, 0.9, noon)) + line(strengthEvent(key, 0.3, noon.addSecs(-4 * 3600))));
        clone.vault.write(Journal::relativePathOf(QStringLiteral("alpha")),
                          line(strengthEvent(key, 0.6, noon.addSecs(-2 * 3600))));
        clone.open();
        QVERIFY(!clone.engine->index().error);
        const Chunk a = internals(*clone.engine).store().chunksOfFile(QStringLiteral("notes/a.md")).first();
        // zulu's last word is its own last event, not the one its clock dated latest
        QVERIFY2(qAbs(internals(*clone.engine).dynamics().state(a, noon).strength - 0.3) < 0.01,
                 qPrintable(QString::number(internals(*clone.engine).dynamics().state(a, noon).strength)));
    }

    void replayOrder_isTimeNotTheDevicesNames()
    {
        // Device names whose alphabetical order is the opposite of their events' time order:
        // "alpha" set the strength last (11:00), "zulu" first (09:00), "mike" in between (10:00).
        // Replayed by time the last word is alpha's 0.3; replayed file by file (alpha, mike, zulu)
        // it would be zulu's 0.9, and an access count does not care about the order at all.
        Clone clone(QStringLiteral("observer"));
        clone.vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nAlpha note about the index.\n"));
        const QString key = QStringLiteral("notes/a.md#0");
        clone.vault.write(Journal::relativePathOf(QStringLiteral("alpha")),
                          line(strengthEvent(key, 0.3, kStart.addSecs(2 * 3600))));
        clone.vault.write(Journal::relativePathOf(QStringLiteral("mike")),
                          line(strengthEvent(key, 0.6, kStart.addSecs(1 * 3600))));
        clone.vault.write(Journal::relativePathOf(QStringLiteral("zulu")), line(strengthEvent(key, 0.9, kStart)));
        clone.open();
        QVERIFY(!clone.engine->index().error);
        const Chunk a = internals(*clone.engine).store().chunksOfFile(QStringLiteral("notes/a.md")).first();
        const QDateTime noon = kStart.addSecs(3 * 3600);
        const double full = internals(*clone.engine).dynamics().state(a, noon).strength;
        QVERIFY2(qAbs(full - 0.3) < 0.01, qPrintable(QString::number(full)));

        // The same on the incremental path: zulu's file grows with an event dated before alpha's
        // (pulled late from a machine that was offline), which must not become the last word.
        clone.vault.write(Journal::relativePathOf(QStringLiteral("zulu")),
                          line(strengthEvent(key, 0.9, kStart))
                              + line(strengthEvent(key, 0.8, kStart.addSecs(90 * 60))));
        clone.open();
        QVERIFY(!clone.engine->index().error);
        const double incremental = internals(*clone.engine).dynamics().state(a, noon).strength;
        QVERIFY2(qAbs(incremental - 0.3) < 0.01, qPrintable(QString::number(incremental)));
        // And an event after alpha's, from any device, is the last word.
        clone.vault.write(Journal::relativePathOf(QStringLiteral("mike")),
                          line(strengthEvent(key, 0.6, kStart.addSecs(1 * 3600)))
                              + line(strengthEvent(key, 0.5, kStart.addSecs(150 * 60))));
        clone.open();
        QVERIFY(!clone.engine->index().error);
        const double later = internals(*clone.engine).dynamics().state(a, noon).strength;
        QVERIFY2(qAbs(later - 0.5) < 0.01, qPrintable(QString::number(later)));
    }

    void clockBehind_newEventsStillFollowWhatWasReplayed()
    {
        // The other machine's clock is five hours ahead: this one's events are stamped after its
        // events ("o"), so they are applied as they come, and a fresh replay agrees.
        Clone clone(QStringLiteral("slow"));
        clone.vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nAlpha note about the index.\n"));
        const QString key = QStringLiteral("notes/a.md#0");
        const QDateTime ahead = kStart.addSecs(5 * 3600);
        clone.vault.write(Journal::relativePathOf(QStringLiteral("fast")), line(strengthEvent(key, 0.4, ahead)));
        clone.open();
        QVERIFY(!clone.engine->index().error);
        const Chunk a = internals(*clone.engine).store().chunksOfFile(QStringLiteral("notes/a.md")).first();
        *clone.clock = kStart;
        QVERIFY(internals(*clone.engine).dynamics().recordStrength(a, 0.8));
        const QList<QByteArray> lines = clone.vault.read(clone.journal()).trimmed().split('\n');
        const QJsonObject written = QJsonDocument::fromJson(lines.last()).object();
        QCOMPARE(written.value(QStringLiteral("t")).toString(), JournalReplayer::iso(kStart));
        QVERIFY(qint64(written.value(QStringLiteral("o")).toDouble()) > ahead.toMSecsSinceEpoch());
        const double incremental = internals(*clone.engine).dynamics().state(a, ahead).strength;
        QVERIFY2(qAbs(incremental - 0.8) < 0.01, qPrintable(QString::number(incremental)));
        QVERIFY(internals(*clone.engine).dynamics().replayAll());
        QCOMPARE(internals(*clone.engine).dynamics().state(a, ahead).strength, incremental);
    }

    void compaction_foldsOnlyThisDevicesFile()
    {
        Clone laptop(QStringLiteral("laptop"));
        Clone desk(QStringLiteral("desk"));
        for (Clone *c : {&laptop, &desk}) {
            writeNotes(c->vault);
            c->open();
            QVERIFY(!c->engine->index().error);
        }
        // Both machines use the same memories, so the folded counts meet the desk's own.
        for (int day = 0; day < 20; ++day) {
            pack(laptop, QStringLiteral("sqlite search"), kStart.addDays(day).addSecs(3600));
            pack(desk, day % 2 ? QStringLiteral("bread oven") : QStringLiteral("sqlite search"),
                 kStart.addDays(day).addSecs(7200));
        }
        syncFile(laptop, desk, laptop.journal());
        syncFile(desk, laptop, desk.journal());
        laptop.open();
        const QDateTime later = kStart.addDays(25);
        const QStringList states = dump(*laptop.engine, later, false);
        const QByteArray deskFile = laptop.vault.read(desk.journal());
        const qint64 before = laptop.vault.read(laptop.journal()).size();

        QVERIFY(laptop.engine->compactJournal());
        QVERIFY(laptop.vault.read(laptop.journal()).size() < before);
        QCOMPARE(laptop.vault.read(desk.journal()), deskFile); // the other device's file is its own
        QCOMPARE(dump(*laptop.engine, later, false), states);  // strengths and counts as before

        // The desk pulls the compacted file (and appends meanwhile): both replay the same.
        desk.open();
        pack(desk, QStringLiteral("bread oven"), kStart.addDays(21));
        syncFile(laptop, desk, laptop.journal());
        syncFile(desk, laptop, desk.journal());
        desk.open();
        laptop.open();
        QCOMPARE(dump(*desk.engine, later), dump(*laptop.engine, later));
    }

    void migration_movesTheSingleJournalOnceLosslessly()
    {
        Clone clone(QStringLiteral("laptop"));
        clone.vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nAlpha note about the index.\n"));
        const QString key = QStringLiteral("notes/a.md#0");
        QByteArray legacy;
        for (int day = 1; day <= 5; ++day)
            legacy += line(accessEvent(key, kStart.addDays(day)));
        legacy += "{\"type\":\"access\",\"t\":\"2026-03-09"; // torn by a crash long ago: kept, still one bad line
        clone.vault.write(Journal::legacyPath(), legacy);

        clone.open();
        QVERIFY(!clone.engine->index().error);
        QVERIFY(!QFile::exists(clone.vault.filePath(Journal::legacyPath())));
        const QByteArray moved = clone.vault.read(clone.journal());
        QVERIFY(moved.contains(legacy));
        const Chunk a = internals(*clone.engine).store().chunksOfFile(QStringLiteral("notes/a.md")).first();
        QCOMPARE(internals(*clone.engine).dynamics().state(a).accessCount, 5);

        clone.open(); // once: nothing more to move, nothing counted twice
        QCOMPARE(clone.vault.read(clone.journal()).count(legacy), 1);
        QCOMPARE(internals(*clone.engine).dynamics().state(a).accessCount, 5);
    }

    void migration_interruptedAfterTheNewFileFinishesWithoutDuplicates()
    {
        // A crash after the device file was written and before the old one was removed: both
        // are there. The marker (the old file's SHA-1) says the lines were moved already.
        Clone clone(QStringLiteral("laptop"));
        clone.vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nAlpha note about the index.\n"));
        const QString key = QStringLiteral("notes/a.md#0");
        QByteArray legacy;
        for (int day = 1; day <= 3; ++day)
            legacy += line(accessEvent(key, kStart.addDays(day)));
        const QByteArray own = line(accessEvent(key, kStart.addDays(4)));
        clone.vault.write(Journal::legacyPath(), legacy);
        clone.vault.write(clone.journal(), own); // this device had begun its own file already
        {
            qputenv("ENGRAM_DEVICE", "laptop");
            Journal journal(clone.vault.path());
            QVERIFY(journal.migrateLegacy());
        }
        const QByteArray afterFirst = clone.vault.read(clone.journal());
        QVERIFY(afterFirst.endsWith(legacy + own));       // older lines first
        clone.vault.write(Journal::legacyPath(), legacy); // as if the removal had not happened

        clone.open();
        QVERIFY(!clone.engine->index().error);
        QVERIFY(!QFile::exists(clone.vault.filePath(Journal::legacyPath())));
        const QByteArray after = clone.vault.read(clone.journal());
        QVERIFY(after.startsWith(afterFirst)); // then the index run's first-sight events
        QCOMPARE(after.count(legacy), 1);
        const Chunk a = internals(*clone.engine).store().chunksOfFile(QStringLiteral("notes/a.md")).first();
        QCOMPARE(internals(*clone.engine).dynamics().state(a).accessCount, 4);
    }
};

QTEST_GUILESS_MAIN(TestJournalMerge)
#include "tst_journalmerge.moc"
