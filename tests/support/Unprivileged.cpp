#include "Unprivileged.h"

#include <QDirIterator>
#include <QFile>

#include <cerrno>
#include <cstring>
#include <sys/prctl.h>
#include <unistd.h>

namespace engram::test {

namespace {

constexpr uid_t kNobodyUser = 65534;
constexpr gid_t kNobodyGroup = 65534;

QString systemError(const QString &what)
{
    return QStringLiteral("%1: %2").arg(what, QString::fromLocal8Bit(std::strerror(errno)));
}

} // namespace

UnprivilegedScope::UnprivilegedScope(const QString &folder)
{
    if (::geteuid() != 0)
        return;
    QStringList entries{folder};
    QDirIterator it(folder, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        entries << it.next();
    for (const QString &entry : entries) {
        if (::lchown(QFile::encodeName(entry).constData(), kNobodyUser, kNobodyGroup) != 0) {
            m_error = systemError(QStringLiteral("cannot give %1 to user nobody").arg(entry));
            return;
        }
    }
    // Group first: once the user is nobody, changing the group is no longer allowed.
    if (::setegid(kNobodyGroup) != 0) {
        m_error = systemError(QStringLiteral("cannot switch to group nobody"));
        return;
    }
    if (::seteuid(kNobodyUser) != 0) {
        m_error = systemError(QStringLiteral("cannot switch to user nobody"));
        ::setegid(0);
        return;
    }
    m_dropped = true;
    // A changed user makes the process undumpable, which hides /proc/self/maps from it; the
    // sanitizers read that file to print a report.
    ::prctl(PR_SET_DUMPABLE, 1);
}

UnprivilegedScope::~UnprivilegedScope()
{
    if (!m_dropped)
        return;
    // The saved user is still root, so both calls succeed; a failure would leave the remaining
    // tests running as nobody, which they report loudly.
    if (::seteuid(0) != 0 || ::setegid(0) != 0)
        qFatal("cannot switch back to root: %s", std::strerror(errno));
}

} // namespace engram::test
