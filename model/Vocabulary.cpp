#include "Vocabulary.h"

#include <iterator>

namespace engram {

namespace {

/// Translated at each call rather than cached, so a change of language applies at once.
struct Word {
    const char *value;
    struct {
        const char *source;
        const char *comment;
    } text; ///< QT_TRANSLATE_NOOP3 gives {source, comment}
};

template <std::size_t N>
QString lookUp(const Word (&words)[N], const QString &value)
{
    for (const Word &w : words)
        if (value == QLatin1String(w.value))
            return QCoreApplication::translate("engram::Vocabulary", w.text.source, w.text.comment);
    return value;
}

} // namespace

QString Vocabulary::region(const QString &value)
{
    static const Word words[]{
        {"identity", QT_TRANSLATE_NOOP3("engram::Vocabulary", "identity", "memory region")},
        {"language-comprehension", QT_TRANSLATE_NOOP3("engram::Vocabulary", "language comprehension", "memory region")},
        {"language-production", QT_TRANSLATE_NOOP3("engram::Vocabulary", "language production", "memory region")},
        {"vision", QT_TRANSLATE_NOOP3("engram::Vocabulary", "vision", "memory region")},
        {"episodic", QT_TRANSLATE_NOOP3("engram::Vocabulary", "episodic", "memory region")},
        {"spatial", QT_TRANSLATE_NOOP3("engram::Vocabulary", "spatial", "memory region")},
    };
    return lookUp(words, value);
}

QString Vocabulary::store(const QString &value)
{
    static const Word words[]{
        {"sensory", QT_TRANSLATE_NOOP3("engram::Vocabulary", "sensory", "memory store")},
        {"episodic", QT_TRANSLATE_NOOP3("engram::Vocabulary", "episodic", "memory store")},
        {"semantic", QT_TRANSLATE_NOOP3("engram::Vocabulary", "semantic", "memory store")},
        {"procedural", QT_TRANSLATE_NOOP3("engram::Vocabulary", "procedural", "memory store")},
        {"prospective", QT_TRANSLATE_NOOP3("engram::Vocabulary", "prospective", "memory store")},
    };
    return lookUp(words, value);
}

QString Vocabulary::layer(const QString &value)
{
    static const Word words[]{
        {"core", QT_TRANSLATE_NOOP3("engram::Vocabulary", "core", "consolidation layer")},
        {"raw", QT_TRANSLATE_NOOP3("engram::Vocabulary", "raw", "consolidation layer")},
        {"session", QT_TRANSLATE_NOOP3("engram::Vocabulary", "session", "consolidation layer")},
        {"daily", QT_TRANSLATE_NOOP3("engram::Vocabulary", "daily", "consolidation layer")},
        {"weekly", QT_TRANSLATE_NOOP3("engram::Vocabulary", "weekly", "consolidation layer")},
        {"fact", QT_TRANSLATE_NOOP3("engram::Vocabulary", "fact", "consolidation layer")},
    };
    return lookUp(words, value);
}

QString Vocabulary::signal(const QString &value)
{
    static const Word words[]{
        {"relevance", QT_TRANSLATE_NOOP3("engram::Vocabulary", "relevance", "recall signal")},
        {"strength", QT_TRANSLATE_NOOP3("engram::Vocabulary", "strength", "recall signal")},
        {"recency", QT_TRANSLATE_NOOP3("engram::Vocabulary", "recency", "recall signal")},
        {"access", QT_TRANSLATE_NOOP3("engram::Vocabulary", "access", "recall signal")},
        {"coactivation", QT_TRANSLATE_NOOP3("engram::Vocabulary", "coactivation", "recall signal")},
        {"graph", QT_TRANSLATE_NOOP3("engram::Vocabulary", "graph", "recall signal")},
        {"match", QT_TRANSLATE_NOOP3("engram::Vocabulary", "match", "recall signal")},
        {"when", QT_TRANSLATE_NOOP3("engram::Vocabulary", "when", "recall signal")},
    };
    return lookUp(words, value);
}

QString Vocabulary::mode(const QString &value)
{
    static const Word words[]{
        {"fast", QT_TRANSLATE_NOOP3("engram::Vocabulary", "fast", "recall mode")},
        {"deep", QT_TRANSLATE_NOOP3("engram::Vocabulary", "deep", "recall mode")},
        {"creative", QT_TRANSLATE_NOOP3("engram::Vocabulary", "creative", "recall mode")},
    };
    return lookUp(words, value);
}

QString Vocabulary::edgeType(const QString &value)
{
    static const Word words[]{
        {"related", QT_TRANSLATE_NOOP3("engram::Vocabulary", "related", "association")},
        {"co_activated", QT_TRANSLATE_NOOP3("engram::Vocabulary", "co-activated", "association")},
        {"derived_from", QT_TRANSLATE_NOOP3("engram::Vocabulary", "derived from", "association")},
        {"caused", QT_TRANSLATE_NOOP3("engram::Vocabulary", "caused", "association")},
        {"contradicts", QT_TRANSLATE_NOOP3("engram::Vocabulary", "contradicts", "association")},
        {"supersedes", QT_TRANSLATE_NOOP3("engram::Vocabulary", "supersedes", "association")},
        {"part_of", QT_TRANSLATE_NOOP3("engram::Vocabulary", "part of", "association")},
    };
    return lookUp(words, value);
}

} // namespace engram
