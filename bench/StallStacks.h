#pragma once

#include <QElapsedTimer>
#include <QTimer>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <dlfcn.h>
#include <execinfo.h>
#include <pthread.h>
#include <signal.h>
#include <thread>

/// Where the UI thread was while it stalled: a watchdog thread sees the UI thread's 5 ms heartbeat
/// stop for 30 ms, then takes its stack every 15 ms (SIGPROF to that thread, backtrace() in the
/// handler) until it beats again, and prints the samples of every stall with its length on stderr
/// as "file+offset" or "symbol" frames (bench/stall_stacks.py resolves and counts them).
class StallStacks {
public:
    StallStacks()
    {
        s_self = this;
        m_ui = pthread_self();
        struct sigaction action = {};
        action.sa_handler = &StallStacks::onSignal;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        sigaction(SIGPROF, &action, nullptr);
        void *warm[4];
        backtrace(warm, 4); // loads libgcc before the handler needs it
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
        s_self = nullptr;
    }

private:
    static constexpr int kDepth = 48;
    static constexpr int kSamples = 64;

    static void onSignal(int)
    {
        StallStacks *self = s_self;
        if (!self)
            return;
        const int n = self->m_count.load();
        if (n < kSamples)
            self->m_depth[n] = backtrace(self->m_frames[n], kDepth);
        self->m_taken.store(true);
    }

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
                    m_count.store(0);
                }
                if (m_count.load() < kSamples) {
                    m_taken.store(false);
                    pthread_kill(m_ui, SIGPROF);
                    for (int i = 0; i < 50 && !m_taken.load(); ++i)
                        std::this_thread::sleep_for(std::chrono::microseconds(200));
                    if (m_taken.load())
                        m_count.fetch_add(1);
                }
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
        std::fprintf(stderr, "STALL %lld ms at %lld ms, %d samples\n", length, at, m_count.load());
        for (int s = 0; s < m_count.load(); ++s) {
            std::fprintf(stderr, "SAMPLE\n");
            for (int f = 0; f < m_depth[s]; ++f) {
                Dl_info info;
                if (dladdr(m_frames[s][f], &info) && info.dli_fname) {
                    const auto offset = static_cast<unsigned long>(static_cast<char *>(m_frames[s][f])
                                                                   - static_cast<char *>(info.dli_fbase));
                    std::fprintf(stderr, "  %s+0x%lx %s\n", info.dli_fname, offset - 1,
                                 info.dli_sname ? info.dli_sname : "?");
                }
            }
        }
        std::fflush(stderr);
    }

    static inline StallStacks *s_self = nullptr;
    pthread_t m_ui;
    QElapsedTimer m_clock;
    QTimer m_beat;
    std::atomic<qint64> m_lastBeat{0};
    std::atomic<int> m_count{0};
    std::atomic<bool> m_taken{false};
    std::atomic<bool> m_stop{false};
    void *m_frames[kSamples][kDepth] = {};
    int m_depth[kSamples] = {};
    std::thread m_watch;
};
