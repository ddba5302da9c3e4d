#pragma once

#include "core/Result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <functional>

namespace engram {

/// How a vault is synced (engram.json `sync`, plus what the front end knows).
struct SyncSettings {
    /// Files larger than this are never committed: named in the report, left on disk.
    qint64 maxFileBytes = 50LL * 1024 * 1024;
    /// The remote to fetch from and push to; empty: the branch's upstream, else `origin`, else the only one.
    QString remote;
    /// The engram-cli program; when it has `merge-state`, it is set up as git's merge driver
    /// `engram-state` for state/cognitive.json in the repository's own config.
    QString engramCli;
    /// Named in commit messages ("on laptop"); empty: the host name.
    QString device;
};

/// What one sync did, for `engram-cli sync`, the workbench's log and the tests.
struct SyncReport {
    enum class Outcome {
        UpToDate,  ///< nothing to commit, nothing received, nothing to push
        Synced,    ///< committed and/or received, and pushed (or nothing needed pushing)
        LocalOnly, ///< committed locally; no remote, so nothing fetched or pushed
        Conflicts, ///< the merge stopped on files changed on both sides; they are listed
        Failed,    ///< stopped with `error`; nothing in the vault lost or rewritten
    };
    Outcome outcome = Outcome::UpToDate;
    QString commitSubject;      ///< the commit made of this machine's changes, when one was
    QStringList committedPaths; ///< vault-relative paths in that commit
    QStringList receivedPaths;  ///< files the remote's changes touched (to re-index)
    QStringList conflicts;      ///< files left with conflict markers, merge in progress
    QStringList refusedFiles;   ///< "path (123.4 MiB)": over maxFileBytes, not committed
    QString remote;             ///< the remote used, empty when none
    bool pushed = false;
    QString pushSkipped; ///< why nothing was pushed, when it was not
    QStringList steps;   ///< what was done, in order, as a person reads it
    Error error;         ///< when Failed

    bool ok() const { return outcome != Outcome::Failed && outcome != Outcome::Conflicts && refusedFiles.isEmpty(); }
    QString outcomeName() const;
    /// One paragraph: the headline, then the steps, conflicts, refused files.
    QString toText() const;
    QJsonObject toJson() const;
};

/// Carries a vault between machines with the system git, against whatever remote the person
/// configured. A sync commits this machine's changes with a message that says what changed,
/// fetches, merges the remote's work (a merge, never a rebase: nothing already committed is
/// rewritten), and pushes. `.engram/` and other derived or local files are never committed:
/// Engram keeps its block of `.gitignore`, and its block of `.gitattributes` that merges the
/// append-only journals line by line and state/cognitive.json with Engram's merge driver.
///
/// Whatever goes wrong stops the sync with a message and loses nothing: a detached HEAD, a
/// folder that is no repository yet, a remote whose history shares nothing with this one, a
/// file over the size limit (left uncommitted and named), a push the remote refuses (a push
/// that lost a race is merged and retried once). A note edited on both machines stops the
/// sync with the merge in progress and the file listed: resolve() takes one side or a
/// merged text, and completes the merge when nothing else is left.
class VaultSync {
public:
    enum class Side { Mine, Theirs };
    /// A conflicted file's versions: the common ancestor's, this machine's and the remote's
    /// (each empty when that side has no such file, `has…` false then).
    struct Sides {
        QByteArray base, mine, theirs;
        bool hasBase = false, hasMine = false, hasTheirs = false;
    };

    explicit VaultSync(QString vaultPath, SyncSettings settings = {});

    /// Called with each step as it begins ("fetching origin"), for a progress line.
    void setProgress(std::function<void(const QString &)> progress) { m_progress = std::move(progress); }

    SyncReport sync();

    /// Makes the vault a repository (branch `main`), writes the ignore and attribute rules and,
    /// with `remoteUrl`, adds it as `origin`. Refuses a vault that already is one.
    Result<QStringList> init(const QString &remoteUrl = {});

    bool isRepository() const;
    /// Files with unresolved conflicts of a merge in progress (vault-relative, sorted).
    Result<QStringList> conflicts() const;
    Result<Sides> sides(const QString &path) const;
    /// Resolves `path` with one side; see resolveWith().
    Result<QStringList> resolve(const QString &path, Side side);
    /// Writes `merged` to `path` (atomically, inside the vault) and marks it resolved; refuses a
    /// text that still holds conflict markers. When no conflict is left, commits the merge.
    /// Returns the steps done.
    Result<QStringList> resolveWith(const QString &path, const QByteArray &merged);

    /// The `.gitignore` block Engram maintains (between its begin and end lines).
    static QString ignoreBlock();
    static QString attributesBlock();
    /// `text` with Engram's block (begin…end lines) replaced by `block`, or `block` appended.
    static QString withBlock(const QString &text, const QString &block);

private:
    Status checkRepository(SyncReport &report) const;
    Status writeRepositoryFiles(SyncReport &report) const;
    void configureMergeDriver(SyncReport &report) const;
    Status commitLocalChanges(SyncReport &report) const;
    QString chooseRemote() const;
    Status integrate(const QString &remote, const QString &branch, SyncReport &report) const;
    Status push(const QString &remote, const QString &branch, SyncReport &report) const;
    Result<QStringList> finishMergeIfResolved();
    void step(SyncReport &report, const QString &text) const;

    QString m_vaultPath;
    SyncSettings m_settings;
    std::function<void(const QString &)> m_progress;
};

} // namespace engram
