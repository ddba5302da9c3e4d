#include "sync/GitRunner.h"

#include <QProcess>
#include <QProcessEnvironment>

namespace engram {

QStringList GitOutput::fields() const
{
    QStringList list;
    for (const QByteArray &field : out.split('\0'))
        if (!field.isEmpty())
            list << QString::fromUtf8(field);
    return list;
}

QString GitOutput::complaint() const
{
    QString text = QString::fromUtf8(err).trimmed();
    if (text.isEmpty())
        text = QString::fromUtf8(out).trimmed();
    QStringList lines = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (lines.size() > 6)
        lines = lines.mid(0, 6) << QStringLiteral("…");
    return lines.isEmpty() ? QStringLiteral("git exited with code %1").arg(exitCode) : lines.join(QStringLiteral("; "));
}

GitRunner::GitRunner(QString workTree, int timeoutMs) : m_workTree(std::move(workTree)), m_timeoutMs(timeoutMs) { }

Result<GitOutput> GitRunner::run(const QStringList &args, const QByteArray &input) const
{
    QProcess git;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("GIT_TERMINAL_PROMPT"), QStringLiteral("0"));
    env.insert(QStringLiteral("GIT_MERGE_AUTOEDIT"), QStringLiteral("no"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    env.insert(QStringLiteral("LANGUAGE"), QStringLiteral("C"));
    git.setProcessEnvironment(env);
    if (!m_workTree.isEmpty())
        git.setWorkingDirectory(m_workTree);
    git.start(QStringLiteral("git"), args);
    if (!git.waitForStarted())
        return Error{QStringLiteral("cannot run git (%1); install it (apt install git)").arg(git.errorString())};
    if (!input.isEmpty())
        git.write(input);
    git.closeWriteChannel();
    if (!git.waitForFinished(m_timeoutMs)) {
        git.kill();
        git.waitForFinished();
        return Error{
            QStringLiteral("git %1 did not finish within %2 s; stopped it").arg(args.value(0)).arg(m_timeoutMs / 1000)};
    }
    GitOutput output;
    output.exitCode = git.exitStatus() == QProcess::NormalExit ? git.exitCode() : -1;
    output.out = git.readAllStandardOutput();
    output.err = git.readAllStandardError();
    return output;
}

Result<GitOutput> GitRunner::require(const QStringList &args, const QString &doing, const QByteArray &input) const
{
    auto output = run(args, input);
    if (!output)
        return output.error();
    if (!output->ok())
        return Error{QStringLiteral("%1 failed: %2").arg(doing, output->complaint())};
    return output;
}

Status GitRunner::available()
{
    auto version = GitRunner(QString(), 30000).run({QStringLiteral("--version")});
    if (!version)
        return version.error();
    if (!version->ok())
        return Error{QStringLiteral("git --version failed: %1").arg(version->complaint())};
    return {};
}

} // namespace engram
