#include "EngineFixtures.h"
#include "TestVault.h"
#include "consolidation/Consolidator.h"
#include "dynamics/MemoryDynamics.h"
#include "index/Embedder.h"
#include "vault/EngineInternals.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <cmath>

using namespace engram;
using test::markdownTranscript;
using test::openEngine;
using test::TestVault;
using test::writeConsolidationSessions;

namespace {

const QDateTime kNow(QDate(2026, 2, 1), QTime(3, 0), Qt::UTC);

Result<ConsolidationReport> consolidate(Engine &engine, bool dryRun = false, const AccessCounts *access = nullptr)
{
    ConsolidationOptions options;
    options.now = kNow;
    options.dryRun = dryRun;
    return Consolidator(engine, access).run(options);
}

QStringList filesUnder(const TestVault &vault, const QString &folder)
{
    QStringList out;
    QDirIterator it(vault.filePath(folder), QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        out << QDir(vault.path()).relativeFilePath(it.next());
    out.sort();
    return out;
}

QStringList fileLines(const TestVault &vault, const QString &path)
{
    return QString::fromUtf8(vault.read(path)).split(QLatin1Char('\n'));
}

/// Access counts from a fixed table, standing in for the dynamics journal.
class FixedAccess : public AccessCounts {
public:
    QHash<QString, int> counts;
    QHash<QString, int> countsByPath(const QString &) const override { return counts; }
};

/// Seven packs of a question the staging memory answers, one a day, the last 20 days before kNow.
void packSevenTimes(Engine &engine)
{
    for (int day = 0; day < 7; ++day) {
        RecallQuery query;
        query.text = QStringLiteral("which port does the staging database use");
        query.now = kNow.addDays(day - 26);
        auto pack = engine.pack(query, 400);
        QVERIFY(pack.ok());
        QCOMPARE(pack->included.size(), 1);
    }
}

QString healthOf(Engine &engine, const QString &name)
{
    for (const HealthCheck &check : engine.health())
        if (check.name == name)
            return check.status == HealthStatus::Ok
                       ? healthStatusName(check.status)
                       : healthStatusName(check.status) + QStringLiteral(" (") + check.reason + u')';
    return QStringLiteral("no check named ") + name;
}

} // namespace

class TestConsolidator : public QObject {
    Q_OBJECT
private slots:
    void run_writesEveryLayerWithFrontMatter()
    {
        TestVault vault;
        writeConsolidationSessions(vault);
        auto engine = openEngine(vault);
        auto report = consolidate(*engine);
        QVERIFY2(report.ok(), qPrintable(report.ok() ? QString() : report.error().toString()));
        QCOMPARE(filesUnder(vault, QStringLiteral("consolidated/session")).size(), 4);
        QCOMPARE(filesUnder(vault, QStringLiteral("consolidated/daily")),
                 (QStringList{QStringLiteral("consolidated/daily/2026-01-05.md"),
                              QStringLiteral("consolidated/daily/2026-01-07.md"),
                              QStringLiteral("consolidated/daily/2026-01-14.md")}));
        QCOMPARE(filesUnder(vault, QStringLiteral("consolidated/weekly")),
                 (QStringList{QStringLiteral("consolidated/weekly/2026-W02.md"),
                              QStringLiteral("consolidated/weekly/2026-W03.md")}));
        QCOMPARE(filesUnder(vault, QStringLiteral("consolidated/fact")).size(), 2);

        auto weekly =
            DigestFile::parse(QString::fromUtf8(vault.read(QStringLiteral("consolidated/weekly/2026-W02.md"))));
        QVERIFY(weekly.ok());
        QCOMPARE(weekly->layer, QStringLiteral("weekly"));
        QCOMPARE(weekly->period, QStringLiteral("2026-W02"));
        QCOMPARE(weekly->derivedFrom.size(), 2); // two days of that week
        QVERIFY(weekly->method.startsWith(QLatin1String("extractive")));
        QVERIFY(weekly->created.isValid());

        // Explicit decisions, lessons, rules and goals survive verbatim into the session digest.
        const QString alpha = QString::fromUtf8(vault.read(QStringLiteral("consolidated/session/2026-01-05/alpha.md")));
        QVERIFY(alpha.contains(QLatin1String("We decided to store the index in SQLite")));
        QVERIFY(alpha.contains(QLatin1String("Rule: never write the vault without QSaveFile.")));
        QVERIFY(!alpha.contains(QLatin1String("Cool.")));

        // The index tags each digest with its layer.
        const VaultStats stats = engine->stats();
        QVERIFY(stats.byLayer.value(QStringLiteral("session")) > 0);
        QVERIFY(stats.byLayer.value(QStringLiteral("daily")) > 0);
        QVERIFY(stats.byLayer.value(QStringLiteral("weekly")) > 0);
        QVERIFY(stats.byLayer.value(QStringLiteral("fact")) > 0);
    }

    void run_agentSessionDigestSaysItsDateOnce()
    {
        // A captured Claude Code session is titled "request — project, date": its digest says so
        // once, not "… 2026-01-05 (2026-01-05)".
        TestVault vault;
        QByteArray lines;
        const char *const texts[][2] = {{"user", "We decided to keep the sessions in the vault"},
                                        {"assistant", "Rule: never edit a captured transcript by hand."},
                                        {"user", "Thanks, that settles the capture layout"},
                                        {"assistant", "We decided to redact secrets on capture."}};
        int i = 0;
        for (const auto &[type, text] : texts) {
            const QJsonObject message{{QStringLiteral("role"), QLatin1String(type)},
                                      {QStringLiteral("content"), QLatin1String(text)}};
            lines += QJsonDocument(
                         QJsonObject{{QStringLiteral("type"), QLatin1String(type)},
                                     {QStringLiteral("uuid"), QStringLiteral("u%1").arg(i)},
                                     {QStringLiteral("sessionId"), QStringLiteral("s1")},
                                     {QStringLiteral("cwd"), QStringLiteral("/home/a/engram")},
                                     {QStringLiteral("timestamp"), QStringLiteral("2026-01-05T10:0%1:00.000Z").arg(i)},
                                     {QStringLiteral("message"), message}})
                         .toJson(QJsonDocument::Compact)
                     + '\n';
            ++i;
        }
        vault.write(QStringLiteral("sessions/2026-01-05/claude-code-s1.jsonl"), lines);
        auto engine = openEngine(vault);
        auto report = consolidate(*engine);
        QVERIFY2(report.ok(), qPrintable(report.ok() ? QString() : report.error().toString()));
        const QString digest =
            QString::fromUtf8(vault.read(QStringLiteral("consolidated/session/2026-01-05/claude-code-s1.md")));
        QVERIFY2(digest.contains(QStringLiteral(
                     "# Session digest: We decided to keep the sessions in the vault — engram, 2026-01-05\n")),
                 qPrintable(digest));
        QVERIFY(!digest.contains(QLatin1String("(2026-01-05)")));
    }

    void lineage_resolvesEveryFactToExistingRawLines()
    {
        TestVault vault;
        writeConsolidationSessions(vault);
        auto engine = openEngine(vault);
        QVERIFY(consolidate(*engine).ok());
        Consolidator consolidator(*engine);
        const QStringList facts = filesUnder(vault, QStringLiteral("consolidated/fact"));
        QVERIFY(!facts.isEmpty());
        for (const QString &fact : facts) {
            auto digest = DigestFile::parse(QString::fromUtf8(vault.read(fact)));
            QVERIFY(digest.ok());
            QVERIFY(!digest->items.isEmpty());
            for (const DigestItem &item : digest->items) {
                auto root = consolidator.lineage(fact, item.line, item.line);
                QVERIFY(root.ok());
                QCOMPARE(root->layer, QStringLiteral("fact"));
                const QList<LineageNode> raw = Consolidator::leaves(*root);
                QVERIFY2(!raw.isEmpty(), qPrintable(fact));
                for (const LineageNode &leaf : raw) {
                    QVERIFY2(leaf.range.path.startsWith(QLatin1String("sessions/")), qPrintable(leaf.range.toString()));
                    QVERIFY2(leaf.exists, qPrintable(leaf.range.toString()));
                    // Extractive: the raw line holds the fact's text.
                    const QStringList lines = fileLines(vault, leaf.range.path);
                    QVERIFY(lines.value(leaf.range.startLine - 1).contains(item.text.section(QStringLiteral(": "), 1)));
                }
                QCOMPARE(item.raw, QList<SourceRange>{raw.first().range}); // the pack's shortcut agrees
            }
        }
        QVERIFY(!consolidator.lineage(QStringLiteral("consolidated/fact/nope.md")).ok());
    }

    void run_twiceChangesNothing()
    {
        TestVault vault;
        writeConsolidationSessions(vault);
        auto engine = openEngine(vault);
        QVERIFY(consolidate(*engine).ok());
        const QByteArray before = vault.fingerprint();
        auto again = consolidate(*engine);
        QVERIFY(again.ok());
        QVERIFY(again->digests.isEmpty());
        QCOMPARE(again->unchanged, 4 + 3 + 2 + 2);
        QCOMPARE(vault.fingerprint(), before);
    }

    void run_newSessionAddsOnlyTheDigestsItAffects()
    {
        TestVault vault;
        writeConsolidationSessions(vault);
        auto engine = openEngine(vault);
        QVERIFY(consolidate(*engine).ok());
        const QByteArray week2Fact = vault.read(QStringLiteral("consolidated/fact/2026-W02.md"));
        vault.write(
            QStringLiteral("sessions/2026-01-15/epsilon.md"),
            markdownTranscript(QStringLiteral("2026-01-15"),
                               {QStringLiteral("The violin teacher retired and recommended a colleague in Leeds.")}));
        auto report = consolidate(*engine);
        QVERIFY(report.ok());
        QStringList written;
        for (const DigestAction &d : report->digests)
            written << d.path;
        written.sort();
        QCOMPARE(written, (QStringList{QStringLiteral("consolidated/daily/2026-01-15.md"),
                                       QStringLiteral("consolidated/fact/2026-W03.md"),
                                       QStringLiteral("consolidated/session/2026-01-15/epsilon.md"),
                                       QStringLiteral("consolidated/weekly/2026-W03.md")}));
        QCOMPARE(vault.read(QStringLiteral("consolidated/fact/2026-W02.md")), week2Fact);
    }

    void dryRun_showsPlanAndWritesNothing()
    {
        TestVault vault;
        writeConsolidationSessions(vault);
        auto engine = openEngine(vault);
        const QByteArray before = vault.fingerprint();
        auto plan = consolidate(*engine, true);
        QVERIFY(plan.ok());
        QVERIFY(plan->dryRun);
        QCOMPARE(plan->digests.size(), 4 + 3 + 2 + 2);
        QCOMPARE(vault.fingerprint(), before);
        QVERIFY(!QFile::exists(vault.filePath(Consolidator::ledgerPath())));
        auto real = consolidate(*engine);
        QCOMPARE(real->digests.size(), plan->digests.size());
    }

    void ledger_recordsEveryDigestWithCompression()
    {
        TestVault vault;
        writeConsolidationSessions(vault);
        auto engine = openEngine(vault);
        auto report = consolidate(*engine);
        const QList<LedgerEntry> ledger = Consolidator(*engine).ledger();
        QCOMPARE(ledger.size(), report->digests.size());
        int sessionIn = 0, sessionOut = 0;
        for (const LedgerEntry &e : ledger) {
            QVERIFY(e.tokensOut > 0);
            QVERIFY(e.sources > 0);
            QCOMPARE(e.at, kNow);
            if (e.layer == QLatin1String("session")) {
                sessionIn += e.tokensIn;
                sessionOut += e.tokensOut;
            }
        }
        QVERIFY(sessionIn > sessionOut);
    }

    void rebuild_keepsLayersAndLineage()
    {
        TestVault vault;
        writeConsolidationSessions(vault);
        QHash<QString, qint64> layersBefore;
        {
            auto engine = openEngine(vault);
            QVERIFY(consolidate(*engine).ok());
            layersBefore = engine->stats().byLayer;
        }
        QVERIFY(QDir(vault.filePath(QStringLiteral(".engram"))).removeRecursively());
        auto engine = openEngine(vault);
        engine->index();
        QCOMPARE(engine->stats().byLayer, layersBefore);
        auto root = Consolidator(*engine).lineage(QStringLiteral("consolidated/fact/2026-W02.md"));
        QVERIFY(root.ok());
        const QList<LineageNode> raw = Consolidator::leaves(*root);
        QVERIFY(!raw.isEmpty());
        for (const LineageNode &leaf : raw)
            QVERIFY(leaf.exists && leaf.range.path.startsWith(QLatin1String("sessions/")));
        // And nothing needs consolidating again: the digests are the canonical record.
        auto again = consolidate(*engine);
        QVERIFY(again->digests.isEmpty());
    }

    void cluster_mergesSensoryMemoriesAboveTheThresholdOnly()
    {
        TestVault vault;
        const QString a = QStringLiteral("The espresso machine in the office kitchen leaks water from the steam wand.");
        const QString b = QStringLiteral(
            "Office kitchen: the espresso machine leaks water from its steam wand; call the repair service.");
        const QString c = QStringLiteral("Quarterly tax forms are due at the end of April for the freelance income.");
        vault.write(QStringLiteral("memories/sensory/a.md"),
                    QStringLiteral("---\ntitle: a\n---\n") + a + QLatin1Char('\n'));
        vault.write(QStringLiteral("memories/sensory/b.md"), b + QLatin1Char('\n'));
        vault.write(QStringLiteral("memories/sensory/c.md"), c + QLatin1Char('\n'));

        // The threshold decides: measure the pair's cosine with the vault's own embedder.
        double ab = 0.0, ac = 0.0;
        {
            auto engine = openEngine(vault);
            auto v = internals(*engine).embedder().embed({a, b, c});
            QVERIFY(v.ok());
            auto cosine = [](const Vector &x, const Vector &y) {
                double d = 0, nx = 0, ny = 0;
                for (qsizetype i = 0; i < x.size(); ++i) {
                    d += x[i] * y[i];
                    nx += x[i] * x[i];
                    ny += y[i] * y[i];
                }
                return d / std::sqrt(nx * ny);
            };
            ab = cosine(v->at(0), v->at(1));
            ac = cosine(v->at(0), v->at(2));
        }
        qInfo("cosine a~b %f, a~c %f", ab, ac);
        QVERIFY2(ab > 0.75 && ab < 0.99 && ac < 0.75, qPrintable(QStringLiteral("ab %1 ac %2").arg(ab).arg(ac)));

        // Just above the pair's similarity: nothing clusters.
        vault.write(QStringLiteral("engram.json"),
                    QStringLiteral("{\"consolidation\": {\"clusterThreshold\": %1}}").arg(ab + 0.001, 0, 'f', 6));
        {
            const QByteArray before = vault.fingerprint();
            auto engine = openEngine(vault);
            auto report = consolidate(*engine);
            QVERIFY(report.ok());
            QVERIFY(report->memories.isEmpty());
            QCOMPARE(vault.fingerprint(), before);
        }
        // The default 0.75: a and b become one episodic memory; c stays alone.
        vault.remove(QStringLiteral("engram.json"));
        auto engine = openEngine(vault);
        auto report = consolidate(*engine);
        QVERIFY(report.ok());
        const QStringList clusters = filesUnder(vault, QStringLiteral("memories/episodic"));
        QCOMPARE(clusters.size(), 1);
        auto cluster = DigestFile::parse(QString::fromUtf8(vault.read(clusters.first())));
        QVERIFY(cluster.ok());
        QCOMPARE(cluster->extra.value(QStringLiteral("store")).toString(), QStringLiteral("episodic"));
        QCOMPARE(cluster->derivedFrom.size(), 2);
        QCOMPARE(cluster->derivedFrom[0].path, QStringLiteral("memories/sensory/a.md"));
        QCOMPARE(cluster->derivedFrom[1].path, QStringLiteral("memories/sensory/b.md"));
        // Members are marked, not deleted; the rest of their text is untouched.
        const QString memberA = QString::fromUtf8(vault.read(QStringLiteral("memories/sensory/a.md")));
        QVERIFY(memberA.contains(QStringLiteral("consolidated_into: \"%1\"").arg(clusters.first())));
        QVERIFY(memberA.contains(QLatin1String("title: a")) && memberA.contains(a));
        QVERIFY(QString::fromUtf8(vault.read(QStringLiteral("memories/sensory/b.md")))
                    .startsWith(QLatin1String("---\nconsolidated_into:")));
        QVERIFY(!vault.read(QStringLiteral("memories/sensory/c.md")).contains("consolidated_into"));
        // Clustering is not repeated.
        const QByteArray after = vault.fingerprint();
        QVERIFY(consolidate(*engine)->memories.isEmpty());
        QCOMPARE(vault.fingerprint(), after);
    }

    void promote_movesOftenRecalledConfidentEpisodicMemoriesToSemantic()
    {
        TestVault vault;
        vault.write(QStringLiteral("memories/episodic/often.md"),
                    QStringLiteral("---\nconfidence: 0.9\n---\nThe staging database lives on port 5433.\n"));
        vault.write(QStringLiteral("memories/episodic/doubtful.md"),
                    QStringLiteral("---\nconfidence: 0.3\n---\nMaybe the printer is on the second floor.\n"));
        vault.write(QStringLiteral("memories/episodic/rare.md"),
                    QStringLiteral("---\nconfidence: 0.95\n---\nThe old logo was orange.\n"));
        FixedAccess access;
        access.counts = {{QStringLiteral("memories/episodic/often.md"), 6},
                         {QStringLiteral("memories/episodic/doubtful.md"), 9},
                         {QStringLiteral("memories/episodic/rare.md"), 2}};
        auto engine = openEngine(vault);
        auto report = consolidate(*engine, false, &access);
        QVERIFY(report.ok());
        QCOMPARE(report->memories.size(), 1);
        QCOMPARE(report->memories.first().path, QStringLiteral("memories/episodic/often.md"));
        QVERIFY(vault.read(QStringLiteral("memories/episodic/often.md")).contains("store: \"semantic\""));
        QVERIFY(!vault.read(QStringLiteral("memories/episodic/doubtful.md")).contains("store:"));
        QVERIFY(!vault.read(QStringLiteral("memories/episodic/rare.md")).contains("store:"));
        QVERIFY(vault.read(Journal(vault.path()).relativePath()).contains("\"type\":\"promote\""));
        const QList<Chunk> chunks =
            internals(*engine).store().chunksOfFile(QStringLiteral("memories/episodic/often.md"));
        QVERIFY(!chunks.isEmpty());
        QCOMPARE(chunks.first().tags.store.value, QStringLiteral("semantic"));
        QVERIFY(consolidate(*engine, false, &access)->memories.isEmpty());
    }

    void promote_memoryPackedSevenTimesIsPromotedFromTheEnginesOwnJournal()
    {
        TestVault vault;
        vault.write(QStringLiteral("memories/episodic/often.md"),
                    QStringLiteral("---\nconfidence: 0.9\n---\nThe staging database lives on port 5433.\n"));
        auto engine = openEngine(vault);
        engine->setClock([] { return kNow.addDays(-30); }); // first seen a month before the sleep
        engine->index();
        packSevenTimes(*engine);
        // Seven packs, each one event naming the memory: counted as seven recalls of the file.
        QCOMPARE(AccessCounts().countsByPath(vault.path()).value(QStringLiteral("memories/episodic/often.md")), 7);
        auto report = consolidate(*engine);
        QVERIFY(report.ok());
        QCOMPARE(report->memories.size(), 1);
        QCOMPARE(report->memories.first().kind, QStringLiteral("promote"));
        QVERIFY(vault.read(QStringLiteral("memories/episodic/often.md")).contains("store: \"semantic\""));
        QCOMPARE(internals(*engine)
                     .store()
                     .chunksOfFile(QStringLiteral("memories/episodic/often.md"))
                     .first()
                     .tags.store.value,
                 QStringLiteral("semantic"));
    }

    void promote_accessCountsSurviveJournalCompaction()
    {
        TestVault vault;
        vault.write(QStringLiteral("memories/episodic/often.md"),
                    QStringLiteral("---\nconfidence: 0.9\n---\nThe staging database lives on port 5433.\n"));
        auto engine = openEngine(vault);
        engine->setClock([] { return kNow.addDays(-30); });
        engine->index();
        const QList<Chunk> chunks =
            internals(*engine).store().chunksOfFile(QStringLiteral("memories/episodic/often.md"));
        QCOMPARE(chunks.size(), 1);
        for (int day = 0; day < 6; ++day)
            QVERIFY(
                internals(*engine).dynamics().recordAccess(chunks, QStringLiteral("recall"), kNow.addDays(day - 30)));
        const QByteArray before = vault.read(Journal(vault.path()).relativePath());
        QVERIFY(internals(*engine).dynamics().compact());
        QVERIFY(vault.read(Journal(vault.path()).relativePath()) != before); // really compacted
        QVERIFY(internals(*engine).dynamics().recordAccess(chunks, QStringLiteral("recall"), kNow.addDays(-20)));
        // 6 folded into a state line + 1 access event after it.
        QCOMPARE(AccessCounts().countsByPath(vault.path()).value(QStringLiteral("memories/episodic/often.md")), 7);
    }

    void promote_isReplayedWithoutJournalErrorAndRestartsDecayAfterRebuild()
    {
        TestVault vault;
        vault.write(
            QStringLiteral("memories/episodic/often.md"),
            QStringLiteral("---\nconfidence: 0.9\nvalence: 0\narousal: 0.2\n---\nThe staging database lives on port "
                           "5433.\n"));
        auto engine = openEngine(vault);
        engine->setClock([] { return kNow.addDays(-30); }); // first seen a month before the sleep
        engine->index();
        packSevenTimes(*engine); // the last pack is 20 days before kNow
        QVERIFY(consolidate(*engine).ok());
        QVERIFY(vault.read(Journal(vault.path()).relativePath()).contains("\"type\":\"promote\""));
        QCOMPARE(healthOf(*engine, QStringLiteral("journal")), QStringLiteral("ok"));

        // Promotion restarts decay from full strength at kNow. Ten days later, a semantic,
        // non-emotional memory has lost 10 × 0.02 = 0.2: 1.0 − 0.2 = 0.8. Without the promotion
        // it would be its strength after the last pack minus 30 days of loss (0.6 at best).
        const Chunk chunk =
            internals(*engine).store().chunksOfFile(QStringLiteral("memories/episodic/often.md")).first();
        QCOMPARE(chunk.tags.store.value, QStringLiteral("semantic"));
        QVERIFY(qAbs(internals(*engine).dynamics().state(chunk, kNow.addDays(10)).strength - 0.8) < 1e-9);

        engine.reset();
        auto reopened = openEngine(vault);
        reopened->setClock([] { return kNow; });
        QVERIFY(reopened->rebuild());
        QCOMPARE(healthOf(*reopened, QStringLiteral("journal")), QStringLiteral("ok"));
        const Chunk rebuilt =
            internals(*reopened).store().chunksOfFile(QStringLiteral("memories/episodic/often.md")).first();
        QCOMPARE(rebuilt.tags.store.value, QStringLiteral("semantic"));
        QVERIFY(qAbs(internals(*reopened).dynamics().state(rebuilt, kNow.addDays(10)).strength - 0.8) < 1e-9);
        QCOMPARE(internals(*reopened).dynamics().state(rebuilt, kNow.addDays(10)).accessCount, 7);
    }

    void recall_modeLayerWeightsPreferDigestsAndPackCitesRawSources()
    {
        TestVault vault;
        writeConsolidationSessions(vault);
        vault.write(QStringLiteral("engram.json"),
                    QStringLiteral("{\"modes\": {\"digest\": {\"layerWeights\": {\"raw\": 0.2, \"fact\": 2.0}}}}"));
        auto engine = openEngine(vault);
        QVERIFY(consolidate(*engine).ok());
        RecallQuery query;
        query.text = QStringLiteral("SQLite FTS5 hnswlib decided");
        query.now = kNow;
        query.mode = QStringLiteral("fast");
        auto plain = engine->recall(query);
        QVERIFY(plain.ok() && !plain->isEmpty());
        query.mode = QStringLiteral("digest");
        auto weighted = engine->recall(query);
        QVERIFY(weighted.ok() && !weighted->isEmpty());
        QCOMPARE(weighted->first().chunk.tags.layer.value, QStringLiteral("fact"));
        QVERIFY(plain->first().chunk.tags.layer.value != QLatin1String("fact")
                || plain->first().score < weighted->first().score);

        auto pack = engine->pack(query, 400);
        QVERIFY(pack.ok());
        QVERIFY(pack->markdown.contains(QLatin1String("consolidated/fact/2026-W02.md")));
        QVERIFY(pack->markdown.contains(QLatin1String("raw `sessions/2026-01-05/alpha.md:")));
    }
    void run_sinceUntilLimitsThePeriods()
    {
        TestVault vault;
        writeConsolidationSessions(vault);
        auto engine = openEngine(vault);
        ConsolidationOptions options;
        options.now = kNow;
        options.since = QDate(2026, 1, 6);
        options.until = QDate(2026, 1, 7);
        auto report = Consolidator(*engine).run(options);
        QVERIFY(report.ok());
        QStringList written;
        for (const DigestAction &d : report->digests)
            written << d.path;
        written.sort();
        QCOMPARE(written, (QStringList{QStringLiteral("consolidated/daily/2026-01-07.md"),
                                       QStringLiteral("consolidated/fact/2026-W02.md"),
                                       QStringLiteral("consolidated/session/2026-01-07/gamma.md"),
                                       QStringLiteral("consolidated/weekly/2026-W02.md")}));
    }

    void cli_consolidateDryRunAndLineage()
    {
        TestVault vault;
        writeConsolidationSessions(vault);
        QProcess cli;
        cli.start(QStringLiteral(ENGRAM_CLI_PATH),
                  {QStringLiteral("consolidate"), QStringLiteral("--vault"), vault.path(), QStringLiteral("--dry-run"),
                   QStringLiteral("--json")});
        QVERIFY(cli.waitForFinished(30000));
        QCOMPARE(cli.exitCode(), 0);
        const QJsonObject plan = QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
        QCOMPARE(plan.value(QStringLiteral("dry_run")).toBool(), true);
        QCOMPARE(plan.value(QStringLiteral("digests")).toArray().size(), 11);
        QVERIFY(!QFile::exists(vault.filePath(QStringLiteral("consolidated"))));

        cli.start(QStringLiteral(ENGRAM_CLI_PATH),
                  {QStringLiteral("consolidate"), QStringLiteral("--vault"), vault.path()});
        QVERIFY(cli.waitForFinished(30000));
        QCOMPARE(cli.exitCode(), 0);
        cli.start(QStringLiteral(ENGRAM_CLI_PATH),
                  {QStringLiteral("lineage"), QStringLiteral("--vault"), vault.path(),
                   QStringLiteral("consolidated/fact/2026-W03.md"), QStringLiteral("--json")});
        QVERIFY(cli.waitForFinished(30000));
        QCOMPARE(cli.exitCode(), 0);
        const QJsonArray raw =
            QJsonDocument::fromJson(cli.readAllStandardOutput()).object().value(QStringLiteral("raw")).toArray();
        QVERIFY(!raw.isEmpty());
        for (const QJsonValue &leaf : raw) {
            QVERIFY(leaf.toObject()
                        .value(QStringLiteral("source"))
                        .toString()
                        .startsWith(QLatin1String("sessions/2026-01-14/delta.md:")));
            QVERIFY(leaf.toObject().value(QStringLiteral("exists")).toBool());
        }
    }
    void config_readsLayerWeightsAndConsolidationSettings()
    {
        auto config = Config::fromJson(QJsonDocument::fromJson(
                                           R"({"modes": {"fast": {"layerWeights": {"raw": 0.5, "fact": 1.5}}},
                "consolidation": {"clusterThreshold": 0.8, "promoteAccessCount": 3, "nightlyHour": 4}})")
                                           .object());
        QVERIFY(config.ok());
        QCOMPARE(config->mode(QStringLiteral("fast")).layerWeight(QStringLiteral("raw")), 0.5);
        QCOMPARE(config->mode(QStringLiteral("fast")).layerWeight(QStringLiteral("session")), 1.0);
        QCOMPARE(config->consolidation.clusterThreshold, 0.8);
        QCOMPARE(config->consolidation.promoteAccessCount, 3);
        auto again = Config::fromJson(config->toJson());
        QVERIFY(again.ok());
        QCOMPARE(again->mode(QStringLiteral("fast")).layerWeights, config->mode(QStringLiteral("fast")).layerWeights);
        QCOMPARE(again->consolidation.nightlyHour, 4);
        QVERIFY(
            !Config::fromJson(QJsonDocument::fromJson(R"({"modes": {"fast": {"layerWeights": {"raw": -1}}}})").object())
                 .ok());
        QVERIFY(!Config::fromJson(QJsonDocument::fromJson(R"({"consolidation": {"clusterThreshold": 1.5}})").object())
                     .ok());
    }
};

QTEST_GUILESS_MAIN(TestConsolidator)
#include "tst_consolidator.moc"
