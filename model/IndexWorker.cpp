#include "IndexWorker.h"

#include <QDirIterator>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QSet>
#include <QTimer>

namespace engram {

namespace {

/// Past this many files a run sends the whole catalog: a delta is planned in one pass over the
/// rows plus one query per file, and a model signal per run of rows.
constexpr int kMaxDeltaFiles = 1000;

} // namespace

IndexWorker::IndexWorker(std::unique_ptr<Engine> engine) : m_engine(std::move(engine)) { }

IndexWorker::~IndexWorker() = default;

void IndexWorker::start(int rescanIntervalMs)
{
    m_watcher = new QFileSystemWatcher(this);
    m_debounce = new QTimer(this);
    m_debounce->setSingleShot(true);
    // An editor's save is a burst of events within a few ms (write a temporary, rename it over);
    // 30 ms gathers it into one run. At 250 ms a saved note reached Recall 0.34 s later in a
    // 2,000-note vault, at 30 ms 0.11 s (bench/recall_latency_bench).
    m_debounce->setInterval(30);
    m_rescan = new QTimer(this);
    m_rescan->setInterval(rescanIntervalMs);
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, this, &IndexWorker::scheduleIndex);
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, &IndexWorker::scheduleIndex);
    connect(m_debounce, &QTimer::timeout, this, &IndexWorker::indexChanged);
    connect(m_rescan, &QTimer::timeout, this, &IndexWorker::indexChanged);
    refreshCatalog(); // what the index already holds, before catching up
    indexChanged();
    watchFolders();
    m_rescan->start();
}

void IndexWorker::scheduleIndex()
{
    if (m_watching)
        m_debounce->start();
}

void IndexWorker::setWatching(bool watching)
{
    m_watching = watching;
    if (!m_rescan)
        return;
    if (watching) {
        m_rescan->start();
        indexChanged();
    } else {
        m_rescan->stop();
        m_debounce->stop();
    }
}

void IndexWorker::watchFolders()
{
    // Folders report added, removed and renamed files (an atomic save is a
    // rename); files report in-place writes. The periodic rescan covers the rest.
    QStringList paths{m_engine->vaultPath()};
    QDirIterator it(m_engine->vaultPath(), QDir::Dirs | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString dir = it.next();
        const QString relative = dir.mid(m_engine->vaultPath().size() + 1);
        if (!relative.startsWith(QLatin1Char('.')) && !relative.contains(QLatin1String("/.")))
            paths << dir;
    }
    const QStringList files = m_engine->indexedPaths();
    if (files.size() < 4000)
        for (const QString &file : files)
            paths << m_engine->vaultPath() + QLatin1Char('/') + file;
    const QStringList already = m_watcher->directories() + m_watcher->files();
    const QSet<QString> watched(already.cbegin(), already.cend());
    QStringList fresh;
    for (const QString &p : paths)
        if (!watched.contains(p))
            fresh << p;
    if (!fresh.isEmpty())
        m_watcher->addPaths(fresh);
}

IndexProgress IndexWorker::progressCallback()
{
    // At most ~20 progress signals a second: the UI thread repaints, never drowns.
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    return [this, clock](int done, int total, const QString &path) {
        if (done == total || clock->elapsed() >= 50) {
            clock->restart();
            Q_EMIT progress(done, total, path);
        }
    };
}

void IndexWorker::indexChanged()
{
    if (!m_watching)
        return;
    const QStringList paths = m_engine->changesOnDisk().changedPaths();
    if (!paths.isEmpty())
        indexPaths(paths);
}

void IndexWorker::indexPaths(const QStringList &relativePaths)
{
    Q_EMIT busyChanged(true, tr("Indexing %Ln file(s)…", nullptr, int(relativePaths.size())));
    QElapsedTimer clock;
    clock.start();
    IndexReport total = m_engine->indexPaths(relativePaths, progressCallback());
    total.elapsedMs = clock.elapsed();
    // The rows are in the index already: the table shows them while the vectors are written
    // (the whole file, ~100 ms at 100k chunks, was 100 of the 170 ms from save to row).
    report(total, relativePaths);
    if (Status s = m_engine->saveVectors(); !s)
        Q_EMIT failed(s.error().toString());
}

void IndexWorker::indexAll()
{
    m_cancel = false;
    Q_EMIT busyChanged(true, tr("Indexing the vault…"));
    report(m_engine->index(progressCallback(), &m_cancel));
}

void IndexWorker::rebuild()
{
    Q_EMIT busyChanged(true, tr("Rebuilding the index…"));
    auto result = m_engine->rebuild(progressCallback());
    if (!result) {
        Q_EMIT busyChanged(false, {});
        Q_EMIT failed(result.error().toString());
        return;
    }
    Q_EMIT busyChanged(false, {});
    if (result->error)
        Q_EMIT failed(result->error->toString());
    Q_EMIT indexed(*result);
    refreshCatalog(); // every chunk has a new id: nothing to follow row by row
    watchFolders();
}

void IndexWorker::report(const IndexReport &result, QStringList touched)
{
    Q_EMIT busyChanged(false, {});
    if (result.error)
        Q_EMIT failed(result.error->toString());
    Q_EMIT indexed(result);
    for (const Problem &p : result.problems)
        if (p.severity == QLatin1String("error"))
            touched << p.path;
    touched += result.changedPaths;
    touched.removeDuplicates();
    if (result.indexed + result.removed > 0 || !result.changedPaths.isEmpty() || result.failed > 0) {
        if (touched.size() <= kMaxDeltaFiles)
            sendDelta(touched);
        else
            refreshCatalog();
        watchFolders();
    }
}

void IndexWorker::sendDelta(const QStringList &paths)
{
    auto rows = m_engine->memoryRows(paths);
    if (!rows) {
        Q_EMIT failed(rows.error().toString());
        refreshCatalog();
        return;
    }
    CatalogDelta delta{paths, *rows, m_engine->vectorCount(), m_engine->lastIndexed()};
    Q_EMIT catalogChanged(delta);
}

void IndexWorker::refreshCatalog()
{
    auto rows = m_engine->memoryRows();
    if (!rows) {
        Q_EMIT failed(rows.error().toString());
        return;
    }
    // Counts come from the rows in memory: Engine::stats() would scan the
    // chunk table (vectors included) four more times.
    Q_EMIT catalogReady(*rows, m_engine->statsOf(*rows));
}

void IndexWorker::refreshHealth()
{
    Q_EMIT healthReady(m_engine->health());
}

} // namespace engram
