#pragma once

// Shared by the libFuzzer targets: a Qt application object (some engine code
// expects one), a scratch vault folder, and a check that aborts so libFuzzer
// records a crash when an invariant does not hold.

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <cstdio>
#include <cstdlib>
#include <memory>

namespace engram::fuzz {

inline void ensureApplication()
{
    static int argc = 1;
    static char name[] = "engram-fuzz";
    static char *argv[] = {name, nullptr};
    static const std::unique_ptr<QCoreApplication> app =
        QCoreApplication::instance() ? nullptr : std::make_unique<QCoreApplication>(argc, argv);
}

/// A vault folder that lives as long as the fuzzing process.
inline QString scratchVault()
{
    static QTemporaryDir dir;
    if (!dir.isValid())
        std::abort();
    QDir(dir.path()).mkpath(QStringLiteral("state"));
    return dir.path();
}

inline void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) != bytes.size())
        std::abort();
}

/// An invariant of the code under test: a violation is a finding, like a crash.
inline void require(bool condition, const char *what)
{
    if (!condition) {
        std::fprintf(stderr, "engram fuzz: invariant broken: %s\n", what);
        std::abort();
    }
}

} // namespace engram::fuzz
