#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

namespace engram::mcp {

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

/// The eight tools of Engram's MCP server: remember, recall, what_do_i_know,
/// why_did_we, forget, stats, checkpoint, wake.
QList<ToolDefinition> toolDefinitions();

} // namespace engram::mcp
