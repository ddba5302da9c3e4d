#include "SyncRunner.h"

#include "VaultSession.h"
#include "vault/Engine.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QPointer>
#include <QStandardPaths>

namespace engram {

SyncRunner::SyncRunner(VaultSession *session, QObject *parent) : QObject(parent), m_session(session)
{
    m_timer.setObjectName(QStringLiteral("syncTimer"));
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (isRepository())
            syncNow();
    });
    connect(m_session, &VaultSession::opened, this, &SyncRunner::configure);
    connect(m_session, &VaultSession::closed, this, [this] {
        m_timer.stop();
        m_job.cancel();
        m_running = false;
    });
}

void SyncRunner::configure()
{
    m_timer.stop();
    if (!m_session->engine())
        return;
    const int minutes = m_session->engine()->config().sync.intervalMinutes;
    if (minutes > 0) {
        m_timer.setInterval(minutes * 60 * 1000);
        m_timer.start();
    }
}

SyncSettings SyncRunner::settings() const
{
    SyncSettings s;
    if (Engine *engine = m_session->engine()) {
        s.maxFileBytes = engine->config().sync.maxFileBytes;
        s.remote = engine->config().sync.remote;
    }
    // The engram-cli beside the workbench (installed or in the build tree) is the merge driver.
    const QString dir = QCoreApplication::applicationDirPath();
    s.engramCli = QStandardPaths::findExecutable(QStringLiteral("engram-cli"), {dir, dir + QStringLiteral("/../app")});
    if (!s.engramCli.isEmpty())
        s.engramCli = QFileInfo(s.engramCli).canonicalFilePath();
    return s;
}

VaultSync SyncRunner::service() const
{
    return VaultSync(m_session->vaultPath(), settings());
}

bool SyncRunner::isRepository() const
{
    return m_session->isOpen() && service().isRepository();
}

Result<QStringList> SyncRunner::makeRepository(const QString &remoteUrl)
{
    if (!m_session->isOpen())
        return Error{QStringLiteral("no vault is open")};
    VaultSync sync = service();
    return sync.init(remoteUrl);
}

void SyncRunner::afterConsolidation()
{
    if (m_session->engine() && m_session->engine()->config().sync.afterConsolidation && isRepository())
        syncNow();
}

bool SyncRunner::syncNow()
{
    if (m_running || !m_session->isOpen())
        return false;
    m_running = true;
    m_job = CancelFlag();
    emit started();
    VaultSync sync = service();
    QPointer<SyncRunner> self(this);
    sync.setProgress([self](const QString &step) {
        // From the job's thread: queued to this object's.
        if (self)
            QMetaObject::invokeMethod(
                self,
                [self, step] {
                    if (self)
                        emit self->progress(step);
                },
                Qt::QueuedConnection);
    });
    runJob(
        this, m_job, [sync](const CancelFlag &) mutable { return sync.sync(); },
        [this](const SyncReport &report) {
            m_running = false;
            if (!report.receivedPaths.isEmpty() || !report.conflicts.isEmpty())
                m_session->requestIndexAll();
            emit finished(report);
        });
    return true;
}

} // namespace engram
