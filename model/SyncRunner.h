#pragma once

#include "Job.h"
#include "sync/VaultSync.h"

#include <QObject>
#include <QTimer>

namespace engram {

class VaultSession;

/// The workbench's sync of the open vault: VaultSync run off the UI thread as a one-shot job,
/// on demand, after a consolidation and every `sync.intervalMinutes` (engram.json). Progress
/// and the outcome come back by signal; when the remote brought files, or a conflict left
/// markers in some, the vault is re-indexed so the index follows.
class SyncRunner : public QObject {
    Q_OBJECT
public:
    explicit SyncRunner(VaultSession *session, QObject *parent = nullptr);

    /// Starts a sync; false when one is running, no vault is open, or it is not a repository.
    bool syncNow();
    bool isRunning() const { return m_running; }
    /// Whether the open vault is a git repository of its own.
    bool isRepository() const;
    /// Makes the open vault a repository (with `remoteUrl` as origin when given); the steps done.
    Result<QStringList> makeRepository(const QString &remoteUrl);
    /// After a consolidation: a sync, when the vault is a repository and the setting allows it.
    void afterConsolidation();
    /// The vault's sync service, for resolving conflicts (a few local git calls, milliseconds).
    VaultSync service() const;

Q_SIGNALS:
    void started();
    void progress(const QString &step);
    void finished(const engram::SyncReport &report);

private:
    void configure();
    SyncSettings settings() const;

    VaultSession *m_session;
    QTimer m_timer;
    CancelFlag m_job;
    bool m_running = false;
};

} // namespace engram
