#include "Config.h"
#include "DecayPolicy.h"
#include "Engine.h"
#include "MemoryDynamics.h"
#include "TestVault.h"

#include <QTest>

using namespace engram;
using test::TestVault;

namespace {

const QDateTime kStart(QDate(2026, 1, 1), QTime(8, 0), Qt::UTC);

struct ClockedEngine {
    std::unique_ptr<Engine> engine;
    std::shared_ptr<QDateTime> clock = std::make_shared<QDateTime>(kStart);

    explicit ClockedEngine(const TestVault &vault)
    {
        auto opened = Engine::open(vault.path());
        if (!opened)
            qFatal("cannot open engine: %s", qPrintable(opened.error().toString()));
        engine = std::move(*opened);
        engine->setClock([c = clock] { return *c; });
    }
    void advanceDays(double days) { *clock = clock->addSecs(qint64(days * 86400)); }
    Chunk chunk(const QString &path) { return engine->store().chunksOfFile(path).value(0); }
    double strength(const QString &path) { return engine->dynamics().state(chunk(path)).strength; }
};

QString memory(const QString &title, const QString &extra, const QString &body)
{
    return QStringLiteral("---\ntitle: %1\n%2---\n%3\n").arg(title, extra, body);
}

void writeStores(TestVault &vault)
{
    vault.write(QStringLiteral("memories/episodic/trip.md"),
                memory(QStringLiteral("Trip"), {}, QStringLiteral("We drove to the coast in March.")));
    vault.write(QStringLiteral("memories/semantic/boiling.md"),
                memory(QStringLiteral("Boiling"), {}, QStringLiteral("Water boils at 100 degrees at sea level.")));
    vault.write(QStringLiteral("memories/procedural/release.md"),
                memory(QStringLiteral("Release"), {}, QStringLiteral("Tag, build, upload the release.")));
    vault.write(QStringLiteral("memories/prospective/launch.md"),
                memory(QStringLiteral("Launch"), {}, QStringLiteral("Launch the beta before summer.")));
    vault.write(QStringLiteral("memories/sensory/noise.md"),
                memory(QStringLiteral("Noise"), {}, QStringLiteral("A loud noise outside the window.")));
    vault.write(QStringLiteral("identity/soul.md"), QStringLiteral("# Soul\n\nI value honest, careful work.\n"));
    vault.write(QStringLiteral("memories/episodic/accident.md"),
                memory(QStringLiteral("Accident"), QStringLiteral("valence: -0.9\narousal: 0.85\n"),
                       QStringLiteral("The car crash on the bridge scared us badly.")));
    vault.write(QStringLiteral("memories/episodic/mild.md"),
                memory(QStringLiteral("Mild"), QStringLiteral("valence: -0.9\narousal: 0.5\n"),
                       QStringLiteral("A sad but calm afternoon.")));
}

QStringList recalled(Engine &engine, const QString &text, bool archived)
{
    RecallQuery q;
    q.text = text;
    q.reinforce = false;
    q.filter.includeArchived = archived;
    QStringList out;
    if (auto results = engine.recall(q))
        for (const RecallResult &r : *results)
            out << r.chunk.path;
    return out;
}

} // namespace

class TestDecay : public QObject {
    Q_OBJECT
private slots:
    void decay_followsTheCurveOfEachStore()
    {
        TestVault vault;
        writeStores(vault);
        ClockedEngine e(vault);
        e.engine->index();
        const QStringList decaying{QStringLiteral("memories/episodic/trip.md"),
                                   QStringLiteral("memories/semantic/boiling.md"),
                                   QStringLiteral("memories/procedural/release.md")};
        for (const QString &p : decaying)
            QCOMPARE(e.strength(p), 1.0);
        for (int day : {5, 10, 25}) {
            *e.clock = kStart.addDays(day);
            for (const QString &p : decaying)
                QVERIFY2(qAbs(e.strength(p) - (1.0 - 0.02 * day)) < 1e-9, qPrintable(p));
        }
        *e.clock = kStart.addDays(60);
        for (const QString &p : decaying)
            QCOMPARE(e.strength(p), 0.0);
    }

    void decay_emotionalMemoriesDecayAtHalfSpeed()
    {
        TestVault vault;
        writeStores(vault);
        ClockedEngine e(vault);
        e.engine->index();
        *e.clock = kStart.addDays(30);
        QVERIFY(qAbs(e.strength(QStringLiteral("memories/episodic/accident.md")) - 0.7) < 1e-9);
        // strong valence alone (arousal 0.5) is not enough
        QVERIFY(qAbs(e.strength(QStringLiteral("memories/episodic/mild.md")) - 0.4) < 1e-9);
    }

    void decay_prospectiveAndCoreNeverDecay()
    {
        TestVault vault;
        writeStores(vault);
        ClockedEngine e(vault);
        e.engine->index();
        QCOMPARE(e.chunk(QStringLiteral("identity/soul.md")).tags.layer.value, QStringLiteral("core"));
        *e.clock = kStart.addDays(400);
        QCOMPARE(e.strength(QStringLiteral("memories/prospective/launch.md")), 1.0);
        QCOMPARE(e.strength(QStringLiteral("identity/soul.md")), 1.0);
        QVERIFY(e.engine->dynamics().state(e.chunk(QStringLiteral("identity/soul.md"))).exempt);
        QVERIFY(recalled(*e.engine, QStringLiteral("launch the beta"), false)
                    .contains(QStringLiteral("memories/prospective/launch.md")));
    }

    void decay_belowThresholdIsArchivedButSearchable()
    {
        TestVault vault;
        writeStores(vault);
        vault.write(QStringLiteral("memories/prospective/coast.md"),
                    memory(QStringLiteral("Coast plan"), {}, QStringLiteral("Plan another drive to the coast.")));
        ClockedEngine e(vault);
        e.engine->index();
        const QString trip = QStringLiteral("memories/episodic/trip.md");
        *e.clock = kStart.addDays(44);
        QVERIFY(!e.engine->dynamics().state(e.chunk(trip)).archived);
        QVERIFY(recalled(*e.engine, QStringLiteral("drove to the coast"), false).contains(trip));
        *e.clock = kStart.addDays(46);
        QVERIFY(e.engine->dynamics().state(e.chunk(trip)).archived);
        QVERIFY(!recalled(*e.engine, QStringLiteral("drove to the coast"), false).contains(trip));
        const QStringList withArchive = recalled(*e.engine, QStringLiteral("drove to the coast"), true);
        QVERIFY(withArchive.contains(trip));
        // ranked low: below the living memory about the coast, though it matches the query better
        QVERIFY(withArchive.indexOf(trip) > withArchive.indexOf(QStringLiteral("memories/prospective/coast.md")));
        QVERIFY(QFile::exists(vault.filePath(trip))); // decay never deletes
    }

    void sensory_expiresFromDefaultViewAfter24Hours()
    {
        TestVault vault;
        writeStores(vault);
        ClockedEngine e(vault);
        e.engine->index();
        const QString noise = QStringLiteral("memories/sensory/noise.md");
        *e.clock = kStart.addSecs(23 * 3600);
        QVERIFY(recalled(*e.engine, QStringLiteral("loud noise window"), false).contains(noise));
        *e.clock = kStart.addSecs(25 * 3600);
        QVERIFY(!recalled(*e.engine, QStringLiteral("loud noise window"), false).contains(noise));
        QVERIFY(recalled(*e.engine, QStringLiteral("loud noise window"), true).contains(noise));
    }

    void reinforcement_accessRestoresStrengthSpacedMoreThanMassed()
    {
        TestVault vault;
        writeStores(vault);
        ClockedEngine e(vault);
        e.engine->index();
        const QString trip = QStringLiteral("memories/episodic/trip.md");
        *e.clock = kStart.addDays(20);
        QVERIFY(qAbs(e.strength(trip) - 0.6) < 1e-9);
        QVERIFY(e.engine->dynamics().recordAccess({e.chunk(trip)}, QStringLiteral("test")).ok());
        const double spaced = e.strength(trip);
        QVERIFY(qAbs(spaced - DecayPolicy::reinforced(0.6, 20.0)) < 1e-9);
        QVERIFY(spaced > 0.9);
        // decay restarts from the access
        *e.clock = kStart.addDays(30);
        QVERIFY(qAbs(e.strength(trip) - (spaced - 0.2)) < 1e-9);
        const double before = e.strength(trip);
        QVERIFY(e.engine->dynamics().recordAccess({e.chunk(trip)}, QStringLiteral("test")).ok());
        const double gainAfterTenDays = e.strength(trip) - before;
        const double beforeMassed = e.strength(trip);
        QVERIFY(e.engine->dynamics().recordAccess({e.chunk(trip)}, QStringLiteral("test")).ok());
        const double massedGain = e.strength(trip) - beforeMassed;
        QVERIFY(massedGain / (1.0 - beforeMassed) < gainAfterTenDays / (1.0 - before));
        const MemoryState st = e.engine->dynamics().state(e.chunk(trip));
        QCOMPARE(st.accessCount, 3);
        QCOMPARE(st.lastAccess, kStart.addDays(30));
    }

    void reinforcement_packCountsByDefaultRecallOnlyWhenConfigured()
    {
        TestVault vault;
        writeStores(vault);
        {
            ClockedEngine e(vault);
            e.engine->index();
            RecallQuery q;
            q.text = QStringLiteral("drove to the coast");
            QVERIFY(e.engine->recall(q).ok());
            QCOMPARE(e.engine->dynamics().state(e.chunk(QStringLiteral("memories/episodic/trip.md"))).accessCount, 0);
            QVERIFY(e.engine->pack(q, 2000).ok());
            QCOMPARE(e.engine->dynamics().state(e.chunk(QStringLiteral("memories/episodic/trip.md"))).accessCount, 1);
            q.reinforce = false; // a preview
            QVERIFY(e.engine->pack(q, 2000).ok());
            QCOMPARE(e.engine->dynamics().state(e.chunk(QStringLiteral("memories/episodic/trip.md"))).accessCount, 1);
        }
        Config config;
        config.reinforceOn = QStringLiteral("recall");
        QVERIFY(config.save(vault.path()).ok());
        ClockedEngine e(vault);
        RecallQuery q;
        q.text = QStringLiteral("drove to the coast");
        QVERIFY(e.engine->recall(q).ok());
        QCOMPARE(e.engine->dynamics().state(e.chunk(QStringLiteral("memories/episodic/trip.md"))).accessCount, 2);

        // only the ten a reader sees count, however wide the recall
        for (int i = 0; i < 14; ++i)
            vault.write(QStringLiteral("notes/coast-%1.md").arg(i),
                        QStringLiteral("# Coast %1\n\nThe coast road, part %1.\n").arg(i));
        e.engine->index();
        q.text = QStringLiteral("coast");
        q.k = 30;
        auto results = e.engine->recall(q);
        QVERIFY(results.ok() && results->size() > 10);
        int counted = 0;
        for (const RecallResult &r : std::as_const(*results))
            counted += e.engine->dynamics().state(r.chunk).accessCount
                       > (r.chunk.path.endsWith(QLatin1String("trip.md")) ? 2 : 0);
        QCOMPARE(counted, 10);
    }

    void facts_fromFrontMatterElseInferredAndMarked()
    {
        TestVault vault;
        writeStores(vault);
        vault.write(QStringLiteral("notes/bridge.md"),
                    QStringLiteral("# Bridge\n\nWe were terrified and scared! The crash was a disaster.\n"));
        vault.write(QStringLiteral("consolidated/daily/2026-01-01.md"),
                    QStringLiteral("# Daily\n\nA plain day of work.\n"));
        ClockedEngine e(vault);
        e.engine->index();
        const MemoryState accident =
            e.engine->dynamics().state(e.chunk(QStringLiteral("memories/episodic/accident.md")));
        QVERIFY(accident.facts.valenceExplicit && accident.facts.arousalExplicit);
        QCOMPARE(accident.facts.valence, -0.9);
        QCOMPARE(accident.facts.source, QStringLiteral("conversation"));
        QVERIFY(!accident.facts.sourceExplicit);
        const MemoryState bridge = e.engine->dynamics().state(e.chunk(QStringLiteral("notes/bridge.md")));
        QVERIFY(!bridge.facts.valenceExplicit && !bridge.facts.arousalExplicit);
        QVERIFY(bridge.facts.valence < -0.7);
        QVERIFY(bridge.facts.arousal > 0.7);
        QCOMPARE(bridge.dailyLoss, DecayPolicy::kEmotionalDailyLoss);
        QCOMPARE(bridge.facts.source, QStringLiteral("external"));
        const MemoryState daily =
            e.engine->dynamics().state(e.chunk(QStringLiteral("consolidated/daily/2026-01-01.md")));
        QCOMPARE(daily.facts.source, QStringLiteral("inference"));
        QCOMPARE(daily.facts.valence, 0.0);
        QCOMPARE(daily.dailyLoss, DecayPolicy::kDailyLoss);
    }

    void policy_coactivationFadesToAFloorButStays()
    {
        const double grown = DecayPolicy::coactivationGrown(DecayPolicy::coactivationGrown(0.0));
        QVERIFY(grown > DecayPolicy::coactivationGrown(0.0));
        const double later = DecayPolicy::coactivationAt(grown, kStart, kStart.addDays(30));
        QVERIFY(later < grown);
        const double muchLater = DecayPolicy::coactivationAt(grown, kStart, kStart.addDays(3650));
        QVERIFY(muchLater >= DecayPolicy::kCoactivationFloor);
        QVERIFY(muchLater < DecayPolicy::kCoactivationFloor + 1e-6);
        QCOMPARE(DecayPolicy::accessSignal(0), 0.0);
        QCOMPARE(DecayPolicy::accessSignal(20), 1.0);
        QVERIFY(DecayPolicy::accessSignal(3) > DecayPolicy::accessSignal(1));
    }
};

QTEST_GUILESS_MAIN(TestDecay)
#include "tst_decay.moc"
