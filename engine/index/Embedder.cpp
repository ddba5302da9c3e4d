#include "index/Embedder.h"

#include "core/Config.h"
#include "index/HttpEmbedder.h"

namespace engram {

Result<std::unique_ptr<Embedder>> Embedder::create(const Config &config)
{
    if (config.embedderKind == QLatin1String("hash"))
        return std::unique_ptr<Embedder>(new HashEmbedder(config.embedderDimensions));
    if (!config.embeddingEndpoint.configured())
        return Error{QStringLiteral("engram.json: embedder \"%1\" needs `embedder.url` and `embedder.model`")
                         .arg(config.embedderKind)};
    return std::unique_ptr<Embedder>(new HttpEmbedder(config.embeddingEndpoint, config.embedderDimensions));
}

} // namespace engram
