#pragma once

#include "Result.h"

#include <QString>

#include <memory>

class QLockFile;

namespace engram {

/// One writer at a time per vault (DESIGN.md rule 6), across processes and threads: a lock file
/// in `.engram/`, held for the length of one write. QLockFile records the holder's PID, host and
/// program, so a lock left behind by a holder that crashed or was killed is taken over at once
/// instead of blocking every later writer. Two locks, so a long index run never holds up a
/// journal append (a pack, a recall's access events):
/// - Index: the derived index and the vector file (index, rebuild, re-index of one path);
/// - Journal: `state/journal.jsonl` (appends, and compaction, which rewrites it whole).
/// Not recursive: a holder must not ask for the same lock again (it would wait for itself).
class VaultLock {
public:
    enum class Kind { Index, Journal };

    /// Waits up to `timeoutMs` (−1: for ever). The error names the holder when it is known.
    static Result<std::unique_ptr<VaultLock>> acquire(const QString &vaultPath, Kind kind, int timeoutMs);
    ~VaultLock();
    VaultLock(const VaultLock &) = delete;
    VaultLock &operator=(const VaultLock &) = delete;

    /// The lock file of `kind` in `vaultPath` (for messages and tests).
    static QString filePath(const QString &vaultPath, Kind kind);

    /// How long a writer waits for another by default: long enough for a batch of a full run or
    /// a compaction, short enough that a hook or an MCP call answers instead of hanging.
    static constexpr int kDefaultTimeoutMs = 10000;

private:
    explicit VaultLock(std::unique_ptr<QLockFile> file);
    std::unique_ptr<QLockFile> m_file;
};

} // namespace engram
