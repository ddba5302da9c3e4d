#include "QueryWorker.h"

namespace engram {

QueryWorker::QueryWorker(std::unique_ptr<Engine> engine) : m_engine(std::move(engine)) { }

QueryWorker::~QueryWorker() = default;

VaultSet &QueryWorker::vaults()
{
    if (!m_vaults)
        m_vaults = std::make_unique<VaultSet>(*m_engine);
    return *m_vaults;
}

void QueryWorker::warn(const QStringList &messages)
{
    for (const QString &message : messages)
        if (!m_warned.contains(message)) { // a recall per keystroke would repeat it
            m_warned.insert(message);
            Q_EMIT warned(message);
        }
}

void QueryWorker::recall(int id, const RecallQuery &query)
{
    auto answer = vaults().recall(query);
    if (!answer) {
        Q_EMIT recalled(id, {}, answer.error().toString());
        return;
    }
    warn(answer->warnings);
    Q_EMIT recalled(id, answer->results, QString());
}

void QueryWorker::pack(int id, const RecallQuery &query, int budget)
{
    auto answer = vaults().pack(query, budget);
    if (!answer) {
        Q_EMIT packed(id, {}, answer.error().toString());
        return;
    }
    warn(answer->warnings);
    Q_EMIT packed(id, answer->pack, QString());
}

} // namespace engram
