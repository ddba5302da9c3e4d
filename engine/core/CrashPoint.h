#pragma once

#include <QByteArray>

#include <atomic>
#include <csignal>

namespace engram {

/// A named moment in a write where a test can have the process killed, to check that the next run
/// recovers from a stop at exactly that moment (tests/cli/tst_crashrecovery: a kill at a random
/// time hit a narrow window 1 run in 8 and passed the other 7). `ENGRAM_CRASH_AT=NAME` kills the
/// process at its first pass through NAME, `NAME:N` at the N-th, with SIGKILL: no clean-up of any
/// kind, as a crash or `kill -9`. Unset, as always outside that test, it costs one comparison.
inline void crashPoint(const char *name)
{
    struct Target {
        QByteArray name;
        std::atomic_int remaining{0};
        Target()
        {
            const QByteArray spec = qgetenv("ENGRAM_CRASH_AT");
            const qsizetype colon = spec.lastIndexOf(':');
            bool counted = false;
            const int count = colon > 0 ? spec.mid(colon + 1).toInt(&counted) : 0;
            name = counted ? spec.left(colon) : spec;
            remaining = counted ? count : 1;
        }
    };
    static Target target;
    if (target.name.isEmpty() || target.name != name)
        return;
    if (--target.remaining == 0)
        ::raise(SIGKILL);
}

} // namespace engram
