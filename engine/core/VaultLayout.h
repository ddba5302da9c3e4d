#pragma once

#include "core/Result.h"

namespace engram {

/// The folders of a vault (DESIGN.md) and a first note for a new one.
class VaultLayout {
public:
    /// Creates the vault folder and its standard sub-folders when missing. A
    /// vault that has no files yet gets a short welcome note. Existing files
    /// are never touched.
    static Status initialize(const QString &vaultPath);

    static QStringList folders();
    /// True when `path` is already a vault: it holds Engram's index folder (.engram/) or its
    /// settings (engram.json). Any other folder becomes one only when the person says so.
    static bool isVault(const QString &path);
};

} // namespace engram
