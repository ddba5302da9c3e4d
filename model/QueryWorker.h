#pragma once

#include "vault/Engine.h"

#include <QObject>

#include <memory>

namespace engram {

/// Answers recall and pack requests on its own thread with its own Engine, so
/// a slow query (a large vault, an HTTP embedder) never blocks the window.
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

private:
    std::unique_ptr<Engine> m_engine;
};

} // namespace engram
