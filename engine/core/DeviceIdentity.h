#pragma once

#include "core/Result.h"

#include <QString>

namespace engram {

/// The name of this copy of a vault (a machine's clone), for the state files that every device
/// writes on its own: `state/journal/<device>.jsonl`. Two clones never append to the same file,
/// so git never has to merge one.
///
/// Kept in `.engram/device` (derived, never synced): a fresh clone or a copy without `.engram/`
/// names itself anew, which is what a second machine must do, and two clones on one machine
/// (a test, a CI runner) differ. Deleting `.engram/` starts a new file; the old one stays in the
/// vault and is still replayed, so nothing is lost. `ENGRAM_DEVICE` overrides it (scripted setups).
/// A name is the host name's letters and digits and 8 random hex digits: "laptop-3fa2c1d9".
class DeviceIdentity {
public:
    /// This vault's device name, created (and stored) on first use.
    static Result<QString> of(const QString &vaultPath);
    /// Lower-case letters, digits and '-', 1 to 64 of them, not starting with '-'.
    static bool isValid(const QString &name);
    /// `.engram/device` of the vault.
    static QString filePath(const QString &vaultPath);
};

} // namespace engram
