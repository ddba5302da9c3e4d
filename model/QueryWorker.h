#pragma once

#include "agent/VaultSet.h"
#include "vault/Engine.h"

#include <QObject>
#include <QSet>

#include <memory>

namespace engram {

/// Answers recall and pack requests on its own thread with its own Engine, so
/// a slow query (a large vault, an HTTP embedder) never blocks the window. The
/// vaults the open one links (engram.json `linked_vaults`) are opened on that
/// thread at the first request and answer too (agent/VaultSet).
/// Each answer carries the id of its request; callers drop answers they no
/// longer wait for.
class QueryWorker : public QObject {
    Q_OBJECT
public:
    explicit QueryWorker(std::unique_ptr<Engine> engine);
    ~QueryWorker() override;

    void recall(int id, const engram::RecallQuery &query);
    void pack(int id, const engram::RecallQuery &query, int budget);

Q_SIGNALS:
    void recalled(int id, const QList<engram::RecallResult> &results, const QString &error);
    void packed(int id, const engram::ContextPack &pack, const QString &error);
    /// A linked vault left out (missing, not a vault, no index) and why; each message once.
    void warned(const QString &message);

private:
    VaultSet &vaults();
    void warn(const QStringList &messages);

    std::unique_ptr<Engine> m_engine;
    std::unique_ptr<VaultSet> m_vaults; ///< made on the worker's thread: its engines belong to it
    QSet<QString> m_warned;
};

} // namespace engram
