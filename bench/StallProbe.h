#pragma once

#include <QAbstractEventDispatcher>
#include <QElapsedTimer>
#include <QTimer>

#include <ctime>

/// The longest time the UI thread kept a 5 ms timer waiting while it ran, and when that wait
/// ended (ms into the phase). The timer is the event loop's own: a stall is any work that held
/// the loop, on the UI thread or waiting for a core. Beside it, the longest turn of the event loop
/// in the UI thread's own CPU time (busy()): the work itself, whatever the machine's load (two
/// shared cores at load 8 keep a runnable thread waiting for 100-300 ms at times).
class StallProbe {
public:
    StallProbe()
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(5);
        QObject::connect(&m_timer, &QTimer::timeout, &m_timer, [this] {
            const qint64 now = m_clock.elapsed();
            if (now - m_expected > m_worst) {
                m_worst = now - m_expected;
                m_worstAt = now;
            }
            m_expected = now + 5;
        });
        auto *dispatcher = QAbstractEventDispatcher::instance();
        for (auto moment : {&QAbstractEventDispatcher::awake, &QAbstractEventDispatcher::aboutToBlock})
            QObject::connect(dispatcher, moment, &m_timer, [this] {
                const qint64 now = threadCpuUs();
                if (m_timer.isActive())
                    m_busiest = qMax(m_busiest, now - m_turnStart);
                m_turnStart = now;
            });
    }
    void start()
    {
        m_busiest = 0;
        m_turnStart = threadCpuUs();
        m_worst = 0;
        m_worstAt = 0;
        m_clock.start();
        m_expected = 5;
        m_timer.start();
    }
    /// The longest stall since start(), in ms.
    qint64 stop()
    {
        m_timer.stop();
        return m_worst;
    }
    qint64 worstAt() const { return m_worstAt; }
    /// The longest turn of the event loop since start(), in ms of the UI thread's CPU time.
    qint64 busy() const { return m_busiest / 1000; }

private:
    static qint64 threadCpuUs()
    {
        timespec t{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return qint64(t.tv_sec) * 1000000 + t.tv_nsec / 1000;
    }

    QTimer m_timer;
    qint64 m_busiest = 0;
    qint64 m_turnStart = 0;
    QElapsedTimer m_clock;
    qint64 m_expected = 0;
    qint64 m_worst = 0;
    qint64 m_worstAt = 0;
};
