#include "QueryWorker.h"

namespace engram {

QueryWorker::QueryWorker(std::unique_ptr<Engine> engine) : m_engine(std::move(engine)) { }

QueryWorker::~QueryWorker() = default;

void QueryWorker::recall(int id, const RecallQuery &query)
{
    auto results = m_engine->recall(query);
    if (!results)
        Q_EMIT recalled(id, {}, results.error().toString());
    else
        Q_EMIT recalled(id, *results, QString());
}

void QueryWorker::pack(int id, const RecallQuery &query, int budget)
{
    auto pack = m_engine->pack(query, budget);
    if (!pack)
        Q_EMIT packed(id, {}, pack.error().toString());
    else
        Q_EMIT packed(id, *pack, QString());
}

} // namespace engram
