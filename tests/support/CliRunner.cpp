#include "CliRunner.h"

#include "TestVault.h"

#include <QDir>
#include <QJsonDocument>

namespace engram::test {

QByteArray CliRun::describe() const
{
    return QByteArray("exit ") + QByteArray::number(exitCode) + "\nstdout: " + out.left(2000)
           + "\nstderr: " + err.left(2000);
}

CliRun cli(const QStringList &arguments, const CliOptions &options)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("ENGRAM_VAULT"), QDir::tempPath() + QStringLiteral("/engram-no-such-vault"));
    process.setProcessEnvironment(environment);
    if (!options.workingDirectory.isEmpty())
        process.setWorkingDirectory(options.workingDirectory);
    process.start(QStringLiteral(ENGRAM_CLI_PATH), arguments);
    if (!process.waitForStarted(10000))
        qFatal("engram-cli did not start: %s", qPrintable(process.errorString()));
    if (!options.input.isEmpty())
        process.write(options.input);
    process.closeWriteChannel();
    if (!process.waitForFinished(options.timeoutMs))
        qFatal("engram-cli %s did not finish in %d ms", qPrintable(arguments.join(QLatin1Char(' '))),
               options.timeoutMs);
    CliRun run;
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

CliRun cli(const TestVault &vault, QStringList arguments, const CliOptions &options)
{
    arguments << QStringLiteral("--vault") << vault.path();
    return cli(arguments, options);
}

void startCli(QProcess &process, const QStringList &arguments, bool writableInput)
{
    if (!writableInput)
        process.setStandardInputFile(QProcess::nullDevice());
    process.start(QStringLiteral(ENGRAM_CLI_PATH), arguments);
    if (!process.waitForStarted(10000))
        qFatal("engram-cli did not start");
}

int runCli(const QStringList &arguments, QByteArray *output, int timeoutMs)
{
    QProcess process;
    startCli(process, arguments);
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return -1;
    }
    if (output)
        *output = process.readAllStandardOutput() + process.readAllStandardError();
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
}

QByteArray mcpSessionInput(const QList<QPair<QString, QJsonObject>> &calls)
{
    const auto line = [](const QJsonObject &o) { return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n'; };
    const QString rpc = QStringLiteral("2.0");
    QByteArray in =
        line({{QStringLiteral("jsonrpc"), rpc},
              {QStringLiteral("id"), 1},
              {QStringLiteral("method"), QStringLiteral("initialize")},
              {QStringLiteral("params"), QJsonObject{{QStringLiteral("protocolVersion"), QStringLiteral("2025-06-18")},
                                                     {QStringLiteral("capabilities"), QJsonObject{}},
                                                     {QStringLiteral("clientInfo"),
                                                      QJsonObject{{QStringLiteral("name"), QStringLiteral("test")},
                                                                  {QStringLiteral("version"), QStringLiteral("1")}}}}}})
        + line({{QStringLiteral("jsonrpc"), rpc},
                {QStringLiteral("method"), QStringLiteral("notifications/initialized")}});
    int id = 2;
    for (const auto &[tool, arguments] : calls)
        in += line({{QStringLiteral("jsonrpc"), rpc},
                    {QStringLiteral("id"), id++},
                    {QStringLiteral("method"), QStringLiteral("tools/call")},
                    {QStringLiteral("params"),
                     QJsonObject{{QStringLiteral("name"), tool}, {QStringLiteral("arguments"), arguments}}}});
    return in;
}

} // namespace engram::test
