// What the redaction gate costs a capture: the largest sample transcript captured into a fresh vault
// with redaction on and off (its floor), and the redactor alone over the same lines. See
// bench/README.md, "Redaction".
#include "ingest/SessionCapture.h"
#include "redaction/SecretRedactor.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <ctime>

using namespace engram;

namespace {

const char *const kSample = ENGRAM_SHARED_DIR "/samples/claude-code/projects/-path-to-Demo/"
                                              "fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl";

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    return values.at(values.size() / 2);
}

/// Milliseconds of CPU this thread has used.
double cpuMs()
{
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) * 1e3 + double(now.tv_nsec) / 1e6;
}

struct Took {
    double wall = 0; ///< ms
    double cpu = 0;  ///< ms of this thread: what the capture computed, without waiting for the disk or other builds
};

/// One first capture of `transcript` into a new vault.
Took captureOnce(const QString &transcript, bool redact)
{
    QTemporaryDir vault;
    QElapsedTimer timer;
    timer.start();
    const double cpu = cpuMs();
    const auto outcome = SessionCapture(vault.path(), redact).capture(transcript);
    const Took took{double(timer.nsecsElapsed()) / 1e6, cpuMs() - cpu};
    if (!outcome.ok())
        qFatal("capture failed: %s", qPrintable(outcome.error().message));
    return took;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    QFile sample(QString::fromUtf8(kSample));
    if (!sample.open(QIODevice::ReadOnly))
        qFatal("the Claude Code sample is missing: %s", kSample);
    const QByteArray bytes = sample.readAll();
    const int runs = 31;

    int warm = 0;
    SecretRedactor::redact("warm the catalogue", &warm); // the catalogue is built once per process
    const SecretRedactor redactor;
    QList<double> on, off, onCpu, offCpu, alone;
    // Interleaved, so a busy machine slows both alike.
    for (int i = 0; i < runs; ++i) {
        const Took without = captureOnce(QString::fromUtf8(kSample), false);
        const Took with = captureOnce(QString::fromUtf8(kSample), true);
        off << without.wall;
        on << with.wall;
        offCpu << without.cpu;
        onCpu << with.cpu;
        QElapsedTimer timer;
        timer.start();
        int count = 0;
        qsizetype from = 0;
        while (from < bytes.size()) {
            qsizetype end = bytes.indexOf('\n', from);
            end = end < 0 ? bytes.size() : end + 1;
            redactor.redactText(bytes.mid(from, end - from), &count);
            from = end;
        }
        alone << double(timer.nsecsElapsed()) / 1e6;
    }
    const double floor = median(off);
    const double with = median(on);
    out << "sample: " << bytes.size() << " bytes, median of " << runs << " first captures\n";
    out << QStringLiteral("capture without redaction (floor): %1 ms\n").arg(floor, 0, 'f', 2);
    out << QStringLiteral("capture with redaction:           %1 ms (+%2 %)\n")
               .arg(with, 0, 'f', 2)
               .arg(100.0 * (with - floor) / floor, 0, 'f', 1);
    out << QStringLiteral("CPU of a capture without / with:  %1 / %2 ms (+%3 %)\n")
               .arg(median(offCpu), 0, 'f', 2)
               .arg(median(onCpu), 0, 'f', 2)
               .arg(100.0 * (median(onCpu) - median(offCpu)) / median(offCpu), 0, 'f', 1);
    out << QStringLiteral("redaction alone over its lines:   %1 ms (%2 % of the capture with it)\n")
               .arg(median(alone), 0, 'f', 2)
               .arg(100.0 * median(alone) / with, 0, 'f', 1);
    out << QStringLiteral("rules: %1\n").arg(SecretRedactor::patterns().size());
    return 0;
}
