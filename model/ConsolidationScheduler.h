#pragma once

#include "consolidation/Consolidator.h"

#include <QFuture>
#include <QObject>
#include <QTimer>

namespace engram {

class Engine;

/// Runs the sleep pass off the caller's thread: by hand (runNow) or every
/// night at `consolidation.nightlyHour` of engram.json (start). Each run is a
/// one-shot job (model/Job.h) with its own Engine connection (Engine::openWorker);
/// the report comes back by signal on the scheduler's thread. One run at a time.
class ConsolidationScheduler : public QObject {
    Q_OBJECT
public:
    explicit ConsolidationScheduler(Engine &engine, QObject *parent = nullptr);
    ~ConsolidationScheduler() override; ///< waits for a run in flight

    /// Arms the nightly timer (re-armed after every run).
    void start();
    void stop();
    /// Starts a run now; false (and nothing started) when one is running.
    bool runNow(const ConsolidationOptions &options = {});
    bool isRunning() const { return m_running; }

    /// Milliseconds from `now` to the next `hour`:00 local time (tomorrow when it has passed).
    static qint64 msecsUntil(int hour, const QDateTime &now);

signals:
    void started();
    void finished(const engram::ConsolidationReport &report);
    void failed(const QString &message);

private:
    void arm();

    Engine &m_engine;
    QTimer m_nightly;
    QFuture<void> m_run;
    bool m_running = false;
    bool m_enabled = false;
};

} // namespace engram
