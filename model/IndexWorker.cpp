#include "IndexWorker.h"

#include "FileWatchProbe.h"

#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
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

IndexWorker::IndexWorker(std::unique_ptr<Engine> engine, int fileWatchLimit)
    : m_engine(std::move(engine)), m_fileWatchLimit(fileWatchLimit < 0 ? defaultFileWatchLimit() : fileWatchLimit)
{ }

int IndexWorker::defaultFileWatchLimit()
{
    // The system's watches (fs.inotify.max_user_watches) are shared by every program of the user:
    // a quarter of them at most, and never fewer than 4,000 (8,192 is the limit of older kernels;
    // newer ones give ~100k and more by memory, 192,536 on the 4 GB machine of the benchmarks).
    QFile limits(QStringLiteral("/proc/sys/fs/inotify/max_user_watches"));
    const int system = limits.open(QIODevice::ReadOnly) ? limits.readAll().trimmed().toInt() : 0;
    return qBound(4000, system / 4, 50000);
}

IndexWorker::~IndexWorker() = default;

void IndexWorker::start(int rescanIntervalMs)
{
    m_rescanMs = rescanIntervalMs;
    m_debounce = new QTimer(this);
    m_debounce->setSingleShot(true);
    // An editor's save is a burst of events within a few ms (write a temporary, rename it over);
    // 30 ms gathers it into one run. At 250 ms a saved note reached Recall 0.34 s later in a
    // 2,000-note vault, at 30 ms 0.11 s (bench/recall_latency_bench).
    m_debounce->setInterval(30);
    m_rescan = new QTimer(this);
    m_rescan->setInterval(rescanIntervalMs);
    connect(m_debounce, &QTimer::timeout, this, &IndexWorker::indexChanged);
    connect(m_rescan, &QTimer::timeout, this, &IndexWorker::rescan);
    // Without inotify the vault is rescanned on the timer only (FileWatchProbe: Qt's own fallback
    // would stat() every watched path each second).
    m_watcher = FileWatchProbe::createWatcher(this, &m_watchUnavailable);
    if (m_watcher) {
        connect(m_watcher, &QFileSystemWatcher::directoryChanged, this, &IndexWorker::noteChange);
        connect(m_watcher, &QFileSystemWatcher::fileChanged, this, &IndexWorker::noteChange);
    } else {
        Q_EMIT failed(watchingUnavailable());
    }
    // At once: what views queue after start() (health, counts) must follow the first index.
    catchUp();
}

void IndexWorker::catchUp()
{
    refreshCatalog(); // what the index already holds, before catching up
    // Watched before the catch-up compares the vault: a file written meanwhile is then at worst
    // indexed twice, never missed until the next rescan.
    if (m_watcher)
        watchFolders();
    m_wholeVaultDue = true;
    indexChanged();
    m_rescan->start();
}

int IndexWorker::rescanSeconds() const
{
    return qMax(1, (m_rescan ? m_rescan->interval() : m_rescanMs) / 1000);
}

QString IndexWorker::watchingUnavailable() const
{
    const QString why = m_watchUnavailable.isEmpty() ? m_watchRefused : m_watchUnavailable;
    return tr("File watching unavailable: rescanning every %Ln s (%1)", nullptr, rescanSeconds()).arg(why);
}

HealthCheck IndexWorker::fileWatching() const
{
    HealthCheck c;
    c.id = HealthCheckId::FileWatching;
    c.name = QStringLiteral("file watching");
    const QString why = m_watchUnavailable.isEmpty() ? m_watchRefused : m_watchUnavailable;
    if (why.isEmpty()) {
        const QString watched = QString::number(m_watched.size());
        // Right after opening, file watches are still being added a slice per turn of the event
        // loop (addFileWatchSlice): the count says so rather than look short.
        if (!m_pendingFileWatches.isEmpty()) {
            const QString pending = QString::number(m_pendingFileWatches.size());
            c.reason = QStringLiteral("%1 folders and files watched, %2 more being added").arg(watched, pending);
            return c.found(HealthDetail::WatchingPathsPending, {watched, pending});
        }
        c.reason = QStringLiteral("%1 folders and files watched").arg(watched);
        return c.found(HealthDetail::WatchingPaths, {watched});
    }
    const QString seconds = QString::number(rescanSeconds());
    c.status = HealthStatus::Stale;
    c.reason = QStringLiteral("file watching unavailable: rescanning every %1 s (%2)").arg(seconds, why);
    c.fix = HealthFix::Manual;
    c.fixText = QStringLiteral("close programs that watch many files, or raise fs.inotify.max_user_watches and "
                               "fs.inotify.max_user_instances (sysctl)");
    c.advice = HealthAdvice::RaiseWatchLimit;
    return c.found(HealthDetail::WatchingUnavailable, {seconds, why});
}

void IndexWorker::noteChange(const QString &absolutePath)
{
    if (!m_watching)
        return; // setWatching(true) compares the whole vault
    const QString vault = m_engine->vaultPath();
    if (absolutePath == vault)
        m_named.insert(QString());
    else if (absolutePath.startsWith(vault + QLatin1Char('/')))
        m_named.insert(absolutePath.mid(vault.size() + 1));
    else
        m_wholeVaultDue = true;
    scheduleIndex();
}

void IndexWorker::scheduleIndex()
{
    if (m_watching && m_debounce)
        m_debounce->start();
}

void IndexWorker::rescan()
{
    m_wholeVaultDue = true;
    indexChanged();
}

void IndexWorker::watcherOverflowed()
{
    m_wholeVaultDue = true;
    scheduleIndex();
}

void IndexWorker::setWatching(bool watching)
{
    m_watching = watching;
    if (!m_rescan)
        return;
    if (watching) {
        m_rescan->start();
        m_wholeVaultDue = true; // what the watcher said meanwhile was not listened to
        indexChanged();
    } else {
        m_rescan->stop();
        m_debounce->stop();
        m_named.clear();
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
    addWatches(paths);
    const QStringList files = m_engine->indexedPaths();
    if (files.size() >= m_fileWatchLimit) {
        m_watchEachFile = false;
        m_pendingFileWatches.clear();
        return;
    }
    QStringList fresh;
    for (const QString &file : files)
        if (const QString absolute = m_engine->vaultPath() + QLatin1Char('/') + file; !m_watched.contains(absolute))
            fresh << absolute;
    if (fresh.isEmpty()) {
        m_watchEachFile = !m_fileWatchRefused;
        return;
    }
    // Until every file has its watch, a folder's known files are compared by stat(): a file without
    // a watch would not say it changed in place.
    const bool sliceRunning = !m_pendingFileWatches.isEmpty();
    m_pendingFileWatches = fresh;
    m_watchEachFile = false;
    if (!sliceRunning)
        QTimer::singleShot(0, this, &IndexWorker::addFileWatchSlice);
}

void IndexWorker::addFileWatchSlice()
{
    // 2,000 watches are about 50 ms: a change the watcher reports meanwhile waits at most that long.
    constexpr qsizetype kSlice = 2000;
    if (!m_watcher || m_pendingFileWatches.isEmpty())
        return;
    const QStringList slice = m_pendingFileWatches.mid(0, kSlice);
    m_pendingFileWatches.remove(0, qMin(kSlice, m_pendingFileWatches.size()));
    addWatches(slice);
    if (!m_pendingFileWatches.isEmpty()) {
        QTimer::singleShot(0, this, &IndexWorker::addFileWatchSlice);
        return;
    }
    m_watchEachFile = !m_fileWatchRefused;
    // A file written in place before its watch was added said nothing: one comparison of the whole
    // vault now (77 ms of CPU at 20k files), not at the next rescan.
    m_wholeVaultDue = true;
    scheduleIndex();
}

void IndexWorker::watchAgain(const QStringList &relativePaths, const QStringList &newFolders)
{
    const QString vault = m_engine->vaultPath() + QLatin1Char('/');
    QStringList paths;
    for (const QString &folder : newFolders) {
        paths << vault + folder;
        QDirIterator it(vault + folder, QDir::Dirs | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString dir = it.next();
            if (!dir.mid(vault.size()).contains(QLatin1String("/.")))
                paths << dir;
        }
    }
    for (const QString &relative : relativePaths) {
        const QString absolute = vault + relative;
        const QFileInfo info(absolute);
        if (info.isDir()) {
            paths << absolute;
            continue;
        }
        const bool eachFile = m_watchEachFile || !m_pendingFileWatches.isEmpty(); // (or soon will)
        if (!eachFile && !m_watched.contains(absolute))
            continue;
        // An atomic save put a new file where the watched one was: the watch goes to the new one.
        if (m_watched.remove(absolute))
            m_watcher->removePath(absolute);
        if (info.exists())
            paths << absolute;
    }
    addWatches(paths);
    // A file written in a new folder between the run's look at it and its watch said nothing: the
    // new folders are looked at once more (cheap: only them). Without it such a file waited for
    // the rescan, which at a million memories runs every few minutes.
    if (!newFolders.isEmpty()) {
        for (const QString &folder : newFolders)
            m_named.insert(folder);
        scheduleIndex();
    }
}

void IndexWorker::addWatches(const QStringList &absolutePaths)
{
    QStringList fresh;
    for (const QString &p : absolutePaths)
        if (!m_watched.contains(p) && QFileInfo::exists(p))
            fresh << p;
    fresh.removeDuplicates();
    if (fresh.isEmpty())
        return;
    const QStringList refused = m_watcher->addPaths(fresh);
    for (const QString &p : fresh)
        m_watched.insert(p);
    QStringList refusedFolders;
    for (const QString &p : refused) {
        m_watched.remove(p);
        if (QFileInfo(p).isDir())
            refusedFolders << p;
        else
            m_fileWatchRefused = true; // a folder's files are stat()ed again: slower, nothing missed
    }
    if (!refusedFolders.isEmpty() && !m_watchIncomplete) {
        // Past the system's limit of watches (fs.inotify.max_user_watches) the watcher is blind to
        // those folders: every run compares the whole vault, as the rescan does.
        m_watchIncomplete = true;
        m_watchRefused =
            tr("%Ln folder(s) of the vault cannot be watched, the first %1: %2", nullptr, int(refusedFolders.size()))
                .arg(refusedFolders.first(), FileWatchProbe::whyNotWatched(refusedFolders.first()));
        Q_EMIT failed(watchingUnavailable());
    }
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
    if (m_debounce)
        m_debounce->stop(); // a rescan that came first takes what the watcher named with it
    const QStringList named(m_named.cbegin(), m_named.cend());
    m_named.clear();
    const bool wholeVault = m_wholeVaultDue || m_watchIncomplete || named.size() > kMaxNamedPaths;
    m_wholeVaultDue = false;
    if (!wholeVault && named.isEmpty())
        return;
    // With a watch on each file, a folder's event is about names (added, removed, renamed) and the
    // files' own events name what changed in place: the folder's known files need no stat(). At
    // 20,000 notes in one folder that is 45 ms of CPU instead of 65 ms, and half the wall time on
    // a busy machine (FileChanges::KnownFiles).
    QElapsedTimer comparison;
    comparison.start();
    const FileChanges changes = wholeVault
                                    ? m_engine->changesOnDisk()
                                    : m_engine->changesIn(named, m_watchEachFile ? FileChanges::KnownFiles::WatchedEach
                                                                                 : FileChanges::KnownFiles::Compare);
    if (wholeVault && m_rescan) {
        // Comparing the whole vault is what an idle workbench spends: 0.7 s of CPU for 72,000 files (a
        // million memories), 9 s at a million files in one folder (bench/README.md); on a 30 s timer
        // that is 2.4 % to a third of a core. The timer waits at least 500 times the last comparison:
        // rescans take at most 0.2 % of the time, capped at an hour.
        const qint64 ms = comparison.elapsed();
        const qint64 waitMs = ms >= 50 ? qBound(qint64(m_rescanMs), 500 * ms, qint64(3600 * 1000)) : qint64(m_rescanMs);
        if (waitMs != m_rescan->interval())
            m_rescan->setInterval(int(waitMs));
    }
    const QStringList paths = changes.changedPaths();
    if (!paths.isEmpty())
        runPaths(paths);
    if (m_watcher) {
        if (wholeVault)
            watchFolders();
        else
            watchAgain(named + paths, changes.newFolders);
    }
}

void IndexWorker::indexPaths(const QStringList &relativePaths)
{
    runPaths(relativePaths);
    if (m_watcher)
        watchAgain(relativePaths, {});
}

void IndexWorker::runPaths(const QStringList &relativePaths)
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
    if (m_watcher)
        watchFolders();
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
    if (m_watcher)
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
    QList<MemoryRow> rows;
    int parts = 0;
    const Status read = m_engine->memoryRows(kPreviewRows, [&](const QList<MemoryRow> &part) {
        if (++parts == 2)
            Q_EMIT catalogPreview(rows); // the first part, now that more follows
        rows += part;
    });
    if (!read) {
        Q_EMIT failed(read.error().toString());
        return;
    }
    // Counts come from the rows in memory: Engine::stats() would scan the
    // chunk table (vectors included) four more times.
    Q_EMIT catalogReady(rows, FileRowIndex(rows), m_engine->statsOf(rows));
}

void IndexWorker::refreshHealth()
{
    QList<HealthCheck> checks = m_engine->health();
    if (m_rescan) // started: the watcher's state is known
        checks << fileWatching();
    Q_EMIT healthReady(checks);
}

} // namespace engram
