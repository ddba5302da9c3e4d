#pragma once

#include "StackSampler.h"

#include <QAbstractEventDispatcher>
#include <QHash>
#include <QObject>
#include <QProcess>
#include <QStringList>

#include <atomic>
#include <chrono>
#include <ctime>
#include <thread>
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
///
/// It also says where a long turn went: a watchdog thread reads the UI thread's CPU clock every
/// 2 ms, and once the turn in progress has spent half the bound it takes the UI thread's stack
/// (SIGPROF to that thread, backtrace() in the handler) for every further 5 ms of its CPU. The
/// samples of the longest turn are kept, and stacksOfLongest() names their functions and lines, so
/// a bound broken once on a loaded CI machine says which code broke it.
class TurnProbe {
public:
    TurnProbe()
    {
        pthread_getcpuclockid(pthread_self(), &m_uiClock);
        auto *dispatcher = QAbstractEventDispatcher::instance();
        for (auto moment : {&QAbstractEventDispatcher::awake, &QAbstractEventDispatcher::aboutToBlock})
            m_connections << QObject::connect(dispatcher, moment, dispatcher, [this] { endTurn(uiCpuNs()); });
        m_last = uiCpuNs();
        m_turnStart.store(m_last);
        m_watch = std::thread([this] { watch(); });
    }
    ~TurnProbe()
    {
        m_stop.store(true);
        m_watch.join();
        for (const QMetaObject::Connection &c : std::as_const(m_connections))
            QObject::disconnect(c);
    }
    TurnProbe(const TurnProbe &) = delete;
    TurnProbe &operator=(const TurnProbe &) = delete;

    qint64 longest() const { return m_longest / kNsPerMs; }
    qint64 turns() const { return m_turns; }
    /// The longest turn since the last take(), the one in progress included, and a fresh start. (A turn
    /// that outlasts a QTest::qWait ends the wait with no dispatcher moment after it: a delta of 170 ms
    /// went unseen until then.)
    qint64 take()
    {
        endTurn(uiCpuNs());
        return std::exchange(m_longest, 0) / kNsPerMs;
    }
    /// The test's own work since the last turn (building rows) is not the UI thread's.
    void skip()
    {
        m_last = uiCpuNs();
        m_turnStart.store(m_last);
        m_sampler.reset();
    }

    /// Where the longest turn of the probe's life spent its CPU: the UI thread's stacks sampled in
    /// it, innermost frame first, as "function (file:line)". Empty when that turn stayed under half
    /// the bound.
    QString stacksOfLongest() const
    {
        QHash<QString, QList<quintptr>> offsetsByFile;
        for (int s = 0; s < m_worstCount; ++s)
            for (int f = 0; f < m_worst[size_t(s)].depth; ++f)
                if (const auto at = Sampler::locate(m_worst[size_t(s)].frames[size_t(f)]))
                    offsetsByFile[QString::fromLocal8Bit(at->first)] << at->second;
        QHash<QPair<QString, quintptr>, QString> named = symbolize(offsetsByFile);
        QString text =
            QStringLiteral("the longest turn, %1 ms of CPU, sampled %2 times:\n").arg(m_worstMs).arg(m_worstCount);
        for (int s = 0; s < m_worstCount; ++s) {
            text += QStringLiteral("  sample %1:\n").arg(s + 1);
            // Frames 0-2 are the handler, the signal trampoline's caller and the interrupted frame's
            // return address: start at the interrupted code itself.
            for (int f = 2, shown = 0; f < m_worst[size_t(s)].depth && shown < kShownFrames; ++f, ++shown) {
                const auto at = Sampler::locate(m_worst[size_t(s)].frames[size_t(f)]);
                if (!at)
                    continue;
                const QString file = QString::fromLocal8Bit(at->first);
                text += QStringLiteral("    %1\n").arg(named.value({file, at->second}, file.section(u'/', -1)));
            }
        }
        return text;
    }

private:
    static constexpr qint64 kNsPerMs = 1000000;
    static constexpr int kShownFrames = 18;
    using Sampler = StackSampler<48, 40>;

    qint64 uiCpuNs() const
    {
        timespec t{};
        clock_gettime(m_uiClock, &t);
        return qint64(t.tv_sec) * 1000000000 + t.tv_nsec;
    }

    /// On the UI thread, at each dispatcher moment: the turn that ends is measured, and its samples
    /// kept when it is the longest yet.
    void endTurn(qint64 now)
    {
        const qint64 turn = now - m_last;
        m_longest = qMax(m_longest, turn);
        m_last = now;
        m_turnStart.store(now);
        ++m_turns;
        if (turn > m_worstNs) {
            m_worstNs = turn;
            m_worstMs = turn / kNsPerMs;
            m_worstCount = m_sampler.copyTo(m_worst);
        }
        m_sampler.reset();
    }

    void watch()
    {
        const qint64 from = kMaxTurnMs * kNsPerMs / 2;
        const qint64 every = 5 * kNsPerMs;
        qint64 sampledAt = 0;
        while (!m_stop.load()) {
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
            const qint64 now = uiCpuNs();
            const qint64 start = m_turnStart.load();
            if (now - start < from || now - qMax(sampledAt, start) < every)
                continue;
            sampledAt = now;
            m_sampler.sample();
        }
    }

    /// "function (file:line)" for each offset, by addr2line (binutils, beside the compiler); an
    /// offset it cannot name keeps its library's name.
    static QHash<QPair<QString, quintptr>, QString> symbolize(const QHash<QString, QList<quintptr>> &offsetsByFile)
    {
        QHash<QPair<QString, quintptr>, QString> named;
        for (auto it = offsetsByFile.cbegin(); it != offsetsByFile.cend(); ++it) {
            QStringList args{QStringLiteral("-C"), QStringLiteral("-f"), QStringLiteral("-e"), it.key()};
            for (quintptr offset : it.value())
                args << QStringLiteral("0x%1").arg(offset, 0, 16);
            QProcess addr2line;
            addr2line.start(QStringLiteral("addr2line"), args);
            if (!addr2line.waitForFinished(30000))
                continue;
            const QStringList lines = QString::fromLocal8Bit(addr2line.readAllStandardOutput()).split(u'\n');
            for (int i = 0; i + 1 < lines.size() && i / 2 < it.value().size(); i += 2)
                named.insert({it.key(), it.value()[i / 2]},
                             QStringLiteral("%1 (%2)").arg(lines[i], lines[i + 1].section(u'/', -2)));
        }
        return named;
    }

    Sampler m_sampler; // of the thread that creates the probe, the UI thread
    clockid_t m_uiClock{};
    QList<QMetaObject::Connection> m_connections;
    qint64 m_last = 0;
    qint64 m_longest = 0;
    qint64 m_turns = 0;
    std::atomic<qint64> m_turnStart{0};
    std::atomic<bool> m_stop{false};
    qint64 m_worstNs = 0;
    qint64 m_worstMs = 0;
    int m_worstCount = 0;
    std::array<Sampler::Stack, Sampler::kSamples> m_worst{};
    std::thread m_watch;
};

} // namespace engram::test
