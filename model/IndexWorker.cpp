#include "IndexWorker.h"

#include "FolderWatch.h"
#include "ingest/VaultScanner.h"

#include <QElapsedTimer>
#include <QFileInfo>
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
    // Without inotify the vault is rescanned on the timer only.
    m_watch = FolderWatch::create(m_engine->vaultPath(), &isWatchable, this, &m_watchUnavailable);
    if (m_watch) {
        connect(m_watch, &FolderWatch::changed, this, &IndexWorker::noteChange);
        connect(m_watch, &FolderWatch::overflowed, this, &IndexWorker::watcherOverflowed);
        connect(m_watch, &FolderWatch::refused, this, &IndexWorker::watchRefused);
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
    // indexed twice, never missed.
    watchFolders();
    m_wholeVaultDue = true;
    indexChanged();
    updateRescan();
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
        const QString watched = QString::number(m_watch ? m_watch->folderCount() : 0);
        c.reason = QStringLiteral("%1 folders watched").arg(watched);
        return c.found(HealthDetail::WatchingFolders, {watched});
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

bool IndexWorker::isRescanning() const
{
    return m_rescan && m_rescan->isActive();
}

void IndexWorker::noteChange(const QString &relativePath, bool isFolder)
{
    if (!m_watching)
        return; // setWatching(true) compares the whole vault
    // A file the scanner would not read is none of the index's business: an editor's temporary, a
    // backup, QSaveFile's "name.XXXXXX" before its rename to the name that is then reported. A
    // symlink to a folder is reported as a file.
    if (!isFolder && !VaultScanner::isIndexable(relativePath)
        && !QFileInfo(m_engine->vaultPath() + QLatin1Char('/') + relativePath).isDir())
        return;
    m_named.insert(relativePath);
    scheduleIndex();
}

void IndexWorker::scheduleIndex()
{
    if (!m_watching || !m_debounce)
        return;
    // Each write restarts the wait, so a burst is one run; a file written without pause (an agent's
    // transcript, a line every 20 ms) is still looked at twice a second.
    constexpr qint64 kLongestWaitMs = 500;
    if (!m_debounce->isActive())
        m_pendingSince.start();
    else if (m_pendingSince.elapsed() >= kLongestWaitMs)
        return;
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
        m_wholeVaultDue = true; // what the watcher said meanwhile was not listened to
        indexChanged();
        updateRescan();
    } else {
        m_rescan->stop();
        m_debounce->stop();
        m_named.clear();
    }
}

void IndexWorker::updateRescan()
{
    if (!m_rescan)
        return;
    // Each folder's watch names every file made, removed, renamed or written in place, and an
    // overflow of the kernel's queue is reported: a vault watched whole on a local disk needs no
    // rescan (at a million memories one is 0.7 s of CPU). Where a change can pass unreported, the
    // timer compares the whole vault.
    const bool needed = m_watching && (!m_watch || m_watchIncomplete || m_watch->missesChanges());
    if (!needed)
        m_rescan->stop();
    else if (!m_rescan->isActive())
        m_rescan->start();
}

bool IndexWorker::isWatchable(const QString &relativeFolder)
{
    // As the scanner reads a vault: no hidden folder, nor state/ or archive/ below the root.
    const QStringList parts = relativeFolder.split(u'/', Qt::SkipEmptyParts);
    for (const QString &part : parts)
        if (part.startsWith(u'.'))
            return false;
    return parts.isEmpty() || (parts.front() != QLatin1String("state") && parts.front() != QLatin1String("archive"));
}

void IndexWorker::watchFolders()
{
    if (m_watch)
        m_watch->watchTree(QString());
}

void IndexWorker::watchRefused(const QStringList &relativeFolders, const QString &why)
{
    if (m_watchIncomplete)
        return;
    // Past the system's limit of watches (fs.inotify.max_user_watches) the watcher is blind to
    // those folders: every run compares the whole vault, as the rescan does.
    m_watchIncomplete = true;
    const QString first = m_engine->vaultPath() + QLatin1Char('/') + relativeFolders.first();
    m_watchRefused =
        tr("%Ln folder(s) of the vault cannot be watched, the first %1: %2", nullptr, int(relativeFolders.size()))
            .arg(first, why);
    Q_EMIT failed(watchingUnavailable());
    updateRescan();
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
    // A folder is named only when it was made, moved or removed as a whole: the files the index
    // knows in it are stat()ed (one moved over another of the same name holds other files by the
    // same names), the files named are compared alone.
    QElapsedTimer comparison;
    comparison.start();
    const FileChanges changes = wholeVault ? m_engine->changesOnDisk() : m_engine->changesIn(named);
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
    // Folders are watched as they are made (FolderWatch): this finds those made while the watcher
    // was refused or not listened to.
    if (wholeVault)
        watchFolders();
    else if (m_watch)
        for (const QString &folder : changes.newFolders)
            m_watch->watchTree(folder);
}

void IndexWorker::indexPaths(const QStringList &relativePaths)
{
    runPaths(relativePaths);
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
    if (!rows)
        Q_EMIT failed(rows.error().toString());
    if (!rows || rows->size() > kMaxDeltaRows) {
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

void IndexWorker::refreshFindings()
{
    // Cheap when the index runs kept them current (a long-running engine updates after each run):
    // only what was indexed since is compared.
    // A few pairs for the llm judge, when one is configured: the worker is free again within seconds for the
    // next index run, and the rest wait for the next refresh (or `engram-cli review --judge`).
    if (auto scan = m_engine->updateFindings(nullptr, Engine::Judging::Background); !scan) {
        Q_EMIT findingsReady({}, scan.error().toString());
        return;
    }
    auto findings = MemoryReview(*m_engine).findings();
    if (!findings) {
        Q_EMIT findingsReady({}, findings.error().toString());
        return;
    }
    Q_EMIT findingsReady(*findings, QString());
}

void IndexWorker::resolveFinding(const QString &id, ReviewAction action, const QString &take)
{
    auto undo = MemoryReview(*m_engine).resolve(id, action, take);
    if (!undo) {
        Q_EMIT reviewResolved(id, {}, undo.error().toString());
        refreshFindings(); // the finding may be gone already (resolved elsewhere, its file edited)
        return;
    }
    Q_EMIT reviewResolved(id, *undo, QString());
    followReview(*undo);
}

void IndexWorker::undoReview(const ReviewUndo &undo)
{
    const Status undone = MemoryReview(*m_engine).undo(undo);
    Q_EMIT reviewUndone(undo.findingId, undone ? QString() : undone.error().toString());
    followReview(undo);
}

void IndexWorker::followReview(const ReviewUndo &undo)
{
    if (Status s = m_engine->saveVectors(); !s)
        Q_EMIT failed(s.error().toString());
    QStringList touched;
    for (const auto &[path, bytes] : undo.rewritten)
        touched << path;
    for (const auto &[original, archive] : undo.archived)
        touched << original << archive;
    touched.removeDuplicates();
    if (!touched.isEmpty())
        sendDelta(touched);
    refreshFindings();
}

} // namespace engram
