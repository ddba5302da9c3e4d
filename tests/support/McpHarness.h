#pragma once

#include "TestVault.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>

#include <functional>
#include <memory>

namespace engram::mcp {
class McpServer;
class McpTools;
} // namespace engram::mcp

namespace engram::test {

/// The MCP server in memory on a throw-away vault: feed it request lines, collect the lines it
/// writes. `prepare` fills the vault before the engine opens it.
struct McpHarness {
    TestVault vault;
    std::unique_ptr<mcp::McpTools> tools;
    std::unique_ptr<mcp::McpServer> server;
    QList<QByteArray> lines;

    explicit McpHarness(const std::function<void(TestVault &)> &prepare = {});
    ~McpHarness();

    /// Sends one line and returns every message written in answer.
    QList<QJsonObject> send(const QByteArray &line);
    /// Sends a request and returns the answer with an id (empty when there was none).
    QJsonObject request(int id, const QString &method, const QJsonObject &params = {});
    /// The initialize handshake and the initialized notification; returns the answer to initialize.
    QJsonObject initialize(const QString &version = QStringLiteral("2025-06-18"));
    QJsonObject callTool(const QString &name, const QJsonObject &arguments);
};

} // namespace engram::test
