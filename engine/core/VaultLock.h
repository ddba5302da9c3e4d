#pragma once

#include "core/Result.h"

#include <QString>

#include <memory>

namespace engram {

/// One writer at a time per vault (DESIGN.md rule 6), across processes and threads: an exclusive
/// flock(2) on a file in `.engram/`, held for the length of one write. The kernel releases it when
/// the holder exits in any way (crash, kill -9), so no lock is ever left stuck, and taking it
/// costs microseconds (QLockFile fsyncs its file: 9 ms per lock here). Two locks, so a long index
/// run never holds up a journal append (a pack, a recall's access events):
/// - Index: the derived index and the vector file (index, rebuild, re-index of one path);
/// - Journal: this device's `state/journal/<device>.jsonl` (appends, and compaction, which
///   rewrites it whole, and the one-time move of `state/journal.jsonl` into it).
/// Not recursive: a holder must not ask for the same lock again (it would wait for itself).
class VaultLock {
public:
    enum class Kind { Index, Journal };

    /// Waits up to `timeoutMs` (−1: for ever). The error names the holder (its PID and program).
    static Result<std::unique_ptr<VaultLock>> acquire(const QString &vaultPath, Kind kind, int timeoutMs);
    ~VaultLock();
    VaultLock(const VaultLock &) = delete;
    VaultLock &operator=(const VaultLock &) = delete;

    /// The same exclusive lock on any lock file (created if missing), for a finer-grained writer
    /// than the two vault-wide ones, e.g. one captured session; `what` names it in errors.
    static Result<std::unique_ptr<VaultLock>> acquireFile(const QString &lockFilePath, const QString &what,
                                                          int timeoutMs);

    /// The lock file of `kind` in `vaultPath` (for messages and tests).
    static QString filePath(const QString &vaultPath, Kind kind);

    /// How long a writer waits for another by default: long enough for a small write or a
    /// compaction, short enough that a hook or an MCP call answers instead of hanging.
    static constexpr int kDefaultTimeoutMs = 10000;
    /// How long an index run or rebuild a person started waits for another writer's: an index run
    /// holds the lock to its end (minutes for a large vault's first run), and what this run would do
    /// is mostly done by then. Still bounded, so a holder that hangs is named instead of waited for.
    static constexpr int kRunWaitMs = 10 * 60 * 1000;

private:
    explicit VaultLock(int descriptor) : m_descriptor(descriptor) { }
    int m_descriptor = -1;
};

} // namespace engram
