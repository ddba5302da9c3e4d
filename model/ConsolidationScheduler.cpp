#include "ConsolidationScheduler.h"

#include "Job.h"
#include "vault/Engine.h"

namespace engram {

ConsolidationScheduler::ConsolidationScheduler(Engine &engine, QObject *parent) : QObject(parent), m_engine(engine)
{
    m_nightly.setSingleShot(true);
    connect(&m_nightly, &QTimer::timeout, this, [this] {
        if (!runNow())
            arm(); // a run by hand is in flight: try again tomorrow
    });
}

ConsolidationScheduler::~ConsolidationScheduler()
{
    // A run writes digests and the ledger: it finishes rather than stops half-way.
    m_run.waitForFinished();
}

qint64 ConsolidationScheduler::msecsUntil(int hour, const QDateTime &now)
{
    QDateTime next(now.date(), QTime(hour, 0), now.timeSpec());
    if (next <= now)
        next = next.addDays(1);
    return now.msecsTo(next);
}

void ConsolidationScheduler::arm()
{
    m_nightly.start(int(qMin<qint64>(
        msecsUntil(m_engine.config().consolidation.nightlyHour, QDateTime::currentDateTime()), 24LL * 3600 * 1000)));
}

void ConsolidationScheduler::start()
{
    m_enabled = true;
    arm();
}

void ConsolidationScheduler::stop()
{
    m_enabled = false;
    m_nightly.stop();
}

bool ConsolidationScheduler::runNow(const ConsolidationOptions &options)
{
    if (m_running)
        return false;
    auto worker = m_engine.openWorker();
    if (!worker) {
        emit failed(worker.error().toString());
        return true;
    }
    std::shared_ptr<Engine> engine(std::move(*worker));
    m_running = true;
    emit started();
    const QFuture<Result<ConsolidationReport>> run = runJob(
        this, CancelFlag(), [engine, options](const CancelFlag &) { return Consolidator(*engine).run(options); },
        [this](const Result<ConsolidationReport> &report) {
            m_running = false;
            if (report)
                emit finished(*report);
            else
                emit failed(report.error().toString());
            if (m_enabled && !m_nightly.isActive())
                arm();
        });
    m_run = QFuture<void>(run);
    return true;
}

} // namespace engram
