#pragma once

#include "core/Config.h"
#include "index/Embedder.h"

namespace engram {

/// Embeddings from a model server: OpenAI-compatible `POST /v1/embeddings`
/// or Ollama `POST /api/embed`. Blocking (runs on the indexing thread).
class HttpEmbedder final : public Embedder {
public:
    HttpEmbedder(Endpoint endpoint, int expectedDimensions);

    QString id() const override;
    int dimensions() const override;
    Result<QList<Vector>> embed(const QStringList &texts) override;

private:
    Endpoint m_endpoint;
    int m_dimensions;
};

} // namespace engram
