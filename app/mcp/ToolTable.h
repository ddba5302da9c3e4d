#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

#include <functional>

namespace engram::mcp {

class McpTools;

/// One tool as tools/list shows it: the JSON Schema of its arguments, the
/// JSON Schema of its structuredContent, and the behaviour hints.
struct ToolDefinition {
    QString name;
    QString title;
    QString description;
    QJsonObject inputSchema;
    QJsonObject outputSchema;
    bool readOnly = true;
    bool destructive = false;
    bool idempotent = true;
};

/// What a tool call gives back: readable text for the model, and the
/// structured form its outputSchema describes. A failure is a result too
/// (isError), with text saying what to change.
struct ToolResult {
    QString text;
    QJsonObject structured;
    bool isError = false;

    static ToolResult failure(const QString &message) { return ToolResult{message, {}, true}; }
};

/// A tool: its definition and the handler that answers it, side by side. A
/// handler translates checked arguments into one engine call and the engine's
/// typed result into text and structured content; it reads no vault file.
struct Tool {
    ToolDefinition definition;
    std::function<ToolResult(McpTools &tools, const QJsonObject &arguments)> handler;
};

/// The nine tools of Engram's MCP server: remember, recall, what_do_i_know,
/// why_did_we, forget, stats, checkpoint, wake, review.
QList<Tool> toolTable();
/// `review` (ReviewTool.cpp): the open findings of the hygiene review, and resolving one.
Tool reviewTool();

} // namespace engram::mcp
