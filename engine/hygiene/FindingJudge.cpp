#include "hygiene/FindingJudge.h"

#include "core/ChatCall.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace engram {

namespace {

QString dateOf(const QDateTime &date)
{
    return date.isValid() ? date.date().toString(Qt::ISODate) : QStringLiteral("date unknown");
}

/// The JSON object in the answer: from its first '{' to its last '}', so a ``` fence or a line of talk around
/// it does not matter (the verdict inside must still be one of the three).
QString objectIn(const QString &answer)
{
    const qsizetype open = answer.indexOf(QLatin1Char('{'));
    const qsizetype close = answer.lastIndexOf(QLatin1Char('}'));
    return open >= 0 && close > open ? answer.mid(open, close - open + 1) : QString();
}

} // namespace

QString judgeVerdictName(JudgeVerdict verdict)
{
    switch (verdict) {
    case JudgeVerdict::Duplicate: return QStringLiteral("duplicate");
    case JudgeVerdict::Contradiction: return QStringLiteral("contradiction");
    case JudgeVerdict::Distinct: return QStringLiteral("distinct");
    }
    return {};
}

bool judgeVerdictFromName(const QString &name, JudgeVerdict *verdict)
{
    for (JudgeVerdict v : {JudgeVerdict::Duplicate, JudgeVerdict::Contradiction, JudgeVerdict::Distinct})
        if (judgeVerdictName(v) == name) {
            *verdict = v;
            return true;
        }
    return false;
}

QString FindingJudge::instructions()
{
    return QStringLiteral(
        "You check an AI agent's memory for repeats and conflicts. You are shown two memories, the older "
        "first, each with the date of its source. Decide which one of these holds:\n"
        "- duplicate: they state the same thing (one repeats, rewords or is part of the other), nothing in "
        "conflict;\n"
        "- contradiction: they cannot both be true now (a value changed, a decision was reversed, one denies "
        "the other);\n"
        "- distinct: anything else (different subjects, different facts about one subject, separate events, "
        "a past value told as history).\n"
        "Answer with one JSON object and nothing else: {\"verdict\": \"duplicate\" or \"contradiction\" or "
        "\"distinct\", \"reason\": \"one short line\"}.");
}

QString FindingJudge::question(const JudgedMemory &older, const JudgedMemory &newer)
{
    return QStringLiteral("Older memory (%1, %2):\n%3\n\nNewer memory (%4, %5):\n%6")
        .arg(dateOf(older.date), older.source, older.text.trimmed(), dateOf(newer.date), newer.source,
             newer.text.trimmed());
}

Result<Judgement> FindingJudge::parse(const QString &answer)
{
    const QJsonDocument json = QJsonDocument::fromJson(objectIn(answer).toUtf8());
    const QString quoted = answer.simplified().left(160);
    if (!json.isObject())
        return Error{
            QStringLiteral("the model did not answer with the JSON object asked for; it answered \"%1\"").arg(quoted)};
    const QJsonObject object = json.object();
    Judgement judgement;
    const QString verdict = object.value(QStringLiteral("verdict")).toString().trimmed().toLower();
    if (!judgeVerdictFromName(verdict, &judgement.verdict))
        return Error{QStringLiteral("the model's verdict is none of duplicate, contradiction, distinct; it answered "
                                    "\"%1\"")
                         .arg(quoted)};
    judgement.reason = object.value(QStringLiteral("reason")).toString().simplified();
    return judgement;
}

Result<Judgement> FindingJudge::judge(const JudgedMemory &older, const JudgedMemory &newer) const
{
    const auto answer = ChatCall(m_llm, ChatOptions{0.0, 200, true}).ask(instructions(), question(older, newer));
    if (!answer)
        return answer.error();
    auto judgement = parse(*answer);
    if (!judgement)
        return Error{QStringLiteral("%1: %2").arg(ChatCall(m_llm).url().toString(), judgement.error().message)};
    judgement->model = m_llm.model;
    return judgement;
}

} // namespace engram
