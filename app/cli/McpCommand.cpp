// engram-cli mcp: the Model Context Protocol server over stdio.
#include "CliCommand.h"
#include "McpServer.h"
#include "McpTools.h"

#include <QDir>

#include <cerrno>
#include <csignal>
#include <cstdio>

#ifdef _WIN32
#include <io.h>
#else
#include <unistd.h>
#endif

namespace engram::cli {

namespace {

qint64 readStdin(char *buffer, unsigned size)
{
#ifdef _WIN32
    return _read(0, buffer, size);
#else
    return ::read(STDIN_FILENO, buffer, size);
#endif
}

int runMcp(CliContext &cx)
{
    bool ok = true;
    const int maxKiB = cx.intOption(QStringLiteral("max-request-kib"), 4096, &ok);
    if (!ok || maxKiB < 1)
        return ExitUsage;
    // MCP clients start servers without a shell (Claude Desktop, .mcp.json), so "~/vault" arrives unexpanded.
    QString path = cx.vaultPath();
    if (path == QLatin1String("~") || path.startsWith(QLatin1String("~/")))
        path = QDir::homePath() + path.mid(1);
    if (cx.parser.isSet(QStringLiteral("create")) && !QDir().mkpath(path))
        return cx.fail(QStringLiteral("cannot create the vault folder %1").arg(path));
    auto opened = Engine::open(path);
    if (!opened)
        return cx.fail(opened.error().toString());
    std::unique_ptr<Engine> engine = std::move(*opened);
    for (const QString &note : engine->openNotes())
        cx.err << "engram-cli mcp: note: " << note << Qt::endl;
    const QString vault = engine->vaultPath();
#ifndef _WIN32
    std::signal(SIGPIPE, SIG_IGN); // a client that went away ends the loop at EOF, not with a signal
#endif
    mcp::McpTools tools(std::move(engine));
    tools.setServerVersion(QStringLiteral(ENGRAM_VERSION));
    // stdout carries protocol messages only: one compact JSON object per line.
    mcp::McpServer server(tools, [](const QByteArray &line) {
        std::fwrite(line.constData(), 1, size_t(line.size()), stdout);
        std::fputc('\n', stdout);
        std::fflush(stdout);
    });
    server.setMaxLineBytes(qsizetype(maxKiB) * 1024);
    cx.err << "engram-cli mcp: serving " << vault << " on stdio (protocol " << mcp::McpServer::latestProtocolVersion()
           << ")" << Qt::endl;

    char buffer[64 * 1024];
    for (;;) {
        const qint64 n = readStdin(buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        server.feed(QByteArray(buffer, qsizetype(n)));
    }
    server.finish();
    return ExitOk;
}

const CommandRegistration mcpCommand{CliCommand{
    QStringLiteral("mcp"),
    QStringLiteral("Model Context Protocol server on stdio: remember, recall, what_do_i_know, why_did_we, forget, "
                   "stats, checkpoint, wake."),
    [](QCommandLineParser &p) {
        p.addOptions({
            {QStringLiteral("create"), QStringLiteral("Create the vault folder when it does not exist.")},
            {QStringLiteral("max-request-kib"), QStringLiteral("Longest accepted request line in KiB (default 4096)."),
             QStringLiteral("kib")},
        });
    },
    runMcp}};

} // namespace

} // namespace engram::cli
