// engram_bench: the speed and size of one vault, in one run, with floors beside it.
//   engram_bench VAULT [--queries N] [--cli PATH] [--keep-index] [--no-floors] [--profile MODE]
// --profile MODE only runs MODE's recalls (five rounds of the queries) over the kept index,
// for `perf record`; it prints their p50.
// Reports full index time, chunks/s, index size, peak RSS, single-file re-index latency,
// recall latency per mode, pack latency, CLI cold-start recall, and two floors over the
// same data: raw SQLite FTS5 (insert + query) and a brute-force scan over the same vectors.
#include "core/Database.h"
#include "core/TextAnalysis.h"
#include "index/Embedder.h"
#include "index/IndexStore.h"
#include "index/VectorIndex.h"
#include "vault/EngineInternals.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QSaveFile>
#include <QTextStream>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <numeric>
#include <sys/resource.h>
#include <thread>
#include <time.h>

using namespace engram;

namespace {

QTextStream out(stdout);

struct Percentiles {
    double p50 = 0, p95 = 0, p99 = 0, mean = 0;
};

Percentiles percentiles(QList<double> ms)
{
    Percentiles p;
    if (ms.isEmpty())
        return p;
    std::sort(ms.begin(), ms.end());
    auto at = [&](double q) { return ms[qMin(ms.size() - 1, qsizetype(q * double(ms.size() - 1) + 0.5))]; };
    p.p50 = at(0.50);
    p.p95 = at(0.95);
    p.p99 = at(0.99);
    p.mean = std::accumulate(ms.begin(), ms.end(), 0.0) / double(ms.size());
    return p;
}

/// The process's peak resident set so far (VmHWM), in MiB.
double peakRssMiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').front().toDouble() / 1024.0;
    return -1;
}

/// Resident MiB of this process's mappings of `fileName` (SQLite's map of index.db): file pages,
/// counted in RSS though the kernel can drop them.
double mappedResidentMiB(const QString &fileName)
{
    QFile f(QStringLiteral("/proc/self/smaps"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    double kib = 0;
    bool inFile = false;
    for (const QByteArray &line : f.readAll().split('\n')) {
        // A mapping's header ("7f…-7f… r--s 0 fd:00 123  /path") starts with an address range,
        // each of its fields ("Rss:   12 kB") with a name and a colon.
        if (!line.left(line.indexOf(' ')).endsWith(':'))
            inFile = line.endsWith('/' + fileName.toUtf8());
        else if (inFile && line.startsWith("Rss:"))
            kib += line.mid(4).trimmed().split(' ').front().toDouble();
    }
    return kib / 1024.0;
}
/// What the resident set is made of, sampled every 50 ms while it runs: VmHWM says how high it went,
/// not what was there (anonymous memory: vectors, graph, caches; file pages: SQLite's map and the
/// vector file's).
class RssSampler {
public:
    RssSampler()
        : m_thread([this] {
              while (!m_stop.load()) {
                  sample();
                  std::this_thread::sleep_for(std::chrono::milliseconds(50));
              }
          })
    { }
    ~RssSampler() { stop(); }
    void stop()
    {
        m_stop.store(true);
        if (m_thread.joinable())
            m_thread.join();
    }
    /// "anon A + file F MiB at the highest sample; anon peaked at P MiB".
    QString describe() const
    {
        return QStringLiteral("at the highest sample anon %1 + file %2 MiB; anon alone peaked at %3 MiB")
            .arg(m_atPeak.first / 1024)
            .arg(m_atPeak.second / 1024)
            .arg(m_anonPeak / 1024);
    }

private:
    void sample()
    {
        QFile f(QStringLiteral("/proc/self/status"));
        if (!f.open(QIODevice::ReadOnly))
            return;
        qint64 anon = 0;
        qint64 file = 0;
        for (const QByteArray &line : f.readAll().split('\n')) {
            if (line.startsWith("RssAnon:"))
                anon = line.mid(8).trimmed().split(' ').front().toLongLong();
            else if (line.startsWith("RssFile:"))
                file = line.mid(8).trimmed().split(' ').front().toLongLong();
        }
        if (anon + file > m_atPeak.first + m_atPeak.second)
            m_atPeak = {anon, file};
        m_anonPeak = std::max(m_anonPeak, anon);
    }

    std::atomic_bool m_stop{false};
    std::pair<qint64, qint64> m_atPeak{0, 0}; ///< KiB
    qint64 m_anonPeak = 0;                    ///< KiB
    std::thread m_thread;
};

/// User + system CPU seconds of this process so far (wall time lies on a shared machine).
double cpuSeconds()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
           + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

/// CPU time of the whole process (every thread: a recall searches vectors on a second one), in ms.
double processCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

qint64 folderBytes(const QString &path)
{
    qint64 total = 0;
    QDirIterator it(path, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        total += it.fileInfo().size();
    }
    return total;
}

/// Queries made of words the vault uses: 2–5 content words from random chunks.
QStringList makeQueries(IndexStore &store, int count)
{
    QStringList queries;
    QRandomGenerator rng(7);
    const qint64 total = store.chunkCount();
    auto statement = store.database().prepare(QStringLiteral("SELECT text FROM chunks WHERE rowid = ?"));
    while (queries.size() < count && total > 0) {
        statement->bind(1, qint64(rng.bounded(int(total))) + 1);
        if (!statement->next()) {
            statement->reset();
            continue;
        }
        QStringList words;
        for (const QString &w : TextAnalysis::words(statement->text(0)))
            if (!TextAnalysis::isStopWord(w) && w.size() > 2)
                words << w;
        statement->reset();
        if (words.size() < 3)
            continue;
        const int n = 2 + int(rng.bounded(4));
        QStringList picked;
        for (int i = 0; i < n; ++i)
            picked << words[rng.bounded(int(words.size()))];
        queries << picked.join(QLatin1Char(' '));
    }
    return queries;
}

/// A figure measured after a failed step would be wrong: the run stops and says why.
void must(const Status &status)
{
    if (!status)
        qFatal("engram-bench: %s", qPrintable(status.error().toString()));
}

void row(const QString &what, const QString &value, const QString &note = {})
{
    out << "| " << what << " | " << value << " | " << note << " |\n";
    out.flush();
}

QString ms(double v)
{
    return QString::number(v, 'f', v < 10 ? 2 : 1) + QStringLiteral(" ms");
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    setvbuf(stdout, nullptr, _IOLBF, 0); // each row as it is measured: a run stopped midway keeps its rows
    QStringList args = app.arguments().mid(1);
    if (args.isEmpty()) {
        fprintf(stderr,
                "usage: engram_bench VAULT [--queries N] [--cli PATH] [--keep-index] [--no-floors] [--profile MODE]\n");
        return 2;
    }
    const QString vault = QFileInfo(args.takeFirst()).absoluteFilePath();
    int queryCount = 300;
    QString cli = QStringLiteral(ENGRAM_CLI_PATH);
    bool keep = false;
    bool floors = true;
    QString profileMode;
    while (!args.isEmpty()) {
        const QString a = args.takeFirst();
        if (a == QLatin1String("--queries") && !args.isEmpty())
            queryCount = args.takeFirst().toInt();
        else if (a == QLatin1String("--cli") && !args.isEmpty())
            cli = args.takeFirst();
        else if (a == QLatin1String("--keep-index"))
            keep = true;
        else if (a == QLatin1String("--no-floors"))
            floors = false;
        else if (a == QLatin1String("--profile") && !args.isEmpty()) {
            profileMode = args.takeFirst();
            keep = true;
        }
    }
    const QString indexDir = QDir(vault).filePath(QStringLiteral(".engram"));
    if (!keep)
        QDir(indexDir).removeRecursively();

    if (!profileMode.isEmpty()) {
        auto opened = Engine::open(vault, EngineLifetime::LongRunning); // figures for the workbench
        if (!opened) {
            fprintf(stderr, "%s\n", qPrintable(opened.error().toString()));
            return 1;
        }
        Engine &engine = **opened;
        engine.index();
        const QStringList queries = makeQueries(internals(engine).store(), queryCount);
        // Round 1 meets each query's terms for the first time (term frequencies not cached yet);
        // rounds 2-5 repeat them: the steady state of a long-running process.
        for (int round = 0; round < 5; ++round) {
            QList<double> times;
            QList<double> wall;
            for (const QString &q : queries) {
                const double start = processCpuMs();
                QElapsedTimer t;
                t.start();
                if (!engine.recall(RecallQuery{q, profileMode, 10, {}, {}, false}))
                    return 1;
                wall << double(t.nsecsElapsed()) / 1e6;
                times << processCpuMs() - start;
            }
            const Percentiles w = percentiles(wall);
            out << profileMode << " recall, round " << round + 1 << ": p50 " << ms(w.p50) << " / p99 " << ms(w.p99)
                << " wall, p50 " << ms(percentiles(times).p50) << " CPU, " << times.size() << " recalls\n";
            out.flush();
        }
        return 0;
    }

    out << "| measure | value | note |\n|---|---|---|\n";
    // 1. Full index.
    QElapsedTimer timer;
    timer.start();
    RssSampler indexRss;
    auto opened = Engine::open(vault, EngineLifetime::LongRunning); // figures for the workbench
    if (!opened) {
        fprintf(stderr, "%s\n", qPrintable(opened.error().toString()));
        return 1;
    }
    Engine &engine = **opened;
    const IndexReport report = engine.index();
    const double indexSeconds = double(timer.elapsed()) / 1000.0;
    const double indexCpuSeconds = cpuSeconds();
    indexRss.stop();
    const qint64 chunks = internals(engine).store().chunkCount();
    row(QStringLiteral("files / chunks"), QStringLiteral("%1 / %2").arg(report.scanned).arg(chunks));
    row(QStringLiteral("full index (wall / CPU)"),
        QStringLiteral("%1 s / %2 s").arg(indexSeconds, 0, 'f', 1).arg(indexCpuSeconds, 0, 'f', 1),
        QStringLiteral("%1 chunks/s wall; graph insertion thread %2 s CPU")
            .arg(double(chunks) / qMax(0.001, indexSeconds), 0, 'f', 0)
            .arg(internals(engine).vectors().bulkCpuSeconds(), 0, 'f', 1));
    must(internals(engine).store().database().exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)")));
    row(QStringLiteral("index size on disk"),
        QStringLiteral("%1 MiB").arg(double(folderBytes(indexDir)) / 1048576.0, 0, 'f', 1),
        QStringLiteral("vault files %1 MiB")
            .arg(double(folderBytes(vault) - folderBytes(indexDir)) / 1048576.0, 0, 'f', 1));
    row(QStringLiteral("vector file on disk"),
        QStringLiteral("%1 MiB").arg(
            double(QFileInfo(QDir(indexDir).filePath(QStringLiteral("vectors.hnsw"))).size()) / 1048576.0, 0, 'f', 1));
    row(QStringLiteral("peak RSS after index"), QStringLiteral("%1 MiB").arg(peakRssMiB(), 0, 'f', 0),
        indexRss.describe());
    RssSampler queryRss;

    // 2. Recall per mode, pack.
    const QStringList queries = makeQueries(internals(engine).store(), queryCount);
    for (const QString &mode : {QStringLiteral("fast"), QStringLiteral("deep"), QStringLiteral("creative")}) {
        QList<double> times;
        QList<double> cpu;
        for (const QString &q : queries) {
            QElapsedTimer t;
            t.start();
            const double cpuStart = processCpuMs();
            auto r = engine.recall(RecallQuery{q, mode, 10, {}, {}});
            times << double(t.nsecsElapsed()) / 1e6;
            cpu << processCpuMs() - cpuStart;
            if (!r)
                return 1;
        }
        const Percentiles p = percentiles(times);
        row(QStringLiteral("recall %1 p50 / p95 / p99").arg(mode),
            QStringLiteral("%1 / %2 / %3").arg(ms(p.p50), ms(p.p95), ms(p.p99)),
            QStringLiteral("%1 queries, k = 10; CPU p50 %2").arg(queries.size()).arg(ms(percentiles(cpu).p50)));
    }
    {
        // Where a fast recall spends its time: the same steps the Retriever takes, timed one by one.
        QList<double> keyword, embed, ann, fetch;
        const RankingMode &fast = engine.config().mode(QStringLiteral("fast"));
        for (const QString &q : queries) {
            QElapsedTimer t;
            t.start();
            const Retriever::KeywordPlan plan = internals(engine).retriever().keywordPlan(Retriever::keywordTerms(q));
            const auto hits = internals(engine)
                                  .store()
                                  .keywordSearch(plan.matched, fast.keywordCandidates, {}, plan.rankingOnly)
                                  .value();
            keyword << double(t.nsecsElapsed()) / 1e6;
            t.restart();
            auto vector = internals(engine).embedder().embed({q});
            embed << double(t.nsecsElapsed()) / 1e6;
            t.restart();
            const auto near = internals(engine).vectors().search(vector->front(), fast.vectorCandidates);
            ann << double(t.nsecsElapsed()) / 1e6;
            QList<qint64> ids;
            for (const auto &h : hits)
                ids << h.id;
            for (const auto &h : near)
                ids << h.id;
            t.restart();
            const QList<Chunk> rows = internals(engine).store().chunks(ids);
            (void)internals(engine).store().neighbours(ids.mid(0, 20), 1); // the Retriever widens only what it shows
            fetch << double(t.nsecsElapsed()) / 1e6;
        }
        row(QStringLiteral("fast recall p50 by step"),
            QStringLiteral("bm25 %1, embed %2, hnsw %3, rows+neighbours %4")
                .arg(ms(percentiles(keyword).p50), ms(percentiles(embed).p50), ms(percentiles(ann).p50),
                     ms(percentiles(fetch).p50)));
    }
    {
        QList<double> times;
        for (const QString &q : queries.mid(0, 100)) {
            QElapsedTimer t;
            t.start();
            auto pack = engine.pack(RecallQuery{q, {}, 10, {}, {}}, 500);
            times << double(t.nsecsElapsed()) / 1e6;
        }
        const Percentiles p = percentiles(times);
        row(QStringLiteral("pack (500 tokens) p50 / p95"), QStringLiteral("%1 / %2").arg(ms(p.p50), ms(p.p95)));
    }

    // 3. Single-file re-index: write a file, index that path, until recall finds it.
    {
        QList<double> times;
        for (int i = 0; i < 10; ++i) {
            const QString word = QStringLiteral("zqxbench%1marker").arg(i);
            const QString rel = QStringLiteral("notes/bench-reindex-%1.md").arg(i);
            QElapsedTimer t;
            t.start();
            QSaveFile file(QDir(vault).filePath(rel));
            QDir(vault).mkpath(QStringLiteral("notes"));
            if (!file.open(QIODevice::WriteOnly))
                return 1;
            file.write(QStringLiteral("# Re-index probe\n\nThe %1 appears in this note only.\n").arg(word).toUtf8());
            file.commit();
            engine.indexPath(rel);
            auto r = engine.recall(RecallQuery{word, {}, 1, {}, {}});
            const bool visible = r && !r->isEmpty() && r->front().chunk.path == rel;
            times << double(t.nsecsElapsed()) / 1e6;
            QFile::remove(QDir(vault).filePath(rel));
            engine.indexPath(rel);
            if (!visible) {
                fprintf(stderr, "re-index probe %d was not visible\n", i);
                return 1;
            }
        }
        const Percentiles p = percentiles(times);
        row(QStringLiteral("re-index one file → visible, p50 / max"),
            QStringLiteral("%1 / %2").arg(ms(p.p50), ms(*std::max_element(times.begin(), times.end()))),
            QStringLiteral("write + indexPath + recall"));
    }
    must(engine.saveVectors());
    queryRss.stop();
    row(QStringLiteral("peak RSS (index + queries)"), QStringLiteral("%1 MiB").arg(peakRssMiB(), 0, 'f', 0),
        QStringLiteral("queries: ") + queryRss.describe());
    row(QStringLiteral("of which index.db mapped, resident now"),
        QStringLiteral("%1 MiB").arg(mappedResidentMiB(QStringLiteral("index.db")), 0, 'f', 0),
        QStringLiteral("SQLite's map (long-running lifetime)"));

    // 4. CLI cold start: a new process opens the vault and answers one recall.
    if (QFileInfo::exists(cli)) {
        QList<double> times;
        for (int i = 0; i < 5; ++i) {
            QProcess p;
            QElapsedTimer t;
            t.start();
            p.start(cli, {QStringLiteral("recall"), QStringLiteral("--vault"), vault, queries.value(i),
                          QStringLiteral("-k"), QStringLiteral("10")});
            p.waitForFinished(60000);
            times << double(t.nsecsElapsed()) / 1e6;
        }
        const Percentiles p = percentiles(times);
        row(QStringLiteral("CLI cold-start recall p50 / max"),
            QStringLiteral("%1 / %2").arg(ms(p.p50), ms(*std::max_element(times.begin(), times.end()))),
            QStringLiteral("spawn engram-cli recall"));
    }

    // 5. Floors over the same data. They hold every text and every vector as float32 in memory
    // (1.5 GB of vectors at 1M chunks): a run under a memory limit (bench/in_memory_limit.sh)
    // leaves them to an unlimited run.
    if (!floors) {
        row(QStringLiteral("floors"), QStringLiteral("not run (--no-floors)"));
        return 0;
    }
    QList<QString> texts;
    // The floor scans float32 vectors, one flat array (the stored float16 decoded once).
    const int dims = internals(engine).embedder().dimensions();
    std::vector<float> flat;
    qsizetype vectorCount = 0;
    {
        auto s =
            internals(engine).store().database().prepare(QStringLiteral("SELECT text, vector FROM chunks ORDER BY id"));
        while (s->next()) {
            texts << s->text(0);
            const Vector v = IndexStore::vectorFromBlob(s->blob(1));
            if (v.size() != dims)
                continue;
            flat.insert(flat.end(), v.begin(), v.end());
            ++vectorCount;
        }
    }
    {
        const QString path = QDir::temp().filePath(QStringLiteral("engram-bench-fts-%1.db").arg(app.applicationPid()));
        QFile::remove(path);
        Database db;
        must(db.open(path));
        must(db.exec(QStringLiteral(
            "CREATE VIRTUAL TABLE t USING fts5(text, tokenize='porter unicode61 remove_diacritics 2')")));
        QElapsedTimer t;
        t.start();
        {
            Transaction tx(db);
            auto insert = db.prepare(QStringLiteral("INSERT INTO t(text) VALUES(?)"));
            for (const QString &text : std::as_const(texts))
                must(insert->bind(1, text).exec());
            must(tx.commit());
        }
        const double insertSeconds = double(t.elapsed()) / 1000.0;
        row(QStringLiteral("floor: raw FTS5 insert"), QStringLiteral("%1 s").arg(insertSeconds, 0, 'f', 1),
            QStringLiteral("Engram full index = %1 × (parse, tag, embed, vectors included)")
                .arg(indexSeconds / qMax(0.001, insertSeconds), 0, 'f', 1));
        QList<double> times;
        auto query =
            db.prepare(QStringLiteral("SELECT rowid, bm25(t) AS s FROM t WHERE t MATCH ? ORDER BY s LIMIT 60"));
        for (const QString &q : queries) {
            QStringList quoted;
            for (const QString &term : Retriever::keywordTerms(q))
                quoted << QLatin1Char('"') + term + QLatin1Char('"');
            QElapsedTimer qt;
            qt.start();
            query->bind(1, quoted.join(QStringLiteral(" OR ")));
            while (query->next()) {
            }
            query->reset();
            times << double(qt.nsecsElapsed()) / 1e6;
        }
        const Percentiles p = percentiles(times);
        row(QStringLiteral("floor: raw FTS5 bm25 top-60 p50 / p99"),
            QStringLiteral("%1 / %2").arg(ms(p.p50), ms(p.p99)));
        db.close();
        QFile::remove(path);
    }
    {
        auto embedded = internals(engine).embedder().embed(queries);
        QList<double> scanTimes;
        QList<double> annTimes;
        double overlap = 0.0;
        for (const Vector &q : *embedded) {
            QElapsedTimer t;
            t.start();
            std::vector<std::pair<float, qsizetype>> scored(static_cast<size_t>(vectorCount));
            for (qsizetype i = 0; i < vectorCount; ++i) {
                const float *v = flat.data() + i * dims;
                float sum = 0.0f;
                for (int d = 0; d < dims; ++d)
                    sum += v[d] * q[d];
                scored[size_t(i)] = {sum, i};
            }
            const size_t k = std::min<size_t>(60, scored.size());
            std::partial_sort(scored.begin(), scored.begin() + qsizetype(k), scored.end(),
                              [](const auto &a, const auto &b) { return a.first > b.first; });
            scanTimes << double(t.nsecsElapsed()) / 1e6;
            QElapsedTimer at;
            at.start();
            const auto hits = internals(engine).vectors().search(q, 60);
            annTimes << double(at.nsecsElapsed()) / 1e6;
            if (!hits.isEmpty())
                overlap += std::abs(hits.front().similarity - scored.front().first) < 1e-4f ? 1.0 : 0.0;
        }
        const Percentiles scan = percentiles(scanTimes);
        const Percentiles ann = percentiles(annTimes);
        row(QStringLiteral("floor: brute-force vector scan top-60 p50"), ms(scan.p50),
            QStringLiteral("%1 vectors × %2 dims").arg(vectorCount).arg(dims));
        row(QStringLiteral("hnsw top-60 p50"), ms(ann.p50),
            QStringLiteral("%1× faster than the scan; top-1 agrees %2%")
                .arg(scan.p50 / qMax(1e-6, ann.p50), 0, 'f', 1)
                .arg(100.0 * overlap / qMax<qsizetype>(1, embedded->size()), 0, 'f', 0));
    }
    row(QStringLiteral("peak RSS (whole run, floors included)"), QStringLiteral("%1 MiB").arg(peakRssMiB(), 0, 'f', 0));
    return 0;
}
