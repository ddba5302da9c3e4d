#pragma once

#include "core/Result.h"
#include "redaction/RedactionGate.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace engram {

/// A secret found in a vault file: where it starts and what kind it is.
struct SecretFinding {
    QString path; ///< vault-relative
    int line = 0;
    int column = 0;
    QString kind;
};

/// What a scan of a vault found, and what --apply rewrote.
struct SecretScanReport {
    QList<SecretFinding> findings;
    int filesRead = 0;
    QStringList skipped;   ///< "path (why)": too large, or not text
    QStringList rewritten; ///< vault-relative paths rewritten without their secrets

    QJsonObject toJson() const;
    /// One "path:line: kind" a finding, then what was skipped and rewritten.
    QString toText() const;
};

/// Secrets already in a vault (`engram-cli redact`): every file a person or a sync could have put there
/// — notes, memories, sessions, digests, state files, engram.json — read in full, `.engram/` and `.git/`
/// excepted; links are not followed. `apply` rewrites each file that holds one, atomically and through
/// the vault boundary; a rewritten file keeps everything else byte for byte.
class SecretScan {
public:
    static Result<SecretScanReport> scan(const QString &vaultPath, const RedactionGate &gate, qint64 maxFileBytes);
    static Result<SecretScanReport> apply(const QString &vaultPath, const RedactionGate &gate, qint64 maxFileBytes);
};

} // namespace engram
