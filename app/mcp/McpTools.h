#pragma once

#include "ToolDefinitions.h"
#include "vault/Engine.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonObject>

#include <functional>
#include <memory>

namespace engram::mcp {

/// What a tool call gives back: readable text for the model, and the
/// structured form its outputSchema describes. A failure is a result too
/// (isError), with text saying what to change.
struct ToolResult {
    QString text;
    QJsonObject structured;
    bool isError = false;

    static ToolResult failure(const QString &message) { return ToolResult{message, {}, true}; }
};

/// The eight tools over one open vault. Arguments reach call() already checked
/// against the tool's input schema (McpServer does that). Before each call the
/// vault is re-indexed incrementally, at most once a second and for a bounded
/// time, and the engine is reopened when another process (the workbench)
/// changed the index, so answers reflect the files on disk.
class McpTools {
public:
    using Logger = std::function<void(const QString &level, const QString &message)>;

    explicit McpTools(std::unique_ptr<Engine> engine);
    ~McpTools();

    const QList<ToolDefinition> &definitions() const { return m_definitions; }
    const ToolDefinition *find(const QString &name) const;
    ToolResult call(const QString &name, const QJsonObject &arguments);

    QString serverVersion() const { return m_version; }
    void setServerVersion(const QString &version) { m_version = version; }
    QString instructions() const;

    void setLogger(Logger logger) { m_logger = std::move(logger); }
    /// The clock of checkpoint names, wake and recency (tests inject one).
    void setClock(std::function<QDateTime()> clock) { m_clock = std::move(clock); }
    /// Re-index at most once per `minIntervalMs`, and stop a re-index after `budgetMs` (it resumes next call).
    void setReindexPolicy(int minIntervalMs, int budgetMs);

    Engine &engine() { return *m_engine; }

private:
    QDateTime now() const;
    void log(const QString &level, const QString &message) const;
    void refreshIndex();
    /// Indexes one file just written or moved by a tool; returns its chunk count.
    int indexNow(const QString &relativePath);

    ToolResult recall(const QJsonObject &args);
    ToolResult whatDoIKnow(const QJsonObject &args);
    ToolResult whyDidWe(const QJsonObject &args);
    ToolResult remember(const QJsonObject &args);
    ToolResult forget(const QJsonObject &args);
    ToolResult stats();
    ToolResult checkpoint(const QJsonObject &args);
    ToolResult wake(const QJsonObject &args);

    std::unique_ptr<Engine> m_engine;
    QList<ToolDefinition> m_definitions;
    QString m_version = QStringLiteral("0");
    Logger m_logger;
    std::function<QDateTime()> m_clock;
    QElapsedTimer m_sinceRefresh;
    int m_minRefreshIntervalMs = 1000;
    int m_refreshBudgetMs = 2000;
};

/// A recall result as tools return it (path, lines, text, score, tags, source).
QJsonObject memoryJson(const Engine &engine, const RecallResult &result);
/// "1. notes/a.md:3-9 [semantic · decision] text…" lines for the text result.
QString memoryLine(int rank, const QJsonObject &memory);

} // namespace engram::mcp
