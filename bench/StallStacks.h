#pragma once

#include "../tests/support/StackSampler.h"

#include <QElapsedTimer>
#include <QTimer>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

/// Where the UI thread was while it stalled: a watchdog thread sees the UI thread's 5 ms heartbeat
/// stop for 30 ms, then takes its stack every 15 ms (engram::test::StackSampler) until it beats
/// again, and prints the samples of every stall with its length on stderr as "file+offset" or
/// "symbol" frames (bench/stall_stacks.py resolves and counts them).
class StallStacks {
public:
    /// Samples the thread that creates it, the UI thread.
    StallStacks()
    {
        m_clock.start();
        m_beat.setTimerType(Qt::PreciseTimer);
        m_beat.setInterval(5);
        QObject::connect(&m_beat, &QTimer::timeout, &m_beat, [this] { m_lastBeat.store(m_clock.elapsed()); });
        m_beat.start();
        m_watch = std::thread([this] { watch(); });
    }
    ~StallStacks()
    {
        m_stop.store(true);
        m_watch.join();
    }

private:
    using Sampler = engram::test::StackSampler<64, 48>;

    void watch()
    {
        bool stalled = false;
        qint64 began = 0;
        while (!m_stop.load()) {
            std::this_thread::sleep_for(std::chrono::milliseconds(15));
            const qint64 now = m_clock.elapsed();
            const qint64 quiet = now - m_lastBeat.load();
            if (quiet > 30) {
                if (!stalled) {
                    stalled = true;
                    began = m_lastBeat.load();
                    m_sampler.reset();
                }
                m_sampler.sample();
            } else if (stalled) {
                stalled = false;
                const qint64 length = m_lastBeat.load() - began;
                if (length >= 50)
                    print(length, began);
            }
        }
    }

    void print(qint64 length, qint64 at)
    {
        std::fprintf(stderr, "STALL %lld ms at %lld ms, %d samples\n", length, at, m_sampler.count());
        for (int s = 0; s < m_sampler.count(); ++s) {
            std::fprintf(stderr, "SAMPLE\n");
            const Sampler::Stack &stack = m_sampler.stack(s);
            for (int f = 0; f < stack.depth; ++f) {
                const char *symbol = nullptr;
                if (const auto at = Sampler::locate(stack.frames[size_t(f)], &symbol))
                    std::fprintf(stderr, "  %s+0x%llx %s\n", at->first, static_cast<unsigned long long>(at->second),
                                 symbol ? symbol : "?");
            }
        }
        std::fflush(stderr);
    }

    Sampler m_sampler;
    QElapsedTimer m_clock;
    QTimer m_beat;
    std::atomic<qint64> m_lastBeat{0};
    std::atomic<bool> m_stop{false};
    std::thread m_watch;
};
