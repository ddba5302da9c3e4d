#include "McpHarness.h"

#include "McpServer.h"
#include "McpTools.h"
#include "vault/Engine.h"

#include <QJsonDocument>

namespace engram::test {

McpHarness::McpHarness(const std::function<void(TestVault &)> &prepare)
{
    if (prepare)
        prepare(vault);
    auto engine = Engine::open(vault.path());
    if (!engine)
        qFatal("cannot open the test vault: %s", qPrintable(engine.error().toString()));
    tools = std::make_unique<mcp::McpTools>(std::move(*engine));
    tools->setReindexPolicy(0, 5000);
    server = std::make_unique<mcp::McpServer>(*tools, [this](const QByteArray &line) { lines << line; });
}

McpHarness::~McpHarness() = default;

QList<QJsonObject> McpHarness::send(const QByteArray &line)
{
    lines.clear();
    server->feed(line + '\n');
    QList<QJsonObject> out;
    for (const QByteArray &l : std::as_const(lines)) {
        if (l.contains('\n'))
            qWarning("an output line contains a newline");
        out << QJsonDocument::fromJson(l).object();
    }
    return out;
}

QJsonObject McpHarness::request(int id, const QString &method, const QJsonObject &params)
{
    QJsonObject o{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                  {QStringLiteral("id"), id},
                  {QStringLiteral("method"), method}};
    if (!params.isEmpty())
        o.insert(QStringLiteral("params"), params);
    const QList<QJsonObject> replies = send(QJsonDocument(o).toJson(QJsonDocument::Compact));
    for (const QJsonObject &r : replies)
        if (r.contains(QStringLiteral("id")))
            return r;
    return {};
}

QJsonObject McpHarness::initialize(const QString &version)
{
    const QJsonObject r =
        request(1, QStringLiteral("initialize"),
                {{QStringLiteral("protocolVersion"), version},
                 {QStringLiteral("capabilities"), QJsonObject{}},
                 {QStringLiteral("clientInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("t")},
                                                            {QStringLiteral("version"), QStringLiteral("1")}}}});
    send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    return r;
}

QJsonObject McpHarness::callTool(const QString &name, const QJsonObject &arguments)
{
    return request(7, QStringLiteral("tools/call"),
                   {{QStringLiteral("name"), name}, {QStringLiteral("arguments"), arguments}});
}

} // namespace engram::test
