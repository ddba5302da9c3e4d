#include "TestVault.h"
#include "agent/MemoryWriter.h"
#include "dynamics/DecayPolicy.h"
#include "dynamics/Journal.h"
#include "dynamics/JournalReplayer.h"
#include "dynamics/MemoryDynamics.h"
#include "vault/EngineInternals.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTest>

using namespace engram;
using test::TestVault;

namespace {

const QDateTime kStart(QDate(2026, 2, 1), QTime(9, 0), Qt::UTC);

std::unique_ptr<Engine> openEngine(const TestVault &vault, const std::shared_ptr<QDateTime> &clock)
{
    auto engine = Engine::open(vault.path());
    if (!engine)
        qFatal("cannot open engine: %s", qPrintable(engine.error().toString()));
    (*engine)->setClock([clock] { return *clock; });
    return std::move(*engine);
}

void writeVault(TestVault &vault)
{
    vault.write(QStringLiteral("notes/storage.md"),
                QStringLiteral("---\nproject: engram\n---\n# Storage\n\nWe keep the index in SQLite with FTS5. "
                               "The vectors live in [[hnsw]].\n"));
    vault.write(QStringLiteral("notes/hnsw.md"),
                QStringLiteral("# HNSW\n\nhnswlib gives approximate nearest neighbours for embeddings.\n"));
    vault.write(QStringLiteral("notes/garden.md"),
                QStringLiteral("# Garden\n\nTomatoes need sun and water every day.\n"));
    vault.write(QStringLiteral("notes/kitchen.md"),
                QStringLiteral("# Kitchen\n\nThe oven runs hot; bake bread at 210 degrees.\n"));
    vault.write(
        QStringLiteral("consolidated/daily/2026-01-31.md"),
        QStringLiteral(
            "---\nderived_from: [sessions/2026-01-31/chat.md]\n---\n# Daily\n\nWe talked about the database and "
            "the oven.\n"));
    vault.write(QStringLiteral("sessions/2026-01-31/chat.md"),
                QStringLiteral("User: which database do we use?\n\nAssistant: SQLite, with FTS5 for search.\n\n"
                               "User: and the bread?\n\nAssistant: Bake it at 210 degrees.\n"));
}

QStringList ranking(Engine &engine, const QString &text, const QString &mode, const QDateTime &now)
{
    RecallQuery q;
    q.text = text;
    q.mode = mode;
    q.k = 20;
    q.now = now;
    q.reinforce = false;
    q.filter.includeArchived = true;
    QStringList out;
    if (auto results = engine.recall(q))
        for (const RecallResult &r : *results) {
            QString line = QStringLiteral("%1#%2 %3").arg(r.chunk.path).arg(r.chunk.ordinal).arg(r.score, 0, 'f', 9);
            for (const ScoreComponent &c : r.breakdown)
                line += QStringLiteral(" %1=%2").arg(c.name).arg(c.value, 0, 'f', 9);
            out << line;
        }
    return out;
}

QString edgeLine(const MemoryEdge &e)
{
    return QStringLiteral("%1 %2>%3 w=%4 n=%5 %6")
        .arg(e.type, e.from, e.to)
        .arg(e.weight, 0, 'f', 12)
        .arg(e.count)
        .arg(e.origin);
}

/// Every chunk's strength, uses and edges, in a stable order.
QStringList dynamicsDump(Engine &engine, const QDateTime &now)
{
    QStringList out;
    QStringList paths = internals(engine).store().files().keys();
    paths.sort();
    for (const QString &path : paths) {
        for (const Chunk &chunk : internals(engine).store().chunksOfFile(path)) {
            const MemoryState st = internals(engine).dynamics().state(chunk, now);
            out << QStringLiteral("%1 s=%2 n=%3 last=%4 seen=%5 arch=%6 sup=%7")
                       .arg(st.key)
                       .arg(st.strength, 0, 'f', 12)
                       .arg(st.accessCount)
                       .arg(st.lastAccess.toString(Qt::ISODateWithMs), st.firstSeen.toString(Qt::ISODateWithMs))
                       .arg(st.archived)
                       .arg(st.superseded);
            QStringList edges;
            for (const MemoryEdge &e : internals(engine).dynamics().edges(chunk.path, chunk.ordinal, now))
                edges << QStringLiteral("  ") + edgeLine(e);
            edges.sort();
            out << edges;
        }
    }
    return out;
}

bool hasEdge(const QList<MemoryEdge> &edges, const QString &type, const QString &from, const QString &to)
{
    for (const MemoryEdge &e : edges)
        if (e.type == type && e.from == from && e.to == to)
            return true;
    return false;
}

/// A sequence of remembers, packs (access + co-activation) and a forget over ten simulated days.
void liveALittle(Engine &engine, TestVault &vault, const std::shared_ptr<QDateTime> &clock)
{
    Q_UNUSED(vault);
    engine.index();
    MemoryWriter writer(engine);
    RememberRequest r;
    r.title = QStringLiteral("Search stack");
    r.content = QStringLiteral("Search combines SQLite FTS5 keywords with hnswlib vectors.");
    r.project = QStringLiteral("engram");
    const QString first = *writer.remember(r);
    for (int day = 1; day <= 10; ++day) {
        *clock = kStart.addDays(day);
        RecallQuery q;
        q.text = day % 2 ? QStringLiteral("sqlite vectors search") : QStringLiteral("bake bread oven");
        if (!engine.pack(q, 300))
            qFatal("pack failed");
        if (day == 4) {
            RememberRequest newer = r;
            newer.content =
                QStringLiteral("Search now fuses SQLite FTS5 and hnswlib vectors with reciprocal rank fusion.");
            newer.supersedes = first;
            (void)writer.remember(newer);
        }
        if (day == 6) {
            RememberRequest passing;
            passing.title = QStringLiteral("Passing thought");
            passing.content = QStringLiteral("The garden tomatoes could use more water.");
            const QString path = *writer.remember(passing);
            (void)writer.forget(path);
        }
    }
}

} // namespace

class TestMemoryDynamics : public QObject {
    Q_OBJECT
private slots:
    void rebuild_afterDeletingIndexReproducesRankingsStrengthsAndEdges()
    {
        TestVault vault;
        writeVault(vault);
        auto clock = std::make_shared<QDateTime>(kStart);
        const QDateTime later = kStart.addDays(14);
        QStringList before;
        {
            auto engine = openEngine(vault, clock);
            liveALittle(*engine, vault, clock);
            for (const QString &mode : {QStringLiteral("fast"), QStringLiteral("deep"), QStringLiteral("creative")})
                for (const QString &query : {QStringLiteral("sqlite vectors search"), QStringLiteral("bread oven"),
                                             QStringLiteral("database")})
                    before << ranking(*engine, query, mode, later);
            before << dynamicsDump(*engine, later);
        }
        QVERIFY(before.join(QLatin1Char('\n')).contains(QLatin1String("co_activated")));
        QVERIFY(before.join(QLatin1Char('\n')).contains(QLatin1String("n=5"))); // accesses were counted

        QVERIFY(QDir(vault.filePath(QStringLiteral(".engram"))).removeRecursively());
        *clock = later.addDays(1); // a rebuild later must not change the past
        auto engine = openEngine(vault, clock);
        engine->index();
        QStringList after;
        for (const QString &mode : {QStringLiteral("fast"), QStringLiteral("deep"), QStringLiteral("creative")})
            for (const QString &query :
                 {QStringLiteral("sqlite vectors search"), QStringLiteral("bread oven"), QStringLiteral("database")})
                after << ranking(*engine, query, mode, later);
        after << dynamicsDump(*engine, later);
        QCOMPARE(after, before);

        auto rebuilt = engine->rebuild();
        QVERIFY(rebuilt.ok());
        QStringList again;
        for (const QString &mode : {QStringLiteral("fast"), QStringLiteral("deep"), QStringLiteral("creative")})
            for (const QString &query :
                 {QStringLiteral("sqlite vectors search"), QStringLiteral("bread oven"), QStringLiteral("database")})
                again << ranking(*engine, query, mode, later);
        again << dynamicsDump(*engine, later);
        QCOMPARE(again, before);
    }

    void coactivation_formsGrowsFadesAndPersists()
    {
        TestVault vault;
        writeVault(vault);
        auto clock = std::make_shared<QDateTime>(kStart);
        auto engine = openEngine(vault, clock);
        engine->index();
        const Chunk garden = internals(*engine).store().chunksOfFile(QStringLiteral("notes/garden.md")).value(0);
        const Chunk kitchen = internals(*engine).store().chunksOfFile(QStringLiteral("notes/kitchen.md")).value(0);
        auto weight = [&](const QDateTime &now) {
            for (const MemoryEdge &e : internals(*engine).dynamics().edges(garden.path, garden.ordinal, now))
                if (e.type == QLatin1String("co_activated")
                    && (e.to == MemoryDynamics::chunkKey(kitchen.path, 0)
                        || e.from == MemoryDynamics::chunkKey(kitchen.path, 0)))
                    return e.weight;
            return -1.0;
        };
        QCOMPARE(weight(kStart), -1.0);
        QVERIFY(internals(*engine).dynamics().recordCoactivation({garden, kitchen}).ok());
        const double once = weight(kStart);
        QVERIFY(once > 0.0);
        for (int i = 1; i <= 4; ++i) {
            *clock = kStart.addSecs(i * 3600);
            QVERIFY(internals(*engine).dynamics().recordCoactivation({garden, kitchen}).ok());
        }
        const double often = weight(*clock);
        QVERIFY(often > once);
        const double month = weight(clock->addDays(30));
        QVERIFY(month < often);
        const double decade = weight(clock->addDays(3650));
        QVERIFY(decade < month);
        QVERIFY(decade >= DecayPolicy::kCoactivationFloor); // faded, but the edge stays

        // co-retrieved memories lift each other when both are candidates
        RecallQuery q;
        q.text = QStringLiteral("tomatoes sun oven bread");
        q.reinforce = false;
        auto results = engine->recall(q);
        QVERIFY(results.ok());
        bool seen = false;
        for (const RecallResult &r : *results)
            if (r.chunk.path == garden.path)
                for (const ScoreComponent &c : r.breakdown)
                    if (c.name == QLatin1String("coactivation")) {
                        QVERIFY(c.value > 0.0);
                        seen = true;
                    }
        QVERIFY(seen);

        // persists across reopening and deleting the index
        engine.reset();
        QVERIFY(QDir(vault.filePath(QStringLiteral(".engram"))).removeRecursively());
        engine = openEngine(vault, clock);
        engine->index();
        QCOMPARE(weight(*clock), often);
    }

    void compaction_keepsTheMeaningOfTheJournal()
    {
        TestVault vault;
        writeVault(vault);
        auto clock = std::make_shared<QDateTime>(kStart);
        auto engine = openEngine(vault, clock);
        liveALittle(*engine, vault, clock);
        // a month of the same two packs: history grows, the state it means does not
        for (int hour = 0; hour < 60; ++hour) {
            *clock = kStart.addDays(11).addSecs(hour * 3600 * 6);
            RecallQuery q;
            q.text = hour % 2 ? QStringLiteral("sqlite vectors search") : QStringLiteral("bake bread oven");
            QVERIFY(engine->pack(q, 300).ok());
        }
        const QDateTime later = kStart.addDays(40);
        const QStringList before = dynamicsDump(*engine, later)
                                   + ranking(*engine, QStringLiteral("sqlite search"), QStringLiteral("deep"), later);
        const QString archived = QStringLiteral("archive/memories/episodic/passing-thought.md");
        QCOMPARE(internals(*engine).dynamics().originalOfArchived(archived),
                 QStringLiteral("memories/episodic/passing-thought.md"));
        const qint64 sizeBefore = Journal(vault.path()).size();

        QVERIFY(internals(*engine).dynamics().compact().ok());
        const qint64 sizeAfter = Journal(vault.path()).size();
        QVERIFY2(sizeAfter < sizeBefore, qPrintable(QStringLiteral("%1 -> %2").arg(sizeBefore).arg(sizeAfter)));
        QCOMPARE(dynamicsDump(*engine, later)
                     + ranking(*engine, QStringLiteral("sqlite search"), QStringLiteral("deep"), later),
                 before);
        QCOMPARE(internals(*engine).dynamics().originalOfArchived(archived),
                 QStringLiteral("memories/episodic/passing-thought.md"));

        // a fresh index replays the compacted journal to the same state, and new events append after it
        engine.reset();
        QVERIFY(QDir(vault.filePath(QStringLiteral(".engram"))).removeRecursively());
        engine = openEngine(vault, clock);
        engine->index();
        QCOMPARE(dynamicsDump(*engine, later)
                     + ranking(*engine, QStringLiteral("sqlite search"), QStringLiteral("deep"), later),
                 before);
        QVERIFY(MemoryWriter(*engine).restore(archived).ok());
        QVERIFY(internals(*engine).dynamics().originalOfArchived(archived).isEmpty());
    }

    void edgesOfMany_listsWhatEdgesListsForEachNode()
    {
        // The graph walk asks for a whole frontier at once; it must see what one-by-one asks see,
        // in the same order (the walk's sums, and so the scores, depend on it).
        TestVault vault;
        writeVault(vault);
        auto clock = std::make_shared<QDateTime>(kStart);
        auto engine = openEngine(vault, clock);
        liveALittle(*engine, vault, clock);
        const QDateTime now = *clock;
        const auto line = edgeLine;
        QStringList keys;
        QList<Chunk> chunks;
        for (const QString &path : internals(*engine).store().files().keys()) {
            keys << path;
            for (const Chunk &chunk : internals(*engine).store().chunksOfFile(path)) {
                keys << MemoryDynamics::chunkKey(path, chunk.ordinal);
                chunks << chunk;
            }
        }
        const auto all = internals(*engine).dynamics().edgesOfMany(keys, now, 1000);
        const auto firstTwo = internals(*engine).dynamics().edgesOfMany(keys, now, 2);
        int compared = 0;
        for (const Chunk &chunk : std::as_const(chunks)) {
            QStringList expected, actual, expectedTwo, actualTwo;
            const QString key = MemoryDynamics::chunkKey(chunk.path, chunk.ordinal);
            for (const MemoryEdge &e : internals(*engine).dynamics().edges(chunk.path, chunk.ordinal, now))
                expected << line(e);
            for (const MemoryEdge &e : all.value(key) + all.value(chunk.path))
                actual << line(e);
            QCOMPARE(actual, expected);
            for (const MemoryEdge &e : all.value(key).mid(0, 2))
                expectedTwo << line(e);
            for (const MemoryEdge &e : firstTwo.value(key))
                actualTwo << line(e);
            QCOMPARE(actualTwo, expectedTwo);
            compared += int(expected.size());
        }
        QVERIFY2(compared > 20, "the vault should have links, project mates, co-activation and a supersede");
    }

    void knownEdges_comeFromLinksFrontMatterAndTranscripts()
    {
        TestVault vault;
        writeVault(vault);
        auto clock = std::make_shared<QDateTime>(kStart);
        auto engine = openEngine(vault, clock);
        engine->index();
        const auto storage = internals(*engine).dynamics().edges(QStringLiteral("notes/storage.md"));
        QVERIFY(hasEdge(storage, QStringLiteral("related"), QStringLiteral("notes/storage.md"),
                        QStringLiteral("notes/hnsw.md")));
        const auto daily = internals(*engine).dynamics().edges(QStringLiteral("consolidated/daily/2026-01-31.md"));
        QVERIFY(hasEdge(daily, QStringLiteral("derived_from"), QStringLiteral("consolidated/daily/2026-01-31.md"),
                        QStringLiteral("sessions/2026-01-31/chat.md")));
        const auto chat = internals(*engine).dynamics().edges(QStringLiteral("sessions/2026-01-31/chat.md"));
        QVERIFY(hasEdge(chat, QStringLiteral("caused"), QStringLiteral("sessions/2026-01-31/chat.md#0"),
                        QStringLiteral("sessions/2026-01-31/chat.md#1")));
        // a remembered memory of the same project is related, and links to its nearest neighbours
        RememberRequest r;
        r.title = QStringLiteral("Index location");
        r.content = QStringLiteral("The SQLite index with FTS5 lives in .engram inside the vault.");
        r.project = QStringLiteral("engram");
        const QString path = *MemoryWriter(*engine).remember(r);
        const auto edges = internals(*engine).dynamics().edges(path, 0);
        int related = 0;
        for (const MemoryEdge &e : edges)
            if (e.type == QLatin1String("related") && e.origin == QLatin1String("journal")) {
                ++related;
                QVERIFY(e.weight > 0.0 && e.weight <= 1.0);
            }
        QVERIFY(related >= 1 && related <= 6);
        QVERIFY(hasEdge(edges, QStringLiteral("related"), path, QStringLiteral("notes/storage.md")));
        // editing the note re-derives its edges
        vault.write(QStringLiteral("notes/storage.md"), QStringLiteral("# Storage\n\nNo links any more.\n"));
        engine->indexPath(QStringLiteral("notes/storage.md"));
        QVERIFY(!hasEdge(internals(*engine).dynamics().edges(QStringLiteral("notes/storage.md")),
                         QStringLiteral("related"), QStringLiteral("notes/storage.md"),
                         QStringLiteral("notes/hnsw.md")));
    }

    void graphWalk_spreadsFromTopCandidatesAndShowsInBreakdown()
    {
        TestVault vault;
        writeVault(vault);
        auto clock = std::make_shared<QDateTime>(kStart);
        auto engine = openEngine(vault, clock);
        engine->index();
        RecallQuery q;
        q.text = QStringLiteral("SQLite FTS5 index vectors approximate neighbours");
        q.mode = QStringLiteral("deep");
        q.reinforce = false;
        auto results = engine->recall(q);
        QVERIFY(results.ok());
        double hnswGraph = -1.0;
        for (const RecallResult &r : *results) {
            double sum = 0.0;
            for (const ScoreComponent &c : r.breakdown) {
                sum += c.contribution();
                if (r.chunk.path == QLatin1String("notes/hnsw.md") && c.name == QLatin1String("graph"))
                    hnswGraph = c.value;
            }
            QVERIFY(qAbs(sum - r.score) < 1e-9);
        }
        QVERIFY(hnswGraph > 0.0);        // reached from notes/storage.md through [[hnsw]]
        q.mode = QStringLiteral("fast"); // no hops in fast mode
        auto fast = engine->recall(q);
        QVERIFY(fast.ok());
        for (const RecallResult &r : std::as_const(*fast))
            for (const ScoreComponent &c : r.breakdown)
                if (c.name == QLatin1String("graph"))
                    QCOMPARE(c.value, 0.0);
    }

    void supersede_linksAndRanksTheOldMemoryDown()
    {
        TestVault vault;
        auto clock = std::make_shared<QDateTime>(kStart);
        auto engine = openEngine(vault, clock);
        MemoryWriter writer(*engine);
        RememberRequest r;
        r.title = QStringLiteral("Deploy target");
        r.content = QStringLiteral("We deploy the service to the staging cluster on Fridays.");
        const QString old = *writer.remember(r);
        r.content = QStringLiteral("We deploy the service to the production cluster on Fridays.");
        r.supersedes = old;
        const QString newer = *writer.remember(r);
        QVERIFY(hasEdge(internals(*engine).dynamics().edges(newer), QStringLiteral("supersedes"), newer, old));
        const Chunk oldChunk = internals(*engine).store().chunksOfFile(old).value(0);
        QVERIFY(internals(*engine).dynamics().state(oldChunk).superseded);
        RecallQuery q;
        q.text = QStringLiteral("deploy the service to the staging cluster"); // matches the old one best
        q.reinforce = false;
        auto results = engine->recall(q);
        QVERIFY(results.ok() && results->size() >= 2);
        QCOMPARE(results->at(0).chunk.path, newer);
        QCOMPARE(results->at(1).chunk.path, old);
        QVERIFY(results->at(1).keywordRank < results->at(0).keywordRank);
        bool penalty = false;
        for (const ScoreComponent &c : results->at(1).breakdown)
            penalty = penalty || (c.name == QLatin1String("superseded") && c.contribution() < 0.0);
        QVERIFY(penalty); // the explanation says why
    }

    void graphWalk_spreadsByEdgeWeightTypeFactorAndHalfAtTheSecondHop()
    {
        // alpha links [[beta]], beta links [[gamma]]; alpha supersedes delta. Only stated edges:
        // no project, no memories/ (which would gain nearest-neighbour links).
        TestVault vault;
        vault.write(QStringLiteral("notes/alpha.md"),
                    QStringLiteral("---\nsupersedes: notes/delta.md\n---\nAlpha points to [[beta]].\n"));
        vault.write(QStringLiteral("notes/beta.md"), QStringLiteral("Beta points to [[gamma]].\n"));
        vault.write(QStringLiteral("notes/gamma.md"), QStringLiteral("Gamma is at the end.\n"));
        vault.write(QStringLiteral("notes/delta.md"), QStringLiteral("Delta was replaced.\n"));
        auto clock = std::make_shared<QDateTime>(kStart);
        auto engine = openEngine(vault, clock);
        engine->index();
        QList<RecallResult> results;
        for (const QString &name :
             {QStringLiteral("alpha"), QStringLiteral("beta"), QStringLiteral("gamma"), QStringLiteral("delta")}) {
            const QList<Chunk> chunks =
                internals(*engine).store().chunksOfFile(QStringLiteral("notes/%1.md").arg(name));
            QCOMPARE(chunks.size(), 1);
            RecallResult r;
            r.chunk = chunks.first();
            const double relevance = name == QLatin1String("alpha") ? 1.0 : 0.0;
            r.breakdown = {{QStringLiteral("relevance"), relevance, 1.0}, {QStringLiteral("graph"), 0.0, 1.0}};
            r.score = relevance;
            results << r;
        }
        internals(*engine).dynamics().signalSource().refine(results, engine->config().mode(QStringLiteral("deep")),
                                                            kStart);
        // Seeds: alpha (activation 1/1 = 1 on its chunk, 1/2 = 0.5 on its file); the others 0.
        // Hop 1 (damping 1): alpha's file → beta: 0.5 × 0.8 (wiki link) × 1 (related) = 0.4;
        //                    alpha's file → delta: 0.5 × 1.0 × 0.2 (supersedes) = 0.1.
        // Hop 2 (damping 0.5): beta → gamma: 0.4 × 0.8 × 1 × 0.5 = 0.16; beta → alpha: 0.16;
        //                      delta → alpha: 0.1 × 1.0 × 0.2 × 0.5 = 0.01.
        // Received: alpha 0.16 + 0.01 = 0.17, beta 0.4, gamma 0.16, delta 0.1.
        const QList<double> expected{0.17, 0.4, 0.16, 0.1};
        for (qsizetype i = 0; i < results.size(); ++i) {
            double graph = -1.0;
            for (const ScoreComponent &c : results[i].breakdown)
                if (c.name == QLatin1String("graph"))
                    graph = c.value;
            QVERIFY2(qAbs(graph - expected[i]) < 1e-12, qPrintable(QStringLiteral("%1: graph %2, expected %3")
                                                                       .arg(results[i].chunk.path)
                                                                       .arg(graph, 0, 'f', 12)
                                                                       .arg(expected[i])));
            QVERIFY(qAbs(results[i].score - (i == 0 ? 1.0 : 0.0) - expected[i]) < 1e-12);
        }
    }

    void supersede_keepsThreeTenthsOfStrengthAndCostsTwoTenths()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/new.md"),
                    QStringLiteral("---\nsupersedes: notes/old.md\n---\nDeploys go to the production cluster.\n"));
        vault.write(QStringLiteral("notes/old.md"), QStringLiteral("Deploys go to the staging cluster.\n"));
        auto clock = std::make_shared<QDateTime>(kStart);
        auto engine = openEngine(vault, clock);
        engine->index();
        const QList<Chunk> chunks{internals(*engine).store().chunksOfFile(QStringLiteral("notes/new.md")).first(),
                                  internals(*engine).store().chunksOfFile(QStringLiteral("notes/old.md")).first()};
        SignalSource &source = internals(*engine).dynamics().signalSource();
        QList<MemorySignals> signalsNow;
        // Ten days after first sight: 1 − 10 × 0.02 = 0.8; the superseded one keeps 0.3 × 0.8 = 0.24.
        source.signalsFor(chunks, kStart.addDays(10), signalsNow);
        QVERIFY(qAbs(signalsNow[0].strength - 0.8) < 1e-12);
        QVERIFY(qAbs(signalsNow[1].strength - 0.24) < 1e-12);
        // And a visible term of −0.2 (times the layer weight, 1 here) on the superseded one only.
        QList<RecallResult> results(2);
        for (int i = 0; i < 2; ++i) {
            results[i].chunk = chunks[i];
            results[i].breakdown = {{QStringLiteral("relevance"), 1.0, 0.5}};
            results[i].score = 0.5;
        }
        source.refine(results, engine->config().mode(QStringLiteral("fast")), kStart.addDays(10));
        QCOMPARE(results[0].breakdown.size(), 1);
        QCOMPARE(results[1].breakdown.size(), 2);
        QCOMPARE(results[1].breakdown[1].name, QStringLiteral("superseded"));
        QVERIFY(qAbs(results[1].breakdown[1].contribution() - -0.2) < 1e-12);
        QVERIFY(qAbs(results[1].score - 0.3) < 1e-12); // 0.5 − 0.2
        QVERIFY(qAbs(results[0].score - 0.5) < 1e-12);
    }

    void replay_ofAFreshIndexGivesTheHandComputedState()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("Alpha note about the index.\n"));
        vault.write(QStringLiteral("notes/b.md"), QStringLiteral("Beta note about the vectors.\n"));
        auto clock = std::make_shared<QDateTime>(kStart);
        auto engine = openEngine(vault, clock);
        engine->index();
        const Chunk a = internals(*engine).store().chunksOfFile(QStringLiteral("notes/a.md")).first();
        const Chunk b = internals(*engine).store().chunksOfFile(QStringLiteral("notes/b.md")).first();
        QVERIFY(internals(*engine).dynamics().recordAccess({a}, QStringLiteral("test"), kStart.addDays(20)));
        QVERIFY(internals(*engine).dynamics().recordStrength(b, 0.5, kStart.addDays(5)));
        QVERIFY(internals(*engine).dynamics().recordCoactivation({a, b}, kStart.addDays(20)));
        QVERIFY(internals(*engine).dynamics().recordCoactivation({a, b}, kStart.addDays(20)));
        engine.reset();
        QVERIFY(QDir(vault.filePath(QStringLiteral(".engram"))).removeRecursively());
        auto fresh = openEngine(vault, clock);
        fresh->index();
        const QDateTime at = kStart.addDays(30);
        // a: 0.6 at day 20 (1 − 20 × 0.02), reinforced by 0.3 + 0.7 × (1 − e^(−20/7)) = 0.9597971665
        // of the missing 0.4: 0.9839188666; ten days later − 0.2 = 0.7839188666. One access.
        const MemoryState sa = internals(*fresh).dynamics().state(a, at);
        QVERIFY(qAbs(sa.strength - 0.7839188666) < 1e-9);
        QCOMPARE(sa.accessCount, 1);
        QCOMPARE(sa.lastAccess, kStart.addDays(20));
        QCOMPARE(sa.firstSeen, kStart);
        // b: set to 0.5 at day 5, 25 days of loss: 0.5 − 0.5 = 0 → archived. Never accessed.
        const MemoryState sb = internals(*fresh).dynamics().state(b, at);
        QVERIFY(qAbs(sb.strength) < 1e-9);
        QVERIFY(sb.archived);
        QCOMPARE(sb.accessCount, 0);
        // Co-activated twice at day 20: 0.25, then 0.4375; ten days of fading:
        // 0.05 + 0.3875 × e^(−10/30) = 0.05 + 0.3875 × 0.7165313106 = 0.3276558829.
        QList<MemoryEdge> coactivated;
        for (const MemoryEdge &e : internals(*fresh).dynamics().edges(a.path, a.ordinal, at))
            if (e.type == QLatin1String("co_activated"))
                coactivated << e;
        QCOMPARE(coactivated.size(), 1);
        QCOMPARE(coactivated.first().count, 2);
        QVERIFY(qAbs(coactivated.first().weight - 0.3276558829) < 1e-9);
        QVERIFY(internals(*fresh).dynamics().problems().isEmpty());
    }

    void filesOfOneIndexRun_areFirstSeenTogether()
    {
        // A slow run crosses seconds while it reads the files: here the clock moves a second at each
        // reading. The files of one run are first seen at its start, so equal notes keep equal
        // strengths (each file at its own second, the file read last was the strongest and twelve
        // equal notes ranked by the order the index read them), and so are files that changed together.
        TestVault vault;
        const auto write = [&vault](const QString &name) {
            vault.write(QStringLiteral("notes/%1.md").arg(name),
                        QStringLiteral("# %1\n\nThe billing service deploys on Tuesdays.\n").arg(name));
        };
        for (const char *name : {"a", "b", "c", "d"})
            write(QLatin1String(name));
        auto clock = std::make_shared<QDateTime>(kStart);
        auto engine = Engine::open(vault.path());
        QVERIFY(engine.ok());
        (*engine)->setClock([clock] { return std::exchange(*clock, clock->addSecs(1)); });
        const auto stateOf = [&engine](const QString &name) {
            const Chunk chunk =
                internals(**engine).store().chunksOfFile(QStringLiteral("notes/%1.md").arg(name)).first();
            return internals(**engine).dynamics().state(chunk, kStart.addDays(3));
        };
        QVERIFY(!(*engine)->index().error);
        const MemoryState a = stateOf(QStringLiteral("a"));
        QVERIFY(a.firstSeen.isValid());
        for (const QString &name : {QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("d")}) {
            QCOMPARE(stateOf(name).firstSeen, a.firstSeen);
            QCOMPARE(stateOf(name).strength, a.strength);
        }

        for (const char *name : {"e", "f", "g"})
            write(QLatin1String(name));
        QVERIFY(!(*engine)
                     ->indexPaths(
                         {QStringLiteral("notes/e.md"), QStringLiteral("notes/f.md"), QStringLiteral("notes/g.md")})
                     .error);
        const MemoryState e = stateOf(QStringLiteral("e"));
        QVERIFY(e.firstSeen > a.firstSeen);
        QCOMPARE(stateOf(QStringLiteral("f")).firstSeen, e.firstSeen);
        QCOMPARE(stateOf(QStringLiteral("g")).firstSeen, e.firstSeen);

        // Outside a run, a file is first seen when it is read again, not at the last run's start.
        write(QStringLiteral("h"));
        QVERIFY(!(*engine)->indexPath(QStringLiteral("notes/h.md")).error);
        QVERIFY2(stateOf(QStringLiteral("h")).firstSeen > e.firstSeen,
                 "a file indexed alone after a run took that run's moment of first sight");
    }

    void journal_tornLastLineWaitsUntilItIsComplete()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("Alpha note about the index.\n"));
        auto clock = std::make_shared<QDateTime>(kStart);
        auto engine = openEngine(vault, clock);
        engine->index();
        const Chunk a = internals(*engine).store().chunksOfFile(QStringLiteral("notes/a.md")).first();
        // The bytes another writer appends for one access, taken from the journal's own writer.
        TestVault scratch;
        QVERIFY(Journal(scratch.path())
                    .append(QJsonObject{{QStringLiteral("type"), QStringLiteral("access")},
                                        {QStringLiteral("t"), QStringLiteral("2026-02-02T09:00:00.000Z")},
                                        {QStringLiteral("keys"), QJsonArray{QStringLiteral("notes/a.md#0")}},
                                        {QStringLiteral("strengths"), QJsonArray{1.0}}}));
        const QByteArray line = scratch.read(Journal(scratch.path()).relativePath());
        QVERIFY(line.endsWith('\n'));
        QFile journal(Journal(vault.path()).filePath());
        QVERIFY(journal.open(QIODevice::Append));
        journal.write(line.left(line.size() / 2)); // the writer is halfway through its line
        journal.flush();
        QVERIFY(internals(*engine).dynamics().open());
        QCOMPARE(internals(*engine).dynamics().state(a).accessCount, 0); // not read yet, and not an error
        QVERIFY(internals(*engine).dynamics().problems().isEmpty());
        journal.write(line.mid(line.size() / 2));
        journal.close();
        QVERIFY(internals(*engine).dynamics().open());
        QCOMPARE(internals(*engine).dynamics().state(a).accessCount, 1); // read once it is whole, exactly once
        QVERIFY(internals(*engine).dynamics().open());
        QCOMPARE(internals(*engine).dynamics().state(a).accessCount, 1);
        QVERIFY(internals(*engine).dynamics().problems().isEmpty());
    }

    void journal_compactedElsewhereAndGrownIsReplayedInFull()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("Alpha note about the index.\n"));
        vault.write(QStringLiteral("notes/b.md"), QStringLiteral("Beta note about the vectors.\n"));
        auto clock = std::make_shared<QDateTime>(kStart);
        auto engine = openEngine(vault, clock);
        engine->index();
        const Chunk a = internals(*engine).store().chunksOfFile(QStringLiteral("notes/a.md")).first();
        const Chunk b = internals(*engine).store().chunksOfFile(QStringLiteral("notes/b.md")).first();
        for (int day = 1; day <= 10; ++day)
            QVERIFY(internals(*engine).dynamics().recordAccess({a}, QStringLiteral("test"), kStart.addDays(day)));
        const qint64 replayedUpTo = Journal(vault.path()).size();
        // Another process compacts the journal (the same snapshot and atomic rewrite as compact())
        // and appends to it, before this index reads it again: the file is now longer than the
        // offset this index replayed up to, but its bytes there mean something else.
        auto snapshot =
            JournalReplayer(internals(*engine).store().database()).snapshot(kStart.addDays(10), replayedUpTo);
        QVERIFY(snapshot);
        {
            Journal journal(vault.path());
            auto held = journal.lock();
            QVERIFY(held);
            QVERIFY(journal.rewrite(*snapshot, **held));
        }
        QVERIFY(Journal(vault.path()).size() < replayedUpTo);
        int appended = 0;
        for (int day = 11; Journal(vault.path()).size() <= replayedUpTo + 200; ++day, ++appended)
            QVERIFY(Journal(vault.path())
                        .append(QJsonObject{{QStringLiteral("type"), QStringLiteral("access")},
                                            {QStringLiteral("t"), JournalReplayer::iso(kStart.addDays(day))},
                                            {QStringLiteral("keys"), QJsonArray{QStringLiteral("notes/b.md#0")}},
                                            {QStringLiteral("strengths"), QJsonArray{1.0}}}));
        QVERIFY(appended >= 2);
        QVERIFY(internals(*engine).dynamics().open());
        QCOMPARE(internals(*engine).dynamics().state(a).accessCount, 10);
        QCOMPARE(internals(*engine).dynamics().state(b).accessCount, appended);
        QVERIFY(internals(*engine).dynamics().problems().isEmpty());
    }

    void compaction_isTheWorkbenchsOrAFullIndexs_neverAOneShotOpens()
    {
        // Past 8 MiB the journal folds into a snapshot. At a million memories that took 8.6 s: an
        // agent's hook (a one-shot recall) must not pay it, the workbench and a full index do.
        TestVault vault;
        auto clock = std::make_shared<QDateTime>(kStart.addDays(1));
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("Alpha note about the index.\n"));
        {
            auto engine = openEngine(vault, clock);
            QCOMPARE(engine->index().indexed, 1);
        }
        // 1,100 accesses of 8 KiB each (a field replay does not read): a large journal, quick to replay.
        QList<QJsonObject> accesses;
        for (int i = 0; i < 1100; ++i)
            accesses << QJsonObject{{QStringLiteral("type"), QStringLiteral("access")},
                                    {QStringLiteral("t"), kStart.addSecs(i).toString(Qt::ISODateWithMs)},
                                    {QStringLiteral("keys"), QJsonArray{QStringLiteral("notes/a.md#0")}},
                                    {QStringLiteral("strengths"), QJsonArray{1.0}},
                                    {QStringLiteral("padding"), QString(8000, QLatin1Char('x'))}};
        QVERIFY(Journal(vault.path()).append(accesses));
        const qint64 large = Journal(vault.path()).size();
        QVERIFY(large > MemoryDynamics::kCompactAboveBytes);
        auto accessCount = [](Engine &engine) {
            const Chunk a = internals(engine).store().chunksOfFile(QStringLiteral("notes/a.md")).first();
            return internals(engine).dynamics().state(a).accessCount;
        };
        {
            auto oneShot = openEngine(vault, clock);
            QCOMPARE(accessCount(*oneShot), 1100);
            QCOMPARE(Journal(vault.path()).size(), large);
        }
        {
            auto opened = Engine::open(vault.path(), EngineLifetime::LongRunning);
            QVERIFY(opened);
            QVERIFY(Journal(vault.path()).size() < MemoryDynamics::kCompactAboveBytes);
            QCOMPARE(accessCount(**opened), 1100);
        }
        QVERIFY(Journal(vault.path()).append(accesses));
        auto oneShot = openEngine(vault, clock);
        QVERIFY(Journal(vault.path()).size() > MemoryDynamics::kCompactAboveBytes);
        QVERIFY(!oneShot->index().error);
        QVERIFY(Journal(vault.path()).size() < MemoryDynamics::kCompactAboveBytes);
        QCOMPARE(accessCount(*oneShot), 2200);
    }

    void compaction_replacesTheJournalAtomically()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("Alpha note about the index.\n"));
        auto clock = std::make_shared<QDateTime>(kStart);
        auto engine = openEngine(vault, clock);
        engine->index();
        const Chunk a = internals(*engine).store().chunksOfFile(QStringLiteral("notes/a.md")).first();
        for (int day = 1; day <= 10; ++day)
            QVERIFY(internals(*engine).dynamics().recordAccess({a}, QStringLiteral("test"), kStart.addDays(day)));
        const QString own = Journal(vault.path()).relativePath();
        const QByteArray before = vault.read(own);
        // A reader that opened the journal before the compaction keeps reading the whole old
        // file: the new one is written aside and renamed over it, never truncated in place.
        QFile reader(vault.filePath(own));
        QVERIFY(reader.open(QIODevice::ReadOnly));
        QVERIFY(internals(*engine).dynamics().compact());
        const QByteArray after = vault.read(own);
        QVERIFY(after.size() < before.size());
        QCOMPARE(reader.readAll(), before);
        QCOMPARE(QDir(vault.filePath(Journal::folder())).entryList(QDir::Files),
                 QStringList{QFileInfo(own).fileName()});
        QCOMPARE(internals(*engine).dynamics().state(a).accessCount, 10);
    }

    void documentIndexed_aRefusedEdgeRollsBackTheFileAndIsReported()
    {
        TestVault vault;
        auto clock = std::make_shared<QDateTime>(kStart);
        auto engine = openEngine(vault, clock);
        Database &db = internals(*engine).store().database();
        // Every stated edge is refused: the file's facts written just before must not stay behind
        // (the transaction used to commit after ignoring the failed statements).
        QVERIFY(db.exec(QStringLiteral("CREATE TEMP TRIGGER refuse_edges BEFORE INSERT ON dyn_edges "
                                       "BEGIN SELECT RAISE(ABORT, 'edges refused'); END")));
        vault.write(QStringLiteral("notes/linked.md"),
                    QStringLiteral("---\nproject: kayak\n---\n# Linked\n\nPaddles are in [[shed]].\n"));
        const IndexReport report = engine->indexPath(QStringLiteral("notes/linked.md"));
        QVERIFY(!report.error);
        QCOMPARE(report.indexed, 1); // the file itself is indexed and found by recall
        bool warned = false;
        for (const Problem &p : report.problems)
            warned |= p.severity == QLatin1String("warning") && p.path == QLatin1String("notes/linked.md")
                      && p.message.contains(QLatin1String("edges refused"));
        QVERIFY2(warned, "the refused edges are a warning of the run");
        auto facts = db.prepare(QStringLiteral("SELECT COUNT(*) FROM dyn_facts WHERE path = 'notes/linked.md'"));
        QVERIFY(facts);
        QVERIFY(facts->next());
        QCOMPARE(facts->int64(0), 0);

        // Once edges can be written again, the next write of the file brings its associations.
        QVERIFY(db.exec(QStringLiteral("DROP TRIGGER refuse_edges")));
        vault.write(QStringLiteral("notes/linked.md"),
                    QStringLiteral("---\nproject: kayak\n---\n# Linked\n\nPaddles are in the [[shed]].\n"));
        const IndexReport again = engine->indexPath(QStringLiteral("notes/linked.md"));
        QVERIFY(again.problems.isEmpty());
        QVERIFY(!engine->memoryEdges(QStringLiteral("notes/linked.md"), -1, kStart).isEmpty());
    }

    void allEdges_holdWhatEdgesOfEveryFileHold()
    {
        // The graph's overview reads every edge at once; it must be the same set the per-file
        // question gives: wiki links resolved, co-activation faded, project mates included.
        TestVault vault;
        auto clock = std::make_shared<QDateTime>(kStart);
        auto engine = openEngine(vault, clock);
        vault.write(QStringLiteral("notes/shed.md"), QStringLiteral("---\nproject: kayak\n---\n# Shed\n\nThe shed.\n"));
        vault.write(QStringLiteral("notes/paddle.md"),
                    QStringLiteral("---\nproject: kayak\n---\n# Paddle\n\nPaddles are in [[shed]].\n"));
        vault.write(QStringLiteral("notes/river.md"), QStringLiteral("# River\n\nSee [[Paddle]] and [[nowhere]].\n"));
        for (const QString &path :
             {QStringLiteral("notes/shed.md"), QStringLiteral("notes/paddle.md"), QStringLiteral("notes/river.md")})
            QVERIFY(!engine->indexPath(path).error);
        const QList<Chunk> pair{internals(*engine).store().chunksOfFile(QStringLiteral("notes/river.md")).value(0),
                                internals(*engine).store().chunksOfFile(QStringLiteral("notes/shed.md")).value(0)};
        QVERIFY(internals(*engine).dynamics().recordCoactivation(pair).ok());
        const QDateTime later = kStart.addDays(3);
        auto keyOf = [](const MemoryEdge &e) {
            return QStringLiteral("%1|%2|%3|%4|%5").arg(e.from, e.to, e.type, e.origin).arg(e.weight, 0, 'f', 6);
        };
        QSet<QString> perFile;
        for (const QString &path :
             {QStringLiteral("notes/shed.md"), QStringLiteral("notes/paddle.md"), QStringLiteral("notes/river.md")})
            for (const MemoryEdge &e : engine->memoryEdges(path, -1, later))
                perFile.insert(keyOf(e));
        QSet<QString> all;
        for (const MemoryEdge &e : engine->allMemoryEdges(later))
            all.insert(keyOf(e));
        QCOMPARE(all, perFile);
        QVERIFY(std::any_of(all.cbegin(), all.cend(), [](const QString &k) {
            return k.startsWith(QLatin1String("notes/paddle.md|notes/shed.md|"));
        }));
        QVERIFY(std::any_of(all.cbegin(), all.cend(),
                            [](const QString &k) { return k.contains(QLatin1String("co_activated")); }));
    }
};

QTEST_GUILESS_MAIN(TestMemoryDynamics)
#include "tst_memorydynamics.moc"
