#pragma once

#include <QElapsedTimer>
#include <QTimer>

/// The longest time the UI thread kept a 5 ms timer waiting while it ran, and when that wait
/// ended (ms into the phase). The timer is the event loop's own: a stall is any work that held
/// the loop, on the UI thread or waiting for a core.
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
    }
    void start()
    {
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

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_expected = 0;
    qint64 m_worst = 0;
    qint64 m_worstAt = 0;
};
