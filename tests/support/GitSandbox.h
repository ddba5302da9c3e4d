#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace engram::test {

/// Git on a fresh machine for sync tests: a home folder of its own (no global config), an
/// identity for commits in the environment (inherited by every git and engram-cli the test
/// starts), and bare repositories on local disk as remotes: no network.
class GitSandbox {
public:
    GitSandbox();

    QString root() const { return m_dir.path(); }
    /// A new bare repository (branch main) under the sandbox; returns its path.
    QString bareRemote(const QString &name = QStringLiteral("remote.git"));
    /// `git clone remote <sandbox>/name`; returns the clone's path.
    QString clone(const QString &remote, const QString &name);

    /// Runs `git args` in `directory`; a failure fails the running test (QVERIFY2 in the caller).
    static QByteArray git(const QString &directory, const QStringList &args, bool *ok = nullptr);
    /// Tracked files and their contents (`git ls-files` of HEAD), for "the same tree" checks.
    static QByteArray trackedTree(const QString &directory);

private:
    QTemporaryDir m_dir;
};

/// Writes `bytes` to `folder`/`relative` as a person's editor would (plain write, folders made); a
/// failure fails the running test.
void writeFile(const QString &folder, const QString &relative, const QByteArray &bytes);
/// The bytes of `folder`/`relative`, empty when it cannot be read.
QByteArray readFile(const QString &folder, const QString &relative);

} // namespace engram::test
