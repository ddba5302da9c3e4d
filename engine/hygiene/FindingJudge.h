#pragma once

#include "core/Config.h"
#include "core/Result.h"

#include <QDateTime>
#include <QString>

namespace engram {

/// What the model says of two memories.
enum class JudgeVerdict { Duplicate, Contradiction, Distinct };

QString judgeVerdictName(JudgeVerdict verdict); ///< "duplicate", "contradiction", "distinct"
bool judgeVerdictFromName(const QString &name, JudgeVerdict *verdict);

/// One memory of a pair as the model sees it: its text (already through the redaction gate: the caller
/// hands over what a person would read), the date of its source, and where it is.
struct JudgedMemory {
    QString text;
    QDateTime date;
    QString source; ///< "path:start-end"
};

/// The model's answer about a pair.
struct Judgement {
    JudgeVerdict verdict = JudgeVerdict::Distinct;
    QString reason; ///< one line, the model's words
    QString model;  ///< the endpoint's model name
};

/// The optional judge of the review's candidate pairs: asks the chat model of the `llm` endpoint
/// (engram.json) whether two memories repeat each other, cannot both hold, or are distinct, and reads its
/// strict JSON answer (`{"verdict": "...", "reason": "..."}`, also inside a ``` fence). An answer that
/// names none of the three verdicts is an error quoting what came back: a verdict is never guessed, and
/// the offline detector's stands.
class FindingJudge {
public:
    explicit FindingJudge(Endpoint llm) : m_llm(std::move(llm)) { }

    Result<Judgement> judge(const JudgedMemory &older, const JudgedMemory &newer) const;

    /// The system prompt: the three verdicts and the answer's form.
    static QString instructions();
    /// The user message: both memories, the older first, each with its date and source.
    static QString question(const JudgedMemory &older, const JudgedMemory &newer);
    /// The verdict and reason in the model's answer text (the model's name left empty).
    static Result<Judgement> parse(const QString &answer);

    QString model() const { return m_llm.model; }

private:
    Endpoint m_llm;
};

} // namespace engram
