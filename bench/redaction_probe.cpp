// What redaction costs a hook's process, phase by phase: a hook is one process per capture, so it pays for the
// settings, the catalogue, the anchor tables and the expressions a text wakes before the redactor's own work. Each
// phase's CPU time (this process) and page faults, in a fresh process. Usage: redaction_probe TRANSCRIPT VAULT
// [HOT_PASSES]. bench/README.md, "Redaction", sixth pass.
#include "core/Config.h"
#include "redaction/RedactionGate.h"
#include "redaction/SecretCatalogue.h"

#include <QCoreApplication>
#include <QFile>

#include <cstdio>
#include <ctime>
#include <sys/resource.h>

using namespace engram;

namespace {

double cpuMs()
{
    timespec now{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return double(now.tv_sec) * 1e3 + double(now.tv_nsec) / 1e6;
}

long pageFaults()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_minflt + usage.ru_majflt;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    if (argc < 3) {
        std::fprintf(stderr, "usage: redaction_probe TRANSCRIPT VAULT [HOT_PASSES]\n");
        return 2;
    }
    QFile file(QString::fromLocal8Bit(argv[1]));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", argv[1]);
    const QByteArray bytes = file.readAll();
    QList<QByteArray> lines;
    for (qsizetype from = 0; from < bytes.size();) {
        qsizetype end = bytes.indexOf('\n', from);
        end = end < 0 ? bytes.size() : end + 1;
        lines << bytes.mid(from, end - from);
        from = end;
    }
    const QString vault = QString::fromLocal8Bit(argv[2]);
    const int hotPasses = argc > 3 ? QByteArray(argv[3]).toInt() : 2;

    double since = cpuMs();
    long faultsSince = pageFaults();
    const auto phase = [&](const char *name) {
        const double now = cpuMs();
        const long faults = pageFaults();
        std::printf("%-28s %7.3f ms %5ld faults\n", name, now - since, faults - faultsSince);
        since = cpuMs();
        faultsSince = pageFaults();
    };
    qsizetype kept = 0; // what the passes return, so none is optimised away
    const auto pass = [&](const RedactionGate &gate) {
        for (const QByteArray &line : std::as_const(lines))
            kept += gate.clean(line).size();
    };
    const auto config = Config::load(vault);
    phase("Config::load");
    kept += redaction::catalogue().size();
    phase("catalogue()");
    const auto gate = RedactionGate::forVault(vault);
    if (!config || !gate)
        qFatal("the vault's settings do not load");
    phase("forVault");
    kept += gate->clean(QByteArray("x")).size();
    phase("first clean (tables)");
    pass(*gate);
    phase("lines, first time");
    for (int k = 0; k < hotPasses; ++k)
        pass(*gate);
    if (hotPasses > 0)
        std::printf("%-28s %7.3f ms %5d faults\n", "lines, hot pass", (cpuMs() - since) / hotPasses, 0);
    std::printf("kept %lld bytes\n", static_cast<long long>(kept));
    return 0;
}
