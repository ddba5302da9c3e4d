#pragma once

#include <QtGlobal>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <csignal>
#include <dlfcn.h>
#include <execinfo.h>
#include <optional>
#include <pthread.h>
#include <thread>
#include <utility>

namespace engram::test {

/// Takes the stack of one thread when another asks: SIGPROF sent to that thread, backtrace() in its
/// handler. Keeps up to `Samples` stacks of `Depth` frames until reset(). Used by the tests'
/// TurnProbe (the UI thread's long turns, by its CPU clock) and the benchmarks' StallStacks (its
/// stalls, by a heartbeat): each decides when to sample, this takes the samples. One sampler lives
/// at a time in a process: the handler finds it through a static.
template <int Samples, int Depth>
class StackSampler {
public:
    static constexpr int kSamples = Samples;
    struct Stack {
        std::array<void *, Depth> frames{};
        int depth = 0;
    };

    /// Samples the thread that creates it.
    StackSampler()
    {
        s_self = this;
        m_thread = pthread_self();
        struct sigaction action = {};
        action.sa_handler = &StackSampler::onSignal;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        sigaction(SIGPROF, &action, &m_previousAction);
        void *warm[4];
        backtrace(warm, 4); // loads libgcc before the handler needs it
    }
    ~StackSampler()
    {
        sigaction(SIGPROF, &m_previousAction, nullptr);
        s_self = nullptr;
    }
    StackSampler(const StackSampler &) = delete;
    StackSampler &operator=(const StackSampler &) = delete;

    /// From another thread: one sample of the sampled thread, waiting up to 10 ms for its handler.
    /// False when the samples are full or the thread did not answer in time.
    bool sample()
    {
        if (count() >= Samples)
            return false;
        m_taken.store(false);
        pthread_kill(m_thread, SIGPROF);
        for (int i = 0; i < 50 && !m_taken.load(); ++i)
            std::this_thread::sleep_for(std::chrono::microseconds(200));
        return m_taken.load();
    }
    int count() const { return std::min(m_count.load(), Samples); }
    const Stack &stack(int s) const { return m_stacks[size_t(s)]; }
    /// The samples taken so far, copied into `out`; their count.
    int copyTo(std::array<Stack, Samples> &out) const
    {
        const int n = count();
        std::copy_n(m_stacks.begin(), n, out.begin());
        return n;
    }
    void reset() { m_count.store(0); }

    /// The file a frame's code lies in and its offset there (of the call, one byte before the return
    /// address), for addr2line; nothing when the dynamic linker cannot place it.
    static std::optional<std::pair<const char *, quintptr>> locate(void *frame, const char **symbol = nullptr)
    {
        Dl_info info;
        if (!dladdr(frame, &info) || !info.dli_fname)
            return std::nullopt;
        if (symbol)
            *symbol = info.dli_sname;
        return std::make_pair(info.dli_fname, quintptr(frame) - quintptr(info.dli_fbase) - 1);
    }

private:
    static void onSignal(int)
    {
        StackSampler *self = s_self;
        if (!self)
            return;
        const int n = self->m_count.load();
        if (n < Samples) {
            Stack &stack = self->m_stacks[size_t(n)];
            stack.depth = backtrace(stack.frames.data(), Depth);
            self->m_count.store(n + 1);
        }
        self->m_taken.store(true);
    }

    static inline StackSampler *s_self = nullptr;
    pthread_t m_thread{};
    struct sigaction m_previousAction = {};
    std::atomic<int> m_count{0};
    std::atomic<bool> m_taken{false};
    std::array<Stack, Samples> m_stacks{};
};

} // namespace engram::test
