#include "EngineFixtures.h"
#include "TestVault.h"
#include "core/Config.h"
#include "dynamics/DecayPolicy.h"
#include "dynamics/MemoryDynamics.h"
#include "vault/EngineInternals.h"

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
    Chunk chunk(const QString &path) { return internals(*engine).store().chunksOfFile(path).value(0); }
    double strength(const QString &path) { return internals(*engine).dynamics().state(chunk(path)).strength; }
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
        QVERIFY(internals(*e.engine).dynamics().state(e.chunk(QStringLiteral("identity/soul.md"))).exempt);
        QVERIFY(test::recalledPaths(*e.engine, QStringLiteral("launch the beta"), false)
                    .contains(QStringLiteral("memories/prospective/launch.md")));
    }

    void decay_belowThresholdIsArchivedButSearchable()
    {
        TestVault vault;
        writeStores(vault);
        // A goal (never decays) that matches the query exactly as well as the trip does (the same
        // words in another order: an identical line would be shown once, for the first file).
        vault.write(QStringLiteral("memories/prospective/coast.md"),
                    memory(QStringLiteral("Coast plan"), {}, QStringLiteral("In March we drove to the coast.")));
        ClockedEngine e(vault);
        e.engine->index();
        const QString trip = QStringLiteral("memories/episodic/trip.md");
        *e.clock = kStart.addDays(44);
        QVERIFY(!internals(*e.engine).dynamics().state(e.chunk(trip)).archived);
        QVERIFY(test::recalledPaths(*e.engine, QStringLiteral("drove to the coast"), false).contains(trip));
        *e.clock = kStart.addDays(46);
        QVERIFY(internals(*e.engine).dynamics().state(e.chunk(trip)).archived);
        QVERIFY(!test::recalledPaths(*e.engine, QStringLiteral("drove to the coast"), false).contains(trip));
        const QStringList withArchive = test::recalledPaths(*e.engine, QStringLiteral("drove to the coast"), true);
        QVERIFY(withArchive.contains(trip));
        // Ranked low: below a living memory that matches as well (a far better match may still
        // come first when archived memories are asked for: decay scales with relevance).
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
        QVERIFY(test::recalledPaths(*e.engine, QStringLiteral("loud noise window"), false).contains(noise));
        *e.clock = kStart.addSecs(25 * 3600);
        QVERIFY(!test::recalledPaths(*e.engine, QStringLiteral("loud noise window"), false).contains(noise));
        QVERIFY(test::recalledPaths(*e.engine, QStringLiteral("loud noise window"), true).contains(noise));
    }

    void reinforcement_accessRestoresStrengthSpacedMoreThanMassed()
    {
        TestVault vault;
        writeStores(vault);
        ClockedEngine e(vault);
        e.engine->index();
        const QString trip = QStringLiteral("memories/episodic/trip.md");
        *e.clock = kStart.addDays(20);
        QVERIFY(qAbs(e.strength(trip) - 0.6) < 1e-9); // 1 − 20 × 0.02
        QVERIFY(internals(*e.engine).dynamics().recordAccess({e.chunk(trip)}, QStringLiteral("test")).ok());
        // An access restores a share of what was lost: 0.3 + 0.7 × (1 − e^(−gap/7)).
        // Gap 20 days: e^(−20/7) = 0.0574326193, share = 0.3 + 0.7 × 0.9425673807 = 0.9597971665,
        // strength = 0.6 + 0.4 × 0.9597971665 = 0.9839188666.
        QVERIFY(qAbs(e.strength(trip) - 0.9839188666) < 1e-9);
        // Decay restarts from the access: ten days later 0.9839188666 − 10 × 0.02 = 0.7839188666.
        *e.clock = kStart.addDays(30);
        QVERIFY(qAbs(e.strength(trip) - 0.7839188666) < 1e-9);
        // Gap 10 days: e^(−10/7) = 0.2396510364, share = 0.3 + 0.7 × 0.7603489636 = 0.8322442745,
        // strength = 0.7839188666 + 0.2160811334 × 0.8322442745 = 0.9637511527.
        QVERIFY(internals(*e.engine).dynamics().recordAccess({e.chunk(trip)}, QStringLiteral("test")).ok());
        QVERIFY(qAbs(e.strength(trip) - 0.9637511527) < 1e-9);
        // Massed (gap 0): share = 0.3, strength = 0.9637511527 + 0.0362488473 × 0.3 = 0.9746258069.
        QVERIFY(internals(*e.engine).dynamics().recordAccess({e.chunk(trip)}, QStringLiteral("test")).ok());
        QVERIFY(qAbs(e.strength(trip) - 0.9746258069) < 1e-9);
        const MemoryState st = internals(*e.engine).dynamics().state(e.chunk(trip));
        QCOMPARE(st.accessCount, 3);
        QCOMPARE(st.lastAccess, kStart.addDays(30));
    }

    void reinforcement_aMonthsGapRestoresNearlyAll()
    {
        // DESIGN: massed repetition restores 30 %, a week about 75 %, a month nearly all.
        // Week: 0.3 + 0.7 × (1 − e^(−1)) = 0.3 + 0.7 × 0.6321205588 = 0.7424843912 of the loss.
        QVERIFY(qAbs(DecayPolicy::reinforced(0.0, 7.0) - 0.7424843912) < 1e-9);
        // Month (30 days): e^(−30/7) = 0.0137637867, 0.3 + 0.7 × 0.9862362133 = 0.9903653493.
        QVERIFY(qAbs(DecayPolicy::reinforced(0.0, 30.0) - 0.9903653493) < 1e-9);
        // Massed on a half-lost memory: 0.5 + 0.5 × 0.3 = 0.65. Never above 1.
        QVERIFY(qAbs(DecayPolicy::reinforced(0.5, 0.0) - 0.65) < 1e-12);
        QCOMPARE(DecayPolicy::reinforced(1.0, 400.0), 1.0);
    }

    void decay_emotionalNeedsBothValenceAndArousalAboveSevenTenths()
    {
        // Strictly above 0.7 on both: |valence| > 0.7 and arousal > 0.7 → 0.01 a day, else 0.02.
        const QString episodic = QStringLiteral("episodic");
        const QString raw = QStringLiteral("raw");
        QCOMPARE(DecayPolicy::dailyLoss(episodic, raw, 0.71, 0.71), 0.01);
        QCOMPARE(DecayPolicy::dailyLoss(episodic, raw, -0.71, 0.71), 0.01); // bad feelings count as much
        QCOMPARE(DecayPolicy::dailyLoss(episodic, raw, 0.7, 0.9), 0.02);    // valence at the line: not above
        QCOMPARE(DecayPolicy::dailyLoss(episodic, raw, 0.9, 0.7), 0.02);    // arousal at the line: not above
        QCOMPARE(DecayPolicy::dailyLoss(episodic, raw, 0.9, -0.9), 0.02);   // arousal is not an absolute value
        QCOMPARE(DecayPolicy::dailyLoss(episodic, raw, 0.0, 0.0), 0.02);
    }

    void decay_exemptStoreAndLayerAreProspectiveAndCoreOnly()
    {
        QCOMPARE(DecayPolicy::dailyLoss(QStringLiteral("prospective"), QStringLiteral("raw"), 0, 0), 0.0);
        QCOMPARE(DecayPolicy::dailyLoss(QStringLiteral("semantic"), QStringLiteral("core"), 0, 0), 0.0);
        for (const char *store : {"sensory", "episodic", "semantic", "procedural"})
            QCOMPARE(DecayPolicy::dailyLoss(QString::fromLatin1(store), QStringLiteral("raw"), 0, 0), 0.02);
        for (const char *layer : {"raw", "session", "daily", "weekly", "fact"})
            QCOMPARE(DecayPolicy::dailyLoss(QStringLiteral("episodic"), QString::fromLatin1(layer), 0, 0), 0.02);
    }

    void decay_archivesStrictlyBelowOneTenth()
    {
        TestVault vault;
        writeStores(vault);
        ClockedEngine e(vault);
        e.engine->index();
        const QString trip = QStringLiteral("memories/episodic/trip.md");
        // 44.5 days: 1 − 44.5 × 0.02 = 0.11, kept; 45.5 days: 1 − 45.5 × 0.02 = 0.09, archived.
        e.advanceDays(44.5);
        QVERIFY(qAbs(e.strength(trip) - 0.11) < 1e-9);
        QVERIFY(!internals(*e.engine).dynamics().state(e.chunk(trip)).archived);
        e.advanceDays(1.0);
        QVERIFY(qAbs(e.strength(trip) - 0.09) < 1e-9);
        QVERIFY(internals(*e.engine).dynamics().state(e.chunk(trip)).archived);
        QVERIFY(!DecayPolicy::isArchived(0.1)); // "below 0.1": exactly 0.1 stays
        QVERIFY(DecayPolicy::isArchived(0.0999));
    }

    void sensory_leavesTheDefaultViewAfterExactlyADay()
    {
        TestVault vault;
        writeStores(vault);
        ClockedEngine e(vault);
        e.engine->index();
        const Chunk noise = e.chunk(QStringLiteral("memories/sensory/noise.md"));
        // 24 h = 86 400 s: at 86 400 s it is still there, one second later it is gone, although
        // its strength (1 − 0.02 ≈ 0.98) is far from the archive line.
        QVERIFY(!internals(*e.engine).dynamics().state(noise, kStart.addSecs(86400)).archived);
        const MemoryState later = internals(*e.engine).dynamics().state(noise, kStart.addSecs(86401));
        QVERIFY(later.archived);
        QVERIFY(later.strength > 0.97);
        // An episodic memory of the same age is not touched by the sensory rule.
        QVERIFY(!internals(*e.engine)
                     .dynamics()
                     .state(e.chunk(QStringLiteral("memories/episodic/trip.md")), kStart.addSecs(86401))
                     .archived);
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
            QCOMPARE(
                internals(*e.engine).dynamics().state(e.chunk(QStringLiteral("memories/episodic/trip.md"))).accessCount,
                0);
            QVERIFY(e.engine->pack(q, 2000).ok());
            QCOMPARE(
                internals(*e.engine).dynamics().state(e.chunk(QStringLiteral("memories/episodic/trip.md"))).accessCount,
                1);
            q.reinforce = false; // a preview
            QVERIFY(e.engine->pack(q, 2000).ok());
            QCOMPARE(
                internals(*e.engine).dynamics().state(e.chunk(QStringLiteral("memories/episodic/trip.md"))).accessCount,
                1);
        }
        Config config;
        config.reinforceOn = QStringLiteral("recall");
        QVERIFY(config.save(vault.path()).ok());
        ClockedEngine e(vault);
        RecallQuery q;
        q.text = QStringLiteral("drove to the coast");
        QVERIFY(e.engine->recall(q).ok());
        QCOMPARE(
            internals(*e.engine).dynamics().state(e.chunk(QStringLiteral("memories/episodic/trip.md"))).accessCount, 2);

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
            counted += internals(*e.engine).dynamics().state(r.chunk).accessCount
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
            internals(*e.engine).dynamics().state(e.chunk(QStringLiteral("memories/episodic/accident.md")));
        QVERIFY(accident.facts.valenceExplicit && accident.facts.arousalExplicit);
        QCOMPARE(accident.facts.valence, -0.9);
        QCOMPARE(accident.facts.source, QStringLiteral("conversation"));
        QVERIFY(!accident.facts.sourceExplicit);
        const MemoryState bridge = internals(*e.engine).dynamics().state(e.chunk(QStringLiteral("notes/bridge.md")));
        QVERIFY(!bridge.facts.valenceExplicit && !bridge.facts.arousalExplicit);
        QVERIFY(bridge.facts.valence < -0.7);
        QVERIFY(bridge.facts.arousal > 0.7);
        QCOMPARE(bridge.dailyLoss, DecayPolicy::kEmotionalDailyLoss);
        QCOMPARE(bridge.facts.source, QStringLiteral("external"));
        const MemoryState daily =
            internals(*e.engine).dynamics().state(e.chunk(QStringLiteral("consolidated/daily/2026-01-01.md")));
        QCOMPARE(daily.facts.source, QStringLiteral("inference"));
        QCOMPARE(daily.facts.valence, 0.0);
        QCOMPARE(daily.dailyLoss, DecayPolicy::kDailyLoss);
    }

    void policy_coactivationGrowsByAQuarterOfWhatIsMissing()
    {
        // 0 → 0 + 1 × 0.25 = 0.25 → 0.25 + 0.75 × 0.25 = 0.4375; never above 1.
        QCOMPARE(DecayPolicy::coactivationGrown(0.0), 0.25);
        QCOMPARE(DecayPolicy::coactivationGrown(0.25), 0.4375);
        QCOMPARE(DecayPolicy::coactivationGrown(1.0), 1.0);
    }

    void policy_coactivationFadesToAFloorButStays()
    {
        // 0.05 + (0.4375 − 0.05) × e^(−30/30) = 0.05 + 0.3875 × 0.3678794412 = 0.1925532835.
        QVERIFY(qAbs(DecayPolicy::coactivationAt(0.4375, kStart, kStart.addDays(30)) - 0.1925532835) < 1e-9);
        // Ten years: 0.3875 × e^(−121.7) is nothing; what stays is the floor, 0.05.
        QVERIFY(qAbs(DecayPolicy::coactivationAt(0.4375, kStart, kStart.addDays(3650)) - 0.05) < 1e-12);
        // An edge at or below the floor does not fade at all.
        QCOMPARE(DecayPolicy::coactivationAt(0.04, kStart, kStart.addDays(300)), 0.04);
    }

    void policy_accessSignalIsLogarithmicUpToTwentyUses()
    {
        // ln(1 + n) / ln(21): 1 use = 0.6931471806 / 3.0445224377 = 0.2276702487;
        // 3 uses = 1.3862943611 / 3.0445224377 = 0.4553404974; 20 and more = 1.
        QCOMPARE(DecayPolicy::accessSignal(0), 0.0);
        QVERIFY(qAbs(DecayPolicy::accessSignal(1) - 0.2276702487) < 1e-9);
        QVERIFY(qAbs(DecayPolicy::accessSignal(3) - 0.4553404974) < 1e-9);
        QCOMPARE(DecayPolicy::accessSignal(20), 1.0);
        QCOMPARE(DecayPolicy::accessSignal(40), 1.0);
    }
};

QTEST_GUILESS_MAIN(TestDecay)
#include "tst_decay.moc"
