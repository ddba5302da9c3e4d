#pragma once

#include <QAbstractEventDispatcher>
#include <QObject>

#include <ctime>
#include <utility>

namespace engram::test {

/// The longest turn of the UI thread's event loop a test allows for one step, in that thread's CPU
/// time. Code built with AddressSanitizer (ENGRAM_SANITIZED) runs 2-3 times slower.
#ifdef ENGRAM_SANITIZED
inline constexpr qint64 kMaxTurnMs = 4 * 60;
#else
inline constexpr qint64 kMaxTurnMs = 60;
#endif

/// The calling thread's CPU time, in milliseconds.
inline qint64 threadCpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return qint64(t.tv_sec) * 1000 + t.tv_nsec / 1000000;
}

/// The longest turn of the event loop, in the UI thread's CPU time: the dispatcher says when it
/// wakes and when it is about to wait, and the work of a turn lies between two of those moments
/// (waiting costs the thread no CPU). Create it on the UI thread.
class TurnProbe {
public:
    TurnProbe()
    {
        auto *dispatcher = QAbstractEventDispatcher::instance();
        for (auto moment : {&QAbstractEventDispatcher::awake, &QAbstractEventDispatcher::aboutToBlock})
            m_connections << QObject::connect(dispatcher, moment, dispatcher, [this] {
                const qint64 now = threadCpuMs();
                m_longest = qMax(m_longest, now - m_last);
                m_last = now;
                ++m_turns;
            });
        m_last = threadCpuMs();
    }
    ~TurnProbe()
    {
        for (const QMetaObject::Connection &c : std::as_const(m_connections))
            QObject::disconnect(c);
    }
    TurnProbe(const TurnProbe &) = delete;
    TurnProbe &operator=(const TurnProbe &) = delete;

    qint64 longest() const { return m_longest; }
    qint64 turns() const { return m_turns; }
    /// The longest turn since the last take(), the one in progress included, and a fresh start. (A turn
    /// that outlasts a QTest::qWait ends the wait with no dispatcher moment after it: a delta of 170 ms
    /// went unseen until then.)
    qint64 take()
    {
        const qint64 now = threadCpuMs();
        const qint64 longest = qMax(m_longest, now - m_last);
        m_last = now;
        m_longest = 0;
        return longest;
    }
    /// The test's own work since the last turn (building rows) is not the UI thread's.
    void skip() { m_last = threadCpuMs(); }

private:
    QList<QMetaObject::Connection> m_connections;
    qint64 m_last = 0;
    qint64 m_longest = 0;
    qint64 m_turns = 0;
};

} // namespace engram::test
