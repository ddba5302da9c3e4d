#pragma once

#include "core/Result.h"

#include <QList>
#include <QString>
#include <QVector>

#include <memory>

namespace engram {

class Config;

using Vector = QVector<float>;

/// Turns texts into unit-length vectors. Implementations say who they are
/// (`id()`): the index records it and re-embeds everything when it changes,
/// so vectors from two embedders are never mixed.
class Embedder {
public:
    virtual ~Embedder() = default;

    /// Stable identity of the vector space, e.g. "hash-v1:384" or "ollama:nomic-embed-text".
    virtual QString id() const = 0;
    virtual int dimensions() const = 0;
    virtual Result<QList<Vector>> embed(const QStringList &texts) = 0;

    /// The embedder `engram.json` asks for (the local hashing embedder by default).
    static Result<std::unique_ptr<Embedder>> create(const Config &config);
};

/// The default embedder: local, offline, no model file. Feature hashing of
/// stemmed words, word bigrams and character n-grams into a fixed number of
/// signed buckets, sublinear term weights, L2-normalised. Similar wording
/// lands close; morphology is partly caught by the character n-grams.
class HashEmbedder final : public Embedder {
public:
    explicit HashEmbedder(int dimensions = 384);

    QString id() const override;
    int dimensions() const override { return m_dimensions; }
    Result<QList<Vector>> embed(const QStringList &texts) override;

    Vector embedOne(const QString &text) const;

private:
    int m_dimensions;
};

float dot(const Vector &a, const Vector &b);
void normalize(Vector &v);

} // namespace engram
