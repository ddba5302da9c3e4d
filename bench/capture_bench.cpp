// How long the stop hook's capture takes: a 10 MB transcript already captured, a few new lines
// appended (the common case: one turn), and the first capture of a 200 MB transcript (time and
// peak memory, which must stay bounded: the transcript is streamed). See bench/README.md.
#include "ingest/SessionCapture.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <sys/resource.h>

using namespace engram;

namespace {

QByteArray sampleLines()
{
    QFile sample(QStringLiteral(ENGRAM_SHARED_DIR "/samples/claude-code/projects/-path-to-Demo/"
                                                  "fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl"));
    if (!sample.open(QIODevice::ReadOnly))
        qFatal("the Claude Code sample is missing: %s", qPrintable(sample.fileName()));
    return sample.readAll();
}

void fill(const QString &path, const QByteArray &lines, qint64 bytes)
{
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    while (out.size() < bytes)
        out.write(lines);
}

long peakRssKiB()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    const QByteArray lines = sampleLines();
    const QList<QByteArray> sampleLineList = lines.split('\n');
    QTemporaryDir dir;
    const QString vault = dir.filePath(QStringLiteral("vault"));
    QDir().mkpath(vault);

    const QString transcript = dir.filePath(QStringLiteral("fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl"));
    fill(transcript, lines, 10 * 1024 * 1024);
    SessionCapture capture(vault, true);
    QElapsedTimer timer;
    timer.start();
    auto first = capture.capture(transcript);
    if (!first)
        qFatal("%s", qPrintable(first.error().toString()));
    out << "first capture of " << QFileInfo(transcript).size() / 1024 / 1024 << " MB: " << timer.elapsed() << " ms, "
        << first->linesAdded << " lines, " << first->redactions << " redactions" << Qt::endl;

    QList<double> times;
    for (int run = 0; run < 30; ++run) {
        QFile append(transcript);
        if (!append.open(QIODevice::Append))
            qFatal("cannot append");
        for (int k = 0; k < 20; ++k) // one turn: ~20 lines
            append.write(sampleLineList.at((run * 20 + k) % (sampleLineList.size() - 1)) + '\n');
        append.close();
        timer.restart();
        auto next = capture.capture(transcript);
        times << timer.nsecsElapsed() / 1e6;
        if (!next || next->linesAdded != 20)
            qFatal("incremental capture did not add 20 lines");
    }
    std::sort(times.begin(), times.end());
    out << "incremental capture (20 new lines on a 10 MB transcript, 30 runs): median "
        << QString::number(times.at(times.size() / 2), 'f', 2) << " ms, max " << QString::number(times.last(), 'f', 2)
        << " ms" << Qt::endl;

    const QString big = dir.filePath(QStringLiteral("big.jsonl"));
    fill(big, lines, 200 * 1024 * 1024);
    const long before = peakRssKiB();
    timer.restart();
    auto whole = capture.capture(big, QStringLiteral("claude-code"), QStringLiteral("big"));
    if (!whole)
        qFatal("%s", qPrintable(whole.error().toString()));
    out << "first capture of " << QFileInfo(big).size() / 1024 / 1024 << " MB: " << timer.elapsed() << " ms, peak RSS "
        << peakRssKiB() / 1024 << " MB (" << before / 1024 << " MB before)" << Qt::endl;
    return 0;
}
