#pragma once

#include "core/Result.h"

#include <QDateTime>
#include <QStringList>

namespace engram {

/// What one capture of a transcript did.
struct CaptureOutcome {
    QString agent; ///< "claude-code" or "codex"
    QString sessionId;
    QString target; ///< vault-relative: sessions/<first day>/<agent>-<session id>.jsonl
    qint64 linesAdded = 0;
    qint64 bytesRead = 0; ///< of the transcript, this time
    int redactions = 0;
    bool created = false;    ///< the first capture of this session
    bool recaptured = false; ///< the transcript was rewritten or shrank: read whole, only unseen lines added
    QString note;            ///< why it was recaptured, for the person
};

/// The latest capture recorded in a vault (for health).
struct CaptureRecord {
    QString target;
    QDateTime time;
};

/// Copies an agent's transcript (Claude Code or Codex JSONL) into the vault, incrementally: the
/// first capture writes `sessions/<day of its first line>/<agent>-<session id>.jsonl` atomically,
/// later ones append only the complete lines written since, so a session resumed days later stays
/// one file, one memory. A ledger per session (`.engram/captures/<agent>-<id>.json`) keeps the
/// transcript's captured byte offset, fingerprints of the captured prefix (SHA-1 of its first and
/// last 64 KiB: the check costs the same for a 10 MB and a 1 GB transcript) and the size of the
/// vault copy. A transcript that shrank or whose prefix changed is read whole again and only lines
/// the copy does not hold yet are added: nothing is lost, nothing doubled. A copy grown past the
/// recorded size (a capture killed mid-append) is cut back to it first. The transcript is read as
/// a stream of lines, never whole, and never modified. One capture per session at a time (an
/// flock on the ledger's lock file); secrets are redacted unless turned off (SecretRedactor).
class SessionCapture {
public:
    SessionCapture(QString vaultPath, bool redact);

    /// Captures what is new in `transcriptPath`. `agent` empty: told from the content;
    /// `sessionId` empty: from the file name.
    Result<CaptureOutcome> capture(const QString &transcriptPath, QString agent = {}, QString sessionId = {});

    /// "codex" when the first JSON line has a `payload` (Codex rollouts), else "claude-code".
    static QString detectAgent(const QString &transcriptPath);
    /// The session id a transcript's file name carries (Claude: `<id>.jsonl`; Codex:
    /// `rollout-<time>-<id>.jsonl`).
    static QString sessionIdFromPath(const QString &transcriptPath);
    /// Every `*.jsonl` under `root`, sorted, changed at or after `since` (invalid: all).
    static QStringList transcriptsUnder(const QString &root, const QDateTime &since = {});

    /// The most recent capture into `vaultPath`, or an invalid time when there is none.
    static CaptureRecord latestCapture(const QString &vaultPath);

    /// How long a capture waits for another capture of the same session.
    static constexpr int kLockTimeoutMs = 10000;
    /// Waits `ms` instead (a test holding the session's lock need not wait ten seconds).
    void setLockTimeout(int ms) { m_lockTimeoutMs = ms; }

private:
    QString m_vaultPath;
    bool m_redact = true;
    int m_lockTimeoutMs = kLockTimeoutMs;
};

} // namespace engram
