#include "consolidation/ConsolidationScheduler.h"

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
    if (m_thread)
        m_thread->wait();
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
    if (m_thread)
        return false;
    auto worker = m_engine.openWorker();
    if (!worker) {
        emit failed(worker.error().toString());
        return true;
    }
    std::shared_ptr<Engine> engine(std::move(*worker));
    m_thread = QThread::create([this, engine, options] {
        auto report = Consolidator(*engine).run(options);
        QMetaObject::invokeMethod(
            this,
            [this, report] {
                if (report)
                    emit finished(*report);
                else
                    emit failed(report.error().toString());
            },
            Qt::QueuedConnection);
    });
    connect(m_thread, &QThread::finished, this, [this] {
        m_thread->deleteLater();
        m_thread = nullptr;
        if (m_enabled && !m_nightly.isActive())
            arm();
    });
    emit started();
    m_thread->start();
    return true;
}

} // namespace engram
