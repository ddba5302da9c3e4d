#pragma once

#include "dynamics/MemoryDynamics.h"
#include "index/Embedder.h"
#include "index/IndexStore.h"
#include "index/Indexer.h"
#include "index/VectorIndex.h"
#include "recall/Retriever.h"
#include "vault/Engine.h"

namespace engram {

/// The parts of an open vault behind the Engine facade, by mutable reference: the index store
/// (SQLite), the vectors, the embedder, the retriever, the indexer and the dynamics. For the
/// engine's own later layers (consolidation, agent services), tests and benchmarks; front ends
/// (app/, model/, ui/) do not include this header (scripts/check-layers.sh fails when one does)
/// and get what they need as a facade method with a typed result instead.
class EngineInternals {
public:
    explicit EngineInternals(Engine &engine) : m_engine(engine) { }

    IndexStore &store() const { return *m_engine.m_store; }
    VectorIndex &vectors() const { return *m_engine.m_vectors; }
    Embedder &embedder() const { return *m_engine.m_embedder; }
    Retriever &retriever() const { return *m_engine.m_retriever; }
    Indexer &indexer() const { return *m_engine.m_indexer; }
    /// Strength, access, associations, co-activation and the journal.
    MemoryDynamics &dynamics() const { return *m_engine.m_dynamics; }
    /// The review findings (hygiene): profiles and the pairs found among them.
    FindingIndex &findings() const { return *m_engine.m_findings; }

private:
    Engine &m_engine;
};

/// `internals(engine).store()`: reads as what it is, a reach behind the facade.
inline EngineInternals internals(Engine &engine)
{
    return EngineInternals(engine);
}

} // namespace engram
