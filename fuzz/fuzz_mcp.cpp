// libFuzzer target: the MCP JSON-RPC reader. Each input is fed, after the
// lifecycle handshake, to a fresh server over one scratch vault; every line
// out must be one JSON object or array.
#include "FuzzSupport.h"
#include "McpServer.h"
#include "McpTools.h"

#include <QJsonDocument>

using namespace engram;

namespace {

mcp::McpTools &tools()
{
    static const std::unique_ptr<mcp::McpTools> instance = [] {
        fuzz::ensureApplication();
        auto engine = Engine::open(fuzz::scratchVault());
        if (!engine)
            std::abort();
        return std::make_unique<mcp::McpTools>(std::move(*engine));
    }();
    return *instance;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mcp::McpServer server(tools(), [](const QByteArray &line) {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
        fuzz::require(error.error == QJsonParseError::NoError && !line.contains('\n'),
                      "the server writes one JSON message per line");
    });
    server.handleLine(R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18",)"
                      R"("capabilities":{},"clientInfo":{"name":"fuzz","version":"1"}}})");
    server.handleLine(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
    server.feed(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)));
    server.finish();
    return 0;
}
