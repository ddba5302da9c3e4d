#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace engram::test {

class TestVault;

/// What one run of engram-cli left behind.
struct CliRun {
    int exitCode = -1; ///< −1 when it crashed or did not finish in time
    QByteArray out;
    QByteArray err;

    QString outText() const { return QString::fromUtf8(out); }
    QString errText() const { return QString::fromUtf8(err); }
    /// Exit code, standard output and standard error (each cut to 2000 bytes), for a failure message.
    QByteArray describe() const;
};

/// How to run it: what to write to its standard input, where, and for how long at most.
struct CliOptions {
    CliOptions(QByteArray standardInput = {}, QString directory = {})
        : input(std::move(standardInput)), workingDirectory(std::move(directory))
    { }

    QByteArray input;
    QString workingDirectory;
    int timeoutMs = 240000;
};

/// Runs the real engram-cli to the end. $ENGRAM_VAULT names a folder that does not exist, so a
/// command without --vault never falls back to a real default vault; not finishing in time ends
/// the test binary.
CliRun cli(const QStringList &arguments, const CliOptions &options = {});
/// The same with `--vault <vault>` appended.
CliRun cli(const TestVault &vault, QStringList arguments, const CliOptions &options = {});

/// What an MCP client writes to `engram-cli mcp`: initialize, initialized, then each tool call in turn
/// (ids from 2). The server answers each line and exits at the end of its input.
QByteArray mcpSessionInput(const QList<QPair<QString, QJsonObject>> &calls);

/// Starts engram-cli with `arguments` (no standard input, unless `writableInput`: the MCP server).
void startCli(QProcess &process, const QStringList &arguments, bool writableInput = false);
/// Runs engram-cli to the end; returns its exit code (−1 when it did not finish in time) and its
/// standard output followed by its standard error.
int runCli(const QStringList &arguments, QByteArray *output = nullptr, int timeoutMs = 120000);

} // namespace engram::test
