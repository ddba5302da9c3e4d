#pragma once

#include "core/Config.h"
#include "core/Result.h"

#include <QStringList>

namespace engram {

/// The optional abstractive summarizer: sends the units of one period to the
/// `llm` endpoint of engram.json (OpenAI-compatible /v1/chat/completions or
/// Ollama /api/chat) and returns the digest as a list of bullet lines. Every
/// failure (unreachable, timeout, non-2xx, an answer that is not the chat
/// format, an empty answer) is an Error the Consolidator records as the
/// reason it fell back to the extractive summarizer.
class LlmSummarizer {
public:
    explicit LlmSummarizer(Endpoint endpoint) : m_endpoint(std::move(endpoint)) { }

    /// `layer` and `period` only shape the prompt; `tokenBudget` bounds the answer.
    Result<QStringList> summarize(const QString &layer, const QString &period, const QStringList &units,
                                  int tokenBudget) const;

    /// The method name written into a digest's front matter: "llm:<kind>:<model>".
    QString methodName() const;

private:
    Endpoint m_endpoint;
};

} // namespace engram
