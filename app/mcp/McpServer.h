#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <functional>

namespace engram::mcp {

class McpTools;

/// JSON-RPC 2.0 error codes the server answers with.
enum RpcError {
    ParseError = -32700,
    InvalidRequest = -32600,
    MethodNotFound = -32601,
    InvalidParams = -32602,
    InternalError = -32603,
};

/// The Model Context Protocol over newline-delimited JSON-RPC 2.0: framing,
/// the lifecycle (initialize → notifications/initialized → operation), version
/// negotiation, tools/list, tools/call, ping and logging. It owns no I/O: bytes
/// go in through feed() and every outgoing message (one line, no trailing
/// newline) comes out through the writer. Bad input is answered with a JSON-RPC
/// error and the server carries on.
class McpServer {
public:
    using Writer = std::function<void(const QByteArray &line)>;

    /// The revision this server speaks natively, and every one it accepts.
    static QString latestProtocolVersion();
    static QStringList supportedProtocolVersions();
    /// The syslog levels of the logging utility, most verbose first.
    static QStringList logLevels();

    McpServer(McpTools &tools, Writer writer);

    /// Longest accepted request line in bytes; longer lines are refused with an error.
    void setMaxLineBytes(qsizetype bytes) { m_maxLineBytes = bytes; }
    qsizetype maxLineBytes() const { return m_maxLineBytes; }

    /// Feeds raw input; every complete line is handled in order.
    void feed(const QByteArray &bytes);
    /// End of input: handles a last line that had no newline.
    void finish();
    /// Handles one complete line (no newline).
    void handleLine(const QByteArray &line);

    /// Sends notifications/message if `level` is at or above the level the client set.
    void log(const QString &level, const QString &logger, const QJsonValue &data);

    QString protocolVersion() const { return m_protocolVersion; }
    bool initialized() const { return m_initialized; }
    QString logLevel() const { return m_logLevel; }

private:
    struct Reply {
        bool ok = true;
        QJsonObject result;
        int code = 0;
        QString message;
        QJsonValue data;
    };
    static Reply error(int code, const QString &message, const QJsonValue &data = {});

    /// One request or notification; returns the response, or null for notifications.
    QJsonObject handleMessage(const QJsonValue &message);
    Reply dispatch(const QString &method, const QJsonObject &params);
    Reply initialize(const QJsonObject &params);
    Reply listTools() const;
    Reply callTool(const QJsonObject &params);
    Reply setLevel(const QJsonObject &params);
    void handleNotification(const QString &method);
    void write(const QJsonValue &message);

    McpTools &m_tools;
    Writer m_writer;
    QByteArray m_buffer;
    bool m_discarding = false; ///< inside an oversized line: drop bytes up to its newline
    qsizetype m_maxLineBytes = 4 * 1024 * 1024;
    QString m_protocolVersion; ///< negotiated; empty before initialize
    bool m_initializeAnswered = false;
    bool m_initialized = false; ///< notifications/initialized received
    QString m_logLevel = QStringLiteral("info");
};

} // namespace engram::mcp
