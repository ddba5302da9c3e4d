#include "GitSandbox.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTest>

namespace engram::test {

GitSandbox::GitSandbox()
{
    const QString home = QDir(m_dir.path()).filePath(QStringLiteral("home"));
    QDir().mkpath(home);
    qputenv("HOME", QFile::encodeName(home));
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(home + QStringLiteral("/.config")));
    qputenv("GIT_CONFIG_NOSYSTEM", "1");
    qputenv("GIT_AUTHOR_NAME", "Engram Test");
    qputenv("GIT_AUTHOR_EMAIL", "test@engram.invalid");
    qputenv("GIT_COMMITTER_NAME", "Engram Test");
    qputenv("GIT_COMMITTER_EMAIL", "test@engram.invalid");
}

QByteArray GitSandbox::git(const QString &directory, const QStringList &args, bool *ok)
{
    QProcess git;
    git.setWorkingDirectory(directory);
    git.start(QStringLiteral("git"), args);
    git.waitForFinished(60000);
    const bool success = git.exitStatus() == QProcess::NormalExit && git.exitCode() == 0;
    if (ok)
        *ok = success;
    if (!success && !ok)
        qWarning("git %s in %s failed: %s", qPrintable(args.join(u' ')), qPrintable(directory),
                 git.readAllStandardError().constData());
    return git.readAllStandardOutput();
}

QString GitSandbox::bareRemote(const QString &name)
{
    const QString path = QDir(m_dir.path()).filePath(name);
    git(m_dir.path(), {QStringLiteral("init"), QStringLiteral("-q"), QStringLiteral("--bare"), QStringLiteral("-b"),
                       QStringLiteral("main"), path});
    return path;
}

QString GitSandbox::clone(const QString &remote, const QString &name)
{
    const QString path = QDir(m_dir.path()).filePath(name);
    git(m_dir.path(), {QStringLiteral("clone"), QStringLiteral("-q"), remote, path});
    return path;
}

QByteArray GitSandbox::trackedTree(const QString &directory)
{
    QByteArray tree;
    const QByteArray listing = git(directory, {QStringLiteral("ls-files"), QStringLiteral("-z")});
    for (const QByteArray &path : listing.split('\0')) {
        if (path.isEmpty())
            continue;
        QFile file(QDir(directory).filePath(QString::fromUtf8(path)));
        tree += path + "\n";
        if (file.open(QIODevice::ReadOnly))
            tree += file.readAll() + "\n";
    }
    return tree;
}

void writeFile(const QString &folder, const QString &relative, const QByteArray &bytes)
{
    const QString path = QDir(folder).filePath(relative);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY2(file.open(QIODevice::WriteOnly | QIODevice::Truncate), qPrintable(path));
    QVERIFY2(file.write(bytes) == bytes.size(), qPrintable(path));
}

QByteArray readFile(const QString &folder, const QString &relative)
{
    QFile file(QDir(folder).filePath(relative));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace engram::test
