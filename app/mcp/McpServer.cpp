#include "McpServer.h"

#include "JsonSchema.h"
#include "McpTools.h"
#include "core/JsonNumber.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <exception>

namespace engram::mcp {

namespace {

const QString kJsonRpc = QStringLiteral("2.0");

bool isValidId(const QJsonValue &id)
{
    if (id.isString())
        return true;
    if (!id.isDouble())
        return false;
    return JsonNumber::isExactInteger(id.toDouble());
}

QString describe(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QStringLiteral("a boolean");
    case QJsonValue::Double: return QStringLiteral("a number");
    case QJsonValue::String: return QStringLiteral("a string");
    case QJsonValue::Array: return QStringLiteral("an array");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Undefined: break;
    }
    return QStringLiteral("missing");
}

} // namespace

QString McpServer::latestProtocolVersion()
{
    return QStringLiteral("2025-06-18");
}

QStringList McpServer::supportedProtocolVersions()
{
    return {QStringLiteral("2025-06-18"), QStringLiteral("2025-03-26"), QStringLiteral("2024-11-05")};
}

QStringList McpServer::logLevels()
{
    return {QStringLiteral("debug"), QStringLiteral("info"),     QStringLiteral("notice"), QStringLiteral("warning"),
            QStringLiteral("error"), QStringLiteral("critical"), QStringLiteral("alert"),  QStringLiteral("emergency")};
}

McpServer::McpServer(McpTools &tools, Writer writer) : m_tools(tools), m_writer(std::move(writer))
{
    m_tools.setLogger(
        [this](const QString &level, const QString &message) { log(level, QStringLiteral("engram"), message); });
}

McpServer::Reply McpServer::error(int code, const QString &message, const QJsonValue &data)
{
    Reply r;
    r.ok = false;
    r.code = code;
    r.message = message;
    r.data = data;
    return r;
}

void McpServer::feed(const QByteArray &bytes)
{
    qsizetype start = 0;
    while (start < bytes.size()) {
        const qsizetype newline = bytes.indexOf('\n', start);
        const qsizetype end = newline < 0 ? bytes.size() : newline;
        if (!m_discarding) {
            m_buffer.append(bytes.constData() + start, end - start);
            if (m_buffer.size() > m_maxLineBytes) {
                // Refuse now rather than buffer an unbounded line; drop the rest of it.
                m_buffer.clear();
                m_discarding = true;
                write(QJsonObject{{QStringLiteral("jsonrpc"), kJsonRpc},
                                  {QStringLiteral("id"), QJsonValue::Null},
                                  {QStringLiteral("error"),
                                   QJsonObject{{QStringLiteral("code"), InvalidRequest},
                                               {QStringLiteral("message"),
                                                QStringLiteral("request too large: a message line longer than %1 bytes "
                                                               "was refused and skipped")
                                                    .arg(m_maxLineBytes)},
                                               {QStringLiteral("data"),
                                                QJsonObject{{QStringLiteral("maxBytes"), double(m_maxLineBytes)}}}}}});
            }
        }
        if (newline < 0)
            break;
        if (m_discarding) {
            m_discarding = false;
        } else {
            const QByteArray line = m_buffer;
            m_buffer.clear();
            handleLine(line);
        }
        start = newline + 1;
    }
}

void McpServer::finish()
{
    if (!m_discarding && !m_buffer.isEmpty()) {
        const QByteArray line = m_buffer;
        m_buffer.clear();
        handleLine(line);
    }
    m_discarding = false;
}

void McpServer::handleLine(const QByteArray &rawLine)
{
    const QByteArray line = rawLine.trimmed();
    if (line.isEmpty())
        return;
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(line, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        // Valid JSON that is not an object or array (42, "x", null) is an invalid request, not a parse error.
        QJsonParseError wrapped;
        const QJsonDocument scalar = QJsonDocument::fromJson('[' + line + ']', &wrapped);
        if (wrapped.error == QJsonParseError::NoError && scalar.array().size() == 1) {
            write(handleMessage(scalar.array().at(0)));
            return;
        }
        write(QJsonObject{
            {QStringLiteral("jsonrpc"), kJsonRpc},
            {QStringLiteral("id"), QJsonValue::Null},
            {QStringLiteral("error"),
             QJsonObject{{QStringLiteral("code"), ParseError},
                         {QStringLiteral("message"), QStringLiteral("parse error: not valid JSON at byte %1 (%2)")
                                                         .arg(parseError.offset)
                                                         .arg(parseError.errorString())}}}});
        return;
    }
    if (doc.isArray()) {
        const QJsonArray batch = doc.array();
        // Batches exist only in revision 2025-03-26; 2025-06-18 removed them.
        if (m_protocolVersion != QLatin1String("2025-03-26") || batch.isEmpty()) {
            write(QJsonObject{
                {QStringLiteral("jsonrpc"), kJsonRpc},
                {QStringLiteral("id"), QJsonValue::Null},
                {QStringLiteral("error"),
                 QJsonObject{{QStringLiteral("code"), InvalidRequest},
                             {QStringLiteral("message"),
                              batch.isEmpty() ? QStringLiteral("invalid request: an empty batch")
                                              : QStringLiteral("invalid request: JSON-RPC batches are not "
                                                               "supported in protocol revision %1; send "
                                                               "one message per line")
                                                    .arg(m_protocolVersion.isEmpty() ? latestProtocolVersion()
                                                                                     : m_protocolVersion)}}}});
            return;
        }
        QJsonArray responses;
        for (const QJsonValue &message : batch) {
            const QJsonObject response = handleMessage(message);
            if (!response.isEmpty())
                responses.append(response);
        }
        if (!responses.isEmpty())
            write(responses);
        return;
    }
    const QJsonObject response = handleMessage(doc.isObject() ? QJsonValue(doc.object()) : QJsonValue());
    if (!response.isEmpty())
        write(response);
}

QJsonObject McpServer::handleMessage(const QJsonValue &message)
{
    auto respond = [](const QJsonValue &id, const Reply &reply) {
        QJsonObject o{{QStringLiteral("jsonrpc"), kJsonRpc}, {QStringLiteral("id"), id}};
        if (reply.ok) {
            o.insert(QStringLiteral("result"), reply.result);
        } else {
            QJsonObject e{{QStringLiteral("code"), reply.code}, {QStringLiteral("message"), reply.message}};
            if (!reply.data.isUndefined() && !reply.data.isNull())
                e.insert(QStringLiteral("data"), reply.data);
            o.insert(QStringLiteral("error"), e);
        }
        return o;
    };
    if (!message.isObject())
        return respond(
            QJsonValue::Null,
            error(InvalidRequest,
                  QStringLiteral("invalid request: a message must be a JSON object, not %1").arg(describe(message))));
    const QJsonObject o = message.toObject();
    const bool hasId = o.contains(QStringLiteral("id"));
    const QJsonValue id = o.value(QStringLiteral("id"));
    const QJsonValue replyId = hasId && isValidId(id) ? id : QJsonValue(QJsonValue::Null);
    if (o.value(QStringLiteral("jsonrpc")).toString() != kJsonRpc)
        return respond(replyId, error(InvalidRequest, QStringLiteral("invalid request: \"jsonrpc\" must be \"2.0\"")));
    if (!o.contains(QStringLiteral("method"))) {
        // A response to a request of ours; this server sends none, so there is nothing to match.
        if (hasId && (o.contains(QStringLiteral("result")) || o.contains(QStringLiteral("error"))))
            return {};
        return respond(replyId, error(InvalidRequest, QStringLiteral("invalid request: no \"method\"")));
    }
    const QJsonValue methodValue = o.value(QStringLiteral("method"));
    if (!methodValue.isString())
        return respond(
            replyId,
            error(InvalidRequest,
                  QStringLiteral("invalid request: \"method\" must be a string, not %1").arg(describe(methodValue))));
    const QString method = methodValue.toString();
    if (hasId && !isValidId(id))
        return respond(
            QJsonValue::Null,
            error(InvalidRequest,
                  QStringLiteral("invalid request: \"id\" must be a string or an integer, not %1").arg(describe(id))));
    if (!hasId) {
        handleNotification(method);
        return {};
    }
    const QJsonValue params = o.value(QStringLiteral("params"));
    if (!params.isUndefined() && !params.isObject())
        return respond(
            id, error(InvalidParams,
                      QStringLiteral("invalid params: \"params\" must be an object, not %1").arg(describe(params))));
    Reply reply;
    try {
        reply = dispatch(method, params.toObject());
    } catch (const std::exception &e) {
        reply = error(InternalError,
                      QStringLiteral("internal error in %1: %2").arg(method, QString::fromLocal8Bit(e.what())));
    }
    return respond(id, reply);
}

McpServer::Reply McpServer::dispatch(const QString &method, const QJsonObject &params)
{
    if (method == QLatin1String("initialize"))
        return initialize(params);
    if (method == QLatin1String("ping"))
        return {};
    static const QStringList known{QStringLiteral("tools/list"), QStringLiteral("tools/call"),
                                   QStringLiteral("logging/setLevel")};
    if (!known.contains(method))
        return error(MethodNotFound,
                     QStringLiteral("method not found: \"%1\"; this server answers initialize, ping, tools/list, "
                                    "tools/call and logging/setLevel")
                         .arg(method));
    if (!m_initializeAnswered)
        return error(InvalidRequest,
                     QStringLiteral("invalid request: \"%1\" before initialize; send initialize first").arg(method));
    if (method == QLatin1String("tools/list"))
        return listTools();
    if (method == QLatin1String("tools/call"))
        return callTool(params);
    return setLevel(params);
}

McpServer::Reply McpServer::initialize(const QJsonObject &params)
{
    if (m_initializeAnswered)
        return error(
            InvalidRequest,
            QStringLiteral("invalid request: initialize was already answered (protocol %1)").arg(m_protocolVersion));
    const QJsonValue requested = params.value(QStringLiteral("protocolVersion"));
    if (!requested.isString() || requested.toString().isEmpty())
        return error(
            InvalidParams,
            QStringLiteral("invalid params: initialize needs \"protocolVersion\" as a string, such as \"%1\"")
                .arg(latestProtocolVersion()),
            QJsonObject{{QStringLiteral("supported"), QJsonArray::fromStringList(supportedProtocolVersions())}});
    // Answer the client's revision when we speak it, else our latest; the client decides whether to go on.
    m_protocolVersion =
        supportedProtocolVersions().contains(requested.toString()) ? requested.toString() : latestProtocolVersion();
    m_initializeAnswered = true;
    Reply r;
    QJsonObject serverInfo{{QStringLiteral("name"), QStringLiteral("engram")},
                           {QStringLiteral("version"), m_tools.serverVersion()}};
    if (m_protocolVersion == latestProtocolVersion())
        serverInfo.insert(QStringLiteral("title"), QStringLiteral("Engram memory"));
    r.result = QJsonObject{
        {QStringLiteral("protocolVersion"), m_protocolVersion},
        {QStringLiteral("capabilities"),
         QJsonObject{{QStringLiteral("tools"), QJsonObject{{QStringLiteral("listChanged"), false}}},
                     {QStringLiteral("logging"), QJsonObject{}}}},
        {QStringLiteral("serverInfo"), serverInfo},
        {QStringLiteral("instructions"), m_tools.instructions()},
    };
    return r;
}

McpServer::Reply McpServer::listTools() const
{
    const bool structured = m_protocolVersion == latestProtocolVersion();
    const bool annotations = m_protocolVersion != QLatin1String("2024-11-05");
    QJsonArray tools;
    for (const ToolDefinition &d : m_tools.definitions()) {
        QJsonObject t{{QStringLiteral("name"), d.name},
                      {QStringLiteral("description"), d.description},
                      {QStringLiteral("inputSchema"), d.inputSchema}};
        if (structured) {
            t.insert(QStringLiteral("title"), d.title);
            t.insert(QStringLiteral("outputSchema"), d.outputSchema);
        }
        if (annotations)
            t.insert(QStringLiteral("annotations"), QJsonObject{{QStringLiteral("title"), d.title},
                                                                {QStringLiteral("readOnlyHint"), d.readOnly},
                                                                {QStringLiteral("destructiveHint"), d.destructive},
                                                                {QStringLiteral("idempotentHint"), d.idempotent},
                                                                {QStringLiteral("openWorldHint"), false}});
        tools.append(t);
    }
    Reply r;
    r.result = QJsonObject{{QStringLiteral("tools"), tools}};
    return r;
}

McpServer::Reply McpServer::callTool(const QJsonObject &params)
{
    const QJsonValue name = params.value(QStringLiteral("name"));
    if (!name.isString())
        return error(
            InvalidParams,
            QStringLiteral("invalid params: tools/call needs \"name\" as a string, not %1").arg(describe(name)));
    const ToolDefinition *definition = m_tools.find(name.toString());
    if (!definition) {
        QStringList names;
        for (const ToolDefinition &d : m_tools.definitions())
            names << d.name;
        return error(InvalidParams, QStringLiteral("unknown tool \"%1\"; the tools are %2")
                                        .arg(name.toString(), names.join(QStringLiteral(", "))));
    }
    const QJsonValue arguments = params.value(QStringLiteral("arguments"));
    if (!arguments.isUndefined() && !arguments.isNull() && !arguments.isObject())
        return error(
            InvalidParams,
            QStringLiteral("invalid params: \"arguments\" must be an object, not %1").arg(describe(arguments)));
    if (Status s = JsonSchema::validate(arguments.toObject(), definition->inputSchema, QStringLiteral("arguments")); !s)
        return error(InvalidParams, QStringLiteral("invalid arguments for %1: %2 (tools/list has the input schema)")
                                        .arg(definition->name, s.error().message));

    const ToolResult outcome = m_tools.call(definition->name, arguments.toObject());
    QJsonArray content{
        QJsonObject{{QStringLiteral("type"), QStringLiteral("text")}, {QStringLiteral("text"), outcome.text}}};
    Reply r;
    if (outcome.isError) {
        r.result = QJsonObject{{QStringLiteral("content"), content}, {QStringLiteral("isError"), true}};
        return r;
    }
    if (m_protocolVersion == latestProtocolVersion()) {
        r.result = QJsonObject{{QStringLiteral("content"), content},
                               {QStringLiteral("structuredContent"), outcome.structured}};
    } else {
        // Older revisions have no structuredContent: the data travels as a second, JSON text block.
        content.append(
            QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                        {QStringLiteral("text"),
                         QString::fromUtf8(QJsonDocument(outcome.structured).toJson(QJsonDocument::Compact))}});
        r.result = QJsonObject{{QStringLiteral("content"), content}};
    }
    r.result.insert(QStringLiteral("isError"), false);
    return r;
}

McpServer::Reply McpServer::setLevel(const QJsonObject &params)
{
    const QString level = params.value(QStringLiteral("level")).toString();
    if (!logLevels().contains(level))
        return error(
            InvalidParams,
            QStringLiteral("invalid params: \"level\" must be one of %1").arg(logLevels().join(QStringLiteral(", "))));
    m_logLevel = level;
    return {};
}

void McpServer::handleNotification(const QString &method)
{
    // notifications/cancelled and others need nothing: every request is answered before the next is read.
    if (method == QLatin1String("notifications/initialized"))
        m_initialized = true;
}

void McpServer::log(const QString &level, const QString &logger, const QJsonValue &data)
{
    if (!m_initializeAnswered || logLevels().indexOf(level) < logLevels().indexOf(m_logLevel))
        return;
    write(QJsonObject{{QStringLiteral("jsonrpc"), kJsonRpc},
                      {QStringLiteral("method"), QStringLiteral("notifications/message")},
                      {QStringLiteral("params"), QJsonObject{{QStringLiteral("level"), level},
                                                             {QStringLiteral("logger"), logger},
                                                             {QStringLiteral("data"), data}}}});
}

void McpServer::write(const QJsonValue &message)
{
    const QJsonDocument doc = message.isArray() ? QJsonDocument(message.toArray()) : QJsonDocument(message.toObject());
    m_writer(doc.toJson(QJsonDocument::Compact));
}

} // namespace engram::mcp
