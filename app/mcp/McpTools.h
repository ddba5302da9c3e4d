#pragma once

#include "ToolTable.h"
#include "agent/VaultSet.h"
#include "vault/Engine.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonObject>

#include <functional>
#include <memory>

namespace engram::mcp {

/// The eight tools over one open vault, answered from the tool table.
/// Arguments reach call() already checked against the tool's input schema
/// (McpServer does that). Before each call the vault is re-indexed
/// incrementally, at most once a second and for a bounded time, and the engine
/// is reopened when another process (the workbench) changed the index, so
/// answers reflect the files on disk.
class McpTools {
public:
    using Logger = std::function<void(const QString &level, const QString &message)>;

    explicit McpTools(std::unique_ptr<Engine> engine);
    ~McpTools();

    QList<ToolDefinition> definitions() const;
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

    // For the handlers of the tool table.
    Engine &engine() { return *m_engine; }
    /// The vault and the vaults its engram.json links, opened on first use (a linked vault that cannot
    /// be used is logged as a warning once and left out).
    VaultSet &vaults();
    QDateTime now() const;
    void log(const QString &level, const QString &message) const;
    /// Indexes one file just written or moved by a tool; returns its chunk count.
    int indexNow(const QString &relativePath);

private:
    void refreshIndex();

    std::unique_ptr<Engine> m_engine;
    std::unique_ptr<VaultSet> m_vaults;
    QList<Tool> m_tools;
    QString m_version = QStringLiteral("0");
    Logger m_logger;
    std::function<QDateTime()> m_clock;
    QElapsedTimer m_sinceRefresh;
    int m_minRefreshIntervalMs = 1000;
    int m_refreshBudgetMs = 2000;
};

} // namespace engram::mcp
