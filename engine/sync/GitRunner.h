#pragma once

#include "core/Result.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace engram {

/// What one git command did: its exit code and both outputs.
struct GitOutput {
    int exitCode = 0;
    QByteArray out;
    QByteArray err;

    bool ok() const { return exitCode == 0; }
    /// stdout as text, without the trailing line feed.
    QString text() const { return QString::fromUtf8(out).trimmed(); }
    /// NUL-separated fields of a `-z` listing (the last, empty one dropped).
    QStringList fields() const;
    /// The first lines of stderr (then stdout), for a message a person reads.
    QString complaint() const;
};

/// Runs the system `git` (Debian's package) in one working tree. Never asks on a terminal
/// (GIT_TERMINAL_PROMPT=0: a remote that wants a password fails with git's message instead of
/// hanging the workbench) and reads git's messages in English (LC_ALL=C), because the sync
/// tells a rejected push by them.
class GitRunner {
public:
    explicit GitRunner(QString workTree, int timeoutMs = 10 * 60 * 1000);

    /// Runs `git args…`; an Error only when git could not be run or did not finish in time.
    Result<GitOutput> run(const QStringList &args, const QByteArray &input = {}) const;
    /// Runs it and turns a non-zero exit into an Error that says what was being done.
    Result<GitOutput> require(const QStringList &args, const QString &doing, const QByteArray &input = {}) const;

    /// Whether a `git` program can be run at all; the error says how to install it.
    static Status available();

    QString workTree() const { return m_workTree; }

private:
    QString m_workTree;
    int m_timeoutMs;
};

} // namespace engram
