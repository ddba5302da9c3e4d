#include "sync/VaultSync.h"

#include "core/VaultBoundary.h"
#include "core/VaultLock.h"
#include "ingest/ConflictMarkers.h"
#include "redaction/RedactionGate.h"
#include "sync/CommitMessage.h"
#include "sync/GitRunner.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSysInfo>

namespace engram {

namespace {

const QString kBlockBegin = QStringLiteral("# engram: begin (kept by Engram; edit outside this block)");
const QString kBlockEnd = QStringLiteral("# engram: end");
const QString kDriverName = QStringLiteral("engram-state");

QString mebibytes(qint64 bytes)
{
    return QStringLiteral("%1 MiB").arg(double(bytes) / (1024.0 * 1024.0), 0, 'f', 1);
}

QString joinPaths(const QStringList &paths)
{
    return paths.join(QStringLiteral(", "));
}

} // namespace

VaultSync::VaultSync(QString vaultPath, SyncSettings settings)
    : m_vaultPath(std::move(vaultPath)), m_settings(std::move(settings))
{
    if (m_settings.device.isEmpty())
        m_settings.device = QSysInfo::machineHostName();
}

void VaultSync::step(SyncReport &report, const QString &text) const
{
    report.steps << text;
    if (m_progress)
        m_progress(text);
}

QString VaultSync::ignoreBlock()
{
    return QStringList{kBlockBegin,
                       QStringLiteral("# The index is derived from the files: every machine builds its own."),
                       QStringLiteral("/.engram/"),
                       QStringLiteral("# Editors' and systems' scratch files."),
                       QStringLiteral(".*.swp"),
                       QStringLiteral("*~"),
                       QStringLiteral(".DS_Store"),
                       kBlockEnd}
        .join(QLatin1Char('\n'));
}

QString VaultSync::attributesBlock()
{
    return QStringList{kBlockBegin,
                       QStringLiteral("# Item by item against the common ancestor (engram-cli merge-state); without "
                                      "the driver, a conflict to resolve."),
                       QStringLiteral("state/cognitive.json merge=") + kDriverName,
                       QStringLiteral("state/tool-usage.jsonl merge=") + kDriverName,
                       QStringLiteral("state/reflections.jsonl merge=") + kDriverName,
                       QStringLiteral("# Append-only logs: both machines' lines are kept."),
                       QStringLiteral("state/journal.jsonl merge=union"),
                       QStringLiteral("state/journal/*.jsonl merge=union"),
                       kBlockEnd}
        .join(QLatin1Char('\n'));
}

QString VaultSync::withBlock(const QString &text, const QString &block)
{
    const qsizetype begin = text.indexOf(kBlockBegin);
    const qsizetype end = begin < 0 ? -1 : text.indexOf(kBlockEnd, begin);
    if (begin >= 0 && end >= 0)
        return text.left(begin) + block + text.mid(end + kBlockEnd.size());
    QString out = text;
    if (!out.isEmpty() && !out.endsWith(QLatin1Char('\n')))
        out += QLatin1Char('\n');
    if (!out.isEmpty())
        out += QLatin1Char('\n');
    return out + block + QLatin1Char('\n');
}

bool VaultSync::isRepository() const
{
    auto top = GitRunner(m_vaultPath).run({QStringLiteral("rev-parse"), QStringLiteral("--show-toplevel")});
    return top && top->ok() && QFileInfo(top->text()).canonicalFilePath() == QFileInfo(m_vaultPath).canonicalFilePath();
}

Result<QStringList> VaultSync::init(const QString &remoteUrl)
{
    if (Status git = GitRunner::available(); !git)
        return git.error();
    if (!QFileInfo(m_vaultPath).isDir())
        return Error{QStringLiteral("the vault folder does not exist"), m_vaultPath};
    if (isRepository())
        return Error{QStringLiteral("the vault is already a git repository; `engram-cli sync` syncs it"), m_vaultPath};
    const GitRunner git(m_vaultPath);
    SyncReport report;
    if (auto made =
            git.require({QStringLiteral("init"), QStringLiteral("-q"), QStringLiteral("-b"), QStringLiteral("main")},
                        QStringLiteral("git init"));
        !made)
        return made.error();
    step(report, QStringLiteral("made the vault a git repository (branch main)"));
    if (Status files = writeRepositoryFiles(report); !files)
        return files.error();
    if (!remoteUrl.isEmpty()) {
        if (auto added =
                git.require({QStringLiteral("remote"), QStringLiteral("add"), QStringLiteral("origin"), remoteUrl},
                            QStringLiteral("adding the remote"));
            !added)
            return added.error();
        step(report, QStringLiteral("added the remote origin: %1").arg(remoteUrl));
    }
    return report.steps;
}

Status VaultSync::writeRepositoryFiles(SyncReport &report) const
{
    const VaultBoundary boundary(m_vaultPath);
    for (const auto &[name, block] : {std::pair{QStringLiteral(".gitignore"), ignoreBlock()},
                                      std::pair{QStringLiteral(".gitattributes"), attributesBlock()}}) {
        QFile file(QDir(m_vaultPath).filePath(name));
        QString text;
        if (file.exists()) {
            if (!file.open(QIODevice::ReadOnly))
                return Error{QStringLiteral("cannot read it: %1").arg(file.errorString()), name};
            text = QString::fromUtf8(file.readAll());
        }
        const QString updated = withBlock(text, block);
        if (updated == text)
            continue;
        if (Status written = boundary.writeFile(name, updated.toUtf8()); !written)
            return written;
        step(report, QStringLiteral("wrote Engram's rules into %1").arg(name));
    }
    return {};
}

namespace {

/// Whether `program --help` lists a `merge-state` command (an engram-cli built before it has none).
bool hasMergeState(const QString &program)
{
    QProcess cli;
    cli.start(program, {QStringLiteral("--help")});
    if (!cli.waitForStarted(5000))
        return false;
    cli.closeWriteChannel();
    if (!cli.waitForFinished(10000)) {
        cli.kill();
        cli.waitForFinished();
        return false;
    }
    return (cli.readAllStandardOutput() + cli.readAllStandardError()).contains("merge-state");
}

} // namespace

void VaultSync::configureMergeDriver(SyncReport &report) const
{
    // Only a program that has the command: a driver that fails would turn every merge of the
    // state into a conflict. Without it, git merges state/cognitive.json as text, and a clash
    // is a conflict like any other.
    if (m_settings.engramCli.isEmpty() || !QFileInfo(m_settings.engramCli).isExecutable())
        return;
    const GitRunner git(m_vaultPath);
    const QString key = QStringLiteral("merge.%1.driver").arg(kDriverName);
    const QString wanted = QStringLiteral("'%1' merge-state %O %A %B --path %P").arg(m_settings.engramCli);
    auto current = git.run({QStringLiteral("config"), QStringLiteral("--local"), QStringLiteral("--get"), key});
    if (current && current->ok() && current->text() == wanted)
        return;
    if (!hasMergeState(m_settings.engramCli))
        return;
    auto name =
        git.run({QStringLiteral("config"), QStringLiteral("--local"), QStringLiteral("merge.%1.name").arg(kDriverName),
                 QStringLiteral("Engram's state files, item by item")});
    auto driver = git.run({QStringLiteral("config"), QStringLiteral("--local"), key, wanted});
    if (name && name->ok() && driver && driver->ok())
        step(report, QStringLiteral("set up the merge driver %1 for the state files").arg(kDriverName));
    else
        step(report, QStringLiteral("could not set up the merge driver %1 (%2); the state files merge as text")
                         .arg(kDriverName, driver ? driver->complaint() : driver.error().message));
}

Status VaultSync::checkRepository(SyncReport &report) const
{
    const GitRunner git(m_vaultPath);
    auto top = git.run({QStringLiteral("rev-parse"), QStringLiteral("--show-toplevel")});
    if (!top)
        return top.error();
    if (!top->ok())
        return Error{QStringLiteral("the vault is not a git repository yet, so there is nothing to sync with. "
                                    "`engram-cli sync --init [--remote URL]` makes it one (the workbench offers to)"),
                     m_vaultPath};
    if (QFileInfo(top->text()).canonicalFilePath() != QFileInfo(m_vaultPath).canonicalFilePath())
        return Error{QStringLiteral("the vault lies inside the git repository at %1, not at its root; Engram syncs "
                                    "a vault that is a repository of its own (`engram-cli sync --init` makes one)")
                         .arg(top->text()),
                     m_vaultPath};
    auto branch = git.run({QStringLiteral("symbolic-ref"), QStringLiteral("-q"), QStringLiteral("HEAD")});
    if (!branch)
        return branch.error();
    if (!branch->ok()) {
        auto head = git.run({QStringLiteral("rev-parse"), QStringLiteral("--short"), QStringLiteral("HEAD")});
        return Error{QStringLiteral("HEAD is detached (at %1): commits made here would belong to no branch. "
                                    "Nothing was committed; `git switch main` (or the branch you sync), then sync "
                                    "again")
                         .arg(head && head->ok() ? head->text() : QStringLiteral("an unknown commit")),
                     m_vaultPath};
    }
    const QString gitDir = QDir(m_vaultPath).filePath(QStringLiteral(".git"));
    for (const QString &rebase : {QStringLiteral("rebase-merge"), QStringLiteral("rebase-apply")})
        if (QFileInfo::exists(QDir(gitDir).filePath(rebase)))
            return Error{QStringLiteral("a rebase is in progress (not Engram's: it only merges); finish it "
                                        "(git rebase --continue) or abort it (git rebase --abort), then sync again"),
                         m_vaultPath};
    Q_UNUSED(report);
    return {};
}

namespace {

/// "a stripe-key on line 3, a private-key on line 9", or empty when the file holds no secret.
QString secretsIn(const RedactionGate &gate, const QString &filePath)
{
    QFile file(filePath);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QStringList found;
    for (const SecretRedactor::Finding &f : gate.find(file.readAll()))
        found << QStringLiteral("a %1 on line %2").arg(f.kind).arg(f.line);
    return found.join(QStringLiteral(", "));
}

} // namespace

Status VaultSync::commitLocalChanges(SyncReport &report) const
{
    const GitRunner git(m_vaultPath);
    auto status = git.require({QStringLiteral("status"), QStringLiteral("--porcelain=v1"), QStringLiteral("-z"),
                               QStringLiteral("--untracked-files=all")},
                              QStringLiteral("listing the vault's changes"));
    if (!status)
        return status.error();
    const QStringList fields = status->fields();
    if (fields.isEmpty())
        return {};
    // Like a host's push protection, but before the commit: a file holding what the gate would redact is
    // not committed (a remote keeps every commit it ever received).
    auto gate = RedactionGate::forVault(m_vaultPath);
    if (!gate)
        return gate.error();
    QStringList addArgs{QStringLiteral("add"), QStringLiteral("-A"), QStringLiteral("--"), QStringLiteral(".")};
    for (qsizetype i = 0; i < fields.size(); ++i) {
        const QString entry = fields[i];
        if (entry.size() > 3 && (entry[0] == QLatin1Char('R') || entry[0] == QLatin1Char('C')))
            ++i; // the old name of a staged rename follows
        const QString path = entry.mid(3);
        const QFileInfo info(QDir(m_vaultPath).filePath(path));
        if (!info.isFile())
            continue;
        if (info.size() <= m_settings.maxFileBytes) {
            if (const QString secrets = secretsIn(*gate, info.filePath()); !secrets.isEmpty()) {
                report.refusedFiles << QStringLiteral("%1 (holds %2; run `engram-cli redact --apply`, or edit it, "
                                                      "then sync again)")
                                           .arg(path, secrets);
                addArgs << QStringLiteral(":(exclude,literal)") + path;
            }
            continue;
        }
        report.refusedFiles << QStringLiteral("%1 (%2, over the %3 limit of sync.maxFileBytes in engram.json; "
                                              "add it to .gitignore or raise the limit)")
                                   .arg(path, mebibytes(info.size()), mebibytes(m_settings.maxFileBytes));
        addArgs << QStringLiteral(":(exclude,literal)") + path;
    }
    if (auto added = git.require(addArgs, QStringLiteral("staging the vault's changes (git add)")); !added)
        return added.error();
    auto staged = git.require(
        {QStringLiteral("diff"), QStringLiteral("--cached"), QStringLiteral("--name-status"), QStringLiteral("-z")},
        QStringLiteral("listing the staged changes"));
    if (!staged)
        return staged.error();
    const QList<StagedChange> changes = CommitMessage::parseNameStatus(staged->fields());
    if (changes.isEmpty())
        return {};
    const QString message = CommitMessage::compose(changes, m_settings.device);
    auto commit = git.run({QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-F"), QStringLiteral("-")},
                          message.toUtf8());
    if (!commit)
        return commit.error();
    if (!commit->ok()) {
        if (commit->err.contains("Please tell me who you are") || commit->err.contains("empty ident"))
            return Error{QStringLiteral("git does not know who is committing: set it once with git config --global "
                                        "user.name \"Your Name\" and git config --global user.email you@example.org. "
                                        "Nothing was committed; the changes are staged")};
        return Error{QStringLiteral("committing the vault's changes failed: %1").arg(commit->complaint())};
    }
    report.commitSubject = message.section(QLatin1Char('\n'), 0, 0);
    for (const StagedChange &c : changes)
        report.committedPaths << c.path;
    step(report, QStringLiteral("committed %1 file(s): %2").arg(changes.size()).arg(report.commitSubject));
    return {};
}

QString VaultSync::chooseRemote() const
{
    const GitRunner git(m_vaultPath);
    auto listed = git.run({QStringLiteral("remote")});
    const QStringList remotes =
        listed && listed->ok() ? listed->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts) : QStringList();
    if (!m_settings.remote.isEmpty())
        return remotes.contains(m_settings.remote) ? m_settings.remote : QString();
    auto branch = git.run({QStringLiteral("symbolic-ref"), QStringLiteral("--short"), QStringLiteral("HEAD")});
    if (branch && branch->ok()) {
        auto upstream = git.run({QStringLiteral("config"), QStringLiteral("--get"),
                                 QStringLiteral("branch.%1.remote").arg(branch->text())});
        if (upstream && upstream->ok() && remotes.contains(upstream->text()))
            return upstream->text();
    }
    if (remotes.contains(QStringLiteral("origin")))
        return QStringLiteral("origin");
    return remotes.size() == 1 ? remotes.front() : QString();
}

Status VaultSync::integrate(const QString &remote, const QString &branch, SyncReport &report) const
{
    const GitRunner git(m_vaultPath);
    step(report, QStringLiteral("fetching %1").arg(remote));
    if (auto fetched = git.require({QStringLiteral("fetch"), QStringLiteral("-q"), remote},
                                   QStringLiteral("fetching from %1").arg(remote));
        !fetched)
        return Error{fetched.error().message + QStringLiteral(" (your commits are kept here; sync again later)")};
    const QString theirs = QStringLiteral("refs/remotes/%1/%2").arg(remote, branch);
    auto exists = git.run({QStringLiteral("rev-parse"), QStringLiteral("-q"), QStringLiteral("--verify"), theirs});
    if (!exists || !exists->ok())
        return {}; // the remote has no such branch yet: the push creates it
    auto contained =
        git.run({QStringLiteral("merge-base"), QStringLiteral("--is-ancestor"), theirs, QStringLiteral("HEAD")});
    if (contained && contained->ok())
        return {}; // nothing new there
    auto hasHead = git.run(
        {QStringLiteral("rev-parse"), QStringLiteral("-q"), QStringLiteral("--verify"), QStringLiteral("HEAD")});
    const bool noCommitsHere = !hasHead || !hasHead->ok();
    if (!noCommitsHere) {
        auto base = git.run({QStringLiteral("merge-base"), QStringLiteral("HEAD"), theirs});
        if (base && base->exitCode == 1 && base->text().isEmpty())
            return Error{QStringLiteral("the history of %1/%2 and this vault's share no commit: they were started "
                                        "separately, and joining them would mix two vaults. Nothing was merged. To "
                                        "make this vault a copy of the remote's, move it aside, `git clone` the "
                                        "remote into its place and copy your own notes in; to join them on purpose, "
                                        "run `git merge --allow-unrelated-histories %1/%2` yourself")
                             .arg(remote, branch),
                         m_vaultPath};
    }
    const QString before = noCommitsHere ? QString() : hasHead->text();
    auto lock = VaultLock::acquire(m_vaultPath, VaultLock::Kind::Journal, VaultLock::kDefaultTimeoutMs);
    if (!lock)
        return lock.error();
    step(report, QStringLiteral("merging %1/%2").arg(remote, branch));
    auto merged =
        noCommitsHere
            ? git.run({QStringLiteral("merge"), QStringLiteral("-q"), theirs})
            : git.run({QStringLiteral("merge"), QStringLiteral("-q"), QStringLiteral("--no-edit"), QStringLiteral("-m"),
                       QStringLiteral("engram: merge %1/%2 on %3").arg(remote, branch, m_settings.device), theirs});
    if (!merged)
        return merged.error();
    auto unmerged = conflicts();
    if (unmerged && !unmerged->isEmpty()) {
        report.conflicts = *unmerged;
        // What the remote changed since the common ancestor (A...B), not this machine's own changes too.
        auto touched = git.run({QStringLiteral("diff"), QStringLiteral("--name-only"), QStringLiteral("-z"),
                                QStringLiteral("HEAD...%1").arg(theirs)});
        if (touched && touched->ok())
            report.receivedPaths = touched->fields();
        step(report,
             QStringLiteral("%1 file(s) changed on both sides: %2").arg(unmerged->size()).arg(joinPaths(*unmerged)));
        return {};
    }
    if (!merged->ok())
        return Error{
            QStringLiteral("merging %1/%2 failed, nothing was merged: %3").arg(remote, branch, merged->complaint())};
    QStringList diffArgs{QStringLiteral("diff"), QStringLiteral("--name-only"), QStringLiteral("-z")};
    if (before.isEmpty())
        diffArgs = {QStringLiteral("ls-files"), QStringLiteral("-z")};
    else
        diffArgs << before << QStringLiteral("HEAD");
    if (auto touched = git.run(diffArgs); touched && touched->ok())
        report.receivedPaths = touched->fields();
    step(report, QStringLiteral("received %1 changed file(s) from %2").arg(report.receivedPaths.size()).arg(remote));
    return {};
}

Status VaultSync::push(const QString &remote, const QString &branch, SyncReport &report) const
{
    const GitRunner git(m_vaultPath);
    auto head = git.run(
        {QStringLiteral("rev-parse"), QStringLiteral("-q"), QStringLiteral("--verify"), QStringLiteral("HEAD")});
    if (!head || !head->ok()) {
        report.pushSkipped = QStringLiteral("nothing committed yet");
        return {};
    }
    auto theirs = git.run({QStringLiteral("rev-parse"), QStringLiteral("-q"), QStringLiteral("--verify"),
                           QStringLiteral("refs/remotes/%1/%2").arg(remote, branch)});
    if (theirs && theirs->ok() && theirs->text() == head->text())
        return {}; // the remote already has every commit
    for (int attempt = 0; attempt < 2; ++attempt) {
        step(report, QStringLiteral("pushing to %1").arg(remote));
        auto pushed = git.run({QStringLiteral("push"), QStringLiteral("--porcelain"), QStringLiteral("--set-upstream"),
                               remote, QStringLiteral("HEAD:refs/heads/%1").arg(branch)});
        if (!pushed)
            return pushed.error();
        if (pushed->ok()) {
            report.pushed = true;
            return {};
        }
        const QString said = QString::fromUtf8(pushed->out + pushed->err);
        const bool raced =
            said.contains(QLatin1String("fetch first")) || said.contains(QLatin1String("non-fast-forward"));
        if (!raced || attempt == 1) {
            QString reason;
            for (const QString &line : said.split(QLatin1Char('\n')))
                if (line.startsWith(QLatin1Char('!')) || line.startsWith(QLatin1String("remote:"))
                    || line.startsWith(QLatin1String("error:")) || line.startsWith(QLatin1String("fatal:")))
                    reason += (reason.isEmpty() ? QString() : QStringLiteral("; ")) + line.trimmed();
            return Error{QStringLiteral("%1 refused the push%2: %3. Your commits are kept here; nothing was lost")
                             .arg(remote,
                                  raced ? QStringLiteral(" again after a merge (it keeps moving on)") : QString(),
                                  reason.isEmpty() ? pushed->complaint() : reason)};
        }
        // Someone pushed between our fetch and our push: merge their work too, then once more.
        step(report, QStringLiteral("%1 moved on meanwhile; merging its new commits").arg(remote));
        if (Status again = integrate(remote, branch, report); !again)
            return again;
        if (!report.conflicts.isEmpty())
            return {};
    }
    return {};
}

Result<QStringList> VaultSync::conflicts() const
{
    auto unmerged = GitRunner(m_vaultPath)
                        .require({QStringLiteral("diff"), QStringLiteral("--name-only"), QStringLiteral("-z"),
                                  QStringLiteral("--diff-filter=U")},
                                 QStringLiteral("listing the conflicted files"));
    if (!unmerged)
        return unmerged.error();
    QStringList paths = unmerged->fields();
    paths.removeDuplicates();
    std::sort(paths.begin(), paths.end());
    return paths;
}

SyncReport VaultSync::sync()
{
    SyncReport report;
    auto fail = [&](const Error &error) {
        report.outcome = SyncReport::Outcome::Failed;
        report.error = error;
        return report;
    };
    if (Status git = GitRunner::available(); !git)
        return fail(git.error());
    if (Status repository = checkRepository(report); !repository)
        return fail(repository.error());
    const GitRunner git(m_vaultPath);
    auto mergeHead = git.run(
        {QStringLiteral("rev-parse"), QStringLiteral("-q"), QStringLiteral("--verify"), QStringLiteral("MERGE_HEAD")});
    if (mergeHead && mergeHead->ok()) {
        auto open = conflicts();
        if (!open)
            return fail(open.error());
        if (!open->isEmpty()) {
            report.conflicts = *open;
            report.outcome = SyncReport::Outcome::Conflicts;
            step(report, QStringLiteral("a merge is still waiting for %1 file(s) to be resolved").arg(open->size()));
            return report;
        }
        auto finished = finishMergeIfResolved();
        if (!finished)
            return fail(finished.error());
        report.steps << *finished;
    }
    if (Status files = writeRepositoryFiles(report); !files)
        return fail(files.error());
    configureMergeDriver(report);
    {
        // The journal lock, so an append is never committed half-written.
        auto lock = VaultLock::acquire(m_vaultPath, VaultLock::Kind::Journal, VaultLock::kDefaultTimeoutMs);
        if (!lock)
            return fail(lock.error());
        if (Status committed = commitLocalChanges(report); !committed)
            return fail(committed.error());
    }
    const QString remote = chooseRemote();
    report.remote = remote;
    if (remote.isEmpty()) {
        report.pushSkipped = m_settings.remote.isEmpty()
                                 ? QStringLiteral("no remote configured: git remote add origin URL")
                                 : QStringLiteral("the remote \"%1\" of sync.remote in engram.json is not configured: "
                                                  "git remote add %1 URL")
                                       .arg(m_settings.remote);
        step(report, QStringLiteral("push skipped: %1").arg(report.pushSkipped));
        report.outcome =
            report.committedPaths.isEmpty() ? SyncReport::Outcome::UpToDate : SyncReport::Outcome::LocalOnly;
        return report;
    }
    auto branch = git.require({QStringLiteral("symbolic-ref"), QStringLiteral("--short"), QStringLiteral("HEAD")},
                              QStringLiteral("naming the branch"));
    if (!branch)
        return fail(branch.error());
    if (Status integrated = integrate(remote, branch->text(), report); !integrated)
        return fail(integrated.error());
    if (!report.conflicts.isEmpty()) {
        report.outcome = SyncReport::Outcome::Conflicts;
        return report;
    }
    if (Status pushed = push(remote, branch->text(), report); !pushed)
        return fail(pushed.error());
    if (!report.conflicts.isEmpty()) {
        report.outcome = SyncReport::Outcome::Conflicts;
        return report;
    }
    const bool didSomething = !report.committedPaths.isEmpty() || !report.receivedPaths.isEmpty() || report.pushed;
    report.outcome = didSomething ? SyncReport::Outcome::Synced : SyncReport::Outcome::UpToDate;
    return report;
}

Result<VaultSync::Sides> VaultSync::sides(const QString &path) const
{
    const GitRunner git(m_vaultPath);
    Sides sides;
    auto stage = [&](int number, QByteArray &bytes, bool &present) -> Status {
        auto shown = git.run({QStringLiteral("show"), QStringLiteral(":%1:%2").arg(number).arg(path)});
        if (!shown)
            return shown.error();
        present = shown->ok();
        if (present)
            bytes = shown->out;
        return {};
    };
    for (Status s : {stage(1, sides.base, sides.hasBase), stage(2, sides.mine, sides.hasMine),
                     stage(3, sides.theirs, sides.hasTheirs)})
        if (!s)
            return s.error();
    if (!sides.hasMine && !sides.hasTheirs)
        return Error{QStringLiteral("not in conflict (no merge is waiting for it)"), path};
    return sides;
}

Result<QStringList> VaultSync::resolve(const QString &path, Side side)
{
    auto versions = sides(path);
    if (!versions)
        return versions.error();
    const bool present = side == Side::Mine ? versions->hasMine : versions->hasTheirs;
    if (present)
        return resolveWith(path, side == Side::Mine ? versions->mine : versions->theirs);
    // That side deleted the file: resolving with it deletes it here too.
    if (Status removed = VaultBoundary(m_vaultPath).remove(path); !removed)
        return removed.error();
    if (auto staged =
            GitRunner(m_vaultPath)
                .require({QStringLiteral("--literal-pathspecs"), QStringLiteral("rm"), QStringLiteral("-q"),
                          QStringLiteral("--cached"), QStringLiteral("--ignore-unmatch"), QStringLiteral("--"), path},
                         QStringLiteral("marking %1 resolved").arg(path));
        !staged)
        return staged.error();
    QStringList steps{
        QStringLiteral("resolved %1: removed, as %2 had it")
            .arg(path, side == Side::Mine ? QStringLiteral("this machine") : QStringLiteral("the remote"))};
    auto finished = finishMergeIfResolved();
    if (!finished)
        return finished.error();
    return steps + *finished;
}

Result<QStringList> VaultSync::resolveWith(const QString &path, const QByteArray &merged)
{
    auto open = conflicts();
    if (!open)
        return open.error();
    if (!open->contains(path))
        return Error{QStringLiteral("not in conflict; the conflicted files are: %1")
                         .arg(open->isEmpty() ? QStringLiteral("none") : joinPaths(*open)),
                     path};
    if (const int line = ConflictMarkers::firstConflictLine(merged); line > 0)
        return Error{QStringLiteral("the merged text still holds conflict markers (from line %1); remove them "
                                    "first. Nothing was written")
                         .arg(line),
                     path};
    if (Status written = VaultBoundary(m_vaultPath).writeFile(path, merged); !written)
        return written.error();
    if (auto added =
            GitRunner(m_vaultPath)
                .require({QStringLiteral("--literal-pathspecs"), QStringLiteral("add"), QStringLiteral("--"), path},
                         QStringLiteral("marking %1 resolved").arg(path));
        !added)
        return added.error();
    QStringList steps{QStringLiteral("resolved %1").arg(path)};
    auto finished = finishMergeIfResolved();
    if (!finished)
        return finished.error();
    return steps + *finished;
}

Result<QStringList> VaultSync::finishMergeIfResolved()
{
    const GitRunner git(m_vaultPath);
    auto open = conflicts();
    if (!open)
        return open.error();
    if (!open->isEmpty())
        return QStringList{QStringLiteral("%1 conflict(s) left: %2").arg(open->size()).arg(joinPaths(*open))};
    auto mergeHead = git.run(
        {QStringLiteral("rev-parse"), QStringLiteral("-q"), QStringLiteral("--verify"), QStringLiteral("MERGE_HEAD")});
    if (!mergeHead || !mergeHead->ok())
        return QStringList{};
    if (auto committed = git.require({QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("--no-edit")},
                                     QStringLiteral("completing the merge"));
        !committed)
        return committed.error();
    return QStringList{QStringLiteral("no conflict left: completed the merge")};
}

} // namespace engram
