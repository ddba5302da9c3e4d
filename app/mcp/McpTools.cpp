#include "McpTools.h"

#include <atomic>

namespace engram::mcp {

McpTools::McpTools(std::unique_ptr<Engine> engine) : m_engine(std::move(engine)), m_tools(toolTable()) { }

McpTools::~McpTools() = default;

QList<ToolDefinition> McpTools::definitions() const
{
    QList<ToolDefinition> out;
    for (const Tool &t : m_tools)
        out << t.definition;
    return out;
}

const ToolDefinition *McpTools::find(const QString &name) const
{
    for (const Tool &t : m_tools)
        if (t.definition.name == name)
            return &t.definition;
    return nullptr;
}

QString McpTools::instructions() const
{
    return QStringLiteral(
               "Engram is the user's long-term memory: a folder of Markdown files (%1). Call wake at the start of a session, "
               "recall or what_do_i_know before answering from memory, why_did_we for the reasons behind past decisions, "
               "remember for decisions, lessons and facts worth keeping, and checkpoint before the session ends. Results "
               "cite path:start-end in the vault.")
        .arg(m_engine->vaultPath());
}

void McpTools::setReindexPolicy(int minIntervalMs, int budgetMs)
{
    m_minRefreshIntervalMs = minIntervalMs;
    m_refreshBudgetMs = budgetMs;
}

QDateTime McpTools::now() const
{
    return m_clock ? m_clock() : QDateTime::currentDateTime();
}

void McpTools::log(const QString &level, const QString &message) const
{
    if (m_logger)
        m_logger(level, message);
}

void McpTools::refreshIndex()
{
    if (m_sinceRefresh.isValid() && m_sinceRefresh.elapsed() < m_minRefreshIntervalMs)
        return;
    // Changes another process (the workbench) made reach this engine's vectors by Engine::syncVectors.
    QElapsedTimer timer;
    timer.start();
    std::atomic_bool cancel{false};
    const int budget = m_refreshBudgetMs;
    m_engine->setLockTimeout(budget); // another writer busy: answer from the index as it is
    const IndexReport report = m_engine->index(
        [&](int, int, const QString &) {
            if (timer.elapsed() >= budget)
                cancel = true;
        },
        &cancel);
    m_engine->setLockTimeout(VaultLock::kDefaultTimeoutMs);
    m_sinceRefresh.start();
    if (report.error)
        log(QStringLiteral("info"),
            QStringLiteral("not re-indexed before this call: %1").arg(report.error->toString()));
    else if (cancel)
        log(QStringLiteral("warning"), QStringLiteral("re-indexing stopped after %1 ms (%2 files done); it goes on "
                                                      "before the next call")
                                           .arg(report.elapsedMs)
                                           .arg(report.indexed + report.unchanged));
    else if (report.indexed + report.removed > 0)
        log(QStringLiteral("info"), QStringLiteral("re-indexed %1 changed and %2 removed file(s) in %3 ms")
                                        .arg(report.indexed)
                                        .arg(report.removed)
                                        .arg(report.elapsedMs));
    // A linked vault changes under its own index too (a teammate's memories arrive by git): bring it up to
    // date within what is left of the budget. Its index is derived and this machine's, like ours.
    if (m_vaults)
        for (const QString &name : m_vaults->linkedNames()) {
            Engine *linked = m_vaults->linked(name);
            linked->setLockTimeout(qMax(0, budget - int(timer.elapsed())));
            const IndexReport linkedReport = linked->index(
                [&](int, int, const QString &) {
                    if (timer.elapsed() >= budget)
                        cancel = true;
                },
                &cancel);
            linked->setLockTimeout(VaultLock::kDefaultTimeoutMs);
            if (linkedReport.error)
                log(QStringLiteral("info"), QStringLiteral("linked vault \"%1\" not re-indexed before this call: %2")
                                                .arg(name, linkedReport.error->toString()));
        }
}

VaultSet &McpTools::vaults()
{
    if (!m_vaults) {
        m_vaults = std::make_unique<VaultSet>(*m_engine);
        for (const QString &warning : m_vaults->openWarnings())
            log(QStringLiteral("warning"), warning);
    }
    return *m_vaults;
}

int McpTools::indexNow(const QString &relativePath)
{
    const IndexReport report = m_engine->indexPath(relativePath);
    if (Status s = m_engine->saveVectors(); !s) // a cache: the next opener brings it up to date
        log(QStringLiteral("warning"), s.error().toString());
    if (report.error)
        log(QStringLiteral("warning"),
            QStringLiteral("%1 is saved but not indexed yet: %2").arg(relativePath, report.error->toString()));
    for (const Problem &p : report.problems)
        log(p.severity == QLatin1String("error") ? QStringLiteral("error") : QStringLiteral("warning"),
            QStringLiteral("%1: %2").arg(p.path, p.message));
    return int(report.chunks);
}

ToolResult McpTools::call(const QString &name, const QJsonObject &args)
{
    refreshIndex();
    for (const Tool &t : std::as_const(m_tools))
        if (t.definition.name == name) {
            // The second line at the exit: whatever a tool read (a note a person wrote by hand, a linked
            // vault, a state file) reaches the agent's model only through the vault's gate.
            ToolResult result = t.handler(*this, args);
            const RedactionGate &gate = m_engine->redactionGate();
            result.text = gate.clean(result.text);
            result.structured = gate.clean(result.structured);
            return result;
        }
    return ToolResult::failure(QStringLiteral("the tool %1 has no implementation").arg(name));
}

} // namespace engram::mcp
