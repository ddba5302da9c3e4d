// Memory hygiene detection: what a full scan and a changed file cost, beside a brute-force floor, and the
// findings for bench/hygiene/score.py (precision and recall against the planted pairs).
//
//   hygiene_bench --vault DIR [--findings OUT.json] [--changes 20] [--floor-sample 2000]
//
// With an `llm` endpoint in DIR/engram.json (bench/hygiene/judge_server.py) the full scan includes the judge.
//
// It indexes DIR (an existing index is kept), then times a full scan from nothing (the review tables
// emptied), then edits --changes files one by one (a sentence appended) and times each file's re-index
// and the findings update after it. The floor: every pair of a sample of --floor-sample memories
// compared (what a detector without candidate selection pays), with the share of those pairs' findings
// that the candidate index also finds.
#include "agent/MemoryReview.h"
#include "core/Database.h"
#include "hygiene/FindingIndex.h"
#include "vault/EngineInternals.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>

#include <algorithm>
#include <cstdio>

using namespace engram;

namespace {

double percentile(QList<double> values, double p)
{
    if (values.isEmpty())
        return 0.0;
    std::sort(values.begin(), values.end());
    return values[qMin<qsizetype>(values.size() - 1, qsizetype(p * double(values.size())))];
}

struct Profiled {
    qint64 chunkId;
    qint64 fileId;
    qint64 time;
    MemoryProfile profile;
};

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addOption({QStringLiteral("vault"), QStringLiteral("The vault."), QStringLiteral("dir")});
    parser.addOption({QStringLiteral("findings"), QStringLiteral("Write the findings here."), QStringLiteral("file")});
    parser.addOption({QStringLiteral("changes"), QStringLiteral("Files to change one by one."), QStringLiteral("n"),
                      QStringLiteral("20")});
    parser.addOption({QStringLiteral("floor-sample"), QStringLiteral("Memories compared pairwise for the floor."),
                      QStringLiteral("n"), QStringLiteral("2000")});
    parser.addOption({QStringLiteral("keep"),
                      QStringLiteral("Keep the stored profiles and findings: compare only what is new since (a file "
                                     "added later, as the background indexer meets it).")});
    parser.process(app);
    auto opened = Engine::open(parser.value(QStringLiteral("vault")), EngineLifetime::LongRunning);
    if (!opened) {
        std::fprintf(stderr, "%s\n", qPrintable(opened.error().toString()));
        return 1;
    }
    Engine &engine = **opened;
    QElapsedTimer timer;
    timer.start();
    const IndexReport report = engine.index();
    std::printf("index: %d files, %lld chunks written in %.1f s \n", report.indexed,
                static_cast<long long>(report.chunks), double(timer.elapsed()) / 1000.0);

    // A full scan from nothing, in a fresh detector (what the first run on an existing vault pays).
    Database &db = internals(engine).store().database();
    if (!parser.isSet(QStringLiteral("keep")))
        if (Status s = db.exec(
                QStringLiteral("DELETE FROM review_findings; DELETE FROM review_profiles; "
                               "DELETE FROM meta WHERE key = 'review_high_water'; DELETE FROM review_verdicts;"));
            !s) {
            std::fprintf(stderr, "%s\n", qPrintable(s.error().toString()));
            return 1;
        }
    auto fresh = Engine::open(engine.vaultPath(), EngineLifetime::OneShot);
    if (!fresh)
        return 1;
    timer.restart();
    auto scan = (*fresh)->updateFindings(nullptr, Engine::Judging::Full); // the judge too, when engram.json names one
    if (!scan) {
        std::fprintf(stderr, "%s\n", qPrintable(scan.error().toString()));
        return 1;
    }
    const double fullMs = double(timer.elapsed());
    std::printf("full scan: %lld memories profiled, %lld pairs compared, %lld findings stored in %.1f s "
                "(%.1f µs per memory)\n",
                static_cast<long long>(scan->profiled), static_cast<long long>(scan->compared),
                static_cast<long long>(scan->found), fullMs / 1000.0,
                fullMs * 1000.0 / double(qMax<qint64>(1, scan->profiled)));
    // With an llm endpoint in the vault's engram.json the scan above included the judge (bench/hygiene/README.md).
    if (scan->judged > 0 || scan->awaitingJudge > 0 || !scan->judgeError.isEmpty())
        std::printf("  of which the llm judge: %lld pairs judged, %lld left for later runs%s%s\n",
                    static_cast<long long>(scan->judged), static_cast<long long>(scan->awaitingJudge),
                    scan->judgeError.isEmpty() ? "" : "; ", qPrintable(scan->judgeError));
    fresh->reset();

    // Listing, as `engram-cli review` and the Review view do.
    timer.restart();
    auto findings = MemoryReview(engine).findings();
    if (!findings)
        return 1;
    std::printf("list: %lld open findings in %lld ms\n", static_cast<long long>(findings->size()),
                static_cast<long long>(timer.elapsed()));
    QHash<QString, int> byKind;
    for (const ReviewFinding &f : *findings)
        ++byKind[findingKindName(f.kind)];
    std::printf("  duplicate %d, contradiction %d, stale %d\n", byKind.value(QStringLiteral("duplicate")),
                byKind.value(QStringLiteral("contradiction")), byKind.value(QStringLiteral("stale")));
    if (parser.isSet(QStringLiteral("findings"))) {
        QJsonArray items;
        for (const ReviewFinding &f : *findings)
            items.append(f.toJson());
        QFile out(parser.value(QStringLiteral("findings")));
        if (!out.open(QIODevice::WriteOnly))
            return 1;
        out.write(QJsonDocument(items).toJson(QJsonDocument::Compact));
    }

    // Changed files, one by one, in the long-lived engine (the workbench's): re-index, then update.
    const QStringList paths = engine.indexedPaths();
    QList<QString> memoryPaths;
    for (const QString &p : paths)
        if (p.startsWith(QLatin1String("memories/")) || p.startsWith(QLatin1String("notes/")))
            memoryPaths << p;
    QRandomGenerator random(7);
    QList<double> indexMs, updateMs;
    const int changes = qMin(parser.value(QStringLiteral("changes")).toInt(), int(memoryPaths.size()));
    for (int i = 0; i < changes; ++i) {
        const QString path = memoryPaths[random.bounded(int(memoryPaths.size()))];
        QFile file(QDir(engine.vaultPath()).filePath(path));
        if (!file.open(QIODevice::Append))
            return 1;
        file.write("\nThe review benchmark touched this file once more.\n");
        file.close();
        timer.restart();
        if (engine.indexPath(path).error)
            return 1;
        indexMs << double(timer.nsecsElapsed()) / 1e6;
        timer.restart();
        auto update = engine.updateFindings();
        if (!update)
            return 1;
        updateMs << double(timer.nsecsElapsed()) / 1e6;
    }
    std::printf("changed file (%d): re-index p50 %.1f ms, max %.1f ms; findings update p50 %.1f ms, max %.1f ms\n",
                changes, percentile(indexMs, 0.5), percentile(indexMs, 1.0), percentile(updateMs, 0.5),
                percentile(updateMs, 1.0));

    // Floor: all pairs of a sample, compared the same way (unweighted: the sample has no vault idf).
    const int sample = parser.value(QStringLiteral("floor-sample")).toInt();
    QList<Profiled> profiles;
    {
        auto s = db.prepare(QStringLiteral("SELECT chunk_id, file_id, time, profile FROM review_profiles"));
        if (!s)
            return 1;
        while (s->next())
            profiles << Profiled{s->int64(0), s->int64(1), s->int64(2), MemoryProfile::deserialize(s->text(3))};
    }
    std::shuffle(profiles.begin(), profiles.end(), std::mt19937(7));
    profiles.resize(qMin<qsizetype>(profiles.size(), sample));
    QSet<QPair<qint64, qint64>> stored;
    {
        auto s = db.prepare(
            QStringLiteral("SELECT older, newer FROM review_findings WHERE kind IN ('duplicate', 'contradiction')"));
        while (s && s->next())
            stored.insert(qMakePair(qMin(s->int64(0), s->int64(1)), qMax(s->int64(0), s->int64(1))));
    }
    timer.restart();
    qint64 pairs = 0, found = 0, alsoStored = 0;
    for (qsizetype i = 0; i < profiles.size(); ++i)
        for (qsizetype j = i + 1; j < profiles.size(); ++j) {
            if (profiles[i].fileId == profiles[j].fileId)
                continue;
            const bool iOlder = profiles[i].time <= profiles[j].time;
            const Comparison c = compare(iOlder ? profiles[i].profile : profiles[j].profile,
                                         iOlder ? profiles[j].profile : profiles[i].profile);
            ++pairs;
            if (c.duplicate || c.contradiction) {
                ++found;
                const qint64 a = profiles[i].chunkId, b = profiles[j].chunkId;
                alsoStored += stored.contains(qMakePair(qMin(a, b), qMax(a, b)));
            }
        }
    const double floorMs = double(timer.elapsed());
    const double n = double(scan->profiled);
    std::printf("floor (all pairs of %lld memories): %lld pairs in %.1f s; at %.0f memories all pairs would take "
                "%.0f s (the candidate index: %.1f s)\n",
                static_cast<long long>(profiles.size()), static_cast<long long>(pairs), floorMs / 1000.0, n,
                floorMs / 1000.0 * (n * n) / qMax(1.0, double(profiles.size()) * double(profiles.size())),
                fullMs / 1000.0);
    std::printf("  pairs the floor calls duplicate or contradiction: %lld; of them the candidate index stored %lld "
                "(%.0f%%; the rest differ by the vault's word weights or were not candidates)\n",
                static_cast<long long>(found), static_cast<long long>(alsoStored),
                found ? 100.0 * double(alsoStored) / double(found) : 100.0);
    return 0;
}
